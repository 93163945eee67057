/**
 * The user owns two objects of one category whose photos look alike (one colour, another
 * material or a fine pattern): a single instance seen, however like the photo sought, is not
 * taken before the search is over, since its looks alone cannot say which of the two it is. Once
 * another instance that could be either is judged, the two are read against each other; once the
 * search is over, the best seen will do. Numbers stand for views' similarities: the sought photo
 * first, then the photo of the user's other object.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { HighLevelInput, Holding } from "../../src/mllm/index.ts";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { searchOver } from "../../src/policies/heuristic/room-choice.ts";
import { VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

function ledgerWith(alike: boolean, views: Record<string, [number, number][]>): CandidateLedger {
  const ledger = new CandidateLedger();
  ledger.otherMargin = VERDICT.otherMargin;
  ledger.poolFloor = VERDICT.settleClear;
  ledger.alikeOthers = [alike];
  for (const [id, list] of Object.entries(views))
    list.forEach(([sought, other], k) => {
      ledger.judged(id, `v${k}`, sought, 1, [other]);
    });
  return ledger;
}

const clear: [number, number][] = [
  [0.84, 0.8],
  [0.86, 0.79],
];

test("one instance seen, the user's look-alike still unseen: no take while the search goes on", () => {
  const ledger = ledgerWith(true, { first: clear });
  assert.equal(ledger.twinUnseen(ledger.get("first")!), true);
  assert.notEqual(verdictOf(ledger.get("first")!, ledger), "match");
});

test("the same instance is taken at once when the user's other photo looks nothing like it", () => {
  const ledger = ledgerWith(false, { first: clear });
  assert.equal(ledger.twinUnseen(ledger.get("first")!), false);
  assert.equal(verdictOf(ledger.get("first")!, ledger), "match");
});

test("once the search is over, the best seen will do", () => {
  const ledger = ledgerWith(true, { first: clear });
  ledger.settling = true;
  assert.equal(verdictOf(ledger.get("first")!, ledger), "match");
});

test("a second instance that could be either makes the comparison, and the one that leads is taken", () => {
  const ledger = ledgerWith(true, {
    first: clear,
    second: [
      [0.64, 0.76],
      [0.66, 0.78],
    ],
  });
  assert.equal(ledger.twinUnseen(ledger.get("first")!), false);
  assert.equal(verdictOf(ledger.get("first")!, ledger), "match");
});

test("an instance far behind on the photo sought is not the look-alike", () => {
  // a bag of the same colour with a pattern: judged, but nowhere near as like the photo
  const ledger = ledgerWith(true, {
    first: clear,
    patterned: [
      [0.45, 0.2],
      [0.4, 0.22],
    ],
  });
  assert.equal(ledger.twinUnseen(ledger.get("first")!), true);
});

test("an instance too unlike the photo sought is not the look-alike", () => {
  const ledger = ledgerWith(true, {
    first: clear,
    stranger: [
      [0.1, 0.08],
      [0.12, 0.1],
    ],
  });
  assert.equal(ledger.twinUnseen(ledger.get("first")!), true);
  assert.notEqual(verdictOf(ledger.get("first")!, ledger), "match");
});

test("the search does not end on it while the look-alike is unseen, not even where memory found it", () => {
  const h: Holding = { position: [0, 0, 0], roomId: "room_2", score: 0.85, evidence: 2, rival: 0, others: 0 };
  const input = {
    target: { category: "bag", likelyRooms: [], roomsHere: { found: ["room_2"], searched: [] } },
    rooms: [
      { id: "room_2", label: "bedroom", waypoint: [0, 0, 0], adjacent: ["room_3"] },
      { id: "room_3", label: "bathroom", waypoint: [4, 0, 0], adjacent: ["room_2"] },
    ],
    visited: ["room_2"],
    currentRoomId: "room_2",
  } as unknown as HighLevelInput;
  assert.equal(searchOver({ ...input, holding: h }), true);
  assert.equal(searchOver({ ...input, holding: { ...h, twinUnseen: true } }), false);
});
