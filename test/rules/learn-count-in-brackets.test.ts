/**
 * A count of words in brackets is a word limit only when it bounds itself ("(ten words max)") or
 * the sentence around it speaks of replies ("keep it short (twenty words)"). Said of a spelling or
 * a name beside a ban, it is no rule: a limit nobody asked for is an unasked change.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["scullery", "den", "boot room"], sceneId: "s1" };
const limitOf = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "word_limit" ? [r.requirement.maxWords] : []));

describe("a count of words in brackets", () => {
  it("said of a spelling or a name makes no word limit", async () => {
    for (const m of [
      "Please don't hang about in the scullery; going through it is fine (it's two words on the old plan, 'back kitchen'), just don't settle.",
      "Keep out of the boot room (it's three words on the plan, 'the boot room'), my wellies are drying.",
      "Don't dawdle in the den (one word, 'den', not two), please.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(limitOf(rules), [], m);
      assert.ok(rules.length <= 1, m);
    }
  });

  it("is a limit when it bounds itself or the sentence speaks of replies", async () => {
    for (const [m, n] of [
      ["Answer briefly please (ten words max).", 10],
      ["keep it short (twenty words, please)", 20],
      ["Replies (fifteen words at most) from now on.", 15],
      ["Shorter answers please (say, a dozen words)", 12],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(limitOf(rules), [n], m);
    }
  });
});

describe("a number said again in brackets right after itself", () => {
  it("is the one number: the count of the word limit, no behaviour in words", async () => {
    for (const [m, n] of [
      ["Each answer must be kept to fifteen (15) words.", 15],
      ["keep ur answers to 12 (twelve) words pls", 12],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(limitOf(rules), [n], reply);
      assert.equal(rules.length, 1, reply);
    }
  });
});
