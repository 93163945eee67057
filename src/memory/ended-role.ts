/**
 * A change of referent said as the old object ending ("the teal flask split, the steel one's my
 * soup flask now"): the old object is used for nothing any more, so every use it had ends with
 * it, where a contrast alone ("…, not the teal one") moves only the fact the new object takes.
 */
import { contentWords, saysEnded, wordSet } from "../language/index.ts";
import { readStatement, type StatementInfo, USAGE_KINDS } from "./statement-kind.ts";
import type { ObjectMemory } from "./store.ts";

/**
 * Whether this episode said that the object a description names broke, was lost or stopped
 * working: what it said of the user's other object (an aside, about that object, not this one)
 * names it and says its role ended.
 */
export function endedBy(facts: readonly { info: StatementInfo }[], replaces: string): boolean {
  const named = contentWords(replaces);
  return facts.some(
    (f) => f.info.about === "entity" && saysEnded(f.info.text) && named.every((w) => wordSet(f.info.text).has(w)),
  );
}

/** What an object was used for, when and where, that held at `at`: what ends when the object does. */
export function usageHeld(from: ObjectMemory, at: number, category: string | null): string[] {
  return from.statements
    .filter((s) => s.at <= at && s.invalidAt === null && USAGE_KINDS.includes(readStatement(s.text, category).kind))
    .map((s) => s.id);
}
