/**
 * A quoted formula of words the user does not want a reply to open or close with ("stop ending
 * your messages with '…'") is a phrase not to say; a single word is said elsewhere too, so it
 * is never avoided everywhere, and asking for an opening forbids no phrase. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-formula", rooms: ["den", "study"] };

describe("a formula a reply should not open or close with", () => {
  it("is a phrase not to say", async () => {
    for (const [said, text] of [
      ["stop ending your messages with 'hope this helps'", "hope this helps"],
      ["don't open your answers with 'Sure thing'", "sure thing"],
      ["quit beginning every response with 'As requested'", "as requested"],
    ]) {
      const { rules } = await taught(house, said);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_text", target: "reply", text }],
        said,
      );
    }
  });

  it("a single word, or an opening asked for, is no phrase to avoid", async () => {
    for (const said of ["quit starting every answer with 'so'", "start your answers with 'Good day'"]) {
      const { rules } = await taught(house, said);
      assert.ok(
        rules.every((r) => r.requirement.kind !== "avoid_text"),
        said,
      );
    }
  });
});
