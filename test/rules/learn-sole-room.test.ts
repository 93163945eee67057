/**
 * A ban whose verb has no room of its own ("keep out", "don't go in") is said of the one room the
 * message names, in another clause or sentence, before or after it; when the message names
 * several rooms, which one is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "workshop", "sunroom"], sceneId: "s1" };

describe("a ban with its room named elsewhere in the message", () => {
  it("bans the one room the message names", async () => {
    for (const [m, room] of [
      ["The loft is where I paint. Keep out.", "loft"],
      ["stay away please, the workshop has sharp tools everywhere", "workshop"],
      ["The pantry shelves are fragile, so don't go in!", "pantry"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
    }
  });

  it("asks which room when the message names several", async () => {
    const { rules, reply } = await taught(house, "The loft and the sunroom are being painted. Keep out.");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });

  it("asks when the room is named in news of what happened (the ban may last only while it holds)", async () => {
    const { rules } = await taught(house, "We varnished the workshop floor. Stay away.");
    assert.deepEqual(rules, []);
  });

  it("asks when the message names no room", async () => {
    const { rules } = await taught(house, "don't go in, it's a mess");
    assert.deepEqual(rules, []);
  });
});
