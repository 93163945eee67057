import assert from "node:assert/strict";
import { test } from "node:test";
import type { GroundOutput, SceneGraphRoom } from "../../src/mllm/policy.ts";
import { chooseRoom, roundEndingAt } from "../../src/policies/heuristic/room-choice.ts";

const camera: GroundOutput = {
  objectId: "c1",
  category: "camera",
  description: "an old film camera",
  reason: "test",
  hints: [],
  likelyRooms: ["study"],
};

const room = (id: string, label: string, x: number, z: number, adjacent: string[]): SceneGraphRoom => ({
  id,
  label,
  waypoint: [x, 0, z],
  adjacent,
});

// A corridor along x with the start at its middle: a study far to the east (the room memory
// names), a den and a porch to the west.
const rooms = [
  room("mid", "hallway", 0, 0, ["study", "den"]),
  room("den", "den", -4, 0, ["mid", "porch"]),
  room("porch", "porch", -8, 0, ["den"]),
  room("study", "study", 10, 0, ["mid"]),
];

test("with no plausible match in hand, the room memory names comes first", () => {
  const pick = chooseRoom({ instruction: "", target: camera, rooms, currentRoomId: "mid", visited: ["mid"] });
  assert.equal(pick.roomId, "study");
});

test("with a plausible match in hand in the study memory names, the study comes first, then the search is over", () => {
  const input = {
    instruction: "",
    target: camera,
    rooms,
    currentRoomId: "mid",
    visited: ["mid"],
    holding: { position: [9, 0, 0] as [number, number, number], score: 0.55, evidence: 3, rival: 0.2, roomId: "study" },
  };
  // the west side and back would walk 26 m; the study, where it is likely kept and the match stands, 10 m
  const pick = chooseRoom(input);
  assert.equal(pick.roomId, "study", pick.reason);
  assert.notEqual(pick.searchOver, true);
  assert.equal(chooseRoom({ ...input, visited: ["mid", "study"] }).searchOver, true);
  // a round ending at the match over all the rooms left would have left the study for last
  const order = roundEndingAt(rooms[0].waypoint, rooms.slice(1), [9, 0, 0]).map((r) => r.id);
  assert.equal(order.at(-1), "study");
});

test("a round ending at the match visits the far side first so the last room is near it", () => {
  // match in the west room "den"; from the hall, going west first would leave the study last,
  // 14 m from the match; east first ends in the west, next to it
  const order = roundEndingAt([0, 0, 0], [rooms[1], rooms[2], rooms[3]], [-4, 0, 0]).map((r) => r.id);
  assert.deepEqual(order, ["study", "porch", "den"]);
  const pick = chooseRoom({
    instruction: "",
    target: { ...camera, likelyRooms: [] },
    rooms,
    currentRoomId: "mid",
    visited: ["mid"],
    holding: { position: [-4, 0, 0], score: 0.5, evidence: 3, rival: 0, roomId: "den" },
  });
  assert.equal(pick.roomId, "study");
});

test("a candidate too unlike the photo, seen too little, or with a rival close behind leaves the order as it was", () => {
  const base = {
    instruction: "",
    target: { ...camera, likelyRooms: [] },
    rooms,
    currentRoomId: "mid",
    visited: ["mid"],
  };
  const at: [number, number, number] = [-4, 0, 0];
  // nearest first without one: the den (4 m) before the study (10 m)
  for (const holding of [
    { position: at, score: 0.2, evidence: 3, rival: 0, roomId: "den" },
    { position: at, score: 0.6, evidence: 0.5, rival: 0, roomId: "den" },
    { position: at, score: 0.6, evidence: 3, rival: 0.5, roomId: "den" },
  ])
    assert.equal(chooseRoom({ ...base, holding }).roomId, "den", JSON.stringify(holding));
});

test("rooms this house's memory found the object in are still searched before the round", () => {
  const pick = chooseRoom({
    instruction: "",
    target: { ...camera, likelyRooms: [], roomsHere: { found: ["porch"], searched: [] } },
    rooms,
    currentRoomId: "mid",
    visited: ["mid"],
    holding: { position: [-4, 0, 0], score: 0.6, evidence: 3, rival: 0, roomId: "den" },
  });
  assert.equal(pick.roomId, "porch");
});

test("a match standing in a room memory found the object in: the remembered rooms still come first", () => {
  const target = { ...camera, likelyRooms: [], roomsHere: { found: ["den", "porch"], searched: [] } };
  const base = { instruction: "", target, rooms, currentRoomId: "mid", visited: ["mid"] };
  // the match stands in the hallway, which memory never found it in: the porch, remembered, first
  const elsewhere = { position: [9, 0, 0] as [number, number, number], score: 0.6, evidence: 3, rival: 0 };
  assert.equal(chooseRoom({ ...base, holding: { ...elsewhere, roomId: "study" } }).roomId, "den");
  // the match stands in the den, a remembered room: the remembered rooms, on the round back to
  // it, before the study, which memory never found it in
  const pick = chooseRoom({ ...base, holding: { ...elsewhere, position: [-4, 0, 0], roomId: "den" } });
  assert.ok(["den", "porch"].includes(pick.roomId), pick.reason);
});

test("more rooms than are ordered exactly still get every room once", () => {
  const many = Array.from({ length: 13 }, (_, i) => room(`r${i}`, "room", i * 3 - 18, (i % 3) * 2, []));
  const order = roundEndingAt([0, 0, 0], many, [0, 0, 0]);
  assert.equal(new Set(order.map((r) => r.id)).size, 13);
});
