/**
 * A permission to go in with no place said, after a sentence saying the room is as it was before
 * ("the study is quiet again", "the cellar is back to normal"), lifts that room's ban from now on,
 * as "now" in that sentence does; "back" in a room's own name says nothing of the present, and the
 * permission's length is still asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar", "back porch"], sceneId: "s1" };

describe("a permission after a state said to be restored", () => {
  it("takes the room's ban back", async () => {
    for (const [ban, m] of [
      ["keep out of the study", "The study is quiet again. You may go in."],
      ["never go down to the cellar", "the cellar is back to normal, so you can go in"],
      ["never go down to the cellar", "Cellar pump is back on. u can go in now"],
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("the back of a room's name is no restored state: how long is asked", async () => {
    const { rules, reply } = await taught(house, "stay off the back porch", "The back porch is swept. You can go in.");
    assert.equal(rules.length, 1);
    assert.match(reply, /\?/);
  });
});
