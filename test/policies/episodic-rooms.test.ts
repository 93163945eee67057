/**
 * Episodic memory that says WHICH room: the heuristic writes the scene-graph ids of the rooms an
 * acquisition found the object in and searched without it, and the next search in the same house
 * goes to that very room; in another house the ids mean nothing and only the label counts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { TrajectoryLog } from "../../src/agent/trajectory.ts";
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";
import type { SceneGraphRoom } from "../../src/mllm/policy.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";

const policy = new HeuristicPolicy();

// hallway in the middle; bedroom room_1 next to it, bedroom room_3 farther; office room_2, kitchen room_4
const house: SceneGraphRoom[] = [
  { id: "room_0", label: "hallway", waypoint: [0, 0, 0], adjacent: ["room_1", "room_2", "room_4"] },
  { id: "room_1", label: "bedroom", waypoint: [2, 0, 0], adjacent: ["room_0"] },
  { id: "room_2", label: "office", waypoint: [-3, 0, 0], adjacent: ["room_0", "room_3"] },
  { id: "room_3", label: "bedroom", waypoint: [-6, 0, 0], adjacent: ["room_2"] },
  { id: "room_4", label: "kitchen", waypoint: [0, 0, 3], adjacent: ["room_0"] },
];
const label = (id: string) => house.find((r) => r.id === id)?.label ?? id;

/** An acquisition walk as the episode loop logs it: the far bedroom holds the watch, the near one and the kitchen did not. */
async function memorizedWalk(sceneId: string) {
  const log = new TrajectoryLog(label, sceneId);
  for (const room of ["room_0", "room_1", "room_4", "room_2", "room_3"]) log.enterRoom(room);
  log.searchedRoom("room_1");
  log.searchedRoom("room_4");
  log.searchedRoom("room_3");
  log.foundIn("room_3");
  const trajectory = log.summary({ success: true, steps: 60, stopped: true, target: "a watch" });
  const memo = await policy.memorize({
    userId: "u1",
    episodeId: "acq-1",
    instruction: "Find my grandfather's watch",
    objectId: "watch_1",
    category: "watch",
    trajectory,
  });
  return { trajectory, episodic: memo.value.episodic };
}

function watchCandidate(episodic: string): MemoryCandidate {
  return {
    userId: "u1",
    objectId: "watch_1",
    category: "watch",
    score: 0.8,
    statements: [{ id: "s1", text: "The watch belonged to the user's grandfather.", timestamp: 1, score: 0.8 }],
    instructions: [],
    episodic: [{ episodeId: "acq-1", text: episodic, timestamp: 1, success: true }],
  };
}

async function firstRooms(sceneId: string, episodic: string, visited: string[] = ["room_0"]) {
  const grounded = await policy.ground({
    instruction: "I want to know what time it is with grandpa's watch",
    mode: "polar",
    candidates: [watchCandidate(episodic)],
    sceneId,
  });
  const plan = await policy.planHighLevel({
    instruction: "what time is it",
    target: grounded.value,
    rooms: house,
    currentRoomId: "room_0",
    visited,
  });
  return { grounded: grounded.value, roomId: plan.value.roomId, reason: plan.value.reason };
}

test("the trajectory log records which rooms by id, and the episodic text stays readable", async () => {
  const { trajectory, episodic } = await memorizedWalk("s1");
  assert.deepEqual(trajectory.where, {
    sceneId: "s1",
    foundInRoomId: "room_3",
    roomIdsWithoutTarget: ["room_1", "room_4"],
  });
  assert.match(episodic, /found in the bedroom \(room_3\)/);
  assert.match(episodic, /bedroom \(room_1\), kitchen \(room_4\)/);
  assert.match(episodic, /in scene s1/);
  // the raw trajectory (what the raw-interaction baseline and the raw_trajectory representation read) is unchanged
  assert.doesNotMatch(trajectory.text, /room_\d/);
});

test("in the same house the exact room where it was found is searched first, not the nearer room with its label", async () => {
  const { episodic } = await memorizedWalk("s1");
  const { grounded, roomId, reason } = await firstRooms("s1", episodic);
  assert.deepEqual(grounded.roomsHere, { found: ["room_3"], searched: ["room_1", "room_4"] });
  assert.deepEqual(grounded.likelyRooms, [], "this house's episodes count by id, not by label");
  assert.equal(roomId, "room_3");
  assert.match(reason, /room_3/);
});

test("in the same house rooms searched without it come after the rooms never searched", async () => {
  const { episodic } = await memorizedWalk("s1");
  // room_3 searched already this episode: the near bedroom and the kitchen had nothing last time, the office is next
  const { roomId } = await firstRooms("s1", episodic, ["room_0", "room_3"]);
  assert.equal(roomId, "room_2");
  const { roomId: after } = await firstRooms("s1", episodic, ["room_0", "room_3", "room_2"]);
  assert.ok(["room_1", "room_4"].includes(after));
});

test("in another house the ids mean nothing: any room with the label, nearest first", async () => {
  const { episodic } = await memorizedWalk("s1");
  const { grounded, roomId } = await firstRooms("s2", episodic);
  assert.equal(grounded.roomsHere, undefined);
  assert.deepEqual(grounded.likelyRooms, ["bedroom"]);
  assert.equal(roomId, "room_1", "the nearer bedroom, by label");
});

test("a memory that names rooms by label only (raw text) plans as before, by label", async () => {
  const { trajectory } = await memorizedWalk("s1");
  const { grounded, roomId } = await firstRooms("s1", trajectory.text);
  assert.equal(grounded.roomsHere, undefined);
  assert.deepEqual(grounded.likelyRooms, ["bedroom"]);
  assert.equal(roomId, "room_1");
});
