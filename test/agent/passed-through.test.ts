import assert from "node:assert/strict";
import { test } from "node:test";
import { type Nav, passedThrough } from "../../src/agent/nav-state.ts";
import type { SceneGraphRoom } from "../../src/mllm/index.ts";
import type { Vec3 } from "../../src/sim/index.ts";

// A corridor of three rooms along x: a study, a hall in the middle, a pantry at the far end.
const room = (id: string, x: number): SceneGraphRoom => ({ id, label: id, waypoint: [x, 0, 0], adjacent: [] });
const rooms = [room("study", 0), room("hall", 4), room("pantry", 8)];
const nav = (visited: string[], goalRoom: string | null) =>
  ({
    o: { graph: { rooms, bounds: {} }, arrivalRadius: 1 },
    s: { visited, goalRoom },
  }) as unknown as Nav;
const ids = (at: Vec3, visited: string[], goal: string | null) =>
  passedThrough(nav(visited, goal), at).map((r) => r.id);

test("walking across the middle of a room not searched yet counts it as searched", () => {
  // on the way from the study to the pantry, a step lands half a metre from the hall's waypoint
  assert.deepEqual(ids([4.5, 0, 0.2], ["study"], "pantry"), ["hall"]);
});

test("skirting a room's edge, far from where a search would look from, does not", () => {
  assert.deepEqual(ids([5.5, 0, 1.2], ["study"], "pantry"), []);
});

test("the room walked to and a room already searched are left as they are", () => {
  assert.deepEqual(ids([4.2, 0, 0], ["study"], "hall"), []);
  assert.deepEqual(ids([4.2, 0, 0], ["study", "hall"], "pantry"), []);
});
