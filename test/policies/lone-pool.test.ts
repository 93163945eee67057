/**
 * A small object whose faint views all score low (eyeglasses rarely pass the search's-end take):
 * once every room is searched and it is the only instance of its category seen in the house, it
 * is taken rather than walking the house again; a second instance seen, or a clear view that
 * scores low, leaves it to the comparison.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

const AT = { position: null, floor: 2 };
/** a view of about 80 pixels */
const FAINT = 0.2;
const LOW = VERDICT.settleClear - 0.04;

function spectaclesSeen(reliability = FAINT, also: string[] = []): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.saw("specs-a", AT);
  for (const id of also) ledger.saw(id, AT);
  ledger.judged("specs-a", "front:1", LOW, reliability);
  ledger.judged("specs-a", "left:2", LOW, reliability);
  return ledger;
}

test("the only pair seen in a house searched room by room is taken, however faint its views", () => {
  const ledger = spectaclesSeen();
  ledger.settling = true;
  assert.notEqual(verdictOf(ledger.get("specs-a")!, ledger), "match", "not before every room is searched");
  ledger.searchedAll = true;
  assert.equal(verdictOf(ledger.get("specs-a")!, ledger), "match");
});

test("another pair seen, even never judged, leaves it to the comparison", () => {
  const ledger = spectaclesSeen(FAINT, ["specs-b"]);
  ledger.settling = true;
  ledger.searchedAll = true;
  assert.notEqual(verdictOf(ledger.get("specs-a")!, ledger), "match");
});

test("a pair seen clearly that scores low is not taken for being alone", () => {
  const ledger = spectaclesSeen(0.6);
  ledger.settling = true;
  ledger.searchedAll = true;
  assert.notEqual(verdictOf(ledger.get("specs-a")!, ledger), "match");
});
