/**
 * A verb of leaving out ("drop", "leave out", "cut", "lose") before a word named as one (quoted, or
 * after "the word") is that word not to be said: a rule against it, no retraction. "The word
 * limit" after such a verb names the limit rule, which is dropped as before.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry"], sceneId: "s1" };
const texts = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "avoid_text" ? [r.requirement.text] : []));

describe("a word left out of the replies", () => {
  it("is a word not to say", async () => {
    for (const [m, text] of [
      ["kindly omit the word 'indeed' when you answer me", "indeed"],
      ["lose the word awesome from ur messages pls", "awesome"],
      ["Could you cut out 'no worries' from your reports?", "no worries"],
      ["ditch the word honestly, thanks", "honestly"],
      ["leave out 'actually', it sounds smug", "actually"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(texts(rules), [text], m);
    }
  });

  it("the word limit named after the verb is the rule dropped", async () => {
    const { rules } = await taught(house, "answers of ten words at most", "drop the word limit now, please");
    assert.equal(
      rules.filter((r) => r.requirement.kind === "word_limit").length,
      0,
      JSON.stringify(rules.map((r) => r.requirement)),
    );
  });
});
