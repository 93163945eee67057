/**
 * The offline memorizer used by the heuristic backbone (src/policies/heuristic/backbone.ts): no model, just
 * rules. Semantic statements come from the personalized context of the explicit instruction,
 * read by the language part (src/language/statements.ts: one user-specific fact per statement,
 * in the third person); the episodic summary comes from the facts the agent logged about the
 * trajectory (outcome, where it was found, rooms that had nothing).
 */
import { statementsFromInstruction } from "../../language/index.ts";
import type { MemorizeInput, MemorizeOutput } from "../../mllm/index.ts";

export { splitFacts, statementsFromInstruction, toThirdPerson } from "../../language/index.ts";

export function episodicFromTrajectory(input: MemorizeInput): string {
  const t = input.trajectory;
  const what = input.category ?? "target";
  const parts: string[] = [];
  if (t.success) parts.push(`Succeeded in ${t.steps} steps`);
  else parts.push(`Failed after ${t.steps} steps`);
  if (t.foundInRoom) parts.push(`the ${what} was found in the ${t.foundInRoom}`);
  else parts.push(`the ${what} was not found`);
  if (t.roomsWithoutTarget.length)
    parts.push(`unpromising rooms (searched, no ${what}): ${t.roomsWithoutTarget.join(", ")}`);
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
