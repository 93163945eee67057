/**
 * The learner's safety net, in one place: after a message has been read into rules, which of its
 * words did the reading account for? A part left unread that says when (a time, an hour, "when …",
 * "unless …"), for how long (a one-off, a duration), where (a room) or that something already kept
 * should change ("instead", "actually", "scrap") may narrow, shorten or redirect what was asked;
 * a rule stored without it could be broader or more lasting than what was said. Such a reading is
 * asked back, with what was understood, rather than kept (issue 30: "when unsure, do less").
 *
 * It reads word classes of src/language (times, the when-words, one-off and duration markers,
 * room names, words of revision and retraction), never phrases.
 */
import {
  ADDITIVE,
  ASKS_NOTHING,
  BARE_HOUR_RANGE,
  BARE_PART_OF_DAY,
  CLOCK_NUMBER,
  CLOCK_SPAN_UNREAD,
  covers,
  DURATION,
  deniesSpeakersOwn,
  EVERY_DAY,
  EVERY_PART_OF_DAY,
  EXCEPTION_MARKER,
  EXPLAIN,
  FILLER,
  findTimes,
  GLOBAL,
  hourAfterUnknownWord,
  isHourDigits,
  isWordToken,
  LASTING,
  LEADING_JOIN,
  LIST_JOIN,
  MARKERS_ONLY,
  morningBefore,
  NEGATION,
  NOT_TASK_LOCAL,
  NUMBERED_HEADING,
  namesActivitySpan,
  namesHoursBeside,
  OPENS_CONDITION,
  opensWithSubject,
  PEOPLE_TIME,
  POLITE_FRAME,
  partHoldsWindows,
  partPlacesWindows,
  REASON_HEADING,
  RETRACT,
  REVISING,
  read as readNlp,
  refusesAtPointedTime,
  SCENE,
  STRONG_LASTING,
  sameRoom,
  saysNotTheRest,
  strayTimeWords,
  TASK_LOCAL,
  type Token,
  tellsWhatHappened,
  timeCandidates,
  VAGUE,
  WHEN_WORD,
  Words,
  withoutHabitualAllDay,
} from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import type { Seg } from "./clauses-in.ts";
import { doingsOf, notCondition, pointedBack } from "./conditions.ts";
import type { LearnItem } from "./items.ts";
import { oneOffDraft } from "./one-off-aside.ts";
import { type ReadCtx, type Reading, re } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

export type UnreadKind = "condition" | "one-off" | "room" | "update";

export interface Unread extends Span {
  kind: UnreadKind;
  /** the words left unread, as the tokens spell them */
  text: string;
  /** people's hours said in a sentence of their own: the cue of every reading but this one */
  of?: Reading;
}

/** The rooms a reading is about: the rule's room, a permission's, a revision's old and new one. */
function roomsOf(r: Reading): string[] {
  switch (r.type) {
    case "rule":
      return [...("room" in r.requirement ? [r.requirement.room] : []), ...(r.rooms ?? []).map((x) => x.room)];
    case "retract":
    case "narrow":
      return r.targets.flatMap((t) => (t.kind === "room" ? [t.room] : []));
    case "hours":
      return (r.retime?.targets ?? []).flatMap((t) => (t.kind === "room" ? [t.room] : []));
    case "reroom":
      return [r.to.room, r.from.room];
    default:
      return [];
  }
}

/** The token spans a reading took: what it quotes, its conditions, exceptions and scope. */
function spansOf(r: Reading): Span[] {
  if (r.type === "unclear") return [];
  const out: Span[] = [...r.conditions, ...r.exceptions, ...(r.scopeQuote ? [r.scopeQuote] : [])];
  if (r.type === "rule") out.push(...r.quotes, ...(r.rooms ?? []));
  if (r.type === "retract") out.push(r.quote);
  if (r.type === "hours" && r.retime) {
    out.push(...r.retime.before);
    if (r.retime.boundary) out.push(r.retime.boundary.quote);
  }
  if (r.type === "reroom") out.push(r.to, r.from);
  return out;
}

/** A reading that changes a rule in force: its words of change are what it read. */
const changes = (r: Reading) =>
  r.type === "reroom" ||
  r.type === "narrow" ||
  r.type === "retract" ||
  (r.type === "hours" && r.retime !== undefined) ||
  (r.type === "rule" && (r.revising === true || r.permissive === true));

/**
 * The parts of a message that say when, for how long, where or what to change, that none of its
 * readings accounts for. `segs` are the message's segments: a narrative ("you went in there last
 * night") tells what happened and limits nothing from now on.
 */
export function unreadCues(
  rc: ReadCtx,
  segs: readonly Seg[],
  readings: readonly Reading[],
  /** whether the message was read as a change to a rule in force (revise, replace, retract) */
  changing: boolean,
): Unread[] {
  const n = rc.tokens.length;
  const taken = new Array<boolean>(n).fill(false);
  const take = (s: Span) => {
    for (let k = Math.max(0, s.a); k < Math.min(n, s.b); k++) taken[k] = true;
  };
  const read = readings.filter((r) => r.type !== "unclear");
  for (const r of read) for (const s of [...spansOf(r), ...doingsOf(rc.tokens, r)]) take(s);
  const rooms = read.flatMap(roomsOf);
  // how long a reading holds is read from its whole clause: its markers of lasting are its own
  for (const r of read) {
    const w = new Words(rc.tokens, r.clause.a, r.clause.b);
    // "I'd rather you …": the polite frame of the request, no word of change
    const marks = [
      VAGUE,
      SCENE,
      GLOBAL,
      LASTING,
      EVERY_DAY,
      NOT_TASK_LOCAL,
      POLITE_FRAME,
      ...(r.persistence === "task_local" ? [TASK_LOCAL, DURATION] : []),
    ];
    for (const src of marks) for (const m of w.matches(re(src))) take(m);
    // "…, every night": a part of the day come round each day, beside hours within it, is read with them
    for (const m of everyPartHolding(w, r)) take(m);
    // "…, keep out during those hours": a time that points back at hours the reading holds is read with them
    if ([...r.conditions, ...r.exceptions].some((c) => c.kind === "time"))
      for (const m of pointedBack(rc.tokens, [r.clause])) take(m);
    // an hours reading reads whose hours they are ("she naps …") with them
    if (r.type === "hours") take(r.clause);
    if (changing || changes(r)) for (const src of [REVISING, RETRACT]) for (const m of w.matches(re(src))) take(m);
  }
  const hours = read.flatMap((r) => [...r.conditions, ...r.exceptions]).flatMap((c) => (c.kind === "time" ? [c] : []));
  // the readings whose own clause says they last, in words said of a habit only ("from now on")
  const lasting = read.filter(
    (r) => r.persistence === "persistent" && re(STRONG_LASTING).test(new Words(rc.tokens, r.clause.a, r.clause.b).text),
  );
  const sentenceOf = (k: number) => segs.find((g) => g.a <= k && k < g.b)?.sentence;
  // a ban read with its exception, or a permission read with when it holds: "otherwise" is the rest
  const excepted = read.some((r) => r.exceptions.length > 0 || (r.type === "retract" && r.conditions.length > 0));
  const out: Unread[] = [];
  for (const g of segs) {
    // "…, that's our study time": a part telling of a stretch of someone's day names when, as a reason does
    if (g.kind === "narrative" && !hours.length && namesActivitySpan(new Words(rc.tokens, g.a, g.b).text))
      out.push({ kind: "condition", a: g.a, b: g.b, text: new Words(rc.tokens, g.a, g.b).text });
    if (g.kind === "narrative" || g.kind === "filler") continue;
    for (const run of runs(rc, g, taken)) {
      const w = new Words(rc.tokens, run.a, run.b);
      const text = w.text;
      const cue = (kind: UnreadKind, s: Span = run) => out.push({ kind, a: s.a, b: s.b, text });
      const rest = new Words(rc.tokens, run.a, g.b).text;
      // "Item 2: …": a numbered heading before a colon counts the user's list, and says no hour
      if (NUMBERED_HEADING.test(text) && rc.tokens[run.b]?.w === ":") continue;
      // "…, but not otherwise": beside a ban read with its exception, the ban said again of the rest
      if (saysNotTheRest(text) && excepted) continue;
      // "…. during that window no entry": beside a reading that bans a room at one window, that ban said again
      if (refusesAtPointedTime(text) && read.some(bansOneWindow)) continue;
      // a reason ("because …", "the boards there are loose", "it blocks the stairs") is the rule's
      // rationale: its words say why, never when, where or what else
      // "I never look in the shed": the speaker's own habit, told, asks nothing either
      const own = deniesSpeakersOwn(new Words(rc.tokens, g.a, g.b).text);
      const why = g.kind === "explain" || re(EXPLAIN).test(text) || tells(text) || own || headedWhy(rc, segs, g);
      if (!why && isCondition(text, rest, hours)) cue("condition");
      // "stay out from now on, my sister comes next week": beside a request said to last, a time in
      // its reason is the reason's; without such a word the reason's time may bound the request, and is asked
      const reasons = why && lasting.some((r) => sentenceOf(r.clause.a) === sentenceOf(run.a));
      // "the den is mine in the evening. you don't come": a reason that says when may be when the
      // request holds, unless the request says it lasts; asked
      if (why && !reasons && findTimes(text).some((t) => !hours.some((h) => nested(t, h)))) cue("condition");
      // "keep out of the den, it's her nap time": a reason naming a stretch of someone's day, with
      // no hours read, says when the ban holds but not which hours: asked, never kept all day
      if (!hours.length && namesActivitySpan(text)) cue("condition");
      // "…, we're in and out of it the whole day long": the whole day a to-and-fro fills is a habit, no bound
      const bound = withoutHabitualAllDay(text);
      if ((re(TASK_LOCAL).test(bound) || re(DURATION).test(bound)) && !reasons) cue("one-off");
      // a word that only says what a room said before it is ("the den is my study": rooms-in) is
      // no room of its own: only a room the whole part also reads there is one
      if (!why) {
        const whole = roomsIn(rc.tokens, g.a, g.b, rc.house);
        for (const m of roomsIn(rc.tokens, run.a, run.b, rc.house))
          if (!m.anaphor && !rooms.some((x) => sameRoom(x, m.room)) && whole.some((x) => x.a < m.b && m.a < x.b))
            cue("room", m);
      }
      // "…, actually, the attic too": a lone filler between parts read changes nothing
      const fillers = rc.tokens.slice(run.a, run.b).every((t) => re(FILLER).test(t.w));
      // a change read with what follows it ("make it" before "json" asks for a format, no new value)
      const revising = re(REVISING).test(text) && re(REVISING).test(rest);
      if (!why && !fillers && (revising || dropsSomething(text))) cue("update");
    }
  }
  out.push(...strayBesideHours(rc, read), ...hoursBesideBans(rc, read));
  return out;
}

/**
 * "She naps in the den after lunch. Stay out.": people's hours said in a sentence of their own,
 * beside a room's ban of another sentence that holds all day, may be when the ban holds. Unless a
 * rule in force takes them (they are then its hours), the ban is asked, never kept all day.
 */
function hoursBesideBans(rc: ReadCtx, read: readonly Reading[]): Unread[] {
  const allDay = read.filter(
    (r) =>
      r.type === "rule" &&
      "room" in r.requirement &&
      ![...r.conditions, ...r.exceptions].some((c) => c.kind === "time"),
  );
  const out: Unread[] = [];
  for (const h of read) {
    if (h.type !== "hours" || h.retime) continue;
    if (!allDay.some((r) => r.clause.b <= h.clause.a || h.clause.b <= r.clause.a)) continue;
    const text = new Words(rc.tokens, h.clause.a, h.clause.b).text;
    out.push({ kind: "condition", a: h.clause.a, b: h.clause.b, text, of: h });
  }
  return out;
}

/** "…, every night": a part of the day come round each day in a reading's clause, beside hours of the reading within it. */
function everyPartHolding(w: Words, r: Reading): Span[] {
  if (r.type === "unclear") return [];
  const clock = r.conditions.flatMap((c) => (c.kind === "time" && !c.negated ? [c] : []));
  const byClock = clock.filter((c) => c.clock);
  // a part of the day inside a time phrase ("10 at night") is that phrase's, read or asked with it
  const phrases = timeCandidates(w.text).map((t) => w.range(t.index, t.quote.length));
  const bare = (m: Span) => !phrases.some(([a, b]) => a <= m.a && m.b <= b);
  return [
    ...[...w.matches(re(EVERY_PART_OF_DAY))].filter((m) => partHoldsWindows(m.m[0], clock)),
    // "evening, till nine": a part of the day said bare, an end of the clock hours in it
    ...[...w.matches(re(BARE_PART_OF_DAY))].filter((m) => bare(m) && partPlacesWindows(m.m[0], byClock)),
  ];
}

/**
 * "from six in the evening till nein at night": hours read beside time-like words no reading
 * took may be half of a window, or two windows for one; time-like words in a clause read with no
 * hours may be its window. The reading is asked, never kept.
 */
function strayBesideHours(rc: ReadCtx, read: readonly Reading[]): Unread[] {
  const out: Unread[] = [];
  const timeSpans = (r: Reading): Span[] =>
    r.type === "unclear"
      ? []
      : [
          ...[...r.conditions, ...r.exceptions].filter((c) => c.kind === "time"),
          ...(r.type === "hours" && r.retime ? r.retime.before : []),
        ];
  // what any reader read as hours ("make that the evening": a revision's) is read
  const hours = read.flatMap(timeSpans);
  for (const r of read) {
    if (r.type === "unclear") continue;
    // with hours read, time-like words beside them may be half a window; a room's ban read with no
    // condition at all, they may be its window ("off limits 9pm midnight"), kept all day without them
    const timed = [...r.conditions, ...r.exceptions].some((c) => c.kind === "time");
    const bare = r.type === "rule" && "room" in r.requirement && r.conditions.length + r.exceptions.length === 0;
    if (!timed && !bare) continue;
    const w = new Words(rc.tokens, r.clause.a, r.clause.b);
    const restated = everyPartHolding(w, r);
    for (const s of strayTimeWords(w.text)) {
      const [a, b] = w.range(s.index, s.word.length);
      if (out.some((x) => x.a === a) || [...hours, ...restated].some((h) => h.a <= a && b <= h.b)) continue;
      // "07:00-09:00 (morning rush)": a part of the day naming an occasion at the hours read names them
      const windows = [...r.conditions, ...r.exceptions].flatMap((c) => (c.kind === "time" ? [c] : []));
      if (namesHoursBeside(occasionFrom(rc, a, r.clause.b), windows)) continue;
      const end = Math.min(r.clause.b, b + 1) - 1;
      const text = rc.message.slice(rc.tokens[a].start, rc.tokens[end].end);
      out.push({ kind: "condition", a, b, text });
    }
  }
  return out;
}

/** The words from `a` up to the next mark or the clause's end, at most four: "morning rush" of "(morning rush)". */
function occasionFrom(rc: ReadCtx, a: number, end: number): string {
  let b = a;
  while (b < Math.min(end, a + 4) && isWordToken(rc.tokens[b].w)) b++;
  return new Words(rc.tokens, a, b).text;
}

const CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);

/**
 * A run of words that says when a rule holds: a time, a part of the day, "when …", "unless …".
 * `rest` runs from the run to the end of its segment; `hours` are the hours read already.
 */
function isCondition(text: string, rest: string, hours: readonly { from: number; to: number }[]): boolean {
  if (MARKERS_ONLY.test(text) || tellsWhatHappened(text)) return false;
  const times = findTimes(text);
  // "after midnight, like from 12 till 6": hours said again inside those read are those hours
  if (times.length) return times.some((t) => !hours.some((h) => nested(t, h)));
  // "afternoon 1 until 3": a part of the day said bare before hours read, which narrow it
  const part = timeCandidates(rest).find((t) => !t.clock && t.index === 0 && t.quote.length >= text.length);
  if (part && hours.some((h) => nested(part, h))) return false;
  // "…, 9 to 5": a bare range of the clock's numbers may be hours: asked, never dropped
  if (BARE_HOUR_RANGE.test(text)) return true;
  // "from ten to": a span of the clock begun and not read is hours not understood, asked
  if (!hours.length && CLOCK_SPAN_UNREAD.test(text)) return true;
  // "from 7 in the evening get to 9": a number of the clock left unread beside hours read may be their end
  if (hours.length && CLOCK_NUMBER.test(text)) return true;
  if (hourAfterUnknownWord(text)) return true;
  // "from 2 to 4, quiet time between lunch and the school run": people's times said right after
  // hours read, with no word that adds them ("and", "too"), name those hours again
  if (hours.length && restatesHours(text)) return false;
  // "9 to 5, my sleeping days": a part of the day naming an occasion at hours read names those hours
  if (namesHoursBeside(text, hours)) return false;
  const when = WHEN_WORD.exec(text) ?? EXCEPTION_MARKER.exec(text);
  if (when) {
    const from = rest.slice(rest.indexOf(when[0]));
    // "if you could", "when you are looking for it": politeness, the robot's own doing
    if (notCondition(from) || notCondition(rest)) return false;
    // "… if you just [didn't go in there]": a when-word whose clause is the act already read
    const own = text.slice(when.index + when[0].length);
    return OPENS_CONDITION.test(when[0]) ? readNlp(own).tokens.some((k) => CONTENT.has(k.pos)) : true;
  }
  // "… between 12 and 1, we have lunch then": a time of people beside hours read says why those hours
  return !hours.length && re(PEOPLE_TIME).test(text);
}

/** A run of people's times with no clock number, no negation and no word that adds it to others. */
function restatesHours(text: string): boolean {
  const first = text.split(" ")[0];
  return (
    re(PEOPLE_TIME).test(text) &&
    !CLOCK_NUMBER.test(text) &&
    !re(ADDITIVE).test(text) &&
    !NEGATION.test(text) &&
    !LEADING_JOIN.test(first) &&
    !LIST_JOIN.test(first)
  );
}

/**
 * "at night after 10", "from 12 till 6 … after midnight": a stretch of the day said again, wider or
 * narrower, around hours read is those hours
 */
function nested(t: { from: number; to: number }, h: { from: number; to: number }): boolean {
  const a = { fromHour: t.from, toHour: t.to };
  const b = { fromHour: h.from, toHour: h.to };
  // "in the morning, before 5": the morning read with an end before its start, from midnight
  return covers(a, b) || covers(b, a) || morningBefore(t, h);
}

/** A statement with a subject and a verb of its own: it tells, it asks nothing. */
function tells(text: string): boolean {
  return (
    (ASKS_NOTHING.test(text) && readNlp(text).tokens.some((k) => k.pos === "VERB" || k.pos === "AUX")) ||
    opensWithSubject(text)
  );
}

/** A part of a line headed as its reasons ("why: rats, and the steps are loose"): all of it says why. */
function headedWhy(rc: ReadCtx, segs: readonly Seg[], g: Seg): boolean {
  let first = segs.find((s) => s.sentence === g.sentence)?.a ?? g.a;
  // a list's bullet before the heading says nothing
  while (first < g.a && !isWordToken(rc.tokens[first].w)) first++;
  return REASON_HEADING.test(rc.tokens[first]?.w ?? "") && rc.tokens[first + 1]?.w === ":";
}

/** A verb of dropping with something after it to drop ("scrap that"); "…, no more" only stresses a limit. */
function dropsSomething(text: string): boolean {
  const m = re(RETRACT).exec(text);
  return m !== null && text.slice(m.index + m[0].length).trim().length > 0;
}

/** The runs of words of a segment that no reading took. */
function runs(rc: ReadCtx, g: Span, taken: readonly boolean[]): Span[] {
  const out: Span[] = [];
  let a = -1;
  for (let k = g.a; k <= g.b; k++) {
    // a number is a word here: "9 to 5" left unread is a run of its own
    const free = k < g.b && !taken[k] && (isWordToken(rc.tokens[k].w) || isHourDigits(rc.tokens[k].w));
    if (free && a < 0) a = k;
    if (!free && a >= 0) {
      out.push({ a, b: k });
      a = -1;
    }
  }
  return out;
}

/** The decisions that keep something beyond this task. */
const KEEPS = new Set<LearnItem["decision"]>(["add", "revise", "replace"]);

/**
 * What the learner does when its reading left a cue unread: an item that would keep a rule is
 * kept no broader than what was read. A one-off or a duration left unread makes it this task's
 * only (with the question whether it should last); a condition, a room or a word of change left
 * unread makes it a question with the reading said back, never a rule. A cue belongs to the
 * items read from its own sentence, or to every item when its sentence gave no reading of its own
 * ("Stay out of the den. Only while she naps, mind.").
 */
export function doLess(
  items: LearnItem[],
  origin: readonly Reading[],
  cues: readonly Unread[],
  sents: readonly Span[],
  tokens: readonly Token[],
): void {
  if (!cues.length) return;
  const sentenceAt = (k: number) => sents.findIndex((s) => s.a <= k && k < s.b);
  const readIn = new Set(origin.map((r) => sentenceAt(r.clause.a)));
  for (const [k, it] of items.entries()) {
    const d = it.draft;
    if (!d || !KEEPS.has(it.decision)) continue;
    const own = sentenceAt(origin[k].clause.a);
    const mine = cues.filter(
      (c) => c.of !== origin[k] && (sentenceAt(c.a) === own || !readIn.has(sentenceAt(c.a)) || c.of),
    );
    if (!mine.length) continue;
    const unread = mine.filter((c) => c.kind !== "one-off");
    if (!unread.length && it.decision === "add") {
      items[k] = {
        decision: "task_local",
        reason: "a one-off or a duration the reading did not account for: kept for this task only",
        clause: it.clause,
        persistence: "task_local",
        draft:
          origin[k].type === "rule"
            ? oneOffDraft(tokens, origin[k], d)
            : { ...d, persistence: "task_local", scope: "task" },
        question: `You said "${mine[0].text}": should I keep to it after this task too?`,
      };
      continue;
    }
    const c = unread[0] ?? mine[0];
    items[k] = {
      decision: "unclear",
      reason: `part of the message (${c.kind}: "${c.text}") was not read: nothing is kept until the user says`,
      clause: it.clause,
      persistence: it.persistence,
      draft: d,
      question: `I understood: ${describeRule(d)}. But I couldn't place "${c.text}": ${ASK[c.kind]}`,
    };
  }
}

const ASK: Record<UnreadKind, string> = {
  condition: "does it hold only then? Say it again with the hours and I'll keep to it.",
  "one-off": "is that for this task only, or from now on?",
  room: "which rooms should it cover?",
  update: "should it change a rule you gave me before? Tell me which, and what it becomes.",
};

/**
 * Whether a reading keeps a room out at one window and no other: a ban held at it, or a permission
 * that leaves it out (an exception to it, or hours said no to).
 */
function bansOneWindow(r: Reading): boolean {
  if (r.type === "rule") {
    const q = r.requirement;
    const times = r.conditions.filter((c) => c.kind === "time" && !c.negated);
    return (
      (q.kind === "avoid_room" || q.kind === "no_stop_in_room") &&
      times.length === 1 &&
      !r.exceptions.some((c) => c.kind === "time")
    );
  }
  if (r.type !== "retract" || !r.targets.length || !r.targets.every((t) => t.kind === "room")) return false;
  const left = [...r.exceptions, ...r.conditions].filter(
    (c) => c.kind === "time" && (c.negated || r.exceptions.includes(c)),
  );
  return left.length === 1 && !r.conditions.some((c) => c.kind === "time" && !c.negated);
}
