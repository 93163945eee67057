/**
 * Asides that a thanks or a report carries ask nothing: a habit compared ("it was in the hall like
 * always") is no lasting rule, and an exclamation said as a negative question ("wasn't that
 * quick?") negates nothing. Said of what the robot did, without thanks, they still complain.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withoutToldAsides } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["hall", "nursery", "study", "garage"] };

describe("asides told beside thanks", () => {
  it("reads the aside out of its sentence", () => {
    assert.equal(withoutToldAsides("is not that neat ?"), "");
    assert.equal(withoutToldAsides("was not it so fast !"), "");
    assert.equal(
      withoutToldAsides("the torch was in the garage as usual , cheers"),
      "the torch was in the garage , cheers",
    );
    // a question about a place keeps its words
    assert.equal(withoutToldAsides("is not it in the study ?"), "is not it in the study ?");
  });

  it("corrects nothing when thanks carries them", () => {
    for (const m of [
      "cheers, the torch was in the garage as usual",
      "got the glasses back, thank you, they were in the study just as ever",
      "Thanks so much! Wasn't that fast?",
      "You found the rattle in the nursery. Isn't that neat!",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
    }
  });

  it("leaves what the robot did, compared with habit, a complaint", () => {
    for (const m of ["like always you went into the study", "thanks, but like always you drove into the nursery"]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
    }
  });
});
