/**
 * An episode used to spend its last steps walking the house round again while the one instance of
 * the category seen in it was never judged (its views big enough to judge fell between decisions,
 * and it was given up on). Once every room is searched and the walk back is done, the lone
 * instance is taken; a second instance seen leaves it to be made out.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

const AT = { position: null, floor: 3 };

test("the one wallet seen in a house searched room by room is taken though no view of it was judged", () => {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.saw("wallet-a", AT);
  for (let i = 0; i < 10; i++) ledger.approached("wallet-a");
  const wallet = ledger.get("wallet-a")!;
  assert.equal(verdictOf(wallet, ledger), "rejected", "given up on while rooms are left");
  ledger.settling = true;
  ledger.searchedAll = true;
  assert.equal(verdictOf(wallet, ledger), "rejected", "not before the walk back is done");
  ledger.tiesLooked = true;
  assert.equal(verdictOf(wallet, ledger), "match");
});

test("a second wallet seen leaves the unjudged one to be made out", () => {
  const ledger = new CandidateLedger();
  ledger.look();
  ledger.saw("wallet-a", AT);
  ledger.saw("wallet-b", AT);
  ledger.settling = true;
  ledger.searchedAll = true;
  ledger.tiesLooked = true;
  assert.notEqual(verdictOf(ledger.get("wallet-a")!, ledger), "match");
});
