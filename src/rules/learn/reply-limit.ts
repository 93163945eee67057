/**
 * A length asked of the robot's replies ("twelve-word replies", "make that 20 words", "keep it
 * under thirty"), lasting or for this answer only.
 */
import {
  ACCEPTABLE_AFTER,
  AT_MOST_AFTER,
  AT_MOST_TAIL,
  aside,
  COUNT_BOUND,
  changedTo,
  ENOUGH_AFTER,
  FINE_AFTER_VALUE,
  LIMIT_NOUN,
  LIMIT_WORD,
  LINKING_WORD,
  NEGATION,
  numberAt,
  OVER_BEFORE,
  RANGE_JOIN,
  REVISING,
  SAID_BEFORE,
  SAID_OF_REPLIES,
  SET_VALUE_BEFORE,
  STRICT_BEFORE,
  TIME_PREPOSITION_END,
  TOO_OR_NOT_AFTER,
  valueAfterJudged,
  WORD_UNIT,
  WORD_UNIT_IN,
  Words,
} from "../../language/index.ts";
import { type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";
import { stageOf, targetIn } from "./reply-target.ts";
import type { Span } from "./segments.ts";

export function wordLimit(ctx: ReadCtx, common: Common, span: Span, parts: Span[]): RuleReading | undefined {
  const ws = ctx.tokens.map((t) => t.w);
  const w = words(ctx, span);
  const all = words(ctx, common.clause).text;
  if (SAID_BEFORE.test(w.text)) return undefined;
  for (let k = span.a; k < span.b; k++) {
    let n = numberAt(ws, k);
    let a = k;
    let b = n?.end ?? k;
    let bare = false;
    let judged = false;
    const to = n && changedTo(ws, k, n.end);
    if (n && to) {
      // "from 40 words to 15", "35 -> 10": the value it is changed from is the old one, the new one is set
      n = numberAt(ws, to);
      b = (n?.end ?? to) + (WORD_UNIT.test(ws[n?.end ?? to] ?? "") ? 1 : 0);
      bare = true;
    } else if (!n && ws[k] === "word" && LIMIT_NOUN.test(ws[k + 1] ?? "")) {
      let j = k + 2;
      while (j < span.b && LINKING_WORD.test(ws[j])) j++;
      n = numberAt(ws, j);
      if (n) b = n.end;
      // "word limit 30 -> 12": the new value
      const next = n && changedTo(ws, j, n.end);
      if (next) {
        n = numberAt(ws, next);
        b = n?.end ?? next;
        bare = true;
      }
    } else if (n && WORD_UNIT.test(ws[n.end] ?? "")) b = n.end + 1;
    else if (
      n &&
      WORD_UNIT_IN.test(all) &&
      AT_MOST_AFTER.test(new Words(ctx.tokens, n.end, Math.min(span.b, n.end + 3)).text)
    )
      b = n.end; // "a few words, say ten at most"
    else if (
      n &&
      ACCEPTABLE_AFTER.test(new Words(ctx.tokens, n.end, Math.min(span.b, n.end + 3)).text) &&
      !TIME_PREPOSITION_END.test(new Words(ctx.tokens, span.a, k).text)
    ) {
      // "ok 25 is fine actually": a bare number is only ever a new value for a limit already stored
      b = n.end;
      bare = true;
    } else if (n && SET_VALUE_BEFORE.test(new Words(ctx.tokens, span.a, k).text)) {
      // "bump the limit up to 40", "make it 35": the same, said of the limit
      b = n.end;
      bare = true;
    } else if (n && valueAfterJudged(new Words(ctx.tokens, 0, k).text, new Words(ctx.tokens, n.end, span.b).text)) {
      // "fifteen is too few: thirty, please": the same, the count said wrong just before
      b = n.end;
      bare = true;
      judged = true;
    } else continue;
    if (!n || n.value < 1) continue;
    // "make it 4 to 6": a number that opens a range is an hour, unless the range is of words
    const next = numberAt(ws, n.end + 1);
    if (RANGE_JOIN.test(ws[n.end] ?? "") && next && !WORD_UNIT.test(ws[next.end] ?? "")) continue;
    // "20 words is too short, make it 35": the number said to be wrong is no limit
    if (TOO_OR_NOT_AFTER.test(new Words(ctx.tokens, b, Math.min(span.b, b + 7)).text)) continue;
    const before = new Words(ctx.tokens, Math.max(span.a, a - 3), a).text;
    const negated = NEGATION.test(new Words(ctx.tokens, span.a, a).text);
    let max = n.value;
    if (STRICT_BEFORE.test(before)) max = n.value - 1;
    else if (OVER_BEFORE.test(before)) {
      if (!negated) continue;
      a = Math.max(span.a, a - 2);
    }
    if (max < 1) continue;
    const after = new Words(ctx.tokens, b, Math.min(span.b, b + 4)).text;
    // "20 words is fine" loosens a stored limit; "twelve words is plenty" sets one
    const permissive = FINE_AFTER_VALUE.test(after);
    const plenty = ENOUGH_AFTER.test(after);
    // "make it 30": a number alone set as a value, too big for an hour, is a limit's new count (only a
    // stored limit takes it); one that could be an hour is weighed against the rules in force (revisions.ts)
    const said = aside(ws, span);
    if (said && !COUNT_BOUND.test(said.inside) && !SAID_OF_REPLIES.test(said.around)) continue;
    if (!LIMIT_WORD.test(w.text) && !permissive && !plenty && !judged && !(bare && n.value > 24)) continue;
    const target = targetIn(ctx, parts);
    const tail = AT_MOST_TAIL.exec(after);
    if (tail) b += tail[0].split(" ").length;
    return {
      type: "rule",
      ...common,
      requirement: { kind: "word_limit", target, maxWords: max },
      stage: stageOf(target),
      quotes: [{ a: STRICT_BEFORE.test(before) ? Math.max(span.a, a - 1) : a, b }],
      clear: true,
      ...(permissive ? { permissive } : {}),
      ...(re(REVISING).test(all) || bare ? { revising: true } : {}),
    };
  }
  return undefined;
}
