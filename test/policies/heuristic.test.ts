import assert from "node:assert/strict";
import { test } from "node:test";
import { roomsFoundIn, roomsRuledOut } from "../../src/language/index.ts";
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";
import type { GroundOutput, LowLevelInput, SceneGraphRoom } from "../../src/mllm/policy.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { guessCategory } from "../../src/policies/heuristic/categories.ts";
import type { VisibleInstance } from "../../src/sim/protocol.ts";

const policy = new HeuristicPolicy();

const candidate = (
  objectId: string,
  score: number,
  text: string,
  timestamp: number,
  extra: Partial<MemoryCandidate> = {},
): MemoryCandidate => ({
  userId: "u1",
  objectId,
  category: "mug",
  score,
  statements: [{ id: `s-${objectId}`, text, timestamp, score }],
  instructions: [],
  episodic: [],
  ...extra,
});

test("polar grounding takes the top candidate when contexts differ", async () => {
  const d = await policy.ground({
    instruction: "I want some tea in the mug from my sister",
    mode: "polar",
    candidates: [
      candidate("mug_sister", 0.82, "The mug was a gift from the user's sister.", 100),
      candidate("mug_work", 0.4, "The user drinks coffee from this mug at work.", 300),
    ],
  });
  assert.equal(d.value.objectId, "mug_sister");
  assert.equal(d.calls.length, 0, "the heuristic makes no model calls");
});

test("polar grounding takes memory's top candidate, with its episodic hints and rooms", async () => {
  const d = await policy.ground({
    instruction: "I want some tea in the mug from my sister",
    mode: "polar",
    candidates: [
      candidate("mug_old", 0.41, "The mug was a gift from the user's sister.", 100, {
        episodic: [{ episodeId: "e1", text: "Found the mug in the kitchen.", timestamp: 100, success: true }],
      }),
      candidate("mug_new", 0.8, "The mug was a new gift from the user's sister.", 500, {
        episodic: [
          {
            episodeId: "e5",
            text: "Searched the bedroom without finding it. Found the mug in the office.",
            timestamp: 500,
            success: true,
          },
        ],
      }),
    ],
  });
  assert.equal(d.value.objectId, "mug_new");
  assert.equal(d.value.category, "mug");
  assert.match(d.value.reason, /top retrieved/);
  assert.deepEqual(d.value.likelyRooms, ["office"]);
  assert.equal(d.value.hints.length, 1);
});

test("the room past episodes found the object in most often is searched first, the newest breaking ties", async () => {
  const found = (episodeId: string, room: string, timestamp: number, success = true) => ({
    episodeId,
    text: `Succeeded in 90 steps; the mug was found in the ${room}; unpromising rooms (searched, no mug): hallway.`,
    timestamp,
    success,
  });
  const ground = async (episodic: MemoryCandidate["episodic"]) =>
    (
      await policy.ground({
        instruction: "I want some tea in the mug from my sister",
        mode: "polar",
        candidates: [candidate("mug_1", 0.8, "The mug was a gift from the user's sister.", 1, { episodic })],
      })
    ).value;
  // found twice in the kitchen, once (most recently) in the office: the kitchen is its usual place
  const usual = await ground([found("e1", "kitchen", 100), found("e2", "kitchen", 200), found("e3", "office", 300)]);
  assert.deepEqual(usual.likelyRooms, ["kitchen", "office"]);
  const plan = await policy.planHighLevel({
    instruction: "tea",
    target: usual,
    rooms,
    currentRoomId: "r1",
    visited: ["r1"],
  });
  assert.equal(plan.value.roomId, "r4");
  // as often in each: the newest first; a failed episode's room is no evidence
  const even = await ground([
    found("e1", "kitchen", 100),
    found("e3", "office", 300),
    found("e4", "bedroom", 400, false),
  ]);
  assert.deepEqual(even.likelyRooms, ["office", "kitchen"]);
});

test("no memory: the category comes from the instruction's words or associations, else null", async () => {
  assert.equal(guessCategory("I want some tea"), "mug");
  assert.equal(guessCategory("I'm going on a trip tomorrow"), "backpack");
  assert.equal(guessCategory("I need to call my mother"), "cellphone");
  assert.equal(guessCategory("Where are my glasses?"), "eyeglasses");
  assert.equal(guessCategory("Put the keys in my bag"), "keys", "the first named category wins");
  assert.equal(guessCategory("Hello there"), null);
  // the category the asking names, not one the situation mentions first
  assert.equal(guessCategory("Off to bed with my paperback; could you fetch the specs I read with?"), "eyeglasses");
  assert.equal(guessCategory("The laptop died on me. Where are the headphones for my calls?"), "headphones");
  assert.equal(guessCategory("I'm making cocoa, bring the mug and my book"), "mug", "the first the asking names");
  const d = await policy.ground({ instruction: "I want some tea", mode: "none" });
  assert.deepEqual([d.value.objectId, d.value.category], [null, "mug"]);
});

test("raw grounding: the interaction sharing most words, the newest on ties", async () => {
  const raw = (episodeId: string, timestamp: number, instruction: string, objectId: string) => ({
    episodeId,
    timestamp,
    instruction,
    objectId,
    category: "mug",
    trajectory: "went to the kitchen and stopped at the mug",
  });
  const d = await policy.ground({
    instruction: "Bring the mug my sister gave me",
    mode: "raw",
    rawInteractions: [
      raw("e1", 1, "Find the mug my sister gave me", "mug_a"),
      raw("e2", 2, "Find the mug I use at work", "mug_b"),
      raw("e3", 3, "Fetch the mug that my sister gave me", "mug_c"),
    ],
  });
  assert.equal(d.value.objectId, "mug_c");
});

test("room mentions: found-in and ruled-out clauses", () => {
  assert.deepEqual(roomsFoundIn("Searched the bedroom without finding it. Found the mug in the office."), ["office"]);
  assert.deepEqual(roomsRuledOut("Searched the bedroom without finding it. Found the mug in the office."), ["bedroom"]);
});

const rooms: SceneGraphRoom[] = [
  { id: "r1", label: "living room", waypoint: [0, 0, 0], adjacent: ["r2", "r3"] },
  { id: "r2", label: "bedroom", waypoint: [3, 0, 0], adjacent: ["r1"] },
  { id: "r3", label: "hallway", waypoint: [0, 0, 3], adjacent: ["r1", "r4"] },
  { id: "r4", label: "kitchen", waypoint: [0, 0, 8], adjacent: ["r3"] },
  { id: "r5", label: "office", waypoint: [6, 0, 6], adjacent: ["r4"] },
];
const mug: GroundOutput = {
  objectId: null,
  category: "mug",
  description: "a mug",
  reason: "",
  hints: [],
  likelyRooms: [],
};

test("exploration: remembered rooms first, then the category's usual rooms, then nearest", async () => {
  const plan = async (target: GroundOutput, visited: string[] = ["r1"]) =>
    (await policy.planHighLevel({ instruction: "tea", target, rooms, currentRoomId: "r1", visited })).value.roomId;
  assert.equal(await plan({ ...mug, likelyRooms: ["office"] }), "r5");
  assert.equal(await plan(mug), "r4", "mug → kitchen before the nearer rooms");
  assert.equal(await plan(mug, ["r1", "r4"]), "r5", "then office (mug prior) before the rest");
  assert.equal(
    await plan({ ...mug, category: null }),
    "r2",
    "no category: nearest unvisited (r2 and r3 are 1 hop; r2 id first)",
  );
  assert.equal(await plan(mug, ["r1", "r2", "r3", "r4", "r5"]), "r2", "all searched: the room searched longest ago");
});

const seen = (id: string, category: string, distance: number): VisibleInstance => ({
  id,
  category,
  bbox: [0, 0, 10, 10],
  distance,
  pixels: 100,
});

function views(
  front: VisibleInstance[],
  left: VisibleInstance[] = [],
  right: VisibleInstance[] = [],
): LowLevelInput["views"] {
  return { front: { visible: front }, left: { visible: left }, right: { visible: right } };
}

const low = (target: GroundOutput, v: LowLevelInput["views"]) =>
  policy.planLowLevel({
    instruction: "tea",
    target,
    views: v,
    currentRoom: "kitchen",
    goalRoom: "kitchen",
    stepsLeft: 100,
    recentActions: [],
  });

test("low level: heads for a visible target that is still far, by the view it is in", async () => {
  assert.equal((await low(mug, views([seen("m", "mug", 4)]))).value.decision, "forward");
  assert.equal((await low(mug, views([], [], [seen("m", "mug", 3)]))).value.decision, "right");
  assert.equal((await low(mug, views([seen("m", "mug", 3)], [seen("n", "mug", 1)]))).value.decision, "stop");
  assert.equal((await low(mug, views([seen("b", "book", 1)]))).value.decision, "continue_plan");
});

test("the heuristic is deterministic", async () => {
  const input = { instruction: "I am going on a trip", mode: "none" as const };
  assert.deepEqual(await policy.ground(input), await new HeuristicPolicy().ground(input));
});

test("memories written by the heuristic feed its own grounding and exploration", async () => {
  const memo = await policy.memorize({
    userId: "u1",
    episodeId: "e1",
    instruction: "Bring me the mug my sister gave me",
    objectId: "mug_1",
    category: "mug",
    trajectory: {
      success: true,
      steps: 40,
      roomsVisited: ["living room", "bedroom", "office"],
      roomsWithoutTarget: ["bedroom", "kitchen"],
      foundInRoom: "office",
      text: "",
    },
  });
  assert.ok(memo.value.statements.length > 0);
  assert.ok(memo.value.statements.some((s) => /sister/.test(s)));
  assert.equal(memo.calls.length, 0);
  const grounded = await policy.ground({
    instruction: "I want tea from my sister's mug",
    mode: "polar",
    candidates: [
      candidate("mug_1", 0.9, memo.value.statements[0], 10, {
        episodic: [{ episodeId: "e1", text: memo.value.episodic, timestamp: 10, success: true }],
      }),
    ],
  });
  assert.deepEqual(grounded.value.likelyRooms, ["office"]);
  const plan = await policy.planHighLevel({
    instruction: "tea",
    target: { ...grounded.value, likelyRooms: [] },
    rooms,
    currentRoomId: "r1",
    visited: ["r1"],
  });
  assert.equal(plan.value.roomId, "r5", "kitchen is ruled out by the episodic memory, so office (next mug prior) wins");
});
