/**
 * A small object never gathers the evidence the early take asks for (each view is only a few dozen
 * pixels, and going nearer drops it out of the picture). Several views that agree well with the
 * photo and leave every other instance of its category well behind are taken instead; a single
 * faint view is not, a lookalike scoring near it is not beaten, and one seen but not made out
 * holds it back.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { ENOUGH_EVIDENCE, FEW_VIEWS, MAX_APPROACHES, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

const AT = { position: null, floor: 3 };
/** a view of about 60 pixels: far below ENOUGH_EVIDENCE however many of them there are */
const FAINT = 0.15;

function ringSeen(views: number, score = VERDICT.early + 0.06): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.saw("ring-1", AT);
  for (let i = 0; i < views; i++) ledger.judged("ring-1", `front:${i}`, score, FAINT);
  return ledger;
}

test("several faint views that agree with the photo take a small object before the house is searched", () => {
  const one = ringSeen(1);
  assert.equal(verdictOf(one.get("ring-1")!, one), "unjudged", "one faint view is not enough");
  const several = ringSeen(FEW_VIEWS.views + 1);
  assert.ok(several.get("ring-1")!.evidence < ENOUGH_EVIDENCE);
  assert.equal(verdictOf(several.get("ring-1")!, several), "match");
});

test("faint views that agree only loosely with the photo do not", () => {
  const ledger = ringSeen(FEW_VIEWS.views + 1, VERDICT.early - 0.05);
  assert.notEqual(verdictOf(ledger.get("ring-1")!, ledger), "match");
});

test("a lookalike judged near it keeps the search going; one far behind does not", () => {
  const near = ringSeen(FEW_VIEWS.views + 1);
  near.judged("ring-2", "left:0", VERDICT.early - 0.05, 0.6);
  assert.notEqual(verdictOf(near.get("ring-1")!, near), "match");
  const behind = ringSeen(FEW_VIEWS.views + 1);
  behind.judged("ring-2", "left:0", VERDICT.early - VERDICT.earlyMargin - 0.1, 0.6);
  assert.equal(verdictOf(behind.get("ring-1")!, behind), "match");
});

test("another instance seen and not yet made out holds it back until it is judged or given up on", () => {
  const ledger = ringSeen(FEW_VIEWS.views + 1);
  ledger.saw("ring-3", { position: null, floor: 6 });
  ledger.look();
  ledger.saw("ring-1", AT);
  assert.notEqual(verdictOf(ledger.get("ring-1")!, ledger), "match", "out of view now, still unseen closely");
  for (let i = 0; i < MAX_APPROACHES; i++) ledger.approached("ring-3");
  assert.equal(verdictOf(ledger.get("ring-1")!, ledger), "match");
});

test("a rival leaning toward the photo of another of the user's objects counts until it is seen well enough to tell", () => {
  const ledger = ringSeen(FEW_VIEWS.views + 1);
  ledger.otherMargin = VERDICT.otherMargin;
  ledger.alikeOthers = [false];
  // the ring sought looks nothing like the other photo; the rival looks more like it than like the one sought
  for (let i = 0; i < FEW_VIEWS.views + 1; i++)
    ledger.judged("ring-1", `front:${i}`, VERDICT.early + 0.06, FAINT, [0.1]);
  const rival = VERDICT.early - 0.04;
  ledger.judged("ring-2", "left:0", rival, FAINT, [rival + 2 * VERDICT.otherMargin]);
  assert.notEqual(verdictOf(ledger.get("ring-1")!, ledger), "match", "one faint view of it tells nothing yet");
  ledger.judged("ring-2", "left:1", rival, 1, [rival + 2 * VERDICT.otherMargin]);
  assert.equal(verdictOf(ledger.get("ring-1")!, ledger), "match", "seen clearly, it is the other object");
});
