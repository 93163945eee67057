/**
 * A clause opened by a present participle ("having slept on it", "thinking it over", "heading
 * home now") is an adjunct or a report, never an imperative, whose verb is the base form; verbs
 * whose base form only ends like one ("bring") still direct. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mood } from "../../src/language/mood.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

describe("a participle first in a clause", () => {
  it("directs nothing", () => {
    for (const c of ["having slept on it", "thinking it over", "heading back to the dock now"])
      assert.equal(mood(c), "statement", c);
    assert.equal(mood("bring the torch with you"), "imperative");
  });

  it("keeps no rule in its words", () => {
    const out = learn("Copy that, parcel located. Heading back to the dock now.", [], { rooms: ["dock", "hall"] });
    assert.deepEqual(
      out.items.filter((i) => i.decision === "add"),
      [],
    );
  });
});
