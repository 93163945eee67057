/**
 * The category a request names is a constraint for grounding whenever memory holds an object of
 * it; retrieval keeps only the top k objects, which may all be of other categories when the
 * request's other words sit closer to their statements ("the novel my neighbour lent me" near a
 * watch the neighbour repaired). Then the request's category's objects that
 * retrieval ranked, best first, join the kept ones (at most k of them), with their own scores.
 */
import { categoriesAsked } from "../language/index.ts";
import type { MemoryReads, Scope } from "./retrieve-search.ts";

export async function withNamedCategory(
  scope: Scope,
  reads: MemoryReads,
  instruction: string,
  ranking: Map<string, number>,
  kept: Map<string, number>,
): Promise<Map<string, number>> {
  const named = categoriesAsked(instruction);
  if (named.length === 0) return kept;
  const ofNamed = (category: string | null) => category !== null && named.includes(category);
  if ((await reads.of(kept.keys())).some((m) => ofNamed(m.object.category))) return kept;
  const rest = [...ranking].filter(([id]) => !kept.has(id)).sort((a, b) => b[1] - a[1]);
  const memories = await reads.of(rest.map(([id]) => id));
  const ofIt = new Set(memories.filter((m) => ofNamed(m.object.category)).map((m) => m.object.objectId));
  const joining = rest.filter(([id]) => ofIt.has(id)).slice(0, scope.k);
  return joining.length ? new Map([...kept, ...joining]) : kept;
}
