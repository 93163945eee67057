/**
 * The user asking as a ban's exception said in the perfect ("unless I've told you to", "except
 * if we have asked"): the same "asked" exception as "unless I ask", never an exception in the
 * user's words that the robot cannot check. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["cellar", "sewing room", "den"], sceneId: "s1" };

describe("the user asking, said in the perfect", () => {
  it("is the 'asked' exception of the ban", async () => {
    for (const [m, room] of [
      ["Never go into the cellar unless I've told you to.", "cellar"],
      ["keep out of the sewing room unless we have asked you", "sewing room"],
      ["Don't enter the den except if I had called you in.", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(
        rules[0].exceptions.map((e) => e.kind),
        ["instruction_mentions"],
        m,
      );
    }
  });
});
