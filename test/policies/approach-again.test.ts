import assert from "node:assert/strict";
import { test } from "node:test";
import type { GroundOutput, LowLevelInput } from "../../src/mllm/policy.ts";
import { floorGeometry } from "../../src/perception/geometry.ts";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { heuristicLowLevel } from "../../src/policies/heuristic/steering.ts";
import { DEFAULT_STOP_RULE } from "../../src/policies/heuristic/stop-rule.ts";
import { MAX_COLLISIONS } from "../../src/policies/heuristic/thresholds.ts";
import type { VisibleInstance } from "../../src/sim/protocol.ts";

// The embedded default camera: 320×240, 90° horizontal field of view, so focal = 160 px.
const FOCAL = 160;

/** A mug straight ahead, `floor` m away on the floor and 0.6 m under the eye. */
function mugAhead(floor: number): VisibleInstance {
  const below = 0.6;
  const v = 120 + (FOCAL * below) / floor;
  return {
    id: "m1",
    category: "mug",
    bbox: [150, Math.round(v - 5), 170, Math.round(v + 5)],
    distance: Math.hypot(floor, below),
    pixels: 150,
  };
}

const mug: GroundOutput = {
  objectId: "mug-1",
  category: "mug",
  description: "mug",
  reason: "test",
  hints: [],
  likelyRooms: [],
};

/** One decision with the mug in the front view, after the look that places it (as lookAtCandidates does). */
function decideAt(ledger: CandidateLedger, floor: number) {
  const seen = mugAhead(floor);
  ledger.look();
  ledger.saw(seen.id, { position: null, floor: floorGeometry(seen, DEFAULT_STOP_RULE.camera).floor });
  const input: LowLevelInput = {
    instruction: "bring me the mug",
    target: mug,
    views: { front: { visible: [seen] }, left: { visible: [] }, right: { visible: [] } },
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 300,
    recentActions: [],
  };
  return heuristicLowLevel(input, DEFAULT_STOP_RULE, ledger);
}

/** Heading for it from `floor` m, blocked there again and again. */
function bumpUntilStuck(ledger: CandidateLedger, floor: number) {
  decideAt(ledger, floor);
  for (let i = 0; i < MAX_COLLISIONS; i++) ledger.collided("m1");
  return decideAt(ledger, floor);
}

test("stuck on the way to an instance, walked away, seen again from farther: a new approach heads for it", () => {
  const ledger = new CandidateLedger();
  assert.equal(decideAt(ledger, 3).decision, "forward");
  const stuck = bumpUntilStuck(ledger, 3);
  assert.equal(stuck.decision, "continue_plan", stuck.reason);
  // still by the obstacle (a little farther back is only the sensor's wobble): still stuck
  assert.equal(decideAt(ledger, 3.3).decision, "continue_plan");
  // the plan walked it off round the room; the mug shows again from the far side
  const back = decideAt(ledger, 4.5);
  assert.deepEqual([back.decision, back.instanceId], ["forward", "m1"], back.reason);
});

test("a stall on a later approach is forgiven by getting nearer on that approach, not only nearer than ever", () => {
  const ledger = new CandidateLedger();
  bumpUntilStuck(ledger, 2.5);
  decideAt(ledger, 6);
  // blocked from 5 m out on the way back, then a planned route brings it to 4 m: the way is open
  assert.equal(bumpUntilStuck(ledger, 5).decision, "continue_plan");
  const nearer = decideAt(ledger, 4);
  assert.deepEqual([nearer.decision, nearer.instanceId], ["forward", "m1"], nearer.reason);
});

test("approaches that end stuck are bounded: after four, walking away no longer clears the stalls", () => {
  const ledger = new CandidateLedger();
  for (let round = 0; round < 3; round++) {
    bumpUntilStuck(ledger, 2.5);
    assert.equal(decideAt(ledger, 5).decision, "forward", `approach ${round + 2}`);
  }
  bumpUntilStuck(ledger, 2.5);
  const given = decideAt(ledger, 5);
  assert.equal(given.decision, "continue_plan", given.reason);
  assert.equal(ledger.get("m1")?.rounds, 4);
});

test("seen from farther with nothing to forgive spends no approach", () => {
  const ledger = new CandidateLedger();
  decideAt(ledger, 2.5);
  decideAt(ledger, 6);
  decideAt(ledger, 9);
  assert.equal(ledger.get("m1")?.rounds, 1);
});
