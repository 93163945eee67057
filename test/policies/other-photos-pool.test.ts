/**
 * The user's other objects of the category, compared across the instances seen: an instance
 * whose lean toward another object's photo is too small to rule it out alone is ruled out when
 * another instance that could be the one sought leans much less that way (one's lean is read
 * against the other's, as the light and distance of a view lift or lower every similarity
 * alike). Numbers stand for views' similarities, so each rule is seen on its own: the sought
 * photo first, then the photo of the user's other object.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

function ledgerWith(views: Record<string, [number, number][]>): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.otherMargin = VERDICT.otherMargin;
  ledger.poolFloor = VERDICT.settleClear;
  for (const [id, list] of Object.entries(views))
    list.forEach(([sought, other], k) => {
      ledger.judged(id, `v${k}`, sought, 1, [other]);
    });
  return ledger;
}

test("alone, a slight lean toward the other object's photo rules nothing out", () => {
  // the user's old speaker: a little more like its own photo than like the new one's
  const ledger = ledgerWith({ old: [[0.66, 0.7]] });
  assert.equal(ledger.likeAnother(ledger.get("old")!), false);
  assert.equal(ledger.best()?.id, "old");
});

test("beside an instance that leans the other way, the slight lean is the other object's", () => {
  const ledger = ledgerWith({ old: [[0.66, 0.7]], current: [[0.55, 0.28]] });
  assert.equal(ledger.likeAnother(ledger.get("old")!), true);
  assert.equal(ledger.likeAnother(ledger.get("current")!), false);
  assert.equal(ledger.best()?.id, "current");
  ledger.settling = true;
  assert.equal(verdictOf(ledger.get("current")!, ledger), "match");
  assert.equal(verdictOf(ledger.get("old")!, ledger), "rejected");
});

test("an instance too unlike the photo sought to be taken is no yardstick", () => {
  // a stranger's speaker of another colour leans away from both photos
  const ledger = ledgerWith({ sought: [[0.6, 0.62]], stranger: [[0.2, 0.02]] });
  assert.equal(ledger.likeAnother(ledger.get("sought")!), false);
  assert.equal(ledger.best()?.id, "sought");
});

test("an instance behind on the photo sought is not ruled out by one ahead of it", () => {
  // the pool only speaks against an instance it would otherwise take over the yardstick
  const ledger = ledgerWith({ ahead: [[0.6, 0.3]], behind: [[0.5, 0.55]] });
  assert.equal(ledger.likeAnother(ledger.get("behind")!), false);
  assert.equal(ledger.likeAnother(ledger.get("ahead")!), false);
});

test("a photo alike the one sought rules nothing out alone, and still does beside a rival", () => {
  // two scarves of one colour, plain and checked: their photos look alike
  const alone = ledgerWith({ twin: [[0.62, 0.8]] });
  alone.alikeOthers = [true];
  assert.equal(alone.likeAnother(alone.get("twin")!), false);
  const beside = ledgerWith({ twin: [[0.62, 0.8]], sought: [[0.58, 0.6]] });
  beside.alikeOthers = [true];
  assert.equal(beside.likeAnother(beside.get("twin")!), true);
  assert.equal(beside.best()?.id, "sought");
});

test("without photos of other objects the pool compares nothing", () => {
  const ledger = new CandidateLedger();
  ledger.poolFloor = VERDICT.settleClear;
  ledger.judged("a", "v", 0.66, 1);
  ledger.judged("b", "v", 0.55, 1);
  assert.equal(ledger.likeAnother(ledger.get("a")!), false);
  assert.equal(ledger.best()?.id, "a");
});
