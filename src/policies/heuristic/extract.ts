/**
 * The offline memorizer used by the heuristic backbone (src/policies/heuristic/backbone.ts): no model, just
 * rules. Semantic statements come from the personalized context of the explicit instruction,
 * read by the language part (src/language/statements.ts: one user-specific fact per statement,
 * in the third person); the episodic summary comes from the facts the agent logged about the
 * trajectory (outcome, where it was found, rooms that had nothing).
 */
import { statementsFromInstruction } from "../../language/index.ts";
import type { MemorizeInput, MemorizeOutput } from "../../mllm/index.ts";
import { roomWithId } from "./episodic-rooms.ts";

export { splitFacts, statementsFromInstruction, toThirdPerson } from "../../language/index.ts";

/**
 * The episodic summary: how it ended, where the object was found and which rooms had nothing.
 * With the robot's record of which rooms (scene graph ids) and which scene, each room is written
 * "bedroom (room_2)" so the next search in that house can go to that bedroom (episodic-rooms.ts).
 */
export function episodicFromTrajectory(input: MemorizeInput): string {
  const t = input.trajectory;
  const where = t.where;
  const what = input.category ?? "target";
  const parts: string[] = [];
  const scene = where ? ` in scene ${where.sceneId}` : "";
  if (t.success) parts.push(`Succeeded in ${t.steps} steps${scene}`);
  else parts.push(`Failed after ${t.steps} steps${scene}`);
  const found = t.foundInRoom && where?.foundInRoomId ? roomWithId(t.foundInRoom, where.foundInRoomId) : t.foundInRoom;
  if (found) parts.push(`the ${what} was found in the ${found}`);
  else parts.push(`the ${what} was not found`);
  const without =
    where && where.roomIdsWithoutTarget.length === t.roomsWithoutTarget.length
      ? t.roomsWithoutTarget.map((label, i) => roomWithId(label, where.roomIdsWithoutTarget[i]))
      : t.roomsWithoutTarget;
  if (without.length) parts.push(`unpromising rooms (searched, no ${what}): ${without.join(", ")}`);
  if (t.roomsVisited.length) parts.push(`route: ${t.roomsVisited.join(" → ")}`);
  return `${parts.join("; ")}.`;
}

/** The heuristic backbone's memorize decision. */
export function extractMemoriesHeuristically(input: MemorizeInput): MemorizeOutput {
  return {
    statements: statementsFromInstruction(input.instruction, input.category),
    episodic: episodicFromTrajectory(input),
  };
}
