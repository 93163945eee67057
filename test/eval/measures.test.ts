import assert from "node:assert/strict";
import { test } from "node:test";
import { sameCategoryInstances } from "../../src/eval/harness.ts";
import {
  COLLISIONS,
  DEFAULT_MEASURE_IDS,
  type Measure,
  type MeasureEvent,
  MeasureSet,
  measureKey,
  measureTrajectory,
  PATH_LENGTH,
  SUCCESS,
} from "../../src/eval/measures/built-in.ts";
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

type Near = { id: string; category: string; distance: number } | null;
/** The end event; `sameCategory` defaults to the nearest object when it is a lookalike of the target. */
const end = (
  distanceToTarget: number | null,
  nearest: Near,
  sameCategory: { id: string; distance: number | null }[] = nearest &&
  nearest.category === "mug" &&
  nearest.id !== "mug_1"
    ? [{ id: nearest.id, distance: nearest.distance }]
    : [],
): MeasureEvent => ({ kind: "end", distanceToTarget, nearestObject: nearest, sameCategory });

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

test("CM: a lookalike within reach counts even when an object of another category is nearer (the nearest-object rule missed it)", () => {
  const ev = walk(["MOVE_FORWARD", "STOP"], { shortestPath: 6 });
  // the book is what the old rule looked at: nearest of any category, so no CM
  ev.push(end(5, { id: "book_1", category: "book", distance: 0.4 }, [{ id: "mug_2", distance: 1.5 }]));
  const m = measureTrajectory(ev);
  assert.equal(m.success, false);
  assert.equal(m.cm, true);
});

test("CM: any of several lookalikes within reach counts, the nearest one being too far or unreachable", () => {
  const ev = walk(["STOP"], { shortestPath: 6 });
  ev.push(
    end(5, { id: "mug_3", category: "mug", distance: 0.3 }, [
      { id: "mug_3", distance: null }, // nearest in a straight line, behind a wall: no geodesic
      { id: "mug_2", distance: 2.6 },
      { id: "mug_4", distance: 1.9 },
    ]),
  );
  assert.equal(measureTrajectory(ev).cm, true);
  const none = walk(["STOP"], { shortestPath: 6 });
  none.push(
    end(5, { id: "mug_3", category: "mug", distance: 0.3 }, [
      { id: "mug_3", distance: null },
      { id: "mug_2", distance: 2.6 },
    ]),
  );
  assert.equal(measureTrajectory(none).cm, false, "unreachable and too far are not reached");
});

test("CM: the success distance is inclusive for lookalikes as it is for the target", () => {
  const at = walk(["STOP"], { shortestPath: 6 });
  at.push(end(5, null, [{ id: "mug_2", distance: 2 }]));
  assert.equal(measureTrajectory(at).cm, true);
  const beyond = walk(["STOP"], { shortestPath: 6 });
  beyond.push(end(5, null, [{ id: "mug_2", distance: 2.0001 }]));
  assert.equal(measureTrajectory(beyond).cm, false);
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
  const set = new MeasureSet(DEFAULT_MEASURE_IDS);
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

test("collisions counts the steps whose move was refused, and restarts at reset", () => {
  const reset = walk([], { shortestPath: 1 })[0];
  const ev: MeasureEvent[] = [
    reset,
    { kind: "step", action: "MOVE_FORWARD", position: [0, 0, -1], collided: false },
    { kind: "step", action: "MOVE_FORWARD", position: [0, 0, -1], collided: true },
    { kind: "step", action: "MOVE_FORWARD", position: [0, 0, -1], collided: true },
    { kind: "step", action: "STOP", position: [0, 0, -1], collided: false },
    end(0.5, null),
  ];
  assert.equal(measureTrajectory(ev).collisions, 2);
  const set = new MeasureSet(["collisions"]);
  set.reset();
  for (const e of ev) set.update(e);
  set.reset();
  set.update(reset);
  assert.equal(set.get(COLLISIONS), 0);
});

test("a measure set's record holds every listed measure by id: null before it has a value, non-finite numbers as null", () => {
  const inf: Measure<number> = {
    key: measureKey<number>("ratio"),
    dependsOn: [],
    reset() {},
    update() {},
    value: () => Number.POSITIVE_INFINITY,
  };
  const set = new MeasureSet(["steps", "distance_to_goal", inf]);
  set.reset();
  assert.deepEqual(set.record(), { steps: null, distance_to_goal: null, ratio: null });
  for (const e of walk(["MOVE_FORWARD", "STOP"], { shortestPath: 1 })) set.update(e);
  set.update(end(1.2, null));
  assert.deepEqual(set.record(), { steps: 2, distance_to_goal: 1.2, ratio: null });
});

test("a measure whose value a result line cannot hold is named, not dropped", () => {
  const bad: Measure<{ x: number }> = {
    key: measureKey<{ x: number }>("pose_at_end"),
    dependsOn: [],
    reset() {},
    update() {},
    value: () => ({ x: 1 }),
  };
  const set = new MeasureSet([bad]);
  set.reset();
  set.update(walk([], { shortestPath: 1 })[0]);
  assert.throws(() => set.record(), /measure "pose_at_end" gave a object/);
});

test("the lookalikes CM is judged against: every placement of the target's category but the target", () => {
  const at = { position: [0, 0, 0] as Vec3 };
  const placements = [
    { id: "t", category: "mug" as const, ...at },
    { id: "m2", category: "mug" as const, ...at },
    { id: "b1", category: "book" as const, ...at },
    { id: "m3", category: "mug" as const, ...at },
  ];
  assert.deepEqual(sameCategoryInstances(placements, ["t"]), ["m2", "m3"]);
  assert.deepEqual(sameCategoryInstances(placements, ["b1"]), []);
  assert.deepEqual(sameCategoryInstances(placements, ["nope"]), [], "no target placed, no lookalikes");
});
