/**
 * A lookalike in view is made out before a match is taken: before the search is over, an instance
 * that looks like the photo is not taken while another instance of the category in view now has
 * not been judged well enough to tell (the comparison's pool is a few steps away). Once that one
 * is judged, given up on, out of view, or the search is over, the match stands.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { MAX_APPROACHES, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

const AT = { position: null, floor: 2 };

/** A ledger where "teapot-a" was judged a clear match in three views and "teapot-b" is in view beside it, unjudged. */
function teapots(): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.saw("teapot-a", AT);
  ledger.saw("teapot-b", AT);
  for (const v of ["x", "y", "z"]) ledger.judged("teapot-a", v, VERDICT.match + 0.08, 1);
  return ledger;
}

test("an unjudged lookalike in view holds a clear match back until it is made out", () => {
  const ledger = teapots();
  assert.equal(verdictOf(ledger.get("teapot-a")!, ledger), "plausible");
  assert.equal(verdictOf(ledger.get("teapot-b")!, ledger), "unjudged", "the one to go closer to");
  // judged lower in clear views: no rival, the match stands
  for (const v of ["p", "q"]) ledger.judged("teapot-b", v, VERDICT.match - 0.2, 1);
  assert.equal(verdictOf(ledger.get("teapot-a")!, ledger), "match");
});

test("a lookalike judged as alike in one faint view still holds it back; judged clearly, the better one is taken", () => {
  const ledger = teapots();
  ledger.judged("teapot-b", "p", VERDICT.match + 0.05, 0.3);
  assert.equal(verdictOf(ledger.get("teapot-a")!, ledger), "plausible");
  for (const v of ["q", "r"]) ledger.judged("teapot-b", v, VERDICT.match + 0.18, 1);
  assert.equal(verdictOf(ledger.get("teapot-a")!, ledger), "plausible", "no longer the best");
  assert.equal(verdictOf(ledger.get("teapot-b")!, ledger), "match");
});

test("a rival given up on, out of view now, or a search that is over leaves the match alone", () => {
  const gaveUp = teapots();
  for (let i = 0; i < MAX_APPROACHES; i++) gaveUp.approached("teapot-b");
  assert.equal(verdictOf(gaveUp.get("teapot-a")!, gaveUp), "match");

  const left = teapots();
  left.look();
  left.saw("teapot-a", AT);
  assert.equal(verdictOf(left.get("teapot-a")!, left), "match");

  const settling = teapots();
  settling.settling = true;
  assert.equal(verdictOf(settling.get("teapot-a")!, settling), "match");
});
