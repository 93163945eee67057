/**
 * Praise said in the conditional ("…, that would be great") frames a request; it thanks for
 * nothing done. A vague request so framed is asked back, never passed over as thanks and never
 * kept; thanks for what was done still corrects nothing. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["hall", "nursery", "study"] };

describe("praise in the conditional", () => {
  it("asks back a vague request framed by it", () => {
    for (const m of [
      "If you could be a little quieter around the baby, that would be wonderful.",
      "if u could talk a bit more softly, that would be really great",
      "If you could go a bit slower past the vases, it would be lovely.",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
      assert.equal(out.items.length, 1, m);
      assert.equal(out.items[0].decision, "unclear", m);
      assert.ok(out.items[0].question, m);
    }
  });

  it("leaves thanks for what was done a message that corrects nothing", () => {
    for (const m of ["That was great, thanks!", "You found it in the study, lovely."]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
      assert.equal(out.items.length, 0, m);
    }
  });
});

describe("gratitude said as a debt or a blessing", () => {
  it("corrects nothing, whatever room the report beside it names", () => {
    for (const m of [
      "You found my scarf in the nursery. I owe you one, honestly.",
      "oh bless your heart, the remote was down in the study after all",
      "found the keys in the hall, much obliged",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
    }
  });

  it("leaves a ban said beside it a ban", () => {
    const out = learn("bless you, but never go in the nursery again", [], ctx);
    assert.equal(out.signal, true);
    assert.ok(out.items.some((i) => i.draft?.requirement.kind === "avoid_room"));
  });
});
