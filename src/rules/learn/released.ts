/**
 * What a lifted obligation is about ("you don't have to tell me the room any more", "no need to
 * stay out of the den"): the rules read in the act released, else what its words name ("you don't
 * need to keep it short any more": the kind of rule it ends); and when
 * the act's object is left out after its verb of telling ("the room you found it in, you don't
 * have to tell me any more"), or is a pronoun ("…, you needn't tell me that"), the topic set off
 * before the clause (left dislocation), or a mention the message opened with before it.
 */
import { closesClause, isWordToken, LINKING, OBJECT_PRONOUN, TELL } from "../../language/index.ts";
import { type ClauseIn, type ReadCtx, re, type Target, words } from "./reading.ts";
import type { Span } from "./segments.ts";
import { targetsIn } from "./targets-in.ts";
import { openingTopic, setOffBefore } from "./topic.ts";

/** A verb of telling opening the act released: its object, if any, follows it. */
const TELLING = re(`^(?:${TELL})`);

/** Words after a verb that say only how long: "any more", "any longer". */
const NO_LONGER = /^(?:any|more|longer)$/;

/** The targets of a release whose act is the words `vp`; `read`: those of the rules read in it. */
export function releasedTargets(ctx: ReadCtx, c: ClauseIn, main: Span, vp: Span, read: Target[]): Target[] {
  if (read.length) return read;
  const named = targetsIn(ctx, vp, c.antecedent, "any");
  const verb = words(ctx, vp).first(TELLING);
  if (!verb || named.some((t) => t.kind !== "unknown")) return named;
  const rest = ctx.tokens
    .slice(verb.b, vp.b)
    .filter((t) => isWordToken(t.w) && !LINKING.test(t.w) && !closesClause(t.w) && !NO_LONGER.test(t.w));
  // "…, you do not need to tell me that any more": a pronoun as its object takes up the topic as well
  if (rest.length > 1 || (rest.length === 1 && !OBJECT_PRONOUN.test(rest[0].w))) return named;
  const topic = setOffBefore(ctx, main);
  if (topic.length) return topic;
  // "the room you found it in. you don't have to tell me any more": a telling left with no object
  // releases the mention the message opened with, in a sentence or a part of its own before it
  const opened = openingTopic(ctx, main);
  return opened.length && opened.every((t) => t.kind === "mention") ? opened : named;
}
