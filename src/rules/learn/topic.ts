/**
 * A topic said first and taken up by a pronoun, or left out, in the clause after it (left
 * dislocation): "the garage matter, cancel it", "cellar rule, you can forget", "the undercroft —
 * that's fine now". What the clause does is about the topic named in a verbless part before it in
 * the same clause, when that part names what a rule is about.
 */
import { isWordToken, LINKING, OBJECT_PRONOUN } from "../../language/index.ts";
import type { ClauseIn, ReadCtx, Target } from "./reading.ts";
import { heads } from "./room-acts.ts";
import type { Span } from "./segments.ts";
import { targetsIn } from "./targets-in.ts";

/**
 * The targets of a clause whose words [from, to) are only a pronoun, or nothing (its object left
 * out: "…, you can forget"): the topic's, when `targets` name nothing.
 */
export function topicOf(ctx: ReadCtx, c: ClauseIn, main: Span, targets: Target[], from: number, to = main.b): Target[] {
  if (targets.some((t) => t.kind !== "unknown")) return targets;
  const rest = ctx.tokens.slice(from, to).filter((t) => isWordToken(t.w) && !LINKING.test(t.w));
  if (rest.length > 1 || (rest.length === 1 && !OBJECT_PRONOUN.test(rest[0].w))) return targets;
  const topic = c.parts.filter((p) => p.b <= main.a && !heads(ctx, p).length);
  const found = topic.flatMap((p) => targetsIn(ctx, p, undefined, "any")).filter((t) => t.kind !== "unknown");
  return found.length ? found : targets;
}
