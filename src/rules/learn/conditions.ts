/**
 * When a clause applies, and for how long: clock windows and parts of the day; conditions about
 * people or states the robot cannot compute ("when the baby is asleep", "while I am on a call",
 * "at bedtime"), kept as such, never guessed into hours or dropped; exceptions ("unless I ask
 * you to", "except in the morning"); this house or every house; this task, lasting, or left
 * vague. Explanations ("that is when I clean it", "because the dog sleeps there") say why, not
 * when, and are cut off before any of this is read.
 */
import {
  AFTER_ASKED,
  ASKED,
  ASKED_BY_US,
  BARE_WHEN_YOU,
  bounded,
  CLAUSE_JOIN,
  CONCESSIVE,
  DAYS,
  DEMONSTRATIVE,
  DURATION,
  DURING,
  EMPHASIS,
  EVEN_BEFORE,
  EXCEPT,
  EXCEPTION_HEADING,
  EXPLAIN,
  FILLER,
  FINE_AFTER,
  FREE_WHEN,
  findTimes,
  GIVES_WAY_AFTER,
  GLOBAL,
  LASTING,
  LIKE_EXPLAINS,
  LIST_JOIN,
  lingeredFor,
  NEGATION,
  NOT_TASK_LOCAL,
  namesADay,
  ON_REQUEST,
  ONLY_NO,
  occasionIn,
  oneReplyIn,
  POINTED_TIME,
  POLITE_IF,
  purposeMovesEnd,
  ROBOT_ERRAND_WHEN,
  ROBOT_STOPS_WHEN,
  ROBOT_SUBJECT,
  ROBOT_WHEN,
  refusesHoursBefore,
  SCENE,
  SPEAKING_WHEN,
  STRONG_LASTING,
  saysASpan,
  TASK_LOCAL,
  type Token,
  tellsWhatHappened,
  UNLESS,
  VAGUE,
  WHEN_ASKED,
  WHEN_CLAUSE,
  Words,
  YOU_ARE,
} from "../../language/index.ts";
import { describesLeftOut, describesWindow } from "./goes-on.ts";

export { doingsOf, goesOnIn } from "./goes-on.ts";

import type { Cond } from "./cond.ts";
import type { Span } from "./segments.ts";

export type { Cond } from "./cond.ts";

/** A part without its explanation: "stay out of the bathroom because that is when …" ends at "because". */
export function withoutExplanation(tokens: readonly Token[], s: Span): Span {
  const w = new Words(tokens, s.a, s.b);
  for (const m of w.matches(bounded(EXPLAIN))) {
    // "right so the thing is …", "ok so when you …", and "so …" opening the message: "so" after
    // nothing but fillers opens what is said, as a discourse marker; it explains nothing said before it
    if (m.m[0] === "so" && ((m.a > s.a && onlyFillers(tokens, s.a, m.a)) || onlyFillers(tokens, 0, m.a))) continue;
    if (m.m[0].startsWith("so") && purposeMovesEnd(new Words(tokens, m.b, s.b).text)) continue;
    return { a: s.a, b: m.a };
  }
  return s;
}

/** A part that is all explanation. */
export function isExplanation(tokens: readonly Token[], s: Span): boolean {
  const m = new Words(tokens, s.a, s.b).first(bounded(EXPLAIN));
  // "so the loft, you never go in there": a "so" that opens the message follows nothing it could
  // be the consequence of; it only opens the talk
  if (m?.m[0] === "so" && onlyFillers(tokens, 0, m.a)) return false;
  if (LIKE_EXPLAINS.test(new Words(tokens, s.a, s.b).text)) return true;
  return m !== undefined && m.a === s.a;
}

/** Nothing but fillers ("ok", "right", "um") in tokens [a, b). */
const onlyFillers = (tokens: readonly Token[], a: number, b: number) =>
  tokens.slice(a, b).every((t) => bounded(FILLER).test(t.w));

/** A part that reads as a condition but is none: the robot's own doing, or politeness. */
export function notCondition(text: string): boolean {
  return (
    ROBOT_WHEN.test(text) ||
    // "while I think of it": when the message is said, not when a rule holds
    SPEAKING_WHEN.test(text) ||
    // "you cover the boots when you sit there": the stop itself, the reason a ban on stopping gives
    ROBOT_STOPS_WHEN.test(text) ||
    ROBOT_ERRAND_WHEN.test(text) ||
    POLITE_IF.test(text) ||
    // "even late at night": emphasis on always
    EMPHASIS.test(text) ||
    // "not even if I ask": concessive, the act holds then too
    CONCESSIVE.test(text) ||
    BARE_WHEN_YOU.test(text) ||
    // "you can use the den whenever you like, …": the robot's free choice
    FREE_WHEN.test(text)
  );
}

/** "exception: 17:00-19:00": a part right after a heading of exception and its colon, the heading opening its sentence. */
function headedException(tokens: readonly Token[], a: number): boolean {
  return (
    tokens[a - 1]?.w === ":" &&
    EXCEPTION_HEADING.test(tokens[a - 2]?.w ?? "") &&
    (a === 2 || PHRASE_END.has(tokens[a - 3].w))
  );
}

/**
 * Whether a condition [a, b) opening a sentence of its own is followed, to the sentence's end, by
 * words that say the rule gives way then ("If I call you, that's different.").
 */
function givesWayAfter(tokens: readonly Token[], a: number, b: number): boolean {
  if (a > 0 && !SENTENCE_END.has(tokens[a - 1].w)) return false;
  let e = b;
  while (e < tokens.length && !SENTENCE_END.has(tokens[e].w)) e++;
  return e > b && GIVES_WAY_AFTER.test(new Words(tokens, b, Math.min(tokens.length, e + 1)).text);
}

const SENTENCE_END = new Set([".", "!", "?", ";"]);

/** Marks that close a phrase said after hours: "…, no." */
const PHRASE_END = new Set([".", "!", "?", ":", ";"]);

/** "from six to eight, no", "at night no way": a no after hours ending at b, closing their phrase, says no to them too. */
function saidNoAfter(tokens: readonly Token[], b: number, end: number): boolean {
  // "but from two to four, no.": a no alone, set off by a comma (a part of its own), closing the sentence
  if (tokens[b]?.w === ",") {
    let e = b + 1;
    while (e < tokens.length && !CLAUSE_JOIN.test(tokens[e].w) && !PHRASE_END.has(tokens[e].w)) e++;
    const closes = e >= tokens.length || PHRASE_END.has(tokens[e].w);
    if (e > b + 1 && closes && ONLY_NO.test(new Words(tokens, b + 1, e).text)) return true;
  }
  let e = b;
  while (e < end && !CLAUSE_JOIN.test(tokens[e].w) && !PHRASE_END.has(tokens[e].w)) e++;
  const text = new Words(tokens, b, e).text;
  // "in the mornings just not at night": a no before hours of its own says no to those, not these
  if (findTimes(text).length) return false;
  return e > b && (ONLY_NO.test(text) || refusesHoursBefore(text));
}

export interface When {
  conditions: Cond[];
  exceptions: Cond[];
  /** Clauses of when read as what goes on in hours beside them (`describesWindow`): read, no condition. */
  described?: Span[];
}

/**
 * "for the whole of next week", "on school nights": days no clock gives the robot, kept as said;
 * a part of the day inside them ("nights") is theirs, not a window of its own.
 */
function daysIn(tokens: readonly Token[], cut: Span[]): Span[] {
  const days: Span[] = [];
  for (const p of cut)
    for (const src of [DURATION, DAYS])
      for (const m of new Words(tokens, p.a, p.b).matches(bounded(src))) {
        // "tomorrow's lessons": a day that owns a thing names the thing, not when the rule holds
        if (days.some((d) => m.a < d.b && d.a < m.b) || tokens[m.b]?.w === "'s") continue;
        // "don't loiter in the porch all day": how long it lingers, said of the stop itself
        if (lingeredFor(new Words(tokens, p.a, m.a).text, new Words(tokens, m.a, m.b).text)) continue;
        // "on mondays or wednesdays": either day, one condition
        const prev = days.find((d) => d.b <= m.a && tokens.slice(d.b, m.a).every((t) => LIST_JOIN.test(t.w)));
        if (prev) prev.b = m.b;
        else days.push({ a: m.a, b: m.b });
      }
  return days;
}

/** Conditions and exceptions said in the parts of one clause. `requirement` spans (the act itself) are no condition. */
export function conditionsIn(tokens: readonly Token[], parts: Span[], act: Span[], rooms: boolean): When {
  const conditions: Cond[] = [];
  const exceptions: Cond[] = [];
  const overlaps = (x: Span, ys: { a: number; b: number }[]) => ys.some((y) => x.a < y.b && y.a < x.b);
  const cut = parts.map((p) => withoutExplanation(tokens, p)).filter((p) => p.b > p.a);
  const taken: Span[] = [];
  const days = daysIn(tokens, cut);
  // times are read over the clause at once: "In the evening, between 6 and 8" is one window
  if (cut.length) {
    const all = new Words(tokens, Math.min(...cut.map((p) => p.a)), Math.max(...cut.map((p) => p.b)));
    // every saying of a window: one said again under a negation contradicts it, and is kept to be asked
    for (const t of findTimes(all.text, { repeats: true })) {
      const [a, b] = all.range(t.index, t.quote.length);
      const p = cut.find((x) => x.a <= a && b <= x.b);
      if (!p || overlaps({ a, b }, days)) continue;
      const before = new Words(tokens, Math.max(p.a, a - 6), a).text;
      const after = new Words(tokens, b, Math.min(p.b, b + 4)).text;
      taken.push({ a, b });
      // "always tell me the room, even late at night": emphasis on always, no window
      if (EVEN_BEFORE.test(before)) continue;
      const c: Cond = {
        kind: "time",
        from: t.from,
        to: t.to,
        a,
        b,
        ...(t.guessed ? { guessed: true } : {}),
        ...(t.open ? { open: t.open } : {}),
        ...(t.clock ? { clock: true } : {}),
      };
      // the words of its own phrase, back to the last comma or conjunction, hold a negation
      let k = a;
      while (k > Math.max(p.a, a - 6) && !CLAUSE_JOIN.test(tokens[k - 1].w)) k--;
      if (NEGATION.test(new Words(tokens, k, a).text) || saidNoAfter(tokens, b, p.b)) c.negated = true;
      const again = (x: Cond) =>
        x.kind === "time" && x.from === c.from && x.to % 24 === c.to % 24 && !!x.negated === !!c.negated;
      if (conditions.some(again) || exceptions.some(again)) continue;
      if (EXCEPT.test(before) || FINE_AFTER.test(after) || headedException(tokens, p.a)) exceptions.push(c);
      else conditions.push(c);
      taken.push({ a, b });
    }
  }
  // "except on sundays": days after an exception word are when the rule gives way, as hours are
  const excepted = (s: Span) => EXCEPT.test(new Words(tokens, Math.max(0, s.a - 4), s.a).text);
  for (const d of days) {
    (excepted(d) ? exceptions : conditions).push({ kind: "text", a: d.a, b: d.b });
    taken.push(d);
  }
  for (const p of cut) {
    const w = new Words(tokens, p.a, p.b);
    const ask = w.first(ASKED);
    if (ask) {
      exceptions.push(rooms ? { kind: "asked", a: ask.a, b: ask.b } : { kind: "text", a: ask.a, b: ask.b });
      taken.push({ a: ask.a, b: ask.b });
    }
    const unless = w.first(UNLESS);
    if (unless && !overlaps(unless, taken)) {
      exceptions.push({ kind: "text", a: unless.a, b: unless.b });
      taken.push({ a: unless.a, b: unless.b });
    }
    const opens = w.first(WHEN_CLAUSE);
    // "just this once give me …": "once" after a demonstrative is the one-off's adverb, no subordinator
    const found =
      opens && tokens[opens.a].w === "once" && DEMONSTRATIVE.has(tokens[opens.a - 1]?.w ?? "") ? undefined : opens;
    // "if grandma is visiting do not go in …": a fronted condition ends where the requirement starts;
    // "… as long as you do not stop there" holds the requirement itself and is no condition
    const inside = found ? act.filter((s) => s.a > found.a && s.a < found.b).map((s) => s.a) : [];
    const fronted = found !== undefined && found.a === p.a;
    const when = found && (fronted || inside.length === 0) ? conditionSpan(tokens, found, inside) : undefined;
    if (when && when.b - when.a > 2 && !overlaps(when, taken) && !act.some((s) => s.a < when.a && s.b > when.a)) {
      const said = new Words(tokens, when.a, when.b).text;
      const timeOnly = findTimes(said).some((t) => t.quote.length >= said.length - 8);
      const vague = bounded(VAGUE).test(said);
      const scope = bounded(SCENE).test(said) && YOU_ARE.test(said);
      // "I'd prefer it if you …": the politeness starts before the "if"
      const polite = notCondition(new Words(tokens, p.a, when.b).text);
      // "while I had people over": what happened, told in the past, is no condition of a rule from now on;
      // "when expressly asked by me" is the user asking, in the passive, no news
      const happened = tellsWhatHappened(said) && !bounded(ASKED_BY_US).test(said);
      if (!notCondition(said) && !polite && !timeOnly && !vague && !scope && !happened) {
        // "when I tell you to": the user asking, which a permission or an "only" turns into the rule's exception
        // "…, just not while I'm cooking": the clause's own phrase, back to the last comma or
        // conjunction, holds a negation, so it says when a permission beside it does not hold
        let k = when.a;
        while (k > Math.max(p.a, when.a - 4) && !CLAUSE_JOIN.test(tokens[k - 1].w)) k--;
        const negated = k < when.a && NEGATION.test(new Words(tokens, k, when.a).text);
        // "if I call you, that's different": said after it, the rule gives way then
        const into = givesWayAfter(tokens, when.a, when.b) ? exceptions : conditions;
        if (rooms && WHEN_ASKED.test(said)) into.push({ kind: "asked", a: when.a, b: when.b });
        else into.push({ kind: "text", a: when.a, b: when.b, ...(negated ? { negated: true } : {}) });
        taken.push({ a: when.a, b: when.b });
      }
    }
    const asked = rooms ? askedAfter(w, taken) : undefined;
    if (asked) conditions.push(asked);
    // "except at my request" gives way when asked; "only at my request" is asked of the act, as
    // "only when I ask" is
    const onRequest = rooms ? w.first(ON_REQUEST) : undefined;
    if (onRequest && !overlaps(onRequest, taken)) {
      (excepted(onRequest) ? exceptions : conditions).push({ kind: "asked", a: onRequest.a, b: onRequest.b });
      taken.push({ a: onRequest.a, b: onRequest.b });
    }
    for (const d of w.matches(DURING)) {
      if (overlaps(d, taken)) continue;
      (excepted(d) ? exceptions : conditions).push({ kind: "text", a: d.a, b: d.b });
      taken.push({ a: d.a, b: d.b });
    }
  }
  const times = [...conditions, ...exceptions];
  const described = conditions.filter((c) => describesWindow(tokens, c, times));
  return {
    conditions: conditions.filter((c) => !describesLeftOut(tokens, c, exceptions) && !described.includes(c)),
    exceptions,
    described: described.map(({ a, b }) => ({ a, b })),
  };
}

/** "only after I've called you": the user asking, said after "after", as "when I ask" is; taken when read. */
function askedAfter(w: Words, taken: Span[]): Cond | undefined {
  const m = w.first(AFTER_ASKED);
  if (!m || taken.some((y) => m.a < y.b && y.a < m.b)) return undefined;
  taken.push({ a: m.a, b: m.b });
  return { kind: "asked", a: m.a, b: m.b };
}

export type Lasting = "persistent" | "task_local" | "defer";

/** Marks that end a clause said after hours. */
/**
 * "I nap 1300 to 1500, keep out throughout those hours": a time said by pointing back, in a clause
 * whose parts say one window, is that window: neither a one-off ("in this time") nor a condition
 * of its own. With no hours said, or several, it stays what it was (a one-off, or a condition in
 * the user's words that is asked).
 */
export function pointedBack(tokens: readonly Token[], parts: readonly Span[]): Span[] {
  const found = parts.flatMap((p) => [...new Words(tokens, p.a, p.b).matches(bounded(POINTED_TIME))]);
  if (!found.length) return [];
  const windows = new Set<string>();
  for (const p of parts) {
    const w = new Words(tokens, p.a, p.b);
    for (const t of findTimes(w.text)) {
      const [a, b] = w.range(t.index, t.quote.length);
      if (!found.some((f) => f.a <= a && b <= f.b)) windows.add(`${t.from}-${t.to % 24}`);
    }
  }
  // "Gran naps in the den from 2 to 4. That time nobody goes in.": with no hours of its own, the
  // clause points at the one window said before it in the message, as a closing "then" does
  if (!windows.size && saysOneWindowBefore(tokens, parts[0]?.a ?? 0)) return found.map((m) => ({ a: m.a, b: m.b }));
  // two windows said ("I work nights, I sleep 8 to 4"): which one it points at is the user's to say
  return windows.size === 1 ? found.map((m) => ({ a: m.a, b: m.b })) : [];
}

/** One window and no other time said before `from` (a moment, a day and two windows are not one). */
function saysOneWindowBefore(tokens: readonly Token[], from: number): boolean {
  const before = new Words(tokens, 0, from);
  const times = findTimes(before.text);
  const spans = times.filter((t) => !t.open && (!t.clock || saysASpan(t.quote)));
  return (
    times.length > 0 &&
    times.length === spans.length &&
    new Set(spans.map((t) => `${t.from}-${t.to % 24}`)).size === 1 &&
    !namesADay(before.text)
  );
}

/** How long a clause lasts: this task, left vague, or lasting (also when nothing says so). Parts that only lead up to it (`weak`) say nothing about how long. */
export function persistenceOf(
  tokens: readonly Token[],
  parts: Span[],
  main?: Span,
  rooms: readonly Span[] = [],
  /** times that point back at hours said (`pointedBack`): no one-off */
  pointers: readonly Span[] = pointedBack(tokens, parts),
): { persistence: Lasting; marker?: Span; said: boolean } {
  // "this time skip the office and in general keep answers short": the act's own "in general" wins
  if (main) {
    const w = new Words(tokens, main.a, withoutExplanation(tokens, main).b);
    const strong = w.first(bounded(STRONG_LASTING));
    if (strong && !w.first(bounded(TASK_LOCAL)))
      return { persistence: "persistent", marker: { a: strong.a, b: strong.b }, said: true };
  }
  // "never go in, not today, not ever": the moment and every other, said in parts of their own
  if (parts.length > 1) {
    const across = new Words(tokens, Math.min(...parts.map((p) => p.a)), Math.max(...parts.map((p) => p.b)));
    const not = across.first(bounded(NOT_TASK_LOCAL));
    if (not) return { persistence: "persistent", marker: { a: not.a, b: not.b }, said: true };
  }
  let lasting: Span | undefined;
  for (const raw of parts) {
    const p = withoutExplanation(tokens, raw);
    const w = new Words(tokens, p.a, p.b);
    const not = w.first(bounded(NOT_TASK_LOCAL));
    if (not) return { persistence: "persistent", marker: { a: not.a, b: not.b }, said: true };
    const t = [...w.matches(bounded(TASK_LOCAL))].find((m) => !pointers.some((x) => x.a <= m.a && m.b <= x.b));
    if (t) return { persistence: "task_local", marker: { a: t.a, b: t.b }, said: true };
    // "jus this tym, skip …": an occasion the task words do not name is still this one, unless lasting is said
    const o = occasionIn(tokens, p.a, p.b, (k) => [...rooms, ...pointers].some((r) => r.a <= k && k < r.b));
    if (o && !parts.some((q) => new Words(tokens, q.a, q.b).first(bounded(STRONG_LASTING))))
      return { persistence: "task_local", marker: o, said: true };
    const l = w.first(bounded(LASTING));
    if (l && !lasting) lasting = { a: l.a, b: l.b };
  }
  // "a short answer is enough", "the next reply in one line": one answer, the one at hand, unless lasting is said
  if (!lasting)
    for (const raw of parts) {
      const p = withoutExplanation(tokens, raw);
      const one = oneReplyIn(tokens, p.a, p.b);
      if (one) return { persistence: "task_local", marker: one, said: true };
    }
  for (const raw of parts) {
    const p = withoutExplanation(tokens, raw);
    const v = new Words(tokens, p.a, p.b).first(bounded(VAGUE));
    if (v) return { persistence: "defer", marker: { a: v.a, b: v.b }, said: true };
  }
  return lasting
    ? { persistence: "persistent", marker: lasting, said: true }
    : { persistence: "persistent", said: false };
}

/** This house or every house: the words that say so. */
export function scopeOf(
  tokens: readonly Token[],
  parts: Span[],
  rooms: readonly Span[] = [],
): { scope: "global" | "scene"; quote?: Span } {
  for (const raw of parts) {
    const p = withoutExplanation(tokens, raw);
    const w = new Words(tokens, p.a, p.b);
    const g = w.first(bounded(GLOBAL));
    if (g) return { scope: "global", quote: { a: g.a, b: g.b } };
  }
  for (const raw of parts) {
    const p = withoutExplanation(tokens, raw);
    const w = new Words(tokens, p.a, p.b);
    for (const s of w.matches(bounded(SCENE))) {
      // a bare "here" only at the edge of a part: "here, stay out of …", "… the garage here"
      if (s.m[0] === "here" && s.a !== p.a && s.b !== p.b) continue;
      // "out of the home office": a word of the house inside a room's name says nothing of which house
      if (rooms.some((r) => r.a < s.b && s.a < r.b)) continue;
      return { scope: "scene", quote: { a: s.a, b: s.b } };
    }
  }
  return { scope: "global" };
}

/**
 * A when-clause's words: to the start of the requirement inside it, if any. "when the door is open
 * you stay out …": the robot named as the requirement's subject, with no comma before it, opens the
 * requirement, not the end of the condition.
 */
function conditionSpan(tokens: readonly Token[], found: Span, inside: readonly number[]): Span {
  if (!inside.length) return { a: found.a, b: found.b };
  let b = Math.min(...inside);
  while (b - 1 > found.a && ROBOT_SUBJECT.has(tokens[b - 1].w)) b--;
  return { a: found.a, b };
}

/**
 * Words of how long said inside a clause ("this time", "only today", "ever"): like hours read as a
 * condition, they stand between a fronted room and its verb ("the den only today don't go in") or
 * after the verb ("the shed you do not go in today") without being the verb's object. How long
 * the rule holds is read from them elsewhere (persistenceOf).
 */
export function howLongSaid(tokens: readonly Token[], main: Span): Span[] {
  const w = new Words(tokens, main.a, main.b);
  return [...w.matches(bounded(`(?:only )?(?:${TASK_LOCAL}|${LASTING})`))].map((m) => ({ a: m.a, b: m.b }));
}
