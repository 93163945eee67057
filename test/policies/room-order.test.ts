import assert from "node:assert/strict";
import { test } from "node:test";
import type { GroundOutput, SceneGraphRoom } from "../../src/mllm/index.ts";
import { chooseRoom, walkDistances } from "../../src/policies/heuristic/room-choice.ts";

// A hallway (h) with rooms off it; waypoints on the floor plane (x, z).
const room = (id: string, label: string, x: number, z: number, adjacent: string[]): SceneGraphRoom => ({
  id,
  label,
  waypoint: [x, 0, z],
  adjacent,
});
const target = (over: Partial<GroundOutput> = {}): GroundOutput => ({
  objectId: null,
  category: "laptop",
  description: "a laptop",
  reason: "",
  hints: [],
  likelyRooms: [],
  ...over,
});
const next = (rooms: SceneGraphRoom[], t: GroundOutput, visited: string[] = ["h"]) =>
  chooseRoom({ instruction: "where is it", target: t, rooms, currentRoomId: "h", visited }).roomId;

test("two rooms memory found it in: the less frequent one goes first only when it is under half the cost", () => {
  const house = (nearX: number) => [
    room("h", "hallway", 0, 0, ["far", "near"]),
    room("far", "bedroom", -12, 0, ["h"]),
    room("near", "office", nearX, 0, ["h"]),
  ];
  // found most often in the far bedroom (12 m + 3 to search), then in the office
  const t = target({ roomsHere: { found: ["far", "near"], searched: [] } });
  assert.equal(next(house(3), t), "near", "office at 3 m: (3 + 3) × 2 = 12 < 15");
  assert.equal(next(house(7), t), "far", "office at 7 m: (7 + 3) × 2 = 20 > 15");
});

test("the category's usual rooms are weighed the same way by their rank", () => {
  const rooms = [
    room("h", "hallway", 0, 0, ["o", "l"]),
    room("o", "office", 0, -10, ["h"]),
    room("l", "living room", 2, 0, ["h"]),
  ];
  // a laptop: office first, study, then living room (rank 2): (2 + 3) × 3 = 15 > 13
  assert.equal(next(rooms, target()), "o");
  const nearer = [rooms[0], room("o", "office", 0, -14, ["h"]), rooms[2]];
  assert.equal(next(nearer, target()), "l", "office at 14 m: 17 > 15");
});

test("a kind of evidence still outranks any distance: remembered before usual, usual before none", () => {
  const rooms = [
    room("h", "hallway", 0, 0, ["b", "o", "k"]),
    room("b", "bathroom", 1, 0, ["h"]),
    room("o", "office", 30, 0, ["h"]),
    room("k", "kitchen", -40, 0, ["h"]),
  ];
  assert.equal(next(rooms, target()), "o", "a laptop's usual office, 30 m away, before a bathroom next door");
  assert.equal(next(rooms, target({ likelyRooms: ["kitchen"] })), "k", "memory's kitchen before both");
  assert.equal(next(rooms, target(), ["h", "o"]), "b", "then the nearest of the rest");
});

test("rooms nothing tells apart are searched nearest first, by the walk, not the straight line", () => {
  // c's waypoint is 2 m from the hallway's through a wall; the way in is round by d and e
  const rooms = [
    room("h", "hallway", 0, 0, ["d", "f"]),
    room("d", "den", 0, 4, ["h", "e"]),
    room("e", "closet", 4, 4, ["d", "c"]),
    room("c", "cellar", 2, 0, ["e"]),
    room("f", "foyer", -3, 0, ["h"]),
  ];
  const walk = walkDistances(rooms, "h");
  assert.equal(walk.get("c"), 4 + 4 + Math.hypot(2, 4));
  assert.equal(walk.get("f"), 3);
  const none = target({ category: null });
  assert.equal(next(rooms, none), "f", "the foyer 3 m away before the cellar a 10 m walk away");
  assert.equal(next(rooms, none, ["h", "f"]), "d");
});

test("a room no adjacency reaches is as far as the straight line; no current room leaves nothing measured", () => {
  const rooms = [room("h", "hallway", 0, 0, []), room("x", "garage", 6, 8, [])];
  assert.equal(walkDistances(rooms, "h").get("x"), 10);
  assert.equal(walkDistances(rooms, null).size, 0);
});
