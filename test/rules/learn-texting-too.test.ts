/**
 * Texting's "2" for "too" before a word of degree, after a verb of being ("that's 2 long"), is
 * "too", so a limit said too short or too long is read as the complaint it is; "2" as a count
 * ("in 2 short sentences") stays a number. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const said = (m: string) =>
  tokenize(m)
    .map((t) => t.w)
    .join(" ");

describe("texting's 2 for too", () => {
  it("is 'too' between a verb of being and a word of degree, and a count elsewhere", () => {
    assert.equal(said("ur replies r 2 long"), "your replies are too long");
    assert.equal(said("answer in 2 short lines"), "answer in 2 short lines");
  });

  it("lets a new limit replace the one said too short", async () => {
    const { rules } = await taught(
      { rooms: ["den"], sceneId: "s1" },
      "Keep answers under 15 words.",
      "15 is way 2 short, make it 40",
    );
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "word_limit", maxWords: 40, target: "reply" }],
    );
  });
});
