/**
 * With only the walk back to the best seen left (ledger.lastCall: navigate.ts found no look
 * elsewhere affordable), a near tie no longer holds the best seen back, for no closer look at the
 * other can be afforded; no take's floor is lowered.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { TIE, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

const AT = { position: null, floor: 3 };

/** Two watches judged: the best a little ahead of the other. */
function twoWatches(best: number, lead: number): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.tieMargin = TIE.margin;
  for (const [id, score] of [
    ["watch-a", best],
    ["watch-b", best - lead],
  ] as const) {
    ledger.saw(id, AT);
    ledger.judged(id, "front:1", score, 0.3);
  }
  ledger.settling = true;
  ledger.searchedAll = true;
  return ledger;
}

test("with only the walk back left, a near tie no longer holds the best seen back", () => {
  const ledger = twoWatches(VERDICT.settle + 0.05, TIE.margin / 2);
  const best = ledger.get("watch-a")!;
  assert.notEqual(verdictOf(best, ledger), "match", "tied, not made out: a closer look first");
  ledger.lastCall = true;
  assert.equal(verdictOf(best, ledger), "match");
  assert.notEqual(verdictOf(ledger.get("watch-b")!, ledger), "match", "never the one behind");
});

test("the last call lowers no floor: a best seen the search's end would not take is not taken", () => {
  for (const [score, lead] of [
    [VERDICT.settle - 0.03, VERDICT.margin - 0.05],
    [VERDICT.settleClear - 0.05, 0.1],
  ]) {
    const ledger = twoWatches(score, lead);
    ledger.lastCall = true;
    assert.notEqual(verdictOf(ledger.get("watch-a")!, ledger), "match", `${score} leading by ${lead}`);
  }
});
