/**
 * Rooms a clause forbids: the verbs of going or ending up it negates, the predicates that forbid
 * ("off limits"), and which room each belongs to ("never enter the shed or the cellar": both;
 * "…, except the kitchen": not the kitchen).
 */
import {
  ADDITIVE,
  AUX,
  AVOID,
  AVOID_IF_ROOM,
  BARE_REFUSAL,
  BE_FORM,
  CLAUSE_JOIN,
  DETERMINER,
  ENDING_VERB,
  ENTER,
  EVERYWHERE,
  EXCEPT_ROOM,
  FILLER,
  FOCUS_BEFORE_WHEN,
  FORBIDDEN,
  FORBIDDEN_NOT,
  GERUND_START,
  GOAL_PARTICLE,
  GOING_PARTICLE,
  isWordToken,
  LEFT_OUT,
  LIST_JOIN,
  NEGATED,
  NEGATION_BEFORE,
  NOT_OR_NEVER,
  NOT_THE,
  NOT_WORD,
  negationReports,
  onlySubjectBetween,
  PARTICIPLE,
  PERMITS,
  PLACE_POINTER,
  predicateNegated,
  pronounSubjectOnly,
  REFERENCE,
  ROBOT_SUBJECT,
  refusedAfterRoom,
  refusedByClosingNo,
  refusesAtHours,
  refusesWhen,
  roomKey,
  SIGN_REFUSAL,
  STOP,
  STOPS,
  SUBJECT,
  SUBORDINATOR,
  signBeforeRoom,
  toldInPast,
  Words,
} from "../../language/index.ts";
import { type Cond, howLongSaid } from "./conditions.ts";
import { type ClauseIn, type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";
import { refusesOnCondition } from "./refused-when.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";
import { passedWithoutStopping, stopIsSubject } from "./stop-said.ts";

// ---- rooms ------------------------------------------------------------------------------------
export interface Head {
  a: number;
  b: number;
  kind: "avoid" | "stop" | "enter" | "forbidden";
  /** a prohibition (avoid / forbidden always; enter and stop when negated) */
  bans: boolean;
}

export function heads(ctx: ReadCtx, s: Span): Head[] {
  const w = words(ctx, s);
  const out: Head[] = [];
  // "do not", "should never": the negation starts at its auxiliary
  // "you did not check the loft", "you never went in": said in the past, a report that forbids nothing
  const all = ctx.tokens.map((t) => t.w);
  const negs = [...w.matches(NEGATED)]
    .filter((m) => !negationReports(all, m.a))
    .map((m) => (m.a > s.a && AUX.test(ctx.tokens[m.a - 1].w) ? m.a - 1 : m.a));
  const negated = (at: number) => negs.some((n) => n < at);
  // "but wait there, no": a closing bare "no" refuses the act its clause opens with
  const closing = refusedByClosingNo(all.slice(s.a, s.b));
  const refused = closing === undefined ? -1 : s.a + closing;
  // "the sitting room", "the waiting room": a word of a room's name is no verb
  const named = roomsIn(ctx.tokens, s.a, s.b, ctx.house);
  const inName = (m: { a: number; b: number }) => named.some((r) => r.a < m.b && m.a < r.b);
  for (const m of w.matches(re(AVOID))) {
    // "leave out the details" avoids no room; "leave out the attic" does
    if (AVOID_IF_ROOM.test(m.m[0]) && !named.some((r) => r.a > m.b - 1 && r.a <= m.b + 2)) continue;
    out.push({ a: m.a, b: m.b, kind: "avoid", bans: !negated(m.a) });
  }
  for (const m of w.matches(re(FORBIDDEN)))
    out.push({
      a: m.a,
      b: m.b,
      kind: "forbidden",
      // "the den is no longer closed to you", "is not restricted now": the predicate negated lifts, it bans nothing
      bans: (!NOT_WORD.test(m.m[0]) || FORBIDDEN_NOT.test(m.m[0])) && !predicateNegated(all, m.a),
    });
  for (const m of w.matches(re(STOP))) {
    if (inName(m)) continue;
    // "stop going into the garage": "stop" before a gerund negates it, and is no stop itself
    if (ENDING_VERB.test(m.m[0]) && GERUND_START.test(w.text.slice(m.m.index! + m.m[0].length + 1))) continue;
    if (out.some((h) => h.a <= m.a && m.a < h.b)) continue;
    const first = negs.filter((n) => n < m.a).at(-1);
    out.push({ a: first ?? m.a, b: m.b, kind: "stop", bans: first !== undefined || m.a === refused });
  }
  // "don't stop in the hall people walking there": past the room of the verb it negated first, a
  // negation reaches a later verb of going only through a word that joins the two ("don't stop in
  // the hall or go in the den"); with none, the later verb starts a clause of its own
  const unjoined = (n: number | undefined, at: number) =>
    n !== undefined &&
    out.some(
      (h) =>
        h.bans &&
        h.a >= n &&
        h.b <= at &&
        named.some((r) => r.a >= h.b && r.b <= at) &&
        !ctx.tokens.slice(h.b, at).some((t) => LIST_JOIN.test(t.w) || t.w === "nor" || t.w === "then"),
    )
      ? undefined
      : n;
  const enters = [...w.matches(re(ENTER))];
  for (const m of enters) {
    if (inName(m) || out.some((h) => h.a <= m.a && m.a < h.b)) continue;
    // "your search", "the walk": a noun, no verb
    if (DETERMINER.test(ctx.tokens[m.a - 1]?.w ?? "")) continue;
    // "is not to be entered": "be" is the passive's, and the verb of going after it is said of the
    // room before it (its subject), as "off limits" is
    const passive = (x: { a: number; m: RegExpMatchArray }) =>
      PARTICIPLE.test(x.m[0]) && BE_FORM.test(ctx.tokens[x.a - 1]?.w ?? "");
    if (BE_FORM.test(m.m[0]) && enters.some((x) => x.a === m.b && passive(x))) continue;
    const first = unjoined(negs.filter((n) => n < m.a).at(-1), m.a);
    if (passive(m)) out.push({ a: first ?? m.a - 1, b: m.b, kind: "forbidden", bans: first !== undefined });
    else out.push({ a: first ?? m.a, b: m.b, kind: "enter", bans: first !== undefined || m.a === refused });
  }
  return out.sort((x, y) => x.b - y.b);
}

/**
 * The room a message names alone, as the topic of what follows ("studio. keep out.", "the loft -
 * stay away"): the last room before the clause, with nothing but an article before it in its part
 * and nothing but punctuation between it and the clause.
 */
export function topicRoom(ctx: ReadCtx, c: ClauseIn, main: Span): RoomRef | undefined {
  const r = c.antecedent;
  if (!r || r.anaphor || r.b > main.a) return undefined;
  // "the cellar AGAIN. stay. out.": a word of complaint or a filler after the topic leaves it the topic
  const trails = (w: string) => !isWordToken(w) || re(FILLER).test(w);
  // "DEN. CROSS OK. WAIT NO.": a room said as a sentence of its own stays the topic of the glossed
  // acts after it that name no room
  const carried = topicSentence(ctx, r) && glossedAct(ctx, main) && !roomsIn(ctx.tokens, r.b, main.a, ctx.house).length;
  if (!carried && (!ctx.tokens.slice(r.b, main.a).every((t) => trails(t.w)) || r.b === main.a)) return undefined;
  let k = r.a;
  // "omg the loft again": an interjection or filler before the topic leaves it the topic
  while (k > 0 && (DETERMINER.test(ctx.tokens[k - 1].w) || trails(ctx.tokens[k - 1].w))) k--;
  return k === 0 || !isWordToken(ctx.tokens[k - 1].w) ? r : undefined;
}

/** A sentence of only the room ("Den."), set off by a full stop: the topic of what follows. */
function topicSentence(ctx: ReadCtx, r: RoomRef): boolean {
  const end = ctx.tokens[r.b]?.w;
  return end === "." || end === "!";
}

/** "wait no", "stop in there never": an act closed by its negation and no comma, no room of its own. */
function glossedAct(ctx: ReadCtx, main: Span): boolean {
  const ws = ctx.tokens.slice(main.a, main.b).map((t) => t.w);
  return ws.at(-1) !== undefined && ws.at(-2) !== "," && refusedByClosingNo(ws) !== undefined;
}

/**
 * "the cellar don't go in", "garage never stop inside": the room said first as the topic and the
 * negated verb right after it with no separator, as Singlish and colloquial English put a ban. The
 * topic is the verb's object only when it is the clause's one room, nothing but fillers, articles
 * or a when-clause before it, and the verb has no object of its own (a particle at most).
 */
function topicFirst(
  ctx: ReadCtx,
  main: Span,
  r: RoomRef,
  hs: Head[],
  rooms: RoomRef[],
  said: readonly Span[] = [],
): Head | undefined {
  // "the den. there you never go": a fronted word of place is the room it points at, as the room would be
  const pointer = r.anaphor && r.b - r.a === 1 && PLACE_POINTER.test(ctx.tokens[r.a].w);
  if (new Set(rooms.map((x) => x.room)).size !== 1 || (r.anaphor && !pointer)) return undefined;
  // "the den you don't go in", "the shed, you mustn't go to": the robot named as the subject
  // between the fronted room and its verb leaves the room the verb's topic
  // ("the den always you stay out": a word of when beside the subject leaves it so)
  // ("the den from 11 to 6 you cannot go in": the hours said between are the rule's condition, read already)
  const next = (x: Head) =>
    onlySubjectBetween(
      ctx.tokens
        .slice(r.b, x.a)
        .filter((t, k) => isWordToken(t.w) && !said.some((c) => c.a <= r.b + k && r.b + k < c.b))
        .map((t) => t.w),
    );
  // "the loft you stay out", "the den you leave alone": a verb of avoiding with no object of its own, as a negated verb of going
  const verb = (x: Head) => x.kind === "enter" || x.kind === "stop" || (x.kind === "avoid" && objectless(ctx, x, main));
  const h = hs.find((x) => x.bans && x.a >= r.b && next(x) && verb(x));
  // "in the den don't go after five": the verb's particle ends the clause but for the hours read after it
  if (!h) return undefined;
  const end = Math.min(main.b, ...said.filter((x) => x.a >= h.b).map((x) => x.a));
  if (!particleOnly(ctx, h, { a: main.a, b: end })) return undefined;
  const lead = ctx.tokens.slice(main.a, r.a).filter((_, k) => !said.some((c) => c.a <= main.a + k && main.a + k < c.b));
  // "in the den you don't go", "to the den you never go": the verb's particle or goal fronted with its room;
  // "at night the den you don't go": hours read as the rule's condition before it are set aside
  const fronted = (w: string) => GOING_PARTICLE.test(w) || (h.kind === "enter" && GOAL_PARTICLE.test(w));
  const opens = lead.every(
    (t, k) => !isWordToken(t.w) || DETERMINER.test(t.w) || re(FILLER).test(t.w) || (k === 0 && fronted(t.w)),
  );
  // "when she naps, the den don't go in": a comma closes a when-clause that comes before the topic
  const afterComma = lead.length > 0 && lead.at(-1)?.w === ",";
  return opens || afterComma ? h : undefined;
}

/** The copula of the present, after the subject of a statement ("the stairs are steep"). */
const COPULA_NOW = new Set(["is", "are", "s", "re"]);

/** A room read outside the clause that acts on it: where it was said, so the rule quotes it. */
const borrowed = (r: RoomRef): RoomRef => ({ ...r, from: r.from ?? { a: r.a, b: r.b } });

/**
 * The one room a whole message names, for a verb of avoiding or a negated verb of going or ending
 * up that has no object of its own ("keep out", "don't go in", "never stop inside"): the message is
 * about that room. Undefined when the
 * message names no room or several (which one is then asked), or when the verb has an object.
 */
function soleRoom(ctx: ReadCtx, main: Span, hs: Head[]): { room: RoomRef; head: Head } | undefined {
  // "never stop inside": a verb of ending up only with its particle; a bare "don't stop" may be
  // "keep going", said of no room
  const placed = (h: Head) => h.kind !== "stop" || ctx.tokens.slice(h.b, main.b).some((t) => GOING_PARTICLE.test(t.w));
  const head = hs.find((h) => h.bans && h.kind !== "forbidden" && particleOnly(ctx, h, main) && placed(h));
  if (!head) return undefined;
  // "I just cleaned the attic. keep out.": news of what happened is no topic; which room is asked
  const rest = ctx.tokens.filter((_, k) => k < main.a || k >= main.b).map((t) => t.w);
  if (toldInPast(rest)) return undefined;
  const all = roomsIn(ctx.tokens, 0, ctx.tokens.length, ctx.house).filter((r) => !r.anaphor);
  // "the loft, keep out, the ladder is wobbly": a room word the house has no room for, said after
  // the verb as the subject of a statement, is what the reason is about, not a second room
  const ofHouse = (x: RoomRef) => ctx.house.some((h) => roomKey(h) === roomKey(x.room));
  const reasonOnly = (x: RoomRef) => !ofHouse(x) && x.a >= head.b && COPULA_NOW.has(ctx.tokens[x.b]?.w ?? "");
  const named = all.some(ofHouse) ? all.filter((x) => !reasonOnly(x)) : all;
  const distinct = new Set(named.map((r) => r.room));
  if (distinct.size !== 1) return undefined;
  const r = named[0];
  return { room: borrowed(r), head };
}

/** A verb of avoiding that ends its clause, or ends it but for fillers: no object of its own ("keep out", "stay away please"). */
function objectless(ctx: ReadCtx, h: Head, main: Span): boolean {
  return ctx.tokens.slice(h.b, main.b).every((t) => !isWordToken(t.w) || re(FILLER).test(t.w));
}

/** A verb of going that ends its clause but for a particle and fillers: "don't go in", "never come inside". */
function particleOnly(ctx: ReadCtx, h: Head, main: Span): boolean {
  const after = ctx.tokens.slice(h.b, main.b);
  // "the shed you mustn't go to": a stranded preposition; "don't come in then": a time (closing-then.ts), no place
  const last = (k: number) => after.slice(k + 1).every((t) => !isWordToken(t.w) || re(FILLER).test(t.w));
  const stranded = (k: number) => (after[k].w === "to" || (after[k].w === "then" && k > 0)) && last(k);
  return after.every((t, k) => !isWordToken(t.w) || re(FILLER).test(t.w) || GOING_PARTICLE.test(t.w) || stranded(k));
}

/**
 * "You're free to go anywhere except the nursery": a permission everywhere, but for the rooms it
 * leaves out, is a ban on those rooms; nothing else is permitted or kept.
 */
export function exceptedRooms(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  const w = words(ctx, main);
  const permit = w.first(PERMITS);
  const where = w.first(EVERYWHERE);
  const except = w.first(LEFT_OUT);
  if (!permit || !where || !except || !(permit.a < where.a && where.b <= except.a)) return [];
  if (NOT_OR_NEVER.test(new Words(ctx.tokens, main.a, permit.a).text)) return [];
  const kind = STOPS.test(new Words(ctx.tokens, permit.a, where.a).text) ? "no_stop_in_room" : "avoid_room";
  const left = roomsIn(ctx.tokens, except.b, main.b, ctx.house, c.antecedent);
  // "anywhere except the study after 10pm": the marker takes the room; hours said after it say when
  // that room is barred, so they hold the ban (its conditions), never let it give way
  const after = (x: Cond) => x.kind === "time" && left.length > 0 && x.a >= left[0].b;
  const when: Common = {
    ...common,
    conditions: [...common.conditions, ...common.exceptions.filter(after)],
    exceptions: common.exceptions.filter((x) => !after(x)),
  };
  return left.map((r) => ({
    type: "rule",
    ...when,
    requirement: { kind, room: r.room },
    stage: "pre_action",
    quotes: [{ a: main.a, b: main.b }],
    clear: true,
    rooms: [r],
  }));
}

export function roomReadings(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  const hs = heads(ctx, main);
  if (!hs.some((h) => h.bans)) return [];
  // "don't go in unless I ask you to bring something from it": a pronoun inside the condition or
  // exception points back at the room the ban is about; it is no object of the ban's verb
  const within = [...common.conditions, ...common.exceptions];
  let rooms = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent).filter(
    (r) => !(r.anaphor && within.some((x) => x.a <= r.a && r.b <= x.b)),
  );
  // "The office? Off limits.", "garage: no go": the predicate said of the room just named;
  // "studio. keep out.": a verb of avoiding with no object of its own, said of the room named alone before it
  // ("Porch, you no go": the robot named as the verb's subject before it still leaves the verb first)
  const opens = (h: Head) =>
    h.bans && ctx.tokens.slice(main.a, h.a).every((t) => !isWordToken(t.w) || ROBOT_SUBJECT.has(t.w));
  const topic = topicRoom(ctx, c, main);
  // "it's shut to you only before noon", "is it still shut": the pronoun subject of the
  // predicate is the room said before (the hours said with it left out)
  const pointed = (h: Head) =>
    h.bans &&
    pronounSubjectOnly(
      ctx.tokens
        .slice(main.a, h.a)
        .filter((t, k) => isWordToken(t.w) && !within.some((x) => x.a <= main.a + k && main.a + k < x.b))
        .map((t) => t.w),
    );
  if (!rooms.length && c.antecedent && hs.some((h) => h.kind === "forbidden" && (opens(h) || pointed(h))))
    rooms = [borrowed(c.antecedent)];
  // "den. wait no.": a glossed act closed by its negation, with no object, is said of the topic too
  const glossed = glossedAct(ctx, main);
  const topical =
    topic &&
    hs.find(
      (h) =>
        (h.kind === "avoid" || (glossed && (h.kind === "stop" || h.kind === "enter"))) &&
        opens(h) &&
        (glossed || objectless(ctx, h, main)),
    );
  if (!rooms.length && topical) rooms = [borrowed(topic)];
  // "the study is mine. keep out.", "keep out, the loft is my space": a verb of avoiding with no
  // object is said of the one room the message names, wherever it names it (with several, asked)
  // "… never go in unless we ask": the verb's particle ends the clause but for the
  // condition or exception read after it, which says when, no object of the verb
  // ("keep out only from 10 to 6": the focusing word before the when is the when's)
  const said = [...common.conditions, ...common.exceptions].map((x) => x.a).filter((a) => a > main.a);
  const first = Math.min(main.b, ...said);
  const focus = first < main.b && first - 1 > main.a && FOCUS_BEFORE_WHEN.has(ctx.tokens[first - 1].w);
  const upTo = { a: main.a, b: focus ? first - 1 : first };
  const sole = rooms.length || topical ? undefined : soleRoom(ctx, upTo, hs);
  if (sole) rooms = [sole.room];
  const bare = sole?.head;
  const w = words(ctx, main);
  const except = w.first(EXCEPT_ROOM);
  const out: RuleReading[] = [];
  const seen = new Set<string>();
  for (const r of rooms) {
    if (except && r.a >= except.a) continue;
    // "never stop in the hall on the way to the den": the route's goal is where it leads, not what is banned
    if (r.goal && rooms.some((x) => !x.goal && !x.anaphor)) continue;
    // "never stop in the hallway it blocks the stairs": a new subject between the verb and a room
    // starts another clause (a run-on), so that room is not the verb's
    const verb = hs.filter((h) => h.b <= r.a).at(-1);
    if (
      verb &&
      ctx.tokens
        .slice(verb.b, r.a)
        .some((t, k, xs) => re(SUBJECT).test(t.w) && !re(SUBORDINATOR).test(xs[k - 1]?.w ?? ""))
    )
      continue;
    // the verb a room belongs to: the last one before it; "the office is off limits": the predicate after it
    const before = hs.filter((h) => h.b <= r.a).at(-1);
    const predicate = hs.find(
      (h) => h.kind === "forbidden" && h.a >= r.b && !hs.some((x) => x !== h && x.a > r.b && x.a < h.a && x.bans),
    );
    const h =
      passedWithoutStopping(ctx, hs, r, before) ??
      (before && (!predicate || before.bans) ? before : predicate) ??
      (topical || bare || topicFirst(ctx, main, r, hs, rooms, [...within, ...howLongSaid(ctx.tokens, main)]));
    if (!h?.bans) continue;
    const kind = h.kind === "stop" || stopIsSubject(ctx, main, hs, h) ? "no_stop_in_room" : "avoid_room";
    const key = `${kind}:${r.room}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      type: "rule",
      ...common,
      requirement: { kind, room: r.room },
      stage: "pre_action",
      // "don't stop there": the words that named the room are part of what the rule rests on
      quotes: [{ a: h.a, b: h.b }, { a: r.a, b: r.b }, ...(r.from ? [{ a: r.from.a, b: r.from.b }] : [])],
      clear: true,
      rooms: [r],
    });
  }
  return out;
}

/** The one room of a clause that is that room and a bare refusal after it ("cellar no", "the loft never"). */
function roomThenRefusal(ctx: ReadCtx, main: Span): RoomRef | undefined {
  const rooms = roomsIn(ctx.tokens, main.a, main.b, ctx.house);
  const r = rooms[0];
  if (rooms.length !== 1 || r.anaphor || r.b >= main.b) return undefined;
  if (!ctx.tokens.slice(main.a, r.a).every((t) => DETERMINER.test(t.w))) return undefined;
  // "den no entry before 7", "den 9pm to 7am = no entry": a sign, its hours its condition
  return refusedAfterRoom(new Words(ctx.tokens, r.b, main.b).text, ctx.tokens[r.b - 1]?.w) ? r : undefined;
}

/** "not the bathroom this time": an object without a verb. */
export function ellipticalRoom(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  const w = words(ctx, main);
  const m = w.first(NOT_THE);
  // "never the cellar", "no lounge": a negation right before a room, no verb between
  const bares = m
    ? []
    : [...w.matches(NEGATION_BEFORE)]
        .filter(
          (n) =>
            !negationReports(
              ctx.tokens.map((t) => t.w),
              n.a,
            ),
        )
        .map((n) => ({ n, r: roomsIn(ctx.tokens, n.b, main.b, ctx.house, c.antecedent)[0] }))
        .filter(
          (x) =>
            x.r !== undefined && (x.r.a - x.n.b <= 1 || signBeforeRoom(ctx.tokens.slice(x.n.b, x.r.a).map((t) => t.w))),
        );
  const bare = bares[0];
  // "cellar. never.": a refusal alone, of the room said alone just before it
  const refusal =
    !m &&
    !bare &&
    c.antecedent &&
    (BARE_REFUSAL.test(w.text) || refusesAtHours(w.text) || refusesWhen(w.text) || refusesOnCondition(ctx.tokens, main))
      ? c.antecedent
      : undefined;
  // "sauna no.", "the loft never": a room said alone, then a refusal alone, in one breath
  const tail = !m && !bare && !refusal ? roomThenRefusal(ctx, main) : undefined;
  if (!m && !bare && !refusal && !tail) return [];
  const found = m
    ? roomsIn(ctx.tokens, m.b - 1, main.b, ctx.house, c.antecedent)
    : refusal
      ? [{ ...refusal, from: { a: refusal.a, b: refusal.b } }]
      : tail
        ? [tail]
        : roomsIn(ctx.tokens, bare!.r.a, main.b, ctx.house, c.antecedent);
  // "not the bedroom or the nursery", "never the den, oh, the attic too": the rooms of one list,
  // joined by nothing but list words, fillers and words of addition
  const rooms = found.filter(
    (r, k) =>
      k === 0 ||
      ctx.tokens.slice(found[k - 1].b, r.a).every(
        (t) =>
          LIST_JOIN.test(t.w) ||
          DETERMINER.test(t.w) ||
          t.w === "nor" ||
          t.w === "," ||
          // "not the cellar but the kitchen": a room after a contrast is no room of the list
          (re(FILLER).test(t.w) && !CLAUSE_JOIN.test(t.w)) ||
          re(ADDITIVE).test(t.w),
      ),
  );
  const list = rooms.findIndex((r, k) => k > 0 && r !== found[k]);
  const listed = rooms.slice(0, list < 0 ? rooms.length : list);
  // "no den before 8 and no attic after ten": each room its own negation is as the first
  for (const x of bares.slice(1)) if (!listed.some((r) => r.a === x.r.a)) listed.push(x.r);
  const at = m ?? bare?.n ?? { a: main.a, b: main.b };
  return listed.map((r) => ({
    type: "rule",
    ...common,
    // the refusal's statement is the room and the refusal together, as said
    ...(refusal ? { clause: { a: refusal.a, b: common.clause.b } } : {}),
    requirement: { kind: "avoid_room", room: r.room },
    stage: "pre_action",
    quotes: refusal ? [{ a: refusal.a, b: main.b }] : [{ a: at.a, b: tail ? main.b : r.b }],
    clear: true,
    // "loft: no." is a verdict on the room said as its topic, which holds as "the loft is off
    // limits" does; "not the bathroom" leaves out a room of something said, for this task or not
    // "den no entry": a sign put on the room is a standing notice, as "den: no entry" is
    elliptical: !refusal && !(tail && SIGN_REFUSAL.test(w.text)),
    rooms: [r],
  }));
}

/** The rooms before a predicate at `at` when the last is its subject, alone or with its rule's noun ("the pantry one"). */
export function subjectRooms(ctx: ReadCtx, c: ClauseIn, main: Span, at: number): RoomRef[] {
  const rooms = roomsIn(ctx.tokens, main.a, at, ctx.house, c.antecedent);
  const last = rooms.at(-1);
  return last && !ofAnother(ctx, last) && ctx.tokens.slice(last.b, at).every((t) => re(REFERENCE).test(t.w))
    ? rooms
    : [];
}

/**
 * "the window of the den is open": a room after "of" says whose the noun before it is; the
 * noun, not the room, is what the predicate is said of.
 */
export function ofAnother(ctx: ReadCtx, room: Span): boolean {
  let k = room.a - 1;
  while (k >= 0 && DETERMINER.test(ctx.tokens[k].w)) k--;
  return k > 0 && ctx.tokens[k].w === "of" && isWordToken(ctx.tokens[k - 1].w);
}
