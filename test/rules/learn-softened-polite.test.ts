/**
 * "I guess" or "I suppose" said first, or "maybe", beside a polite frame that asks leave to ask
 * ("if it's okay", "if you don't mind", "if possible") softens a plain request: it is kept. Alone
 * before what is not firm (a condition only people can judge), or with doubt said outright ("not
 * sure"), it is still asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "cellar", "study"], sceneId: "s1" };

describe("a softened request with a polite frame", () => {
  it("is a request, kept with what it says", async () => {
    for (const [m, room] of [
      ["I suppose, if that's alright, maybe keep out of the loft after 10pm?", "loft"],
      ["I guess, if you don't mind, skip the study", "study"],
      ["maybe stay out of the pantry, if possible", "pantry"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal((rules[0].requirement as { room: string }).room, room, m);
    }
  });

  it("alone before what is not firm, or with doubt said outright, is asked", async () => {
    for (const m of [
      "I guess maybe avoid the study when it's busy?",
      "I suppose, if that's alright, keep out of the loft, but I'm not sure",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, m);
    }
  });
});
