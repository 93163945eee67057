/**
 * A take is decided by comparison: the best instance seen is stopped at only when it leads every
 * other instance judged that could still be the one by TIE.margin. A near tie is made out closer
 * first, and once the search is over the instances tied with it are looked at again; a tie that
 * stays after that is the best guess left.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { ENOUGH_EVIDENCE, MAX_APPROACHES, TIE, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

/** Two lamps judged over `views` views of reliability `reliability` each, at the scores given. */
function lamps(a: number, b: number, views = 3, reliability = 1): CandidateLedger {
  const ledger = new CandidateLedger();
  for (let i = 0; i < views; i++) {
    ledger.judged("lamp-a", `a${i}`, a, reliability);
    ledger.judged("lamp-b", `b${i}`, b, reliability);
  }
  return ledger;
}

test("once the search is over, the best seen is taken when it leads the rest, not on a hair's lead", () => {
  const clear = lamps(VERDICT.settle + 0.15, VERDICT.settle + 0.15 - TIE.margin - 0.02);
  clear.settling = true;
  assert.equal(verdictOf(clear.get("lamp-a")!, clear), "match");

  const tie = lamps(VERDICT.settle + 0.15, VERDICT.settle + 0.15 - TIE.margin / 3);
  tie.settling = true;
  assert.notEqual(verdictOf(tie.get("lamp-a")!, tie), "match", "the tied one is looked at first");
  assert.notEqual(verdictOf(tie.get("lamp-b")!, tie), "match");
  tie.tiesLooked = true;
  assert.equal(verdictOf(tie.get("lamp-a")!, tie), "match", "looked at again, still a tie: the best guess");
  assert.notEqual(verdictOf(tie.get("lamp-b")!, tie), "match");
});

test("a near tie seen faintly is gone closer to first, even after the tied ones were looked at again", () => {
  const faint = lamps(VERDICT.settle + 0.1, VERDICT.settle + 0.1 - TIE.margin / 2, 1, ENOUGH_EVIDENCE / 8);
  faint.settling = true;
  faint.tiesLooked = true;
  assert.equal(verdictOf(faint.get("lamp-a")!, faint), "unjudged", "the one to go closer to");
  faint.tiesLooked = false;
  for (let i = 0; i < MAX_APPROACHES; i++) faint.approached("lamp-a");
  assert.equal(verdictOf(faint.get("lamp-a")!, faint), "plausible", "given up on, the tied one not looked at yet");
  // a closer look that sets them apart decides it
  faint.judged("lamp-b", "closer", VERDICT.settle - 0.2, 1);
  assert.equal(verdictOf(faint.get("lamp-a")!, faint), "match");
});

test("a clear match with a twin judged as alike does not end the search", () => {
  const twins = lamps(VERDICT.match + 0.08, VERDICT.match + 0.07);
  assert.equal(verdictOf(twins.get("lamp-a")!, twins), "plausible");
  const apart = lamps(VERDICT.match + 0.08, VERDICT.match - 0.3);
  assert.equal(verdictOf(apart.get("lamp-a")!, apart), "match");
});

test("once the search is over, the instances tied with the best are the ones walked back to, nearest first", () => {
  const ledger = lamps(VERDICT.settle + 0.1, VERDICT.settle + 0.1 - TIE.margin / 2);
  ledger.judged("lamp-far", "f", VERDICT.settle + 0.1 - TIE.margin / 3, 1);
  ledger.judged("lamp-unlike", "u", VERDICT.settle - 0.2, 1);
  for (const [id, x] of [
    ["lamp-b", 2],
    ["lamp-far", 6],
    ["lamp-unlike", 1],
  ] as const)
    ledger.saw(id, { position: [x, 0, 0], floor: x });
  assert.deepEqual(
    ledger.tiedWith(ledger.get("lamp-a")!, [0, 0, 0]).map((c) => c.id),
    [],
    "no margin set: nothing is a tie",
  );
  ledger.tieMargin = TIE.margin;
  assert.deepEqual(
    ledger.tiedWith(ledger.get("lamp-a")!, [0, 0, 0]).map((c) => c.id),
    ["lamp-b", "lamp-far"],
  );
});
