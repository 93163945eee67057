/**
 * "The den is fine by day now. At night, still no.": hours said alone with only a "no" beside
 * them, right after a permission for a room that says hours of its own, are the hours that
 * permission leaves out. Joined to it as hours said no to, they keep the ban for those hours
 * (retract.ts), so the permission is never read as lifting the whole rule. So is a ban said
 * right after it of the same room at hours only: both together say when the ban holds now.
 */
import {
  findTimes,
  isWordToken,
  meetsAsRestOfDay,
  minus,
  ONLY_KEPT,
  ONLY_NO,
  overlap,
  partPlacesWindows,
  Words,
} from "../../language/index.ts";
import { type Cond, withoutExplanation } from "./conditions.ts";
import { goesOnIn } from "./goes-on.ts";
import type { ReadCtx, Reading, RetractReading, RuleReading } from "./reading.ts";
import type { Span } from "./segments.ts";

/** Whether `r` is a permission for rooms only, at hours of its own, with none said no to yet. */
function permitsAtHours(r: Reading | undefined): r is RetractReading {
  return (
    r?.type === "retract" &&
    r.targets.length > 0 &&
    r.targets.every((t) => t.kind === "room") &&
    r.conditions.some((c) => c.kind === "time" && !c.negated) &&
    ![...r.conditions, ...r.exceptions].some((c) => (c.kind === "time" || c.kind === "text") && c.negated)
  );
}

/** The words of [a, b) less those of `times`, as one text. */
function wordsBeside(rc: ReadCtx, a: number, b: number, times: readonly { a: number; b: number }[]): string {
  return rc.tokens
    .slice(a, b)
    .filter((t, k) => isWordToken(t.w) && !times.some((c) => c.a <= a + k && a + k < c.b))
    .map((t) => t.w)
    .join(" ");
}

const SENTENCE_END = new Set([".", "!", "?", ";"]);

/**
 * "From 7 to 10 you can go in. In the day, no.": a sentence of hours and a "no" joined to the
 * permission before it (as what it says of when) says no to those hours; they are marked so,
 * never read as more hours the permission holds at.
 */
function sentencesSayingNo(rc: ReadCtx, r: RetractReading): void {
  let a = r.clause.a;
  for (let k = r.clause.a; k <= r.clause.b; k++) {
    if (k < r.clause.b && !SENTENCE_END.has(rc.tokens[k].w)) continue;
    // the sentence read to its end: "at night" may be joined to the permission, its "no" not
    let end = k;
    while (end < rc.tokens.length && !SENTENCE_END.has(rc.tokens[end].w)) end++;
    // "…, no, then I have a call": a reason after the "no" says why, and nothing of the hours
    end = withoutExplanation(rc.tokens, { a, b: end }).b;
    const times = r.conditions.filter((c) => c.kind === "time" && c.a >= a && c.b <= end);
    if (a > r.clause.a) saidAgainIn(rc, { a, b: end }, times);
    // "from one to three when I'm on calls, no": what goes on in the hours is read with them
    const doings = times.flatMap((c) => {
      const on = c.kind === "time" ? goesOnIn(rc.tokens, c.b, end, !!c.clock && !c.open) : undefined;
      return on ? [on] : [];
    });
    const rest = wordsBeside(rc, a, end, [...times, ...doings]);
    const kept = keptTo(rest, times, r);
    if (a > r.clause.a && times.length && (ONLY_NO.test(rest) || kept)) {
      const exact = placedOnly(rc, times);
      r.conditions = r.conditions.filter((c) => !times.includes(c) || exact.includes(c));
      for (const c of exact) if (c.kind === "time") sayNo(c, r.conditions);
    }
    a = k + 1;
  }
}

/**
 * "Nights only 9 to 7.": a sentence saying only "only" of clock hours, after a permission at other
 * hours, keeps the ban to them. Said of a part of the day alone ("At night only.") it may be the
 * permission narrowed as well, and is asked; so are hours the permission allows.
 */
function keptTo(rest: string, times: Cond[], r: RetractReading): boolean {
  const same = times.filter((c) => r.conditions.includes(c));
  return (
    ONLY_KEPT.test(rest) &&
    times.some((c) => c.kind === "time" && c.clock) &&
    !times.some((c) => permittedToo(r, c, same))
  );
}

/**
 * Whether `c` shares an hour with hours the permission holds at, said apart from it (a part of the day
 * said loosely whose edge the exact hours kept reach into shares none: "daytime ok. nights only 9 to 7").
 */
function permittedToo(r: RetractReading, c: Cond, same: readonly Cond[]): boolean {
  return r.conditions.some((x) => x.kind === "time" && !x.negated && !same.includes(x) && clashes(x, c));
}

/**
 * "Nights, 2100 to 0700, no.": a part of the day said bare beside clock hours with an end in it
 * only places them; the hours said exactly are the ones said no to, the part no window of its own.
 * So is a start said alone before the window that starts there ("after ten, from ten till seven").
 */
function placedOnly(rc: ReadCtx, said: Cond[]): Cond[] {
  const closed = said.flatMap((c) => (c.kind === "time" && c.clock && !c.open ? [c] : []));
  const startsAgain = (c: Cond) =>
    c.kind === "time" && c.open === "after" && closed.find((x) => x !== c && x.from === c.from);
  const times = said.filter((c) => {
    const full = startsAgain(c);
    if (full) widen(full, c);
    return !full;
  });
  const clock = times.flatMap((c) => (c.kind === "time" && c.clock ? [c] : []));
  if (clock.length !== 1) return times;
  const [exact] = clock;
  const placing = times.filter(
    (c) => c.kind === "time" && !c.clock && partPlacesWindows(new Words(rc.tokens, c.a, c.b).text, clock),
  );
  for (const c of placing) widen(exact, c);
  return times.filter((c) => !placing.includes(c));
}

/**
 * "Only after ten, from ten at night to five, no.": the same hours said twice in a sentence
 * were read as one window; the words of the second saying are that window's too (widened over
 * them), so the sentence's "no" is read with every hour it says.
 */
function saidAgainIn(rc: ReadCtx, s: Span, times: Cond[]): void {
  const w = new Words(rc.tokens, s.a, s.b);
  for (const t of findTimes(w.text, { repeats: true })) {
    const [a, b] = w.range(t.index, t.quote.length);
    if (times.some((c) => c.a < b && a < c.b)) continue;
    const same = times.find((c) => c.kind === "time" && c.from === t.from && c.to % 24 === t.to % 24);
    if (same) widen(same, { a, b });
  }
}

/** The window's words are its own and those said of it again, as said. */
function widen(c: Cond, by: Span): void {
  c.a = Math.min(c.a, by.a);
  c.b = Math.max(c.b, by.b);
}

/**
 * "nights only 10 to 6", "at night 2200-0600 no": a part of the day said bare just before the one
 * clock window of a clause of hours (only "only" or "just" between) places that window: its words
 * are the window's (copies, widened over them; the clause's words between stay its own).
 */
function withPlacingPart(rc: ReadCtx, clause: { a: number; b: number }, times: Cond[]): { times: Cond[]; part?: Span } {
  const [c] = times;
  if (times.length !== 1 || c.kind !== "time" || !c.clock) return { times };
  let b = c.a;
  while (b > clause.a && (!isWordToken(rc.tokens[b - 1].w) || BETWEEN_PART.has(rc.tokens[b - 1].w))) b--;
  for (let a = Math.max(clause.a, b - 3); a < b; a++)
    if (partPlacesWindows(new Words(rc.tokens, a, b).text, [c])) return { times: [{ ...c, a }], part: { a, b } };
  return { times };
}

/** Words that may stand between a part of the day and the clock hours it places. */
const BETWEEN_PART = new Set(["only", "just"]);

/**
 * Marks hours said no to. A part of the day said loosely ("in the mornings, no") after clock hours
 * the permission holds at ("from 7 to 10 pm you can go") ends where those begin: the hours the
 * user said exactly are the ones permitted, never cut by the loose edge of another sentence.
 */
function sayNo(c: Extract<Cond, { kind: "time" }>, conditions: Cond[]): void {
  c.negated = true;
  if (c.clock) return;
  let left = [{ fromHour: c.from, toHour: c.to }];
  for (const x of conditions)
    if (x.kind === "time" && x.clock && !x.negated)
      left = left.flatMap((w) => minus(w, { fromHour: x.from, toHour: x.to }));
  if (left.length !== 1) return;
  c.from = left[0].fromHour;
  c.to = left[0].toHour % 24;
}

export function hoursSaidNoAfterPermission(rc: ReadCtx, readings: Reading[]): Reading[] {
  const out: Reading[] = [];
  for (const r of readings) if (r.type === "retract") sentencesSayingNo(rc, r);
  for (const r of readings) {
    const prev = out.at(-1);
    if (r.type === "hours" && !r.retime && !r.exceptions.length && permitsAtHours(prev)) {
      const placed = withPlacingPart(
        rc,
        r.clause,
        r.conditions.filter((c) => c.kind === "time"),
      );
      const { times } = placed;
      const rest = wordsBeside(rc, r.clause.a, r.clause.b, [...r.conditions, ...(placed.part ? [placed.part] : [])]);
      const kept = keptTo(rest, times, prev);
      if (times.length && times.length === r.conditions.length && (ONLY_NO.test(rest) || kept)) {
        prev.conditions.push(...placedOnly(rc, times).map((c) => ({ ...c, negated: true })));
        prev.clause = { a: prev.clause.a, b: r.clause.b };
        continue;
      }
    }
    // "by day you may go in now. Only from 8 at night to 8 in the morning do you stay out": the
    // ban said after it, of the same room and only at hours, is what the permission leaves out
    if (r.type === "rule" && permitsAtHours(prev) && banOnlyAtHours(r, prev)) {
      // (the permission's clause stays its own: the ban's other words of when only restate its hours)
      prev.conditions.push(...r.conditions.map((c) => ({ ...c, negated: true })));
      continue;
    }
    out.push(r);
  }
  return out;
}

/** Whether `r` bans going into the one room `p` permits, at hours only, lasting as `p` does. */
function banOnlyAtHours(r: RuleReading, p: RetractReading): boolean {
  const q = r.requirement;
  const [g] = p.targets;
  return (
    q.kind === "avoid_room" &&
    p.targets.length === 1 &&
    g.kind === "room" &&
    g.room === q.room &&
    g.act !== "stop" &&
    r.persistence === p.persistence &&
    !r.exceptions.length &&
    r.conditions.length > 0 &&
    r.conditions.every((c) => c.kind === "time" && !c.negated) &&
    // hours allowed that reach into the hours kept say two things of one hour, and are asked
    // (retract.ts); a part of the day said loosely that meets the hours kept as the rest of the day does not
    !r.conditions.some((c) => p.conditions.some((x) => clashes(x, c)))
  );
}

function clashes(allowed: Cond, kept: Cond): boolean {
  if (allowed.kind !== "time" || kept.kind !== "time") return false;
  const a = { fromHour: allowed.from, toHour: allowed.to };
  const k = { fromHour: kept.from, toHour: kept.to };
  return overlap(a, k).length > 0 && (allowed.clock === true || !meetsAsRestOfDay(a, k));
}
