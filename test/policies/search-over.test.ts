import assert from "node:assert/strict";
import { test } from "node:test";
import type { GroundOutput, HighLevelInput, Holding, SceneGraphRoom } from "../../src/mllm/policy.ts";
import { chooseRoom } from "../../src/policies/heuristic/room-choice.ts";

// A camera is usually kept in a living room, an office or a bedroom (room-priors.ts); memory
// found this one in an office once.
const camera: GroundOutput = {
  objectId: "c7",
  category: "camera",
  description: "a small silver camera",
  reason: "test",
  hints: [],
  likelyRooms: ["office"],
};

const room = (id: string, label: string, x: number, adjacent: string[]): SceneGraphRoom => ({
  id,
  label,
  waypoint: [x, 0, 0],
  adjacent,
});

// A row of rooms: the two where cameras are kept on the left, a garage and a porch beyond them.
const rooms = [
  room("r0", "living room", 0, ["r1", "r2"]),
  room("r1", "office", -4, ["r0"]),
  room("r2", "garage", 5, ["r0", "r3"]),
  room("r3", "porch", 10, ["r2"]),
];

const held = (over: Partial<Holding> = {}): Holding => ({
  position: [-4, 0, 1],
  roomId: "r1",
  score: 0.52,
  evidence: 0.4,
  rival: 0.1,
  ...over,
});

const input = (over: Partial<HighLevelInput> = {}): HighLevelInput => ({
  instruction: "",
  target: camera,
  rooms,
  currentRoomId: "r1",
  visited: ["r0", "r1"],
  holding: held(),
  ...over,
});

test("every room a camera is kept in searched and one plausible camera well ahead of the others: the search is over", () => {
  const pick = chooseRoom(input());
  assert.equal(pick.searchOver, true, pick.reason);
  // the room it would search next stays the fallback, should the best fail a closer look
  assert.ok(["r2", "r3"].includes(pick.roomId), pick.roomId);
});

test("a room where cameras are kept still unsearched: the search goes on", () => {
  const pick = chooseRoom(input({ currentRoomId: "r0", visited: ["r0"] }));
  assert.notEqual(pick.searchOver, true);
  assert.equal(pick.roomId, "r1");
});

test("a match that is not plausible enough, or a rival close behind it, does not end the search", () => {
  for (const h of [held({ score: 0.4 }), held({ rival: 0.4 }), held({ evidence: 0.1 })]) {
    const pick = chooseRoom(input({ holding: h }));
    assert.notEqual(pick.searchOver, true, JSON.stringify(h));
  }
  assert.notEqual(chooseRoom(input({ holding: undefined })).searchOver, true);
});

test("without memory placing the object, the category's usual rooms alone never end the search", () => {
  const pick = chooseRoom(input({ target: { ...camera, likelyRooms: [] } }));
  assert.notEqual(pick.searchOver, true);
  // the same house and pool, memory having found it in the office: the search is over
  assert.equal(chooseRoom(input()).searchOver, true);
});

test("a house with no room where the category is kept gives the search no early end", () => {
  const bare = [room("a", "garage", 0, ["b"]), room("b", "porch", 6, ["a"]), room("c", "hallway", 12, ["b"])];
  const pick = chooseRoom(input({ rooms: bare, currentRoomId: "a", visited: ["a"], holding: held({ roomId: "a" }) }));
  assert.notEqual(pick.searchOver, true);
});

test("a room memory found the object in counts among those to search first, by id or by label", () => {
  const byId = { ...camera, roomsHere: { found: ["r3"], searched: [] } };
  assert.notEqual(chooseRoom(input({ target: byId })).searchOver, true);
  assert.equal(chooseRoom(input({ target: byId, visited: ["r0", "r1", "r3"] })).searchOver, true);
  const byLabel = { ...camera, likelyRooms: ["garage"] };
  assert.notEqual(chooseRoom(input({ target: byLabel })).searchOver, true);
});

test("the likely rooms searched but under half of a bigger house: the pool is too small to end the search", () => {
  const big = [
    room("r0", "living room", 0, ["r1"]),
    room("r1", "garage", 4, ["r0", "r2"]),
    room("r2", "porch", 8, ["r1", "r3"]),
    room("r3", "hallway", 12, ["r2", "r4"]),
    room("r4", "laundry room", 16, ["r3", "r5"]),
    room("r5", "kitchen", 20, ["r4"]),
  ];
  const h = held({ position: [0, 0, 1], roomId: "r0" });
  const early = chooseRoom(input({ rooms: big, currentRoomId: "r1", visited: ["r0", "r1"], holding: h }));
  assert.notEqual(early.searchOver, true);
  const later = chooseRoom(input({ rooms: big, currentRoomId: "r2", visited: ["r0", "r1", "r2"], holding: h }));
  assert.equal(later.searchOver, true, later.reason);
});

test("a small object scoring low but well ahead, standing where memory found it in this house: the search is over", () => {
  // a pair of reading glasses seen only on a few small views: 0.36 to the photo, nothing close
  const small = held({ score: 0.36, rival: 0.04, evidence: 0.35 });
  const foundHere = { ...camera, roomsHere: { found: ["r1"], searched: [] } };
  const pick = chooseRoom(input({ target: foundHere, holding: small }));
  assert.equal(pick.searchOver, true, pick.reason);
  // memory found it elsewhere in this house, or only by label: the low score alone does not end it
  const elsewhere = { ...camera, roomsHere: { found: ["r0"], searched: [] } };
  assert.notEqual(chooseRoom(input({ target: elsewhere, holding: small })).searchOver, true);
  assert.notEqual(chooseRoom(input({ holding: small })).searchOver, true);
  // a lookalike close behind it, or a score the search's end would not take: it goes on
  for (const h of [held({ score: 0.36, rival: 0.2, evidence: 0.35 }), held({ score: 0.27, rival: 0, evidence: 0.35 })])
    assert.notEqual(chooseRoom(input({ target: foundHere, holding: h })).searchOver, true, JSON.stringify(h));
});

test("set apart by its size and not yet compared with a lookalike, the best seen does not end the search", () => {
  const sized = { ...camera, size: { is: "large" as const, contrasted: true } };
  const pick = chooseRoom(input({ target: sized, holding: held({ score: 0.8, evidence: 3, sizeToCompare: true }) }));
  assert.notEqual(pick.searchOver, true, pick.reason);
  assert.ok(["r2", "r3"].includes(pick.roomId), pick.roomId);
  // compared (a smaller lookalike measured beside it): it does
  assert.equal(chooseRoom(input({ target: sized, holding: held({ score: 0.8, evidence: 3 }) })).searchOver, true);
});

test("found again, alone, in a room memory found it in, that room searched: the search ends with rooms left", () => {
  // memory of this house: the camera was found in the office (r1) and, once, in the garage; the
  // robot started in the office and has looked round it, and this is the only camera seen so far;
  // the living room (where cameras are kept too) and the rest are not searched yet
  const foundHere = { ...camera, roomsHere: { found: ["r3", "r1"], searched: ["r2"] } };
  const first = { target: foundHere, currentRoomId: "r1", visited: ["r1"] };
  const alone = held({ rival: 0, others: 0 });
  const pick = chooseRoom(input({ ...first, holding: alone }));
  assert.equal(pick.searchOver, true, pick.reason);
  // the same pool without memory of this house's rooms: the living room is searched first
  assert.notEqual(chooseRoom(input({ ...first, target: camera, holding: alone })).searchOver, true);
  // the office not yet looked round (the camera seen from the doorway): a lookalike in it is not seen yet
  assert.notEqual(
    chooseRoom(input({ ...first, visited: ["r0"], currentRoomId: "r0", holding: alone })).searchOver,
    true,
  );
  // another camera seen (however unlike the photo), a faint or low score, or the best seen in a
  // room memory never found it in: the search goes on
  for (const h of [
    held({ rival: 0.05, others: 1 }),
    held({ rival: 0, others: 0, score: 0.4 }),
    held({ rival: 0, others: 0, score: 0.36, evidence: 0.1 }),
    held({ rival: 0, others: 0, roomId: "r0", position: [0, 0, 1] }),
  ])
    assert.notEqual(chooseRoom(input({ ...first, holding: h })).searchOver, true, JSON.stringify(h));
});
