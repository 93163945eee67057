/**
 * A run-on statement of what the robot is or keeps doing ("… you're always under my feet in the
 * morning rush") says why: a phrase at its end is no condition of the request before it. Typed
 * "ur" before an adverb ("ur always") is "you are". A phrase after the request with no such
 * statement stays a condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["porch", "utility room"], sceneId: "s1" };

describe("a run-on statement about the robot", () => {
  it("is the request's reason, and a phrase at its end no condition", async () => {
    for (const m of [
      "dont park in the utility room ur always in front of the dryer",
      "Never wait on the porch, you keep getting in the way of the postman.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("'ur' before an adverb is 'you are', before a noun 'your'", () => {
    const said = (m: string) =>
      tokenize(m)
        .map((t) => t.w)
        .join(" ");
    assert.equal(said("ur always late"), "you are always late");
    assert.equal(said("ur bumper"), "your bumper");
  });

  it("a phrase after the request with no statement between stays a condition", async () => {
    const { rules } = await taught(house, "never wait on the porch during deliveries");
    assert.ok(
      rules.every((r) => r.conditions.length > 0),
      JSON.stringify(rules.map((r) => r.conditions)),
    );
  });
});
