/**
 * Irish English "be after" + verb in -ing is a perfect ("I'm after washing it": I have just
 * washed it): news or a reason beside a rule, never a time or a condition on it. An English
 * "after" + -ing that opens a clause stays a time. Sentences written for this test, not taken
 * from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/tokens.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "veranda", "study"], sceneId: "s1" };
const words = (m: string) => tokenize(m).map((t) => t.w);

describe("the Irish English perfect beside a ban", () => {
  it("is a reason, and the ban stays lasting and unconditional", async () => {
    for (const m of [
      "Steer clear of the study entirely, the paint is after being put on. Not ever.",
      "Keep away from the garage, himself is after oiling the floor.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement.kind, (r.requirement as { room?: string }).room, r.conditions.length]),
        [["avoid_room", m.includes("study") ? "study" : "garage", 0]],
        m,
      );
    }
  });
});

describe("after as a word", () => {
  it("drops the perfect's after, and keeps a time's after", () => {
    assert.deepEqual(words("she's after tidying"), ["she", "is", "tidying"]);
    assert.deepEqual(words("after eating, stay out"), ["after", "eating", ",", "stay", "out"]);
    assert.deepEqual(words("it is after nine"), ["it", "is", "after", "nine"]);
  });
});
