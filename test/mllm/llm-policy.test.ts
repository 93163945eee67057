import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import type { LlmPolicy } from "../../src/mllm/llm-policy.ts";
import { BackboneError, type GroundOutput } from "../../src/mllm/policy.ts";
import type { Image } from "../../src/sim/simulator.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";
import {
  openaiBySchema,
  openaiCompletion,
  openaiError,
  openaiImages,
  openaiSchemaName,
  openaiText,
  ScriptedServer,
} from "./scripted-server.ts";

const KEY = "sk-policy-secret-9999";
let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start();
});
after(() => server.close());
beforeEach(() => server.reset());

function policy(): LlmPolicy {
  const config = BackboneConfig.parse({
    name: "gpt-4o-mini",
    type: "openai",
    model: "gpt-4o-mini",
    apiKeyEnv: "OPENAI_API_KEY",
    baseUrl: `${server.url}/v1`,
    schemaRetries: 1,
    prices: { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  });
  return createPolicy(config, { env: { OPENAI_API_KEY: KEY } }) as LlmPolicy;
}

const image = (view: string, byte: number): Image => ({
  view,
  format: "jpeg",
  width: 4,
  height: 4,
  data: Buffer.from([0xff, 0xd8, byte, 0xff, 0xd9]),
});

const target: GroundOutput = {
  objectId: "mug_2",
  category: "mug",
  description: "a blue mug",
  reason: "",
  hints: ["Found in the kitchen."],
  likelyRooms: ["kitchen"],
};

test("polar grounding lists candidates with timestamps and accepts only their ids", async () => {
  server.push(
    openaiCompletion(
      JSON.stringify({ objectId: "mug_9", category: "mug", description: "", reason: "", hints: [], likelyRooms: [] }),
    ),
    openaiCompletion(
      JSON.stringify({
        objectId: "mug_2",
        category: "mug",
        description: "blue mug",
        reason: "newest",
        hints: [],
        likelyRooms: ["kitchen"],
      }),
      { prompt_tokens: 1000, completion_tokens: 50 },
    ),
  );
  const d = await policy().ground({
    instruction: "I want some tea",
    mode: "polar",
    candidates: [
      {
        userId: "u1",
        objectId: "mug_1",
        category: "mug",
        score: 0.8,
        statements: [{ id: "s1", text: "My sister gave me this mug.", timestamp: 100 }],
        instructions: [],
        episodic: [],
      },
      {
        userId: "u1",
        objectId: "mug_2",
        category: "mug",
        score: 0.7,
        statements: [{ id: "s2", text: "My sister gave me a new mug.", timestamp: 200 }],
        instructions: [{ episodeId: "e2", text: "bring the new mug", timestamp: 200 }],
        episodic: [{ episodeId: "e2", text: "Found in the kitchen.", timestamp: 200, success: true }],
      },
    ],
  });
  assert.equal(d.value.objectId, "mug_2");
  assert.equal(server.requests.length, 2, "the unknown id mug_9 was re-asked");
  const prompt = openaiText(server.requests[0].body);
  assert.match(prompt, /mug_1/);
  assert.match(prompt, /t=200/);
  assert.match(prompt, /latest valid interaction wins/);
  assert.equal(d.calls.length, 1);
  const call = d.calls[0];
  assert.equal(call.task, "ground");
  assert.equal(call.attempts, 2);
  assert.equal(call.inputTokens, 1100);
  assert.equal(call.outputTokens, 70);
  assert.ok(Math.abs((call.costUsd ?? 0) - (1100 * 0.15 + 70 * 0.6) / 1e6) < 1e-12);
});

test("a grounding answer whose category is not the chosen object's is re-asked, naming the conflict", async () => {
  const answer = (objectId: string, category: string) =>
    openaiCompletion(JSON.stringify({ objectId, category, description: "", reason: "", hints: [], likelyRooms: [] }));
  server.push(answer("laptop_1", "watch"), answer("watch_3", "watch"));
  const d = await policy().ground({
    instruction: "the thing I check the time with",
    mode: "raw",
    rawInteractions: [
      {
        episodeId: "e1",
        timestamp: 1,
        instruction: "bring my laptop",
        objectId: "laptop_1",
        category: "laptop",
        trajectory: "",
      },
      {
        episodeId: "e2",
        timestamp: 2,
        instruction: "bring my watch",
        objectId: "watch_3",
        category: "watch",
        trajectory: "",
      },
    ],
  });
  assert.equal(server.requests.length, 2, "the self-contradicting answer was re-asked");
  assert.match(openaiText(server.requests[1].body), /laptop_1 is a laptop, not a watch/);
  assert.deepEqual([d.value.objectId, d.value.category], ["watch_3", "watch"]);
});

test("high-level planning re-asks for a room id that is not in the scene graph", async () => {
  server.push(
    openaiCompletion(JSON.stringify({ roomId: "garage", reason: "" })),
    openaiCompletion(JSON.stringify({ roomId: "r2", reason: "kitchen is likely" })),
  );
  const d = await policy().planHighLevel({
    instruction: "I want some tea",
    target,
    rooms: [
      { id: "r1", label: "living room", waypoint: [0, 0, 0], adjacent: ["r2"] },
      { id: "r2", label: "kitchen", waypoint: [4, 0, 0], adjacent: ["r1"] },
    ],
    currentRoomId: "r1",
    visited: ["r1"],
  });
  assert.deepEqual(d.value, { roomId: "r2", reason: "kitchen is likely" });
  assert.equal(openaiSchemaName(server.requests[0].body), "choose_room");
  assert.match(openaiText(server.requests[0].body), /r2: kitchen; adjacent: r1/);
  assert.match(openaiText(server.requests[1].body), /roomId/);
});

test("low-level planning sends the front, left, right views and the reference image", async () => {
  server.push(openaiCompletion(JSON.stringify({ decision: "stop", reason: "mug ahead" })));
  const d = await policy().planLowLevel({
    instruction: "I want some tea",
    target,
    views: {
      front: { image: image("front", 1), visible: [] },
      left: { image: image("left", 2), visible: [] },
      right: { image: image("right", 3), visible: [] },
    },
    referenceImage: image("reference", 4),
    currentRoom: "kitchen",
    goalRoom: "kitchen",
    stepsLeft: 600,
    recentActions: ["MOVE_FORWARD"],
  });
  assert.equal(d.value.decision, "stop");
  assert.deepEqual(
    openaiImages(server.requests[0].body).map((b) => b[2]),
    [1, 2, 3, 4],
  );
});

test("a step that fails for good is a BackboneError with the call recorded, and no key", async () => {
  server.push(openaiCompletion("garbage"), openaiCompletion("still garbage"));
  await assert.rejects(
    policy().memorize({
      userId: "u1",
      episodeId: "e1",
      instruction: "bring my mug",
      objectId: "mug_1",
      category: "mug",
      trajectory: {
        success: true,
        steps: 10,
        roomsVisited: ["kitchen"],
        roomsWithoutTarget: [],
        foundInRoom: "kitchen",
        text: "",
      },
    }),
    (e: unknown) => {
      assert.ok(e instanceof BackboneError);
      assert.equal(e.calls.length, 1);
      assert.equal(e.calls[0].task, "memorize");
      assert.equal(e.calls[0].attempts, 2);
      assert.equal(e.calls[0].inputTokens, 200);
      assert.match(e.calls[0].error ?? "", /schema/);
      assert.ok(!JSON.stringify({ m: e.message, c: e.calls }).includes(KEY));
      // the model answered, unusably: the agent's outcome, not an infrastructure failure
      assert.equal(e.infrastructure, false);
      assert.equal(isInfrastructureFailure(e), false);
      return true;
    },
  );
});

test("a model service that stays down is a BackboneError marked infrastructure, with status and URL", async () => {
  server.setResponder(() => openaiError(503, "The server is overloaded", { "retry-after-ms": "1" }));
  try {
    const input = {
      instruction: "I want some tea",
      target,
      rooms: [{ id: "r1", label: "kitchen", waypoint: [0, 0, 0] as [number, number, number], adjacent: [] }],
      currentRoomId: null,
      visited: [],
    };
    await assert.rejects(policy().planHighLevel(input), (e: unknown) => {
      assert.ok(e instanceof BackboneError);
      assert.equal(e.infrastructure, true);
      assert.equal(isInfrastructureFailure(e), true);
      assert.equal(e.status, 503);
      assert.equal(e.url, `${server.url}/v1/chat/completions`);
      assert.match(e.message, /HTTP 503/);
      assert.ok(e.message.includes(`${server.url}/v1/chat/completions`), e.message);
      assert.match(e.calls[0].error ?? "", /HTTP 503/);
      return true;
    });
  } finally {
    server.setResponder(undefined);
  }
});

test("a schema-driven responder answers each decision by its schema name", async () => {
  server.setResponder(
    openaiBySchema({
      choose_room: (req) => ({ roomId: /r2/.test(openaiText(req.body)) ? "r2" : "r1", reason: "scripted" }),
      next_action: () => ({ decision: "continue_plan", reason: "scripted" }),
    }),
  );
  try {
    const p = policy();
    const room = await p.planHighLevel({
      instruction: "tea",
      target,
      rooms: [
        { id: "r1", label: "living room", waypoint: [0, 0, 0], adjacent: ["r2"] },
        { id: "r2", label: "kitchen", waypoint: [4, 0, 0], adjacent: ["r1"] },
      ],
      currentRoomId: "r1",
      visited: [],
    });
    assert.equal(room.value.roomId, "r2");
    assert.ok((room.calls[0].inputTokens ?? 0) > 0);
    const step = await p.planLowLevel({
      instruction: "tea",
      target,
      views: { front: { visible: [] }, left: { visible: [] }, right: { visible: [] } },
      currentRoom: "r1",
      goalRoom: "r2",
      stepsLeft: 10,
      recentActions: [],
    });
    assert.equal(step.value.decision, "continue_plan");
    await assert.rejects(
      p.memorize({
        userId: "u",
        episodeId: "e",
        instruction: "x",
        objectId: null,
        category: null,
        trajectory: { success: false, steps: 0, roomsVisited: [], roomsWithoutTarget: [], foundInRoom: null, text: "" },
      }),
      BackboneError,
    );
  } finally {
    server.setResponder(undefined);
  }
});
