/**
 * Words of a clause that no reader took but that may say when the rule holds ("… on weekends",
 * "if it rains, …"): kept as conditions in the user's words, so a rule is narrower, never broader,
 * than what was said.
 */
import {
  ASKS_NOTHING,
  covers,
  EVERY_DAY,
  FILLER,
  findTimes,
  GLOBAL,
  GOING_PARTICLE,
  isWordToken,
  LASTING,
  LIST_JOIN,
  MARKERS_ONLY,
  NOT_A_CONDITION,
  NOT_TASK_LOCAL,
  namesHoursBeside,
  PEOPLE_TIME,
  PREPOSITION,
  SCENE,
  TASK_LOCAL,
  TELLS_OF_YOU,
  tellsWhatHappened,
  timeCandidates,
  VAGUE,
  WHEN_WORD,
  Words,
} from "../../language/index.ts";
import { type Cond, notCondition, pointedBack, withoutExplanation } from "./conditions.ts";
import { type ClauseIn, type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";
import type { Span } from "./segments.ts";

/** Whether the hours of `outer` (a part of the day) hold every hour of `inner` (a window read). */
function coversWindow(outer: { from: number; to: number }, inner: { from: number; to: number }): boolean {
  return covers({ fromHour: outer.from, toHour: outer.to % 24 }, { fromHour: inner.from, toHour: inner.to % 24 });
}

/**
 * A phrase after the requirement that the learner does not read ("… on weekends", "… with
 * muddy wheels") may be a condition: it is kept as one (only people can tell when it holds),
 * so the rule is narrower, never broader, than what was said. A phrase that introduces the
 * object ("into the", "out of my") or names the reply ("in your answers") is none.
 */
export function leftoverConditions(
  ctx: ReadCtx,
  c: ClauseIn,
  main: Span,
  readings: RuleReading[],
  common: Common,
): Cond[] {
  const hard = new Set<number>();
  for (const r of readings) for (const q of r.quotes) for (let k = q.a; k < q.b; k++) hard.add(k);
  const soft = new Set<number>();
  for (const x of [...common.conditions, ...common.exceptions, ...(common.scopeQuote ? [common.scopeQuote] : [])])
    for (let k = x.a; k < x.b; k++) soft.add(k);
  const parts = c.parts.map((x) => withoutExplanation(ctx.tokens, x)).filter((x) => x.b > x.a);
  // "from 12 till 6? yeah 12 till 6": the same hours said again are the condition already read
  const read = [...common.conditions, ...common.exceptions].flatMap((x) => (x.kind === "time" ? [x] : []));
  for (const x of pointedBack(ctx.tokens, parts)) for (let k = x.a; k < x.b; k++) soft.add(k);
  for (const part of parts) {
    const w = words(ctx, part);
    // "… from 22:00 to 05:00, all days": every day leaves no day out, and narrows nothing
    for (const src of [TASK_LOCAL, LASTING, VAGUE, NOT_TASK_LOCAL, SCENE, GLOBAL, EVERY_DAY])
      for (const m of w.matches(re(src))) for (let k = m.a; k < m.b; k++) soft.add(k);
    for (const t of findTimes(w.text))
      if (read.some((x) => x.from === t.from && x.to % 24 === t.to % 24)) {
        const [a, b] = w.range(t.index, t.quote.length);
        for (let k = a; k < b; k++) soft.add(k);
      }
    // "afternoon 1 until 3": a part of the day the clock window read narrowed is read with it
    const kept = findTimes(w.text);
    for (const t of timeCandidates(w.text))
      if (!t.clock && !kept.some((k) => k.index === t.index) && read.some((x) => coversWindow(t, x))) {
        const [a, b] = w.range(t.index, t.quote.length);
        for (let k = a; k < b; k++) soft.add(k);
      }
    for (let k = part.a; k < part.b; k++)
      if (!isWordToken(ctx.tokens[k].w) || re(FILLER).test(ctx.tokens[k].w)) soft.add(k);
  }
  const p = withoutExplanation(ctx.tokens, main);
  const last = Math.max(-1, ...hard);
  const out: Cond[] = [];
  for (const part of parts)
    for (let k = part.a; k < part.b; k++) {
      if (hard.has(k) || soft.has(k)) continue;
      let b = k;
      while (b < part.b && !hard.has(b) && !soft.has(b)) b++;
      const text = new Words(ctx.tokens, k, b).text;
      // "never stop there you're always in the way of …": a phrase after a run-on statement is its reason's
      const runOn = TELLS_OF_YOU.test(new Words(ctx.tokens, last + 1, b).text);
      const trailing = part.a === p.a && k > last && !runOn;
      // "… on weekends": a phrase after the requirement; "… late", "if it rains, …": a word of when, anywhere
      // "in the morning" of "in the morning till 9": a part of the day the clock window narrowed
      const narrowed = timeCandidates(text).some((t) => t.quote.length >= text.length - 3);
      // "in the mornings I rehearse there, so don't come in then": the closing "then", after the
      // verb's particle, points back at the hours the clause holds; it is no condition of its own
      const pointsBack =
        read.length > 0 &&
        ctx.tokens[b - 1].w === "then" &&
        ctx.tokens.slice(k, b - 1).every((t) => GOING_PARTICLE.test(t.w));
      // "07:00-09:00 (morning rush)": a part of the day naming an occasion at the hours read names them
      const named = namesHoursBeside(text, read);
      if (
        !narrowed &&
        !pointsBack &&
        !named &&
        ((trailing &&
          PREPOSITION.test(ctx.tokens[k].w) &&
          b - k >= 2 &&
          !NOT_A_CONDITION.test(text) &&
          // "… for the robot": the word after the run, read as the robot addressed, ends its phrase
          !NOT_A_CONDITION.test(new Words(ctx.tokens, k, Math.min(part.b, b + 1)).text) &&
          !notCondition(text)) ||
          ((WHEN_WORD.test(text) || re(PEOPLE_TIME).test(text)) &&
            !MARKERS_ONLY.test(text) &&
            !notCondition(text) &&
            // "if that is ok": politeness, though its last word is a filler the run stopped before
            !notCondition(new Words(ctx.tokens, k, part.b).text) &&
            !ASKS_NOTHING.test(text) &&
            // "while I had people over": what happened, told in the past, is no condition from now on
            !tellsWhatHappened(text)))
      ) {
        // "between breakfast and lunch": one condition, whatever "and" cut it into
        const prev = out.at(-1);
        const gap = prev ? ctx.tokens.slice(prev.b, k).every((t) => LIST_JOIN.test(t.w)) : false;
        if (prev && gap) prev.b = b;
        else out.push({ kind: "text", a: k, b });
      }
      k = b;
    }
  return out;
}
