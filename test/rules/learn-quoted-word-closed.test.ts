/**
 * A quoted word not to say is the word, without the punctuation that closes it inside the quote
 * ("stop saying 'totally!'" is "totally", so the check also catches "totally.").
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den"], sceneId: "s1" };

describe("quoted words not to say", () => {
  it("a quoted word is kept without the punctuation closing it", async () => {
    for (const [m, text] of [
      ["stop saying 'totally!'", "totally"],
      ["never say 'sure thing.'", "sure thing"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => (r.requirement as { text?: string }).text),
        [text],
        m,
      );
    }
  });
});
