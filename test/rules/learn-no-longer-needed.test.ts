/**
 * A rule said to be needed no more ("the word cap isn't necessary any more", "the JSON format is
 * no longer required") is dropped: the words before the predicate name which rule. Without a word
 * of "no longer" nothing kept is dropped, and with no such rule in force nothing is.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "pantry"], sceneId: "s1" };
const kinds = (rules: { requirement: { kind: string } }[]) => rules.map((r) => r.requirement.kind).sort();

describe("a rule said to be needed no more", () => {
  it("drops the rule named, and only that one", async () => {
    for (const [m, left] of [
      ["Honestly the word cap isn't necessary any more.", ["json_fields"]],
      ["The JSON format is no longer required, plain text is fine.", ["word_limit"]],
      ["hmm, the json output is not really wanted anymore", ["word_limit"]],
    ] as const) {
      const { rules } = await taught(
        house,
        "Reply in JSON with the object and the room.",
        "Keep answers under 25 words.",
        m,
      );
      assert.deepEqual(kinds(rules), [...left], m);
    }
  });

  it("reads the predicate with its copula left out, set off after the rule's name", async () => {
    for (const [m, left] of [
      ["Word cap, no longer needed.", ["json_fields"]],
      ["That JSON output, ma'am, no more required.", ["word_limit"]],
      ["json no longer necessary!", ["word_limit"]],
    ] as const) {
      const { rules } = await taught(
        house,
        "Reply in JSON with the object and the room.",
        "Keep answers under 25 words.",
        m,
      );
      assert.deepEqual(kinds(rules), [...left], m);
    }
  });

  it("keeps the rule when no 'no longer' is said", async () => {
    const { rules } = await taught(house, "Keep answers under 25 words.", "The word cap is not needed today.");
    assert.deepEqual(kinds(rules), ["word_limit"]);
  });
});
