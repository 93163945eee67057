/**
 * The user's own words, put on the rules the learner drafts. A rule keeps what was said (its
 * statement, quotes and conditions as worded) so that it can be read back to the user and checked
 * against the message it came from; this is the one place a span of tokens becomes those words.
 */
import { LEADING_JOIN, type Token, TRAILING_PUNCT } from "../../language/index.ts";
import { type Condition, type Requirement, type RuleDraft, type Scope, sceneScope } from "../types.ts";
import type { RuleReading } from "./clause.ts";
import type { Cond } from "./conditions.ts";
import type { LearnContext } from "./items.ts";
import type { Span } from "./segments.ts";

export interface Said {
  message: string;
  tokens: readonly Token[];
}

export const verbatim = (t: Said, s: Span) =>
  s.b > s.a ? t.message.slice(t.tokens[s.a].start, t.tokens[s.b - 1].end) : "";

/** The clause as the user said it, without a leading "and" / "but". */
export function statementOf(t: Said, s: Span): string {
  let a = s.a;
  while (a < s.b - 1 && LEADING_JOIN.test(t.tokens[a].w)) a++;
  let b = s.b;
  while (b > a + 1 && TRAILING_PUNCT.test(t.tokens[b - 1].w)) b--;
  return verbatim(t, { a, b });
}

export function conditionOf(t: Said, c: Cond, req: Requirement): Condition {
  const quote = verbatim(t, c);
  switch (c.kind) {
    case "time":
      return { kind: "time", fromHour: c.from, toHour: c.to, quote };
    case "asked":
      return req.kind === "avoid_room" || req.kind === "no_stop_in_room"
        ? { kind: "instruction_mentions", room: req.room, quote }
        : { kind: "text", text: quote, quote };
    default:
      return { kind: "text", text: quote, quote };
  }
}

export function draftOf(t: Said, r: RuleReading, ctx: LearnContext): RuleDraft | string {
  let scope: Scope = "global";
  if (r.persistence === "task_local") scope = "task";
  else if (r.scope === "scene") {
    if (!ctx.sceneId) return `the rule is for "${verbatim(t, r.scopeQuote!)}" but no house is known to tie it to`;
    scope = sceneScope(ctx.sceneId);
  }
  const statement = statementOf(t, r.clause);
  const quotes = [...new Set([...r.quotes, ...(r.scopeQuote ? [r.scopeQuote] : [])].map((q) => verbatim(t, q)))].filter(
    Boolean,
  );
  return {
    statement,
    quotes: quotes.length ? quotes : [statement],
    requirement: r.requirement,
    persistence: r.persistence,
    scope,
    conditions: r.conditions.map((c) => conditionOf(t, c, r.requirement)),
    exceptions: r.exceptions.map((c) => conditionOf(t, c, r.requirement)),
    stage: r.stage,
    clear: r.clear,
    source: sourceOf(t, ctx),
  };
}

export const sourceOf = (t: Said, ctx: LearnContext): RuleDraft["source"] => ({
  message: t.message,
  at: ctx.at ?? Date.now(),
  ...(ctx.taskId ? { taskId: ctx.taskId } : {}),
});
