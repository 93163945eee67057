/**
 * Thanks with a report of what went well, in another sentence or beside what would have happened,
 * is no correction: "Thanks, that was fast. You found them in the shed." asks nothing, and "thank
 * you, I'd have searched forever" keeps nothing. A report with a contrast of its own ("… again",
 * "but …") still complains, and a request said beside thanks is still read. Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withoutCounterfactual } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["kitchen", "shed", "study"] };

describe("thanks beside a report", () => {
  it("is no correction", () => {
    for (const said of [
      "Cheers, that was fast. You found my glasses in the shed.",
      "thank u so much, you're a star",
      "Wow, you got my phone already, thank you, I'd have searched forever.",
      "Dankie! You found the remote in the study.",
      "Thanks so much, I would a never found them myself.",
    ]) {
      const out = learn(said, [], ctx);
      assert.equal(out.signal, false, `${said}: ${JSON.stringify(out.items)}`);
    }
  });

  it("with a contrast of its own, or beside a request, still corrects", () => {
    for (const said of [
      "Thanks. You went into the shed again.",
      "thank you, I'd have searched forever, but never go in the shed",
    ]) {
      const out = learn(said, [], ctx);
      assert.equal(out.signal, true, said);
    }
  });

  it("leaves out only what would have happened", () => {
    assert.equal(withoutCounterfactual("thank you i would have searched forever"), "thank you");
    assert.equal(withoutCounterfactual("never go in the shed"), "never go in the shed");
    // spoken "a" for "have" before a negation; an article after "would" stays
    assert.equal(withoutCounterfactual("cheers i would a never thought of the shed"), "cheers");
    assert.equal(
      withoutCounterfactual("i would a lot rather you kept out of the shed"),
      "i would a lot rather you kept out of the shed",
    );
  });
});
