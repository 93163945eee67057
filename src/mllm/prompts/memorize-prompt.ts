/** Memorization prompt (paper §3.2.1): semantic statements (one fact each) and an episodic summary. */
import type { ChatMessage, ContentPart } from "../chat-model.ts";
import type { MemorizeInput } from "../policy.ts";
import { imagePart, quote } from "./format.ts";

const SYSTEM =
  "You write a household robot's long-term memory after an episode. statements: short sentences about the target " +
  "object, each holding exactly ONE user-specific attribute or association (who gave it, whose it is, what it is " +
  "used for, what it looks like, a preference); no navigation details; do not merge two facts into one sentence. " +
  "episodic: one to three sentences of planning-relevant experience: whether the search succeeded, the room the " +
  "object was found in, rooms searched without finding it, informative observations. When room ids are given, " +
  'name each room with its id in brackets after its label, e.g. "the bedroom (room_2)", and say the scene.';

export function memorizeMessages(input: MemorizeInput): ChatMessage[] {
  const t = input.trajectory;
  const text = [
    `Instruction: ${quote(input.instruction)}`,
    `Target object: ${input.objectId ?? "unknown id"}${input.category ? ` (${input.category})` : ""}.`,
    `Outcome: ${t.success ? "succeeded" : "failed"} after ${t.steps} steps.`,
    `Rooms visited: ${t.roomsVisited.join(", ") || "none"}; rooms without the target: ${t.roomsWithoutTarget.join(", ") || "none"}; found in: ${t.foundInRoom ?? "not found"}.`,
    ...(t.where
      ? [
          `Scene ${t.where.sceneId}, rooms by scene-graph id: found in ${t.where.foundInRoomId ?? "none"}; without the target: ${t.where.roomIdsWithoutTarget.join(", ") || "none"}.`,
        ]
      : []),
    `Trajectory: ${t.text}`,
  ].join("\n");
  const parts: ContentPart[] = [{ type: "text", text }];
  if (input.referenceImage)
    parts.push({ type: "text", text: "Reference image of the object:" }, imagePart(input.referenceImage));
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: parts },
  ];
}
