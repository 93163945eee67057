/**
 * A reply rule named as the topic of its own retraction ("this JSON you make me, I don't need it
 * any more"): the noun phrase set off before the clause names what is dropped, it asks for nothing.
 * Read alone, a demonstrative before it ("this JSON") sounds like a one-off request; the phrase is
 * the topic the retraction takes up, so no one-off of the same kind is kept from it.
 */
import type { ReadCtx, Reading } from "./reading.ts";
import { targetOf } from "./reading.ts";

/** Marks that end a sentence: a topic and the clause taking it up lie in one sentence. */
const SENTENCE_END = new Set([".", "!", "?", ";"]);

/** The readings less a one-off rule said, in the same sentence, before a retraction of its kind. */
export function withoutRetractedTopic(ctx: ReadCtx, readings: Reading[]): Reading[] {
  const retracts = readings.filter((r) => r.type === "retract");
  return readings.filter((r) => {
    if (r.type !== "rule" || r.persistence !== "task_local" || r.requirement.kind === "behavior") return true;
    const kind = targetOf(r.requirement).kind;
    return !retracts.some(
      (x) =>
        x.type === "retract" &&
        x.clause.a >= r.clause.b &&
        x.targets.some((t) => t.kind === kind) &&
        !ctx.tokens.slice(r.clause.b, x.clause.a).some((t) => SENTENCE_END.has(t.w)),
    );
  });
}
