/**
 * A new word limit said with the copula left out, as terse and non-native speakers say it ("30 too
 * many. 15 enough.", "30 words too strict, 40 can"): the number said to be wrong is no value, and
 * the number said to be enough or acceptable is the limit's new count. "too" as "also" after a
 * number ("under 20 too") is no complaint. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den"], sceneId: "s1" };
const limits = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "word_limit" ? [r.requirement.maxWords] : []));

describe("a new limit said without a copula", () => {
  it("takes the number said to be enough or acceptable", async () => {
    for (const [m, n] of [
      ["30 too many. 15 enough.", 15],
      ["30 words too strict lah, 40 can.", 40],
      ["thirty way too long, twelve plenty", 12],
    ] as const) {
      const { rules } = await taught(house, "Keep replies to 30 words max.", m);
      assert.deepEqual(limits(rules), [n], m);
    }
  });

  it("reads 'too' after a number as 'also' when no adjective follows it", async () => {
    const { rules } = await taught(house, "keep the summaries under 20 words, and the replies under 20 too");
    assert.ok(limits(rules).includes(19) || limits(rules).includes(20), JSON.stringify(rules));
  });
});
