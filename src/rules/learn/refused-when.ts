/**
 * A refusal of the room said alone before it, with a condition the learner reads beside it and
 * nothing else: "den: not after supper", "the attic — never during meals". The condition is the
 * ban's; what is left of the part once it is taken out must be a refusal alone ("not", "never",
 * "no"), so a part that says more ("not the kitchen after supper") is never read this way.
 */
import { isWordToken, refusalLeft, type Token } from "../../language/index.ts";
import { conditionsIn } from "./conditions.ts";
import type { Span } from "./segments.ts";

export function refusesOnCondition(tokens: readonly Token[], g: Span): boolean {
  const when = conditionsIn(tokens, [g], [], true);
  // a clock window or a time of people's day (not "unless", not "when I ask"); the refusal's own
  // "not" is the negation it is said under
  const held = when.conditions.filter((c) => c.kind === "time" || c.kind === "text");
  if (!held.length || held.length !== when.conditions.length || when.exceptions.length) return false;
  const inCondition = (k: number) => held.some((c) => c.a <= k && k < c.b);
  const rest = tokens
    .slice(g.a, g.b)
    .filter((t, k) => isWordToken(t.w) && !inCondition(g.a + k))
    .map((t) => t.w)
    .join(" ");
  return refusalLeft(rest);
}
