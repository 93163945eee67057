/**
 * Retractions said of another object than the one shown: the change of referent a user states by
 * taking the role back from the old object, in the new object's episode (memorize.ts step 3b).
 */
import { categoryNamed } from "../language/index.ts";
import { readStatement, type StatementInfo, USAGE_KINDS, valueOverlap } from "./statement-kind.ts";
import type { EpisodeWrite, MemoryStore } from "./store.ts";

/**
 * A retraction that names another category than the object shown ("I no longer take calls on the
 * laptop", said while showing the phone that took the role over) takes back what the user's
 * objects of that category were for: their usage facts that share a word of its value. The object
 * is named outright, so one shared word of what it no longer does is enough (the gym of "stopped
 * bringing headphones to the gym" in "the headphones go to the gym three mornings a week").
 */
export async function retractedElsewhere(
  store: MemoryStore,
  userId: string,
  object: EpisodeWrite["object"],
  retraction: StatementInfo,
  at: number,
): Promise<[string, string, string][]> {
  const named = categoryNamed(retraction.text);
  if (named === null || named === object.category) return [];
  const out: [string, string, string][] = [];
  for (const m of await store.objectMemories(userId)) {
    if (m.object.objectId === object.id || m.object.category !== named) continue;
    for (const s of m.statements.filter((s) => s.at <= at && s.invalidAt === null)) {
      const info = readStatement(s.text, named);
      if (
        info.about !== "object" ||
        !USAGE_KINDS.includes(info.kind) ||
        valueOverlap(retraction.value, info.value) === 0
      )
        continue;
      out.push([s.id, m.object.objectId, `(retracted on the ${named}: "${retraction.text}")`]);
    }
  }
  return out;
}
