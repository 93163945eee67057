/**
 * A room said by a clause about it: what is done there names the one house label for that use
 * ("the room where we do the laundry" is the laundry room), and the reviewer, reading the same
 * words, lets the rule be checked; who is there names no room ("the room where grandpa naps"
 * is asked, even in a house with "grandpa's room"), nor does a use two labels share or none
 * has. A clause about the room the object was found in says which room, never when. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomOfUse } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = {
  rooms: ["kitchen", "laundry room", "music room", "grandpa's room", "games room", "hall"],
  sceneId: "s1",
};
const reqs = (rs: { requirement: unknown }[]) => rs.map((r) => r.requirement);

describe("a room said by what is done in it", () => {
  it("is the house's one label for that use, with its hours, and is checked", async () => {
    const a = await taught(house, "Never go into the room where we do the laundry.");
    assert.deepEqual(reqs(a.rules), [{ kind: "avoid_room", room: "laundry room" }]);
    assert.ok(!a.reply.includes("can't check"), a.reply);
    const b = await taught(house, "don't stop in the room in which I practise music after 9 pm");
    assert.deepEqual(reqs(b.rules), [{ kind: "no_stop_in_room", room: "music room" }]);
    assert.deepEqual(
      b.rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[21, 6]],
    );
  });

  it("who is in the room, or a use no label has, names none: asked, nothing kept", async () => {
    for (const m of ["stay out of the room where grandpa naps", "stay out of the room where we watch films"]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.ok(reply.includes("?"), reply);
    }
  });

  it("one label only: a use two labels share is none", () => {
    assert.equal(roomOfUse(["where", "we", "keep", "the", "games"], ["games room", "play room"]), "games room");
    assert.equal(roomOfUse(["where", "kids", "play", "games"], ["games room", "play room"]), undefined);
    assert.equal(roomOfUse(["where", "jo", "sleeps"], ["jo's room"]), undefined);
  });

  it("a clause about the room an object was found in is no condition", async () => {
    const { rules } = await taught(house, "From now on, tell me the room in which you came across it.");
    assert.deepEqual(reqs(rules), [{ kind: "mention", target: "reply", what: "{found_room}" }]);
    assert.deepEqual(rules[0].conditions, []);
  });
});
