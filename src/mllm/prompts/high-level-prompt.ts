/** High-level planning prompt (paper §3.3): pick the room most likely to hold the target. */
import type { ChatMessage } from "../chat-model.ts";
import type { HighLevelInput } from "../policy.ts";
import { guidanceBlock, quote } from "./format.ts";

const SYSTEM =
  "You plan a household robot's search at the level of rooms. Given the house's scene graph (rooms with labels " +
  "and adjacency), the target, what memory says about it, and the rooms already searched, choose the room most " +
  "likely to contain the target. Prefer rooms not searched yet; weigh distance (adjacency) against likelihood.";

export function highLevelMessages(input: HighLevelInput): ChatMessage[] {
  const visited = new Set(input.visited);
  const rooms = input.rooms.map((r) => {
    const marks = [r.id === input.currentRoomId ? "you are here" : "", visited.has(r.id) ? "searched" : ""].filter(
      Boolean,
    );
    return `- ${r.id}: ${r.label}; adjacent: ${r.adjacent.join(", ") || "none"}${marks.length ? ` (${marks.join(", ")})` : ""}`;
  });
  const t = input.target;
  const memory = [
    t.likelyRooms.length ? `Memory says it was found in: ${t.likelyRooms.join(", ")} (most recent first).` : "",
    ...t.hints.map((h) => `Hint from past episodes: ${h}`),
  ].filter(Boolean);
  const text = [
    `Instruction: ${quote(input.instruction)}`,
    `Target: ${t.description}${t.category ? ` (category ${t.category})` : ""}.`,
    ...memory,
    `Rooms:\n${rooms.join("\n")}`,
    `Searched so far, in order: ${input.visited.join(", ") || "none"}.`,
    guidanceBlock(input.guidance),
    "Answer with the id of one room from the list.",
  ]
    .filter((line) => line !== undefined)
    .join("\n");
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: text },
  ];
}
