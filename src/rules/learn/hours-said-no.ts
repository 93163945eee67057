/**
 * "The den is fine by day now. At night, still no.": hours said alone with only a "no" beside
 * them, right after a permission for a room that says hours of its own, are the hours that
 * permission leaves out. Joined to it as hours said no to, they keep the ban for those hours
 * (retract.ts), so the permission is never read as lifting the whole rule. So is a ban said
 * right after it of the same room at hours only: both together say when the ban holds now.
 */
import { isWordToken, meetsAsRestOfDay, minus, ONLY_NO, overlap } from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import type { ReadCtx, Reading, RetractReading, RuleReading } from "./reading.ts";

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
    const times = r.conditions.filter((c) => c.kind === "time" && c.a >= a && c.b <= end);
    if (a > r.clause.a && times.length && ONLY_NO.test(wordsBeside(rc, a, end, times)))
      for (const c of times) if (c.kind === "time") sayNo(c, r.conditions);
    a = k + 1;
  }
}

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
      const times = r.conditions.filter((c) => c.kind === "time");
      const rest = wordsBeside(rc, r.clause.a, r.clause.b, times);
      if (times.length && times.length === r.conditions.length && ONLY_NO.test(rest)) {
        prev.conditions.push(...times.map((c) => ({ ...c, negated: true })));
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
