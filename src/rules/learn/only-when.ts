/**
 * When a verb of going is limited to: "only" said with its condition ("only when I ask"), or the
 * rest of the time refused right after the condition, to the end of the sentence ("if I tell you
 * to, otherwise no"), which says "only" of it as well. Such a condition is when the ban gives way.
 */
import { SENTENCE_END, saysNotTheRest } from "../../language/index.ts";
import { type ReadCtx, words } from "./reading.ts";
import type { Span } from "./segments.ts";

/** Whether the condition `x`, said in the clause `main`, is the only time the act is allowed. */
export function limitedToWhen(ctx: ReadCtx, main: Span, x: Span): boolean {
  // "… only when I ask": "only" said right before when limits the act to then, as before the verb
  if (ctx.tokens.slice(Math.max(main.a, x.a - 2), x.a + 1).some((t) => t.w === "only")) return true;
  const a = ctx.tokens[x.b]?.w === "," ? x.b + 1 : x.b;
  let b = a;
  while (b < ctx.tokens.length && !SENTENCE_END.test(ctx.tokens[b].w)) b++;
  return b > a && saysNotTheRest(words(ctx, { a, b }).text);
}
