/**
 * "make it brief, no more than twelve words": "make it" before a word of length asks for a short
 * reply, not a new value of a limit in force, so with no limit stored the count is a new lasting
 * limit; "make that 12" with a limit stored still changes it. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["hall"], sceneId: "s1" };

describe("make it short, with a count", () => {
  it("is a new lasting limit", async () => {
    for (const [m, n] of [
      ["you go on and on, make it brief no more than twelve words", 12],
      ["make it concise, never over twenty five words", 25],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "word_limit", target: "reply", maxWords: n }],
        m,
      );
    }
  });

  it("leaves make that with a number a change of the limit in force", async () => {
    const { rules } = await taught(house, "Keep replies under 30 words.", "make that 12");
    assert.deepEqual(
      rules.map((r) => (r.requirement.kind === "word_limit" ? r.requirement.maxWords : 0)),
      [12],
    );
    const alone = learn("make that 12", [], house).items;
    assert.ok(alone.length > 0 && alone.every((i) => i.decision === "unclear"), JSON.stringify(alone));
  });
});
