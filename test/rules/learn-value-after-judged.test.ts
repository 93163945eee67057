/**
 * A word limit's count said to be wrong ("fifteen is too few", "the cap is still a bit long") and
 * then a number said alone ("…: forty, please", "… . 9.", "…, 8 instead") sets that number as the
 * new count of the limit in force. A judgement of hours ("too early") is no such count, and with
 * no limit stored the number is asked, never kept. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study"], sceneId: "s1" };
const limits = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement.kind === "word_limit" ? r.requirement.maxWords : r.requirement.kind));

describe("a number said alone after a count said to be wrong", () => {
  it("is the limit's new count", async () => {
    for (const [m, n] of [
      ["twenty words is far too few: forty, please", 40],
      ["20 is too many. 9.", 9],
      ["the twenty word cap is still a bit long, 8 instead", 8],
      ["Twenty is too wordy; twelve then, thanks", 12],
    ] as const) {
      const { rules } = await taught(house, "keep answers to 20 words or fewer", m);
      assert.deepEqual(limits(rules), [n], m);
    }
  });

  it("with no limit stored it is asked, and nothing is kept", async () => {
    const { rules, reply } = await taught(house, "twenty words is far too few: forty, please");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });

  it("hours said to be too early are no count", async () => {
    const { rules } = await taught(house, "keep answers to 20 words or fewer", "10 pm is too early. 11.");
    assert.deepEqual(limits(rules), [20]);
  });
});
