/**
 * What image backbones are shown: the user's photos of the retrieved candidates at grounding,
 * the photo of the grounded object at the low level, and never the simulator's instance ids.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ContentPart } from "../../src/mllm/chat-model.ts";
import type { GroundOutput, HighLevelInput, LowLevelInput } from "../../src/mllm/policy.ts";
import { groundMessages } from "../../src/mllm/prompts/ground-prompt.ts";
import { highLevelMessages } from "../../src/mllm/prompts/high-level-prompt.ts";
import { lowLevelMessages } from "../../src/mllm/prompts/low-level-prompt.ts";
import type { Image } from "../../src/sim/simulator.ts";

const img = (view: string, byte: number): Image => ({
  view,
  format: "png",
  width: 2,
  height: 2,
  data: Buffer.from([byte]),
});
const parts = (content: unknown) => content as ContentPart[];

test("grounding shows an image backbone the user's photo of each retrieved candidate, named by object", () => {
  const msgs = groundMessages({
    instruction: "I want some tea",
    mode: "polar",
    candidates: [
      { userId: "u", objectId: "mug_a", category: "mug", score: 0.8, statements: [], instructions: [], episodic: [] },
      { userId: "u", objectId: "mug_b", category: "mug", score: 0.7, statements: [], instructions: [], episodic: [] },
    ],
    candidateImages: [
      { objectId: "mug_a", image: img("reference", 1) },
      { objectId: "mug_b", image: img("reference", 2) },
    ],
  });
  const user = parts(msgs[1].content);
  const images = user.filter((p) => p.type === "image");
  assert.equal(images.length, 2);
  const texts = user.filter((p) => p.type === "text").map((p) => (p as { text: string }).text);
  assert.ok(texts.some((t) => /photo of object mug_a/.test(t)));
  assert.ok(texts.some((t) => /photo of object mug_b/.test(t)));
});

test("the low-level prompt carries the views and the photo of the grounded object, not the sensor's ids", () => {
  const target: GroundOutput = {
    objectId: "mug_a",
    category: "mug",
    description: "a mug",
    reason: "",
    hints: [],
    likelyRooms: [],
  };
  const visible = [
    {
      id: "inst-1a2b3c4d",
      category: "mug",
      bbox: [1, 1, 5, 5] as [number, number, number, number],
      distance: 2,
      pixels: 16,
    },
  ];
  const input: LowLevelInput = {
    instruction: "I want some tea",
    target,
    views: {
      front: { image: img("front", 3), visible },
      left: { image: img("left", 4), visible: [] },
      right: { image: img("right", 5), visible: [] },
    },
    referenceImage: img("reference", 6),
    currentRoom: "kitchen",
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  };
  const user = parts(lowLevelMessages(input)[1].content);
  assert.equal(user.filter((p) => p.type === "image").length, 4, "three views and the photo");
  const text = user
    .filter((p) => p.type === "text")
    .map((p) => (p as { text: string }).text)
    .join("\n");
  assert.match(text, /photo of the target/);
  assert.doesNotMatch(text, /inst-1a2b3c4d/);
});

test("the user's standing rules reach the high- and low-level prompts only when there are some", () => {
  const target: GroundOutput = {
    objectId: null,
    category: "mug",
    description: "a mug",
    reason: "",
    hints: [],
    likelyRooms: [],
  };
  const high: HighLevelInput = {
    instruction: "I want some tea",
    target,
    rooms: [{ id: "r1", label: "garage", waypoint: [0, 0, 0], adjacent: [] }],
    currentRoomId: null,
    visited: [],
  };
  const low: LowLevelInput = {
    instruction: "I want some tea",
    target,
    views: { front: { visible: [] }, left: { visible: [] }, right: { visible: [] } },
    currentRoom: "kitchen",
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  };
  const rules = ['"stay out of the garage" (scope: this house)', '"never stop in the bathroom at night" (global)'];
  const text = (msgs: ReturnType<typeof highLevelMessages>) =>
    msgs
      .map((m) =>
        typeof m.content === "string"
          ? m.content
          : parts(m.content)
              .map((p) => (p.type === "text" ? p.text : ""))
              .join("\n"),
      )
      .join("\n");
  for (const [withRules, without, empty] of [
    [
      text(highLevelMessages({ ...high, guidance: rules })),
      text(highLevelMessages(high)),
      text(highLevelMessages({ ...high, guidance: [] })),
    ],
    [
      text(lowLevelMessages({ ...low, guidance: rules })),
      text(lowLevelMessages(low)),
      text(lowLevelMessages({ ...low, guidance: [] })),
    ],
  ]) {
    assert.match(withRules, /User's standing rules \(The current instruction takes precedence over learned rules\.\)/);
    for (const r of rules) assert.ok(withRules.includes(`- ${r}`), r);
    assert.doesNotMatch(without, /standing rules/);
    assert.equal(empty, without, "an empty list changes nothing");
  }
});
