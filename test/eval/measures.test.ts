import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type Measure,
  type MeasureEvent,
  MeasureSet,
  measureKey,
  measureTrajectory,
  PATH_LENGTH,
  SUCCESS,
} from "../../src/eval/measures.ts";
import type { Action, Vec3 } from "../../src/sim/protocol.ts";

/** A straight walk along -z from the origin, one metre per MOVE_FORWARD. */
function walk(actions: Action[], opts: { shortestPath: number | null; category?: string; targetIds?: string[] }) {
  const events: MeasureEvent[] = [
    {
      kind: "reset",
      position: [0, 0, 0],
      shortestPath: opts.shortestPath,
      successDistance: 2,
      targetIds: opts.targetIds ?? ["mug_1"],
      targetCategory: opts.category ?? "mug",
    },
  ];
  let z = 0;
  for (const a of actions) {
    if (a === "MOVE_FORWARD") z -= 1;
    events.push({ kind: "step", action: a, position: [0, 0, z] as Vec3, collided: false });
  }
  return events;
}

const end = (distanceToTarget: number | null, nearest: { id: string; category: string; distance: number } | null) =>
  ({ kind: "end", distanceToTarget, nearestObject: nearest }) as const;

test("a direct walk that stops at the target succeeds with SPL 1", () => {
  const ev = walk(["MOVE_FORWARD", "MOVE_FORWARD", "MOVE_FORWARD", "STOP"], { shortestPath: 3 });
  ev.push(end(0.5, { id: "mug_1", category: "mug", distance: 0.5 }));
  const m = measureTrajectory(ev);
  assert.equal(m.success, true);
  assert.equal(m.pathLength, 3);
  assert.equal(m.steps, 4);
  assert.equal(m.spl, 1);
  assert.equal(m.cm, false);
});

test("a detour lowers SPL to l / p", () => {
  const ev = walk(
    ["MOVE_FORWARD", "MOVE_FORWARD", "MOVE_FORWARD", "MOVE_FORWARD", "MOVE_FORWARD", "MOVE_FORWARD", "STOP"],
    {
      shortestPath: 3,
    },
  );
  ev.push(end(1.9, null));
  const m = measureTrajectory(ev);
  assert.equal(m.success, true);
  assert.equal(m.spl, 0.5);
});

test("being near the target without STOP is not a success (budget ran out)", () => {
  const ev = walk(["MOVE_FORWARD", "MOVE_FORWARD"], { shortestPath: 2 });
  ev.push(end(0.2, { id: "mug_1", category: "mug", distance: 0.2 }));
  const m = measureTrajectory(ev);
  assert.equal(m.stopped, false);
  assert.equal(m.success, false);
  assert.equal(m.spl, 0);
});

test("success distance is inclusive at exactly 2 m and fails just beyond", () => {
  const at = walk(["STOP"], { shortestPath: 2 });
  at.push(end(2, null));
  assert.equal(measureTrajectory(at).success, true);
  const beyond = walk(["STOP"], { shortestPath: 2 });
  beyond.push(end(2.0001, null));
  assert.equal(measureTrajectory(beyond).success, false);
});

test("an unreachable target (null distance) or unknown shortest path gives no SPL credit", () => {
  const unreachable = walk(["STOP"], { shortestPath: 4 });
  unreachable.push(end(null, null));
  assert.equal(measureTrajectory(unreachable).success, false);
  const noL = walk(["MOVE_FORWARD", "STOP"], { shortestPath: null });
  noL.push(end(1, null));
  const m = measureTrajectory(noL);
  assert.equal(m.success, true);
  assert.equal(m.spl, 0);
});

test("starting within reach and stopping at once is a perfect episode (l = p = 0)", () => {
  const ev = walk(["STOP"], { shortestPath: 0 });
  ev.push(end(0, null));
  assert.equal(measureTrajectory(ev).spl, 1);
});

test("CM: stopped next to a same-category object that is not the target", () => {
  const ev = walk(["MOVE_FORWARD", "STOP"], { shortestPath: 6 });
  ev.push(end(5, { id: "mug_2", category: "mug", distance: 0.8 }));
  const m = measureTrajectory(ev);
  assert.equal(m.success, false);
  assert.equal(m.cm, true);
});

test("CM edge cases: other category, too far, no STOP, and a success are not category matches", () => {
  const cases: [string, MeasureEvent[]][] = [];
  const other = walk(["STOP"], { shortestPath: 6 });
  other.push(end(5, { id: "book_1", category: "book", distance: 0.5 }));
  cases.push(["other category", other]);
  const far = walk(["STOP"], { shortestPath: 6 });
  far.push(end(5, { id: "mug_2", category: "mug", distance: 2.5 }));
  cases.push(["too far", far]);
  const noStop = walk(["MOVE_FORWARD"], { shortestPath: 6 });
  noStop.push(end(5, { id: "mug_2", category: "mug", distance: 0.5 }));
  cases.push(["no STOP", noStop]);
  const success = walk(["STOP"], { shortestPath: 1 });
  success.push(end(1.5, { id: "mug_2", category: "mug", distance: 0.5 }));
  cases.push(["success next to a distractor", success]);
  for (const [name, ev] of cases) assert.equal(measureTrajectory(ev).cm, false, name);
});

test("path length sums real displacements: turns and collisions add nothing", () => {
  const ev: MeasureEvent[] = [
    {
      kind: "reset",
      position: [0, 0, 0],
      shortestPath: 1,
      successDistance: 2,
      targetIds: ["t"],
      targetCategory: "mug",
    },
    { kind: "step", action: "TURN_LEFT", position: [0, 0, 0], collided: false },
    { kind: "step", action: "MOVE_FORWARD", position: [0.6, 0, -0.8], collided: false },
    { kind: "step", action: "MOVE_FORWARD", position: [0.6, 0, -0.8], collided: true },
    { kind: "step", action: "STOP", position: [0.6, 0, -0.8], collided: false },
    end(0.1, null),
  ];
  const m = measureTrajectory(ev);
  assert.ok(Math.abs(m.pathLength - 1) < 1e-9);
  assert.equal(m.steps, 4);
});

test("a measure set refuses a measure listed before what it depends on", () => {
  const bad: Measure<number> = {
    key: measureKey<number>("needs_success"),
    dependsOn: [SUCCESS],
    reset() {},
    update() {},
    value: () => 0,
  };
  assert.throws(() => new MeasureSet([bad]), /depends on "success"/);
});

test("reset clears the previous episode's values", () => {
  const set = new MeasureSet();
  set.reset();
  for (const e of walk(["MOVE_FORWARD", "STOP"], { shortestPath: 1 })) set.update(e);
  set.update(end(0, null));
  assert.equal(set.get(SUCCESS), true);
  set.reset();
  for (const e of walk(["MOVE_FORWARD"], { shortestPath: 1 })) set.update(e);
  set.update(end(0, null));
  assert.equal(set.get(SUCCESS), false);
  assert.equal(set.get(PATH_LENGTH), 1);
});
