/**
 * The user asking said in the passive, with the user as its agent ("unless told to by one of us",
 * "when specifically called by me"): the same "asked" exception as "unless I ask", for a ban, for a
 * permission limited by "only", and for a permission beside a ban in force. With someone else as the
 * agent it is no asked exception. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boiler room", "nursery", "workshop", "pantry"], sceneId: "s1" };
const kinds = (xs: { kind: string }[]) => xs.map((x) => x.kind);

describe("the user asking, said in the passive", () => {
  it("is the asked exception of a ban", async () => {
    for (const [m, room] of [
      ["Keep away from the boiler room unless told to by one of us.", "boiler room"],
      ["never enter the nursery except when specifically asked by me", "nursery"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(kinds(rules[0].exceptions), ["instruction_mentions"], m);
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("after 'only' on a permission, with no ban in force, is a ban that gives way on request", async () => {
    const { rules } = await taught(house, "You are allowed in the workshop only if called by us.");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "workshop" });
    assert.deepEqual(kinds(rules[0].exceptions), ["instruction_mentions"]);
  });

  it("with an adverb before it, on a permission beside a ban in force, adds the exception to that ban", async () => {
    const { rules } = await taught(
      house,
      "Do not go into the pantry.",
      "From now on the robot may go into the pantry when explicitly invited by me.",
    );
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "pantry" });
    assert.deepEqual(kinds(rules[0].exceptions), ["instruction_mentions"]);
  });

  it("with someone else asking, is no asked exception", async () => {
    const { rules } = await taught(house, "You may go in the workshop only when asked by the electrician.");
    assert.ok(
      rules.every((r) => !r.exceptions.some((e) => e.kind === "instruction_mentions")),
      JSON.stringify(rules),
    );
  });
});
