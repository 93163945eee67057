/**
 * The part of the day said straight after the hour, without "in the" ("till 6 morning", "9
 * night", "ten of the night"), as many speakers of English as a second language say it: the hour is in that half of
 * the day, and the word leaves no condition behind the robot cannot check. Phrasings written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const windows = (s: string) => findTimes(s).map((t) => [t.from, t.to]);

describe("a part of the day straight after the hour", () => {
  it("sets the hour's half of the day", () => {
    assert.deepEqual(windows("from 10 night till 6 morning"), [[22, 6]]);
    assert.deepEqual(windows("between 2 afternoon and 5 evening"), [[14, 17]]);
  });

  it("said with 'of the', as speakers of Romance languages say it, sets it too", () => {
    assert.deepEqual(windows("from eleven of the night to seven of the morning"), [[23, 7]]);
    assert.deepEqual(windows("between three of the afternoon and six of the evening"), [[15, 18]]);
  });

  it("'one of the mornings' is no hour", () => {
    assert.deepEqual(windows("stay out of the den one of the mornings"), [[6, 12]]);
  });

  it("a count of days is no hour", () => {
    assert.ok(!windows("for 3 nights").some(([from]) => from === 3 || from === 15));
  });

  it("a ban with such hours is checked by the clock alone", () => {
    const out = learn("please no entering the study 10 night to 6 morning", [], {
      rooms: ["study", "kitchen"],
      sceneId: "s1",
      at: 1,
    });
    const draft = out.items.find((i) => i.decision === "add")?.draft;
    assert.deepEqual(
      draft?.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
      ["22-6"],
    );
  });
});
