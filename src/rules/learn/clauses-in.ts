/**
 * A message's clauses: each thing it asks, with the parts that only say when, where, for how long
 * or why. A message can ask several things and say their hours in a part or a sentence of their
 * own; each ask is read with its own parts so that hours said for one rule never land on another,
 * and a part that only names rooms goes on the list before it, so the act is about every room of it.
 */
import {
  ADDITIVE,
  actOf,
  BARE_REFUSAL,
  DETERMINER,
  EXCEPTION_MARKER,
  elliptical,
  FIELDS_AFTER_COLON,
  FILLER,
  FINE,
  FOR_THE_ROBOT,
  findTimes,
  GLOBAL,
  greets,
  handsToHours,
  isHeading,
  isWordToken,
  JOINER,
  keepsAsIs,
  LASTING,
  LEADING_JOIN,
  LIST_JOIN,
  MARKER_LEAD,
  NARRATIVE,
  NEGATION_WORD,
  NOT_TASK_LOCAL,
  namesStretchAlone,
  onlyAtHours,
  onlyChangesWhatItPointsAt,
  PERMIT_INTO_IT,
  PRONOUN_FINE,
  permitsOnlyOutside,
  permittedHours,
  REPLACED_LEAD,
  REVISING,
  reassuresOrThanks,
  refusedByClosingNo,
  refusesAtHours,
  refusesWhen,
  SCENE,
  SPEAKER_WANTS_FIELDS,
  STOP,
  SUBORDINATE,
  stretchOpeningAt,
  TASK_LOCAL,
  type Token,
  takesBackWhatItPointsAt,
  talksAboutARule,
  VAGUE,
  WHEN_YOU,
  Words,
} from "../../language/index.ts";
import { type ClauseIn, type ReadCtx, readClause } from "./clause.ts";
import { conditionsIn, isExplanation, withoutExplanation } from "./conditions.ts";
import { frontedFor, frontedParts } from "./fronted-parts.ts";
import { re } from "./reading.ts";
import { refusesOnCondition } from "./refused-when.ts";
import { pointedBackAt, roomsIn } from "./rooms-in.ts";
import { type Span, segments } from "./segments.ts";
import { toldAfter } from "./told-fact.ts";
import { topicBefore } from "./topic-before.ts";

/** "contradicts": hours permitted beside a ban that the ban holds (permittedBeside) */
type Kind = "act" | "hours" | "mod" | "explain" | "filler" | "narrative" | "contradicts" | "none";

export interface Seg extends Span {
  sentence: number;
  kind: Kind;
}

/** A part that only says when, where, for how long: nothing is left once its markers are taken out. */
function onlyMarkers(tokens: readonly Token[], s: Span): boolean {
  const p = withoutExplanation(tokens, s);
  const w = new Words(tokens, p.a, p.b);
  const taken = new Array(p.b - p.a).fill(false);
  const take = (a: number, b: number) => {
    for (let k = a; k < b; k++) taken[k - p.a] = true;
  };
  const said = tokens.map((t) => t.w);
  for (const t of findTimes(w.text)) {
    const [a, b] = w.range(t.index, t.quote.length);
    take(a, b);
    // "from the morning prayers at five till six": the stretch the window opens with is its start
    const from = stretchOpeningAt(said, a);
    if (from !== undefined && from >= p.a) take(from, a);
  }
  for (const src of [TASK_LOCAL, NOT_TASK_LOCAL, LASTING, VAGUE, SCENE, GLOBAL])
    for (const m of w.matches(re(src))) take(m.a, m.b);
  // "except between 6 and noon", "when you are in this house": the marker is the rest
  const excepts = new Set<number>();
  for (const m of w.matches(EXCEPTION_MARKER)) {
    take(m.a, m.b);
    excepts.add(m.a);
  }
  for (const m of w.matches(WHEN_YOU)) take(m.a, m.b);
  const when = conditionsIn(tokens, [p], [], true);
  // a "once" of a marker read ("just this once") opens no clause of when; one an exception marker opens is all markers
  for (const c of [...when.conditions, ...when.exceptions, ...(when.described ?? [])])
    if (!taken[c.a - p.a] || excepts.has(c.a)) take(c.a, c.b);
  // "just for this afternoon": the words that only lead into a marker are the marker's
  for (let k = p.b - 2; k >= p.a; k--) if (taken[k + 1 - p.a] && MARKER_LEAD.test(tokens[k].w)) taken[k - p.a] = true;
  for (let k = p.a; k < p.b; k++) {
    const x = tokens[k].w;
    // "…, just not at night": a negation beside the markers says the hours are left out of the act before
    // "…, but not when the baby sleeps": the conjunction before them joins them to that act
    if (
      !isWordToken(x) ||
      re(FILLER).test(x) ||
      x === "only" ||
      x === "please" ||
      NEGATION_WORD.test(x) ||
      (k === p.a && JOINER.test(x))
    )
      taken[k - p.a] = true;
  }
  return taken.every(Boolean);
}

/**
 * "don't go in the gym, the attic or the cellar": a part that only names rooms (with their
 * articles and the words joining a list) goes on the list of the part before it, so every room
 * of the list is the verb's, not only the first.
 */
function roomLists(rc: ReadCtx, segs: Span[]): Span[] {
  const out: Span[] = [];
  const fillerOnly = (s: Span) => rc.tokens.slice(s.a, s.b).every((t) => !isWordToken(t.w) || re(FILLER).test(t.w));
  for (const [j, g] of segs.entries()) {
    // "…, and the attic, stay out of it for good": rooms set off before a part whose first room
    // points back at them are that part's topic, never more of the list before them
    const after = segs[j + 1];
    if (after && roomsIn(rc.tokens, g.a, after.b, rc.house).find((r) => r.a >= after.a)?.anaphor) {
      out.push(g);
      continue;
    }
    // "never the den, sorry, the attic too": a part of fillers alone between the act and the room added
    const back = out.length - (out.length > 1 && fillerOnly(out[out.length - 1]) ? 2 : 1);
    const rooms = roomsIn(rc.tokens, g.a, g.b, rc.house).filter((r) => !r.anaphor);
    const adds = new Words(rc.tokens, g.a, g.b).first(re(ADDITIVE));
    // "…, the attic too", "…, oh and the pantry as well": a room added with a word of addition (and
    // fillers) is on the list too; without one ("…, actually the attic") it may replace, and is not
    const addsRoom =
      rooms.length > 0 &&
      adds !== undefined &&
      rc.tokens
        .slice(g.a, g.b)
        .every(
          (t, k) =>
            rooms.some((r) => r.a <= g.a + k && g.a + k < r.b) ||
            (adds.a <= g.a + k && g.a + k < adds.b) ||
            LIST_JOIN.test(t.w) ||
            DETERMINER.test(t.w) ||
            !isWordToken(t.w) ||
            re(FILLER).test(t.w) ||
            re(ADDITIVE).test(t.w),
        );
    const prev = addsRoom ? out[back] : out.at(-1);
    // "…, the attic after 11": a room with hours of its own is on the list too, the hours its own (clause.ts)
    const gw = new Words(rc.tokens, g.a, g.b);
    const hours = findTimes(gw.text).map((t) => gw.range(t.index, t.quote.length));
    const listOnly =
      rooms.length > 0 &&
      rc.tokens
        .slice(g.a, g.b)
        .every(
          (t, k) =>
            rooms.some((r) => r.a <= g.a + k && g.a + k < r.b) ||
            hours.some(([a, b]) => a <= g.a + k && g.a + k < b) ||
            LIST_JOIN.test(t.w) ||
            DETERMINER.test(t.w) ||
            t.w === "nor" ||
            t.w === "either",
        );
    // "I meant the pantry, not the kitchen": the room replaced belongs to the revision before it
    const first = rooms[0];
    const replaced =
      rooms.length === 1 && first.b === g.b && REPLACED_LEAD.test(new Words(rc.tokens, g.a, first.a).text);
    const revising = prev !== undefined && re(REVISING).test(new Words(rc.tokens, prev.a, prev.b).text);
    // "not the kitchen, I meant the pantry": the room replaced said first, then the revision
    const last = out[back];
    const lastRooms = last ? roomsIn(rc.tokens, last.a, last.b, rc.house).filter((r) => !r.anaphor) : [];
    const replacedFirst =
      last !== undefined &&
      rooms.length === 1 &&
      re(REVISING).test(new Words(rc.tokens, g.a, g.b).text) &&
      lastRooms.length === 1 &&
      lastRooms[0].b === last.b &&
      REPLACED_LEAD.test(new Words(rc.tokens, last.a, lastRooms[0].a).text);
    if (replacedFirst) {
      out.splice(back, out.length, { a: last.a, b: g.b });
      continue;
    }
    if (
      prev &&
      (listOnly || addsRoom || (replaced && revising)) &&
      roomsIn(rc.tokens, prev.a, prev.b, rc.house).length
    ) {
      out.splice(out.indexOf(prev), out.length, { a: prev.a, b: g.b });
      continue;
    }
    out.push(g);
  }
  return out;
}

/** An ellipsis of the act before it that names no room and no time: it stresses that act, asks nothing. */
function stressesOnly(rc: ReadCtx, g: Span, text: string): boolean {
  return elliptical(text) && !roomsIn(rc.tokens, g.a, g.b, rc.house).length && !findTimes(text).length;
}

/** A part that says hours and nothing else ("between one and three", "at night", "9pm-6am"). */
function onlyHours(rc: ReadCtx, g: Span | undefined): g is Seg {
  if (!g) return false;
  const w = new Words(rc.tokens, g.a, g.b);
  const times = findTimes(w.text);
  if (!times.length) return false;
  const covered = times.map((t) => w.range(t.index, t.quote.length));
  return rc.tokens
    .slice(g.a, g.b)
    .every((t, k) => !isWordToken(t.w) || covered.some(([a, b]) => a <= g.a + k && g.a + k < b));
}

/** A part that names one room and nothing else ("cellar", "the workshop"). */
function roomAlone(rc: ReadCtx, g: Span | undefined): boolean {
  if (!g) return false;
  const rooms = roomsIn(rc.tokens, g.a, g.b, rc.house);
  return (
    rooms.length === 1 &&
    rc.tokens
      .slice(g.a, g.b)
      .every((t, k) => (rooms[0].a <= g.a + k && g.a + k < rooms[0].b) || DETERMINER.test(t.w) || !isWordToken(t.w))
  );
}

/** A part that names a rule and says nothing of it: "that den rule", "the cellar ban". */
function namesRuleAlone(rc: ReadCtx, g: Span): boolean {
  const words = rc.tokens.slice(g.a, g.b).map((t) => t.w);
  return talksAboutARule(words) && !findTimes(words.join(" ")).length && words.length <= 5;
}

/** A colon within a few words after the part, with the request still to come after it. */
function headsColon(tokens: readonly Token[], g: Span, s: Span): boolean {
  for (let k = g.b; k < Math.min(s.b, g.b + 5); k++) if (tokens[k].w === ":") return k + 1 < s.b;
  return false;
}

export function classify(rc: ReadCtx, sents: Span[]): Seg[] {
  const out: Seg[] = [];
  sents.forEach((s, i) => {
    for (const g of roomLists(
      rc,
      segments(rc.tokens, s, (from) => frontedRoomEnd(rc, from, s.b)),
    )) {
      const text = new Words(rc.tokens, g.a, g.b).text;
      let kind: Kind;
      // "cellar. never.": a refusal alone right after a room alone is an act about that room
      // "cellar — that's fine now": a pronoun said fine right after a room alone lifts that room's ban
      const refusesOrFine =
        BARE_REFUSAL.test(text) ||
        refusesAtHours(text) ||
        refusesWhen(text) ||
        refusesOnCondition(rc.tokens, g) ||
        // "den. you enter never.": an act closed by its negation, glossed, with no room of its own
        glossRefused(rc, g) ||
        PRONOUN_FINE.test(text);
      if (refusesOrFine && roomAlone(rc, out.at(-1))) {
        out.push({ ...g, sentence: i, kind: "act" });
        continue;
      }
      // "garden room, between one and three: no", "cellar. 9pm-6am. no.": hours alone between a
      // room alone and its refusal are the refusal's hours, as in a sign's lines, never an act of
      // their own (a pronoun said fine after hours read as an act of their own lifts nothing)
      const hoursBefore = out.at(-1);
      if (
        refusesOrFine &&
        onlyHours(rc, hoursBefore) &&
        roomAlone(rc, out.at(-2)) &&
        (hoursBefore.kind === "mod" || !PRONOUN_FINE.test(text))
      ) {
        hoursBefore.kind = "mod";
        out.push({ ...g, sentence: i, kind: "act" });
        continue;
      }
      // "never go in the den, not even for a look": a verbless "not …" after an act only stresses it
      const prev = out.at(-1);
      // "the den rule, only after nine": hours with "only", right after a part of the same sentence
      // that names a rule, say when that rule holds, as "the den rule is only after nine" does
      // (the part naming the rule only leads into them)
      if (prev?.sentence === i && namesRuleAlone(rc, prev) && onlyAtHours(text)) {
        prev.kind = "filler";
        out.push({ ...g, sentence: i, kind: "act" });
        continue;
      }
      // "Cellar no. Not for robot.": in a sentence of its own only when it names whom the act binds
      if (prev?.kind === "act" && (prev.sentence === i || FOR_THE_ROBOT.test(text)) && stressesOnly(rc, g, text)) {
        out.push({ ...g, sentence: i, kind: "mod" });
        continue;
      }
      // "…after 9; before that it's fine": hours permitted beside a ban said before them name no act
      const permitted = permittedBeside(rc, out, g, text) ?? permittedBefore(rc, g, s, text);
      if (permitted) {
        out.push({ ...g, sentence: i, kind: permitted });
        continue;
      }
      // "New house rule, from today: …": a heading opening a sentence before a colon names the
      // message; what it says of when belongs to the request after the colon
      if (g.a === s.a && headsColon(rc.tokens, g, s) && isHeading(text)) {
        out.push({ ...g, sentence: i, kind: "filler" });
        continue;
      }
      // "please alter it: …" opening a sentence only leads into the change said after the colon,
      // which is read as it would be alone
      if (g.a === s.a && rc.tokens[g.b]?.w === ":" && g.b + 1 < s.b && onlyChangesWhatItPointsAt(text.split(" "))) {
        out.push({ ...g, sentence: i, kind: "filler" });
        continue;
      }
      // "scratch that, make it 5 to 7": taking back what it points at, then the change it makes, leads into the change
      const next = new Words(rc.tokens, g.b + 1, s.b).text;
      if (g.a === s.a && g.b + 1 < s.b && takesBackWhatItPointsAt(text.split(" ")) && re(REVISING).test(next)) {
        out.push({ ...g, sentence: i, kind: "filler" });
        continue;
      }
      // "the den, ok when I ask": a room set off before a bare permitting predicate is its topic
      const before = topicBefore(rc, g, text);
      const topic = before ? { antecedent: before } : {};
      const strong = () =>
        readClause(rc, { main: g, parts: [g], question: false, ...topic }).some(
          (r) => r.type === "retract" || (r.type === "rule" && r.requirement.kind !== "behavior"),
        );
      // "good morning, …" opening the message greets; its part of the day is no time of a rule
      const greeting = g.a === (sents[0]?.a ?? 0) && greets(text);
      if (
        greeting ||
        // "…, gracias": thanks in another tongue closes the message as "thanks" does
        reassuresOrThanks(text) ||
        keepsAsIs(text) ||
        text.split(" ").every((x) => !isWordToken(x) || re(FILLER).test(x))
      )
        kind = "filler";
      // "…in the evenings, say 7 to 11": the hours the act's time is handed to, no act of telling
      else if (handsToHours(text)) kind = "hours";
      else if (isExplanation(rc.tokens, g)) kind = "explain";
      else if (strong()) kind = "act";
      else if (onlyMarkers(rc.tokens, g) || SUBORDINATE.test(text)) kind = "mod";
      // "Fields: object, room." after a JSON reply asked for: its fields (jsonFollowUp)
      else if (FIELDS_AFTER_COLON.test(text)) kind = "act";
      // "…, we'd like the keys place and item": the speaker wanting fields by name (jsonFollowUp)
      else if (SPEAKER_WANTS_FIELDS.test(text)) kind = "act";
      else if (NARRATIVE.test(text)) kind = "narrative";
      // "the floor is fixed. you're allowed back in it": a permission to enter is an act though its
      // room is a pronoun, read with the room said before it (clauses); alone it reads no room
      else if (PERMIT_INTO_IT.test(text)) kind = "act";
      else {
        const rs = readClause(rc, { main: g, parts: [g], question: false, ...topic });
        kind = rs.some((r) => r.type !== "hours") ? "act" : rs.length ? "hours" : "none";
      }
      out.push({ ...g, sentence: i, kind });
    }
  });
  return out;
}

/**
 * A part that only permits hours, after an act: of hours the ban before it leaves it adds nothing
 * (a filler); of hours the ban holds it contradicts the ban (the learner then keeps nothing and
 * asks), never hours of the ban.
 */
function permittedBeside(rc: ReadCtx, out: Seg[], g: Span, text: string): Kind | undefined {
  if (!out.some((s) => s.kind === "act")) return undefined;
  if (roomsIn(rc.tokens, g.a, g.b, rc.house).some((r) => !r.anaphor)) return undefined;
  const p = permittedHours(text);
  if (!p) return undefined;
  const bans = findTimes(new Words(rc.tokens, 0, g.a).text);
  return permitsOnlyOutside(p, bans) ? "filler" : "contradicts";
}

/**
 * "by day it's fine now, just stay out after ten": hours permitted before a ban at other hours in
 * the rest of the sentence are no condition of that ban (they are what it leaves out); permitted
 * at hours the ban keeps, which of the two is meant is asked.
 */
function permittedBefore(rc: ReadCtx, g: Span, s: Span, text: string): Kind | undefined {
  if (roomsIn(rc.tokens, g.a, g.b, rc.house).some((r) => !r.anaphor)) return undefined;
  // said of the hours by a predicate ("it's fine"); a permission with a verb of its own ("you may go
  // in by day") is an act, the "not …" after it the hours it leaves out
  const p = re(FINE).test(text) ? permittedHours(text) : undefined;
  if (!p?.windows.length || p.anaphor) return undefined;
  const rest = new Words(rc.tokens, g.b, s.b).text;
  if (actOf(rest) !== "prohibit") return undefined;
  const bans = findTimes(rest);
  if (!bans.length) return undefined;
  return permitsOnlyOutside(p, bans) ? "filler" : "contradicts";
}

/** Clauses: each act with the parts that say when, where, how long (fronted ones for every act of the sentence). */
export function clauses(rc: ReadCtx, segs: Seg[], sents: Span[]): ClauseIn[] {
  const out: (ClauseIn & { sentence: number })[] = [];
  const mentions = roomsIn(rc.tokens, 0, rc.tokens.length, rc.house);
  const question = (i: number) => rc.tokens[sents[i].b]?.w === "?";
  let narrative: ClauseIn["narrative"];
  const orphans: Seg[] = [];
  for (let i = 0; i < sents.length; i++) {
    // "the baby sleeps from 1 to 3" is a clause of its own; "…, except between 6 and noon" is part of the act before it
    const raw = segs.filter((s) => s.sentence === i);
    const alone = !raw.some((s) => s.kind === "act");
    const mine = raw.map((s): Seg => (s.kind === "hours" ? { ...s, kind: alone ? "act" : "mod" } : s));
    const acts = mine.filter((s) => s.kind === "act");
    if (!acts.length) {
      for (const s of mine) {
        // "… 12 to 3. Lunch rush.": a stretch named alone glosses the hours of the act before it
        const gloss = s.kind === "none" && mine.length === 1 && out.length > 0 && namesStretchAlone(wordsOf(rc, s));
        if (s.kind === "mod" || gloss) orphans.push(s);
        if (s.kind === "narrative") {
          const room = roomsIn(rc.tokens, s.a, s.b, rc.house).at(-1);
          const said = new Words(rc.tokens, s.a, s.b).text;
          if (room) narrative = { kind: re(STOP).test(said) ? "no_stop_in_room" : "avoid_room", room };
        }
      }
      continue;
    }
    const fronted = frontedParts(rc, mine, acts[0]);
    const weak = fronted.filter((s) => s.kind === "none");
    const pending = orphans.splice(0);
    for (const [k, act] of acts.entries()) {
      const next = acts[k + 1]?.a ?? Number.POSITIVE_INFINITY;
      // a statement after the act with a subject of its own ("the dog gets in when the door is
      // open") is its reason, never a part that says when the act holds
      const told = (s: Seg) => toldAfter(rc, act, sents[i].a, s);
      // "never go in the attic, and this time, skip the pantry": a part between two acts that opens
      // with a conjunction leads into the act after it, so "this time" is that act's, never the ban's
      const between = (s: Seg, from: number, to: number) =>
        s.a >= from && s.b <= to && (s.kind === "mod" || s.kind === "none");
      // (when the act after it opens with a conjunction itself, "…, but only this time, and never …",
      // the part is the act's before it)
      const opens = (x: Seg | undefined) => x !== undefined && LEADING_JOIN.test(rc.tokens[x.a].w);
      // "…, and — only this time — avoid the porch": the conjunction set off before the part by a
      // dash opens it as much as one inside it
      const joined = (s: Seg) => {
        const before = mine.filter((x) => x.b <= s.a).at(-1);
        return before?.kind === "filler" && before.b - before.a === 1 && opens(before);
      };
      const leads = (s: Seg) => (opens(s) || joined(s)) && !opens(acts.find((x) => x.a >= s.b));
      const trailing = mine.filter(
        (s) =>
          s.a >= act.b &&
          s.a < next &&
          (s.kind === "mod" || s.kind === "none") &&
          !told(s) &&
          !(next < Infinity && leads(s)),
      );
      const leading = k > 0 ? mine.filter((s) => between(s, acts[k - 1].b, act.a) && leads(s)) : [];
      const antecedent = pointedBackAt(mentions.filter((m) => m.b <= act.a));
      out.push({
        main: act,
        parts: [...pending, ...frontedFor(rc, fronted, act, k), ...leading, act, ...trailing].sort((x, y) => x.a - y.a),
        ...(antecedent ? { antecedent } : {}),
        ...(narrative ? { narrative } : {}),
        question: question(i),
        ...(weak.length ? { weak } : {}),
        sentence: i,
      });
    }
    narrative = undefined;
  }
  // a sentence of markers after the last act ("… the garage. At night, I mean."): the act before it
  if (orphans.length && out.length) {
    const last = out[out.length - 1];
    last.parts = [...last.parts, ...orphans].sort((x, y) => x.a - y.a);
  }
  return out;
}

const wordsOf = (rc: ReadCtx, s: Span) => new Words(rc.tokens, s.a, s.b).text.split(" ");

/** "you enter never", "park there no": the act and its closing negation, nothing else, no comma before it. */
function glossRefused(rc: ReadCtx, g: Span): boolean {
  const ws = rc.tokens.slice(g.a, g.b).map((t) => t.w);
  return !ws.includes(",") && refusedByClosingNo(ws) !== undefined;
}

/**
 * Where a room said first as the topic of what follows ends: the room the words from `from` open
 * with (after an article or a possessive), undefined when they open with no room of the house.
 */
function frontedRoomEnd(rc: ReadCtx, from: number, to: number): number | undefined {
  const room = roomsIn(rc.tokens, from, to, rc.house).at(0);
  if (!room || room.anaphor) return undefined;
  const lead = rc.tokens.slice(from, room.a);
  return lead.length <= 1 && lead.every((t) => DETERMINER.test(t.w)) ? room.b : undefined;
}
