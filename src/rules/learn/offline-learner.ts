/**
 * The deterministic rule learner: the offline path of TellOnce's learner (paper §4.1, appendix
 * B.1), for when no model backbone is configured. It reads structure, not phrases:
 *
 * 1. the message is normalised once (src/language/tokens.ts: case, contractions, slang, "9pm"), and
 *    cut into sentences, segments and clauses (learn/segments.ts): one thing asked, with the
 *    parts around it that only say when, where, for how long or why;
 * 2. each clause is read for its act, object, conditions, persistence and scope
 *    (learn/clause.ts, learn/conditions.ts) from small word classes (src/language/lexicon.ts), rooms
 *    by the house's own labels (src/language/rooms.ts), numbers and times by one grammar (src/language/);
 * 3. each reading is resolved against the user's rules in force (learn/resolve.ts): reuse,
 *    revise, replace, add, retract, or a condition given its hours.
 *
 * It fails safe: what it cannot read makes the result narrower or a question, never broader. A
 * one-off ("on this one", "just this search") is never stored; a condition it cannot compute
 * ("when the baby is asleep") stays on the rule as text (guidance, with the condition, until
 * the user gives hours); a room is stored as named, never as a wider room; a permission that
 * does not say for how long, a vague habit, a value for a rule that does not exist come back
 * as a question (`LearnItem.question`), not a silent drop.
 */
import {
  ADDITIVE,
  ARTICLE_START,
  ASKS_NOTHING,
  actOf,
  BARE_REFUSAL,
  bounded,
  CARRIES_OVER,
  canonicalRoom,
  DETERMINER,
  EDGE_PUNCTUATION,
  EXCEPTION_LEAD,
  EXCEPTION_MARKER,
  EXCEPTION_WORD,
  FIELD_LIST_JOIN,
  FIELD_SEPARATOR,
  FIELD_WORD_END,
  FIELDS_FOLLOW_UP,
  FILLER,
  findTimes,
  GLOBAL,
  isIdentifier,
  isWordToken,
  LASTING,
  LEADING_JOIN,
  LINKING,
  LIST_JOIN,
  minus,
  NAMED_FIELDS,
  NARRATIVE,
  NEG,
  NEGATION_WORD,
  NOT_A_FIELD,
  NOT_TASK_LOCAL,
  overlap,
  PRAISE,
  REFERENCE,
  REPLACED_LEAD,
  REPLY_FORMAT,
  REPLY_LENGTH,
  REVISING,
  read,
  roomKey,
  roomName,
  SCENE,
  SENTENCE_END,
  STOP,
  SUBORDINATE,
  sameRoom,
  TASK_LOCAL,
  TOO_LONG,
  type Token,
  TRAILING_PUNCT,
  timeCandidates,
  tokenize,
  UP_TO_FIELDS,
  VAGUE,
  VOWEL_START,
  WHEN_LEAD,
  WHEN_YOU,
  Words,
} from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import {
  type Condition,
  type Requirement,
  type RuleDraft,
  type RuleVersion,
  type Scope,
  sceneScope,
} from "../types.ts";
import {
  type ClauseIn,
  isNoCorrection,
  type NarrowReading,
  type ReadCtx,
  type Reading,
  type ReroomReading,
  type RetractReading,
  type RuleReading,
  readClause,
  targetOf,
  VAGUE_QUESTION,
} from "./clause.ts";
import { type Cond, conditionsIn, isExplanation, withoutExplanation } from "./conditions.ts";
import type { LearnContext, LearnItem, LearnOutcome } from "./items.ts";
import { conditionsSpokenOf, hits, requirementKey, resolveDraft, rulesForHours } from "./resolve.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import { type Span, segments, sentences } from "./segments.ts";

export type { LearnContext, LearnDecision, LearnItem, LearnOutcome } from "./items.ts";
export { requirementKey } from "./resolve.ts";

const re = bounded;

type Kind = "act" | "hours" | "mod" | "explain" | "filler" | "narrative" | "none";
interface Seg extends Span {
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
  for (const t of findTimes(w.text)) take(...w.range(t.index, t.quote.length));
  for (const src of [TASK_LOCAL, NOT_TASK_LOCAL, LASTING, VAGUE, SCENE, GLOBAL])
    for (const m of w.matches(re(src))) take(m.a, m.b);
  // "except between 6 and noon", "when you are in this house": the marker is the rest
  for (const m of w.matches(EXCEPTION_MARKER)) take(m.a, m.b);
  for (const m of w.matches(WHEN_YOU)) take(m.a, m.b);
  const when = conditionsIn(tokens, [p], [], true);
  for (const c of [...when.conditions, ...when.exceptions]) take(c.a, c.b);
  for (let k = p.a; k < p.b; k++) {
    const x = tokens[k].w;
    // "…, just not at night": a negation beside the markers says the hours are left out of the act before
    if (!isWordToken(x) || re(FILLER).test(x) || x === "only" || x === "please" || NEGATION_WORD.test(x))
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
  for (const g of segs) {
    const prev = out.at(-1);
    const rooms = roomsIn(rc.tokens, g.a, g.b, rc.house).filter((r) => !r.anaphor);
    const listOnly =
      rooms.length > 0 &&
      rc.tokens
        .slice(g.a, g.b)
        .every(
          (t, k) =>
            rooms.some((r) => r.a <= g.a + k && g.a + k < r.b) ||
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
    if (prev && (listOnly || (replaced && revising)) && roomsIn(rc.tokens, prev.a, prev.b, rc.house).length) {
      out[out.length - 1] = { a: prev.a, b: g.b };
      continue;
    }
    out.push(g);
  }
  return out;
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

function classify(rc: ReadCtx, sents: Span[]): Seg[] {
  const out: Seg[] = [];
  sents.forEach((s, i) => {
    for (const g of roomLists(rc, segments(rc.tokens, s))) {
      const text = new Words(rc.tokens, g.a, g.b).text;
      let kind: Kind;
      // "cellar. never.": a refusal alone right after a room alone is an act about that room
      if (BARE_REFUSAL.test(text) && roomAlone(rc, out.at(-1))) {
        out.push({ ...g, sentence: i, kind: "act" });
        continue;
      }
      const strong = () =>
        readClause(rc, { main: g, parts: [g], question: false }).some(
          (r) => r.type === "retract" || (r.type === "rule" && r.requirement.kind !== "behavior"),
        );
      if (text.split(" ").every((x) => !isWordToken(x) || re(FILLER).test(x))) kind = "filler";
      else if (isExplanation(rc.tokens, g)) kind = "explain";
      else if (strong()) kind = "act";
      else if (onlyMarkers(rc.tokens, g) || SUBORDINATE.test(text)) kind = "mod";
      else if (NARRATIVE.test(text)) kind = "narrative";
      else {
        const rs = readClause(rc, { main: g, parts: [g], question: false });
        kind = rs.some((r) => r.type !== "hours") ? "act" : rs.length ? "hours" : "none";
      }
      out.push({ ...g, sentence: i, kind });
    }
  });
  return out;
}

/** Clauses: each act with the parts that say when, where, how long (fronted ones for every act of the sentence). */
function clauses(rc: ReadCtx, segs: Seg[], sents: Span[]): ClauseIn[] {
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
        if (s.kind === "mod") orphans.push(s);
        if (s.kind === "narrative") {
          const room = roomsIn(rc.tokens, s.a, s.b, rc.house).at(-1);
          const said = new Words(rc.tokens, s.a, s.b).text;
          if (room) narrative = { kind: re(STOP).test(said) ? "no_stop_in_room" : "avoid_room", room };
        }
      }
      continue;
    }
    const fronted = mine.filter((s) => s.b <= acts[0].a && (s.kind === "mod" || s.kind === "none"));
    const weak = fronted.filter((s) => s.kind === "none");
    const pending = orphans.splice(0);
    for (const [k, act] of acts.entries()) {
      const next = acts[k + 1]?.a ?? Number.POSITIVE_INFINITY;
      // a statement after the act with a subject of its own ("the dog gets in when the door is
      // open") is its reason, never a part that says when the act holds
      const told = (s: Seg) => s.kind === "none" && ASKS_NOTHING.test(new Words(rc.tokens, s.a, s.b).text);
      // "never go in the attic, and this time, skip the pantry": a part between two acts that opens
      // with a conjunction leads into the act after it, so "this time" is that act's, never the ban's
      const between = (s: Seg, from: number, to: number) =>
        s.a >= from && s.b <= to && (s.kind === "mod" || s.kind === "none");
      // (when the act after it opens with a conjunction itself, "…, but only this time, and never …",
      // the part is the act's before it)
      const opens = (x: Seg | undefined) => x !== undefined && LEADING_JOIN.test(rc.tokens[x.a].w);
      const leads = (s: Seg) => opens(s) && !opens(acts.find((x) => x.a >= s.b));
      const trailing = mine.filter(
        (s) =>
          s.a >= act.b &&
          s.a < next &&
          (s.kind === "mod" || s.kind === "none") &&
          !told(s) &&
          !(next < Infinity && leads(s)),
      );
      const leading = k > 0 ? mine.filter((s) => between(s, acts[k - 1].b, act.a) && leads(s)) : [];
      const antecedent = mentions.filter((m) => m.b <= act.a).at(-1);
      out.push({
        main: act,
        parts: [...pending, ...fronted, ...leading, act, ...trailing].sort((x, y) => x.a - y.a),
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

// ---- drafts -----------------------------------------------------------------------------------

interface Said {
  message: string;
  tokens: readonly Token[];
}

const verbatim = (t: Said, s: Span) => (s.b > s.a ? t.message.slice(t.tokens[s.a].start, t.tokens[s.b - 1].end) : "");

/** The clause as the user said it, without a leading "and" / "but". */
function statementOf(t: Said, s: Span): string {
  let a = s.a;
  while (a < s.b - 1 && LEADING_JOIN.test(t.tokens[a].w)) a++;
  let b = s.b;
  while (b > a + 1 && TRAILING_PUNCT.test(t.tokens[b - 1].w)) b--;
  return verbatim(t, { a, b });
}

function conditionOf(t: Said, c: Cond, req: Requirement): Condition {
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

function draftOf(t: Said, r: RuleReading, ctx: LearnContext): RuleDraft | string {
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
    source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
  };
}

// ---- readings to items ------------------------------------------------------------------------

function ruleItem(t: Said, r: RuleReading, rules: RuleVersion[], ctx: LearnContext): LearnItem {
  const clause = statementOf(t, r.clause);
  const draft = draftOf(t, r, ctx);
  if (typeof draft === "string")
    return {
      decision: "unclear",
      reason: draft,
      clause,
      persistence: r.persistence,
      question: "Which house do you mean?",
    };
  if (r.persistence === "task_local")
    return { decision: "task_local", reason: "for this task only", clause, persistence: "task_local", draft };
  if (r.persistence === "defer")
    return {
      decision: "defer",
      reason: "when it applies is left open",
      clause,
      persistence: "defer",
      draft,
      question: "When exactly should I do this? Tell me when, and I'll keep to it.",
    };
  if (r.elliptical && !r.saidLasting)
    return {
      decision: "unclear",
      reason: "only the room is said: for this task or from now on cannot be told",
      clause,
      persistence: "persistent",
      draft,
      question: "Only this time, or from now on?",
    };
  if (r.unwanted) {
    const stored = rules.filter(
      (v) => v.status === "active" && requirementKey(v.rule.requirement) === requirementKey(r.requirement),
    );
    if (stored.length)
      return {
        decision: "retract",
        reason: `retracts ${stored[0].ruleId}`,
        clause,
        persistence: "persistent",
        ruleId: stored[0].ruleId,
        base: stored[0].versionId,
        quote: clause,
      };
    // "quit telling me the room, I see it on the map": a rule of that kind is stored, said of
    // another reply; it is the one to drop, or, with several, which one is asked. A behaviour in
    // the user's words beside it would leave the rule they asked to end in force
    const kin = rules.filter((v) => v.status === "active" && hits(targetOf(r.requirement), v));
    if (kin.length === 1)
      return {
        decision: "retract",
        reason: `retracts ${kin[0].ruleId}`,
        clause,
        persistence: "persistent",
        ruleId: kin[0].ruleId,
        base: kin[0].versionId,
        quote: clause,
      };
    if (kin.length > 1)
      return {
        decision: "unclear",
        reason: "a rule no longer wanted, but more than one could be meant",
        clause,
        question: `Which should I drop: ${kin.map((v) => `"${v.rule.statement}"`).join(" or ")}?`,
      };
    // "no json, just plain text": nothing stored to drop, so it is what the user wants, in their words
    return resolveDraft(
      { ...draft, requirement: { kind: "behavior", text: draft.statement.replace(SENTENCE_END, "") } },
      clause,
      rules,
      r,
    );
  }
  // "the back bedroom" in a house whose labels say only "bedroom", "guest bedroom": which one
  // it is cannot be told, and the wider room would be broader than what was said
  const house = ctx.rooms ?? [];
  const picked = (r.rooms ?? []).find((x) => x.qualified && house.some((l) => sameRoom(l, x.qualified!.head)));
  if (picked) {
    const said = verbatim(t, picked);
    const kinds = house.filter((l) => sameRoom(l, picked.qualified!.head));
    return {
      decision: "unclear",
      reason: `"${said}" is none of this house's rooms exactly`,
      clause,
      persistence: r.persistence,
      draft,
      question: `Which room is "${said}": ${kinds.map((l) => `the ${l}`).join(", ")}, or another one?`,
    };
  }
  const unknown = (r.rooms ?? []).filter(
    (x) => ctx.rooms?.length && !ctx.rooms.some((l) => roomName(l) === x.room || roomKey(l) === x.room),
  );
  // "occupied rooms", "rooms with closed doors": no room of this house and no kind of room either,
  // so nothing is kept about a room made of the words around it; what is meant is asked
  const noRoom = unknown.find((x) => canonicalRoom(x.room) === undefined);
  if (noRoom)
    return {
      decision: "unclear",
      reason: `"${verbatim(t, noRoom)}" names no room of this house`,
      clause,
      persistence: r.persistence,
      draft,
      question: `Which rooms do you mean by "${verbatim(t, noRoom)}"? Name them and I'll keep to it.`,
    };
  const item = resolveDraft(draft, clause, rules, r);
  if (unknown.length && !item.question)
    item.question = `I don't know ${VOWEL_START.test(unknown[0].room) ? "an" : "a"} ${unknown[0].room} in this house: which room is it?`;
  return item;
}

// ---- retractions and permissions --------------------------------------------------------------

/** One retraction or permission as said: what every step that answers it reads. */
interface Retraction {
  t: Said;
  r: RetractReading;
  ctx: LearnContext;
  clause: string;
  quote: string;
  /** every room it names is one the same message bans stopping in: going through is allowed */
  pass: boolean;
}

/** The hours a permission is said beside, which keep the ban in force for them. */
interface HoursLeftOut {
  /** the permission says hours of its own */
  ownHours: boolean;
  /** hours said under a negation, when nothing else in the clause says a time */
  notThen: Cond[];
  /** what the permission leaves out: its exceptions, with the hours it says no to */
  leftOut: Cond[];
}

/** What the permission allows and bans, weighed once for every rule it touches. */
interface Weighed extends HoursLeftOut {
  banned: Extract<Cond, { kind: "time" }>[];
  times: Cond[];
  scene: string | undefined;
  named: string[];
}

const onlyRooms = (r: RetractReading) => r.targets.every((x) => x.kind === "room");

const sourceOf = (t: Said, ctx: LearnContext): RuleDraft["source"] => ({
  message: t.message,
  at: ctx.at ?? Date.now(),
  ...(ctx.taskId ? { taskId: ctx.taskId } : {}),
});

/**
 * A retraction or a permission against the rules in force: each rule it names is dropped, given
 * an exception, or asked about; with none in force, what it leaves out can still be a ban.
 */
function retractItems(
  t: Said,
  r: RetractReading,
  rules: RuleVersion[],
  ctx: LearnContext,
  passOnly: Set<string>,
): LearnItem[] {
  const x: Retraction = {
    t,
    r,
    ctx,
    clause: statementOf(t, r.clause),
    quote: statementOf(t, r.quote),
    pass: r.targets.every((g) => g.kind === "room" && passOnly.has(g.room)),
  };
  const early = beforeTheRules(x);
  if (early) return early;
  const found = rulesMeant(x, rules);
  const hours = hoursLeftOut(x);
  if (!found.length) return noRuleInForce(x, hours, rules);
  if ((r.bare || r.persistence === "defer") && !x.pass)
    return [
      {
        decision: "unclear",
        reason: "a permission that does not say for how long",
        clause: x.clause,
        quote: x.quote,
        question: "Just this time, or from now on?",
      },
    ];
  const w: Weighed = {
    ...hours,
    ...permittedWindows(x, hours.ownHours),
    scene: r.scope === "scene" ? ctx.sceneId : undefined,
    // "no need for the object field", "drop the room key": those fields go, the JSON rule stays
    named: namedFields(new Words(t.tokens, r.quote.a, r.quote.b).text),
  };
  const asked = unreadableHours(x, w) ?? missingFields(x, found, w.named);
  if (asked) return [asked];
  return found.map(
    (v) => droppedFields(x, v, w.named) ?? stillBanned(x, v, w) ?? exceptionFor(x, v, w) ?? retracted(x, v),
  );
}

/** What is answered before the rules in force are looked at: a one-off, or a target not read. */
function beforeTheRules(x: Retraction): LearnItem[] | undefined {
  if (x.r.persistence === "task_local") {
    if (x.pass) return [];
    return [
      {
        decision: "task_local",
        reason: "a permission for this task only: the stored rule stays",
        clause: x.clause,
        persistence: "task_local",
        quote: x.quote,
      },
    ];
  }
  if (x.r.targets.some((g) => g.kind === "unknown"))
    return [
      {
        decision: "unclear",
        reason: "a retraction, but of what cannot be told",
        clause: x.clause,
        quote: x.quote,
        question: "Which rule should I drop?",
      },
    ];
  return undefined;
}

/** The rules in force it is about; a permission to go through lifts only a ban on going in. */
function rulesMeant(x: Retraction, rules: RuleVersion[]): RuleVersion[] {
  const targets = x.pass
    ? x.r.targets.map((g) => (g.kind === "room" ? { ...g, act: "enter" as const } : g))
    : x.r.targets;
  const active = rules.filter((v) => v.status === "active");
  return active.filter((v) => targets.some((g) => hits(g, v)));
}

function hoursLeftOut(x: Retraction): HoursLeftOut {
  const { t, r } = x;
  // "you can go in the garage again, just not at night": a permission with no hours of its own,
  // beside hours said under a negation, leaves the ban in force for those hours
  const ownHours = r.conditions.some((c) => c.kind === "time" && !c.negated);
  const negatedHours = r.conditions.filter((c) => c.kind === "time" && c.negated);
  // only when nothing else in the clause says a time: "ok in the afternoons but never after 4"
  // reads as one window narrowed, and what it leaves out is asked
  const rest = t.tokens
    .slice(r.clause.a, r.clause.b)
    .filter((_, k) => !negatedHours.some((c) => c.a <= r.clause.a + k && r.clause.a + k < c.b))
    .map((w) => w.w)
    .join(" ");
  const notThen = ownHours || timeCandidates(rest).length ? [] : negatedHours;
  // "you can go in the garage except on sundays", with no ban on it yet: the ban holds just then
  const leftOut = [...r.exceptions.filter((c) => c.kind !== "asked"), ...notThen];
  return { ownHours, notThen, leftOut };
}

/** No rule in force to lift: what the permission leaves out is a new ban, else nothing is done. */
function noRuleInForce(x: Retraction, hours: HoursLeftOut, rules: RuleVersion[]): LearnItem[] {
  const { t, r, ctx } = x;
  if (hours.leftOut.length && onlyRooms(r) && r.persistence === "persistent")
    return r.targets.map((g) => {
      const requirement: Requirement =
        g.kind === "room" && g.act === "stop"
          ? { kind: "no_stop_in_room", room: g.room }
          : { kind: "avoid_room", room: (g as { room: string }).room };
      const { type: _retract, targets: _t, quote, bare: _b, ...common } = r;
      const reading: RuleReading = {
        ...common,
        type: "rule",
        requirement,
        stage: "pre_action",
        quotes: [quote],
        clear: true,
        conditions: [
          ...r.conditions.filter((c) => !hours.notThen.includes(c)),
          ...hours.leftOut.map((c) => trimmedException(t, c)),
        ],
        exceptions: [],
      };
      return ruleItem(t, reading, rules, ctx);
    });
  if (x.pass) return [];
  return [
    {
      decision: "nothing_to_retract",
      reason: "this user has no rule it could retract",
      clause: x.clause,
      persistence: "persistent",
      quote: x.quote,
    },
  ];
}

// a permission limited in time or to this house is an exception to the rule, not its end
// "the garage is ok when I tell you to", "you can go in but only when I ask": whatever the
// permission is limited by is when the rule gives way, never a reason to drop it
// "fine in the evenings but never after 9": a window said under a negation is banned, so the
// permission is its windows less the banned ones, and never permits a banned hour
// "fine from 5pm but not after 9pm": a permission with hours of its own, less the hours it leaves out
function permittedWindows(x: Retraction, ownHours: boolean): Pick<Weighed, "banned" | "times"> {
  const { r } = x;
  const banned = [...r.conditions, ...(ownHours ? r.exceptions : [])].filter(
    (c): c is Extract<Cond, { kind: "time" }> => c.kind === "time" && (!!c.negated || r.exceptions.includes(c)),
  );
  const times = [
    ...r.conditions
      .filter((c) => !banned.includes(c as never))
      .flatMap((c): Cond[] => {
        if (c.kind !== "time" || !banned.length) return [c];
        let left = [{ fromHour: c.from, toHour: c.to }];
        for (const b of banned) left = left.flatMap((w) => minus(w, { fromHour: b.from, toHour: b.to }));
        return left.map((w) => ({ ...c, from: w.fromHour, to: w.toHour % 24 }));
      }),
    ...r.exceptions.filter((c) => c.kind === "asked" && onlyRooms(r)),
  ];
  return { banned, times };
}

/**
 * Hours banned in the same breath, and no permitted hours left to read: dropping the rule or
 * guessing its exception would both permit what was just banned, so it is asked.
 */
function unreadableHours(x: Retraction, w: Weighed): LearnItem | undefined {
  if (!w.banned.length || w.notThen.length || w.times.some((c) => c.kind === "time")) return undefined;
  return {
    decision: "unclear",
    reason: "a permission with hours banned beside it, and which hours are allowed cannot be read",
    clause: x.clause,
    quote: x.quote,
    question: `Which hours may I go there, and which not? I read "${verbatim(x.t, w.banned[0])}" as still banned.`,
  };
}

/** Fields named to drop that the JSON reply does not have: which ones are meant is asked. */
function missingFields(x: Retraction, found: RuleVersion[], named: string[]): LearnItem | undefined {
  const jsonReq = found.map((v) => v.rule.requirement).find((q) => q.kind === "json_fields");
  const missing = jsonReq ? named.filter((f) => !jsonReq.fields.includes(f)) : [];
  if (!missing.length) return undefined;
  return {
    decision: "unclear",
    reason: `the JSON reply has no ${missing.join(", ")} field`,
    clause: x.clause,
    quote: x.quote,
    question: `My JSON replies have no ${missing.join(" or ")} field: what should I drop?`,
  };
}

/** Some of a JSON reply's fields dropped: the rule stays with the others. */
function droppedFields(x: Retraction, v: RuleVersion, named: string[]): LearnItem | undefined {
  const q = v.rule.requirement;
  if (q.kind !== "json_fields" || !named.length || !named.every((f) => q.fields.includes(f))) return undefined;
  const fields = q.fields.filter((f) => !named.includes(f));
  if (!fields.length) return undefined;
  return {
    decision: "revise",
    reason: `drops ${named.join(", ")} from the JSON reply`,
    clause: x.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    draft: {
      ...v.rule,
      requirement: { ...q, fields },
      statement: x.clause,
      quotes: [x.quote, ...v.rule.quotes],
      source: sourceOf(x.t, x.ctx),
    },
    quote: x.quote,
  };
}

/**
 * "you can go in the garage except at night": the ban stays, for what the permission leaves out.
 * "except when guests are over" holds it "when guests are over"; "unless …" says no when, so it is asked.
 */
function stillBanned(x: Retraction, v: RuleVersion, w: Weighed): LearnItem | undefined {
  const { t, r } = x;
  const still = [...r.exceptions.filter((c) => c.kind !== "asked" && !w.banned.includes(c as never)), ...w.notThen].map(
    (c) => {
      if (c.kind === "time") return c;
      let a = c.a;
      while (a < c.b && EXCEPTION_LEAD.test(t.tokens[a].w)) a++;
      return WHEN_LEAD.test(t.tokens[a]?.w ?? "") ? { ...c, a } : undefined;
    },
  );
  if (still.includes(undefined) && onlyRooms(r))
    return {
      decision: "unclear",
      reason: "allowed again except sometimes, and when is not said",
      clause: x.clause,
      quote: x.quote,
      question: "When exactly should I still stay out?",
    };
  if (!still.length || !onlyRooms(r)) return undefined;
  return {
    decision: "revise",
    reason: "allowed again except sometimes: the rule holds only then",
    clause: x.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    draft: {
      ...v.rule,
      // the hours the permission leaves out are when the ban holds now: they replace the rule's
      // own hours ("except after 8" of a ban from 9 bans from 8), never narrow them further
      conditions: [
        ...v.rule.conditions.filter((c) => c.kind !== "time" || !still.some((s) => s!.kind === "time")),
        ...still.map((c) => conditionOf(t, c!, v.rule.requirement)),
      ],
      statement: x.clause,
      quotes: [x.quote, ...still.map((c) => verbatim(t, c!)), ...v.rule.quotes],
      source: sourceOf(t, x.ctx),
    },
    quote: x.quote,
  };
}

/** Allowed again only at some hours, or only in this house: an exception to the rule. */
function exceptionFor(x: Retraction, v: RuleVersion, w: Weighed): LearnItem | undefined {
  const { t, r } = x;
  const { scene, times } = w;
  const sceneOwn = scene !== undefined && v.rule.scope === sceneScope(scene);
  if (!times.length && !(scene && !sceneOwn)) return undefined;
  const exceptions: Condition[] = [
    ...v.rule.exceptions,
    ...times.map((c) => conditionOf(t, c, v.rule.requirement)),
    ...(scene && !sceneOwn
      ? [{ kind: "scene", sceneId: scene, quote: verbatim(t, r.scopeQuote!) || x.quote } as Condition]
      : []),
  ];
  return {
    decision: "revise",
    reason: "allowed again only sometimes or somewhere: an exception to the rule",
    clause: x.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    // this version's words are the permission; the requirement comes from the version it supersedes
    draft: {
      ...v.rule,
      exceptions,
      statement: x.clause,
      quotes: [x.quote, ...times.map((c) => verbatim(t, c)), ...v.rule.quotes],
      source: sourceOf(t, x.ctx),
    },
    quote: x.quote,
  };
}

function retracted(x: Retraction, v: RuleVersion): LearnItem {
  return {
    decision: "retract",
    reason: `retracts ${v.ruleId}`,
    clause: x.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    quote: x.quote,
  };
}

/** An exception's words without the word that made it one: "except on sundays" holds "on sundays". */
function trimmedException(t: Said, c: Cond): Cond {
  if (c.kind === "time") return c;
  let a = c.a;
  while (a < c.b - 1 && re(EXCEPTION_WORD).test(t.tokens[a].w)) a++;
  return { ...c, a };
}

/** The fields a phrase names as fields: "the object field", "room and found keys". */
function namedFields(text: string): string[] {
  const m = NAMED_FIELDS.exec(text);
  if (!m) return [];
  return m[1].split(FIELD_LIST_JOIN).filter((x) => x && !NOT_A_FIELD.test(x));
}

/** "the study rule is only for weekends": the rules it names keep what they had, and hold only then too. */
function narrowItems(t: Said, r: NarrowReading, rules: RuleVersion[], ctx: LearnContext): LearnItem[] {
  const clause = statementOf(t, r.clause);
  const active = rules.filter((v) => v.status === "active");
  let found = active.filter((v) => r.targets.some((x) => hits(x, v)));
  // "that rule only applies when guests are over", with one rule in force: that one
  if (!found.length && r.targets.every((x) => x.kind === "unknown") && active.length === 1) found = active;
  // new hours that share none with the rule's own would leave it holding never: which is meant is asked
  const windowsOf = (cs: readonly Condition[]) =>
    cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));
  const told = r.conditions.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.from, toHour: c.to }] : []));
  if (found.some((v) => windowsOf(v.rule.conditions).some((w) => told.some((x) => !overlap(w, x).length))))
    return [
      {
        decision: "unclear",
        reason: "a rule narrowed to hours it does not hold at",
        clause,
        question: `Should "${found[0].rule.statement}" hold ${r.conditions.map((c) => verbatim(t, c)).join(" and ")} instead of its own hours?`,
      },
    ];
  if (!found.length)
    return [
      {
        decision: "unclear",
        reason: "a rule narrowed, but which one cannot be told",
        clause,
        question: "Which rule do you mean?",
      },
    ];
  return found.map((v) => {
    const conditions = r.conditions.map((c) => conditionOf(t, c, v.rule.requirement));
    const exceptions = r.exceptions.map((c) => conditionOf(t, c, v.rule.requirement));
    return {
      decision: "revise",
      reason: "when a stored rule applies, narrowed",
      clause,
      persistence: "persistent",
      ruleId: v.ruleId,
      base: v.versionId,
      draft: {
        ...v.rule,
        conditions: [...v.rule.conditions, ...conditions],
        exceptions: [...v.rule.exceptions, ...exceptions],
        statement: clause,
        quotes: [...new Set([clause, ...v.rule.quotes])],
        source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
      },
    };
  });
}

/**
 * "I meant the pantry, not the kitchen": the one room rule in force about the room replaced now
 * names the other room; its kind, hours, conditions and exceptions stay as they were. With no
 * such rule, or several, which is meant is asked.
 */
function reroomItem(t: Said, r: ReroomReading, rules: RuleVersion[], ctx: LearnContext): LearnItem {
  const clause = statementOf(t, r.clause);
  const found = rules.filter(
    (v) =>
      v.status === "active" &&
      (v.rule.requirement.kind === "avoid_room" || v.rule.requirement.kind === "no_stop_in_room") &&
      v.rule.requirement.room === r.from.room,
  );
  if (found.length !== 1)
    return {
      decision: "unclear",
      reason: found.length ? "a room put right, in more than one rule" : "a room put right, but no rule names it",
      clause,
      question: `Which rule should be about the ${r.to.room} instead of the ${r.from.room}?`,
    };
  const v = found[0];
  const q = v.rule.requirement as Extract<Requirement, { kind: "avoid_room" | "no_stop_in_room" }>;
  return {
    decision: "revise",
    reason: `the room of ${v.ruleId}, put right`,
    clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    draft: {
      ...v.rule,
      requirement: { ...q, room: r.to.room },
      statement: clause,
      quotes: [clause],
      source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
    },
  };
}

/** "The baby sleeps from 1 to 3": the hours of a condition only people know, on the rules that have it. */
function hoursItems(
  t: Said,
  r: Extract<Reading, { type: "hours" }>,
  rules: RuleVersion[],
  ctx: LearnContext,
): LearnItem[] {
  const clause = statementOf(t, r.clause);
  if (r.retime) return retimeItems(t, r, r.retime, rules, ctx);
  return rulesForHours(r.words, rules).map((v): LearnItem => {
    const times = r.conditions.filter((c) => c.kind === "time").map((c) => conditionOf(t, c, v.rule.requirement));
    // only the condition the hours are for becomes a window: "on weekends" beside "while the
    // baby naps" stays, or the rule would hold on more days than said
    const texts = v.rule.conditions.filter((c) => c.kind === "text");
    const spoken = conditionsSpokenOf(r.words, v);
    const replaced = spoken.length ? spoken : texts.length === 1 ? texts : [];
    if (!replaced.length)
      return {
        decision: "unclear",
        reason: "hours for a rule with more than one condition, and which one is not said",
        clause,
        question: `Which of "${texts.map((c) => c.quote).join('" or "')}" are those hours for?`,
      };
    return {
      decision: "revise",
      reason: "the hours of a condition that could not be computed",
      clause,
      persistence: "persistent",
      ruleId: v.ruleId,
      base: v.versionId,
      draft: {
        ...v.rule,
        conditions: [...v.rule.conditions.filter((c) => !replaced.includes(c)), ...times],
        statement: clause,
        quotes: [...times.map((c) => c.quote), ...v.rule.quotes],
        source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
      },
    };
  });
}

/**
 * "Make that the evening instead of the morning": the one rule in force with hours (of the room
 * or limit named, and with the old hours when they are said) gets the new hours in place of its
 * own; its requirement, other conditions and exceptions stay as they were. Which rule, when it
 * cannot be told, is asked, never guessed.
 */
function retimeItems(
  t: Said,
  r: Extract<Reading, { type: "hours" }>,
  retime: NonNullable<Extract<Reading, { type: "hours" }>["retime"]>,
  rules: RuleVersion[],
  ctx: LearnContext,
): LearnItem[] {
  const clause = statementOf(t, r.clause);
  const timed = (v: RuleVersion) => v.rule.conditions.some((c) => c.kind === "time");
  let found = rules.filter((v) => v.status === "active" && timed(v));
  const named = retime.targets.filter((x) => x.kind !== "unknown");
  if (named.length) found = found.filter((v) => named.some((x) => hits(x, v)));
  if (retime.before.length)
    found = found.filter((v) =>
      v.rule.conditions.some(
        (c) =>
          c.kind === "time" &&
          retime.before.some((b) => b.kind === "time" && overlap({ fromHour: b.from, toHour: b.to }, c).length > 0),
      ),
    );
  if (found.length !== 1)
    return [
      {
        decision: "unclear",
        reason: found.length ? "new hours, for more than one rule with hours" : "new hours, but for no rule with hours",
        clause,
        question: found.length
          ? `Which rule should hold ${r.conditions.map((c) => verbatim(t, c)).join(" and ")}: ${found.map((v) => `"${v.rule.statement}"`).join(" or ")}?`
          : `Which rule should hold ${r.conditions.map((c) => verbatim(t, c)).join(" and ")}?`,
      },
    ];
  const v = found[0];
  const times = r.conditions.map((c) => conditionOf(t, c, v.rule.requirement));
  return [
    {
      decision: "revise",
      reason: "the hours of a rule in force, replaced",
      clause,
      persistence: "persistent",
      ruleId: v.ruleId,
      base: v.versionId,
      draft: {
        ...v.rule,
        conditions: [...v.rule.conditions.filter((c) => c.kind !== "time"), ...times],
        statement: clause,
        quotes: [...new Set([clause, ...times.map((c) => c.quote), ...v.rule.quotes])],
        source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
      },
    },
  ];
}

/**
 * "I want to know where things were, so say which room at nighttime": one sentence that asks
 * for the same thing twice asks for it once, under what either part says of when.
 */
function sameInSentence(readings: Reading[], sents: Span[]): Reading[] {
  const out: Reading[] = [];
  for (const r of readings) {
    const twin =
      r.type === "rule" && r.requirement.kind !== "behavior"
        ? out.find(
            (o): o is RuleReading =>
              o.type === "rule" &&
              sentenceOf(sents, o) === sentenceOf(sents, r) &&
              o.persistence === r.persistence &&
              requirementKey(o.requirement) === requirementKey(r.requirement),
          )
        : undefined;
    if (!twin || r.type !== "rule") {
      out.push(r);
      continue;
    }
    const fresh = (xs: Cond[], ys: Cond[]) => ys.filter((c) => !xs.some((x) => x.a === c.a && x.b === c.b));
    twin.conditions = [...twin.conditions, ...fresh(twin.conditions, r.conditions)];
    twin.exceptions = [...twin.exceptions, ...fresh(twin.exceptions, r.exceptions)];
    twin.quotes.push(...r.quotes);
    twin.clause = { a: Math.min(twin.clause.a, r.clause.a), b: Math.max(twin.clause.b, r.clause.b) };
  }
  return out;
}

/**
 * "in the morning or at night": two windows are either one, never both at once. A check holds
 * every condition together, so each window is a rule of its own.
 */
function byWindow(r: Reading): Reading[] {
  if (r.type !== "rule") return [r];
  const times = r.conditions.filter((c) => c.kind === "time");
  if (times.length < 2) return [r];
  const rest = r.conditions.filter((c) => c.kind !== "time");
  return times.map((t) => ({ ...r, conditions: [...rest, t] }));
}

const sentenceOf = (sents: Span[], r: Reading) => sents.findIndex((s) => s.a <= r.clause.a && r.clause.a < s.b);

/** "Answer in JSON. Include found and room.": one JSON requirement, its fields from both. */
function mergeJson(readings: Reading[]): Reading[] {
  const jsons = readings.filter((r): r is RuleReading => r.type === "rule" && r.requirement.kind === "json_fields");
  if (jsons.length < 2) return readings;
  const [first, ...rest] = jsons;
  const req = first.requirement as Extract<Requirement, { kind: "json_fields" }>;
  const drop = new Set<Reading>();
  for (const j of rest) {
    const other = j.requirement as Extract<Requirement, { kind: "json_fields" }>;
    if (other.target !== req.target || j.persistence !== first.persistence) continue;
    req.fields = [...new Set([...req.fields, ...other.fields])];
    first.quotes.push(...j.quotes);
    // the hours said with the fields are the JSON rule's
    first.conditions = [...first.conditions, ...j.conditions.filter((c) => !first.conditions.some((x) => x.a === c.a))];
    first.exceptions = [...first.exceptions, ...j.exceptions.filter((c) => !first.exceptions.some((x) => x.a === c.a))];
    first.clause = { a: Math.min(first.clause.a, j.clause.a), b: Math.max(first.clause.b, j.clause.b) };
    drop.add(j);
  }
  return readings.filter((r) => !drop.has(r));
}

/**
 * "Keep it short — 10 words max": a behaviour that only says in words what a structured reading
 * of the same message says exactly (length, format) is part of it, not a second rule.
 */
function dropCovered(readings: Reading[]): Reading[] {
  const has = (k: Requirement["kind"]) => readings.some((r) => r.type === "rule" && r.requirement.kind === k);
  return readings.filter((r) => {
    if (r.type !== "rule" || r.requirement.kind !== "behavior") return true;
    const t = r.requirement.text.toLowerCase();
    if (has("word_limit") && re(REPLY_LENGTH).test(t)) return false;
    if (has("json_fields") && re(REPLY_FORMAT).test(t)) return false;
    return true;
  });
}

/** "Answer in JSON. Include found and room.": a follow-up naming fields, read as JSON's. */
function jsonFollowUp(rc: ReadCtx, c: ClauseIn, readings: Reading[], jsonBefore: boolean): Reading[] {
  if (!jsonBefore || readings.some((r) => r.type === "rule" && r.requirement.kind !== "behavior")) return readings;
  const text = new Words(rc.tokens, c.main.a, c.main.b).text;
  if (!FIELDS_FOLLOW_UP.test(text)) return readings;
  // read as if it said JSON: the fields it names
  const names = text
    .replace(UP_TO_FIELDS, "")
    .split(FIELD_SEPARATOR)
    .map((x) => x.replace(ARTICLE_START, "").replace(FIELD_WORD_END, "").trim())
    .filter((x) => isIdentifier(x));
  if (!names.length) return readings;
  const common = readings.find((r): r is RuleReading => r.type === "rule");
  const base = common ?? readClause(rc, c).find((r): r is RuleReading => r.type === "rule");
  if (!base) return readings;
  return [
    {
      ...base,
      requirement: { kind: "json_fields", target: "reply", fields: names },
      stage: "delivery",
      quotes: [c.main],
      clear: true,
    },
  ];
}

/**
 * Reads one user message against the rules in force for that user. Pure: nothing is written;
 * see teach.ts for compiling and storing what it decides.
 */
export function learn(message: string, rules: RuleVersion[], ctx: LearnContext = {}): LearnOutcome {
  const original = message.normalize("NFC");
  const tokens = tokenize(original);
  const rc: ReadCtx = { message: original, tokens, house: ctx.rooms ?? [] };
  const said: Said = { message: original, tokens };
  const sents = sentences(original, tokens);
  const segs = classify(rc, sents);
  const cs = clauses(rc, segs, sents);
  let readings: Reading[] = [];
  let jsonBefore = false;
  for (const c of cs) {
    const rs = jsonFollowUp(rc, c, readClause(rc, c), jsonBefore);
    jsonBefore ||= rs.some((r) => r.type === "rule" && r.requirement.kind === "json_fields");
    readings.push(...rs);
  }
  readings = sameInSentence(dropCovered(mergeJson(readings)), sents).flatMap(byWindow);
  // "…, so tell me": a fragment left unclear beside what the same sentence says clearly is part of it
  readings = readings.filter(
    (r) =>
      r.type !== "unclear" ||
      r.question !== VAGUE_QUESTION ||
      !readings.some((o) => o !== r && o.type !== "unclear" && sentenceOf(sents, o) === sentenceOf(sents, r)),
  );
  // "After 10 pm you're free to go through the den, just don't stop in it": the hours of the permission are the rule's
  for (const r of readings) {
    if (r.type !== "rule" || r.requirement.kind !== "no_stop_in_room" || r.conditions.some((c) => c.kind === "time"))
      continue;
    const room = r.requirement.room;
    const permit = readings.find(
      (p): p is RetractReading =>
        p.type === "retract" &&
        sentenceOf(sents, p) === sentenceOf(sents, r) &&
        p.targets.some((t) => t.kind === "room" && t.room === room),
    );
    if (permit) r.conditions.push(...permit.conditions.filter((c) => c.kind === "time"));
  }
  const stopRooms = new Set(
    readings.flatMap((r) =>
      r.type === "rule" && r.requirement.kind === "no_stop_in_room" ? [r.requirement.room] : [],
    ),
  );
  const items: LearnItem[] = [];
  /** the reading each item came from */
  const origin: Reading[] = [];
  for (const r of readings) {
    if (r.type === "rule")
      items.push(withRationale(said, ruleItem(said, r, rules, ctx), reasonFor(rc, segs, sents, r)));
    else if (r.type === "retract") items.push(...retractItems(said, r, rules, ctx, stopRooms));
    else if (r.type === "hours") items.push(...hoursItems(said, r, rules, ctx));
    else if (r.type === "narrow") items.push(...narrowItems(said, r, rules, ctx));
    else if (r.type === "reroom") items.push(reroomItem(said, r, rules, ctx));
    else
      items.push({ decision: "unclear", reason: r.reason, clause: statementOf(said, r.clause), question: r.question });
    while (origin.length < items.length) origin.push(r);
  }
  // "maybe stay out of the cellar? not sure": a hedged rule is read back as a question, never kept
  const hedged = new Set(sents.flatMap((s, i) => (actOf(new Words(rc.tokens, s.a, s.b).text) === "hedge" ? [i] : [])));
  if (hedged.size)
    for (const [k, it] of items.entries()) {
      const i = sentenceOf(sents, origin[k]);
      const near = hedged.has(i) || (hedged.has(i + 1) && !readings.some((o) => sentenceOf(sents, o) === i + 1));
      if (!it.draft || !near || it.decision === "task_local" || it.decision === "reuse") continue;
      items[k] = {
        decision: "unclear",
        reason: "a hedged request: kept only once the user confirms it",
        clause: it.clause,
        persistence: it.persistence,
        draft: it.draft,
        question: `Shall I keep to this from now on: ${lowerFirst(describeRule(it.draft))}?`,
      };
    }
  // two readings of one message about the same requirement: keep the first
  const seen = new Set<string>();
  const kept = items.filter((it) => {
    if (!it.draft || it.decision === "task_local") return true;
    const k = `${requirementKey(it.draft.requirement)}|${it.draft.scope}|${it.decision}|${JSON.stringify(it.draft.conditions.map((c) => c.quote))}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (kept.length) return { message: original, signal: true, items: kept };
  const same = sameFor(said, rc, rules, ctx);
  if (same) return { message: original, signal: true, items: [same] };
  // nothing read: a request, thanks, a question — or a correction that says too little, asked back
  // "You went into the garage." says something went wrong; "You found it, thanks!" does not
  const complaint = segs.some(
    (s) =>
      s.kind === "narrative" && !re(PRAISE).test(new Words(rc.tokens, sents[s.sentence].a, sents[s.sentence].b).text),
  );
  // "the den is the room next to the kitchen": a statement that forbids nothing tells, it corrects nothing
  const tells = (s: Span) => {
    const text = new Words(rc.tokens, s.a, s.b).text;
    const act = actOf(text);
    return (
      (act === "reason" || act === "not-a-correction") &&
      !re(`(?:${NEG}|${LASTING}|${REFERENCE})`).test(text) &&
      !findTimes(text).length
    );
  };
  const quiet = !complaint && sents.every((s) => isNoCorrection(rc, s) || tells(s));
  if (quiet || !tokens.length) return { message: original, signal: false, items: [] };
  return { message: original, signal: true, items: [unclearAbout(rc, segs, original)] };
}

/**
 * The reason a rule was given, in the user's words: an explanation ("because …", "that's when …")
 * or a statement that asks nothing ("it blocks the door"), in the rule's sentence or, when that
 * sentence says nothing else, the sentence after it ("Stay out of the garage. My tools are there.").
 */
function reasonFor(rc: ReadCtx, segs: Seg[], sents: Span[], r: RuleReading): string | undefined {
  const i = sentenceOf(sents, r);
  const isReason = (s: Seg) =>
    s.kind === "explain" ||
    ((s.kind === "none" || s.kind === "mod") && actOf(new Words(rc.tokens, s.a, s.b).text) === "reason");
  // an explanation inside the act's own segment ("stay out … because …") starts at its marker
  const inner = segs
    .filter((s) => s.sentence === i && s.kind === "act" && s.a <= r.clause.a && r.clause.a < s.b)
    .flatMap((s) => {
      const p = withoutExplanation(rc.tokens, s);
      return p.b < s.b ? [{ a: p.b, b: s.b }] : [];
    });
  // up to the next act of the sentence: a reason after that is the next act's
  const stop = segs.find((s) => s.sentence === i && s.kind === "act" && s.a > r.clause.a && s.a >= r.clause.b)?.a;
  const own = [
    ...inner,
    ...segs.filter((s) => s.sentence === i && s.a >= r.clause.a && (stop === undefined || s.a < stop) && isReason(s)),
  ];
  const next = segs.filter((s) => s.sentence === i + 1);
  const parts: Span[] = own.length
    ? own
    : next.length && next.every((s) => s.kind !== "act" && s.kind !== "narrative")
      ? next.filter(isReason)
      : [];
  if (!parts.length) return undefined;
  // a reason says something ("the dog eats there"); "nice", "thanks" say nothing of why
  const text = parts
    .map((s) => verbatimSpan(rc, s))
    .filter((x) => x && read(x).tokens.some((k) => k.pos === "VERB" || k.pos === "AUX"));
  return text.length ? text.join(" … ") : undefined;
}

const verbatimSpan = (rc: ReadCtx, s: Span) =>
  s.b > s.a ? rc.message.slice(rc.tokens[s.a].start, rc.tokens[s.b - 1].end).replace(EDGE_PUNCTUATION, "") : "";

function withRationale(t: Said, item: LearnItem, rationale: string | undefined): LearnItem {
  if (!rationale || !item.draft || !t.message.includes(rationale)) return item;
  return { ...item, draft: { ...item.draft, rationale } };
}

/**
 * "The same goes for the cellar": the rule said last, about a room, said again of the room named
 * here, with its conditions and exceptions; with no such rule in force, which one is asked.
 */
function sameFor(t: Said, rc: ReadCtx, rules: RuleVersion[], ctx: LearnContext): LearnItem | undefined {
  // "the same goes for the cellar", "and the cellar too", "that goes for the cellar as well"
  const w = new Words(rc.tokens, 0, rc.tokens.length);
  const rooms = roomsIn(rc.tokens, 0, rc.tokens.length, rc.house);
  if (rooms.length !== 1) return undefined;
  if (!rc.tokens.some((x) => x.w === "same")) {
    // "also" alone is no reference: only a message that is the room and words carrying a rule over
    const additive = [...w.matches(re(ADDITIVE))];
    const carried = rc.tokens.every(
      (t, k) =>
        (rooms[0].a <= k && k < rooms[0].b) ||
        additive.some((m) => m.a <= k && k < m.b) ||
        !isWordToken(t.w) ||
        re(FILLER).test(t.w) ||
        DETERMINER.test(t.w) ||
        LINKING.test(t.w) ||
        CARRIES_OVER.test(t.w),
    );
    if (!additive.length || !carried) return undefined;
  }
  const last = rules
    .filter(
      (v) =>
        v.status === "active" &&
        (v.rule.requirement.kind === "avoid_room" || v.rule.requirement.kind === "no_stop_in_room"),
    )
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  const clause = t.message.trim();
  if (!last)
    return {
      decision: "unclear",
      reason: "the same as a rule, but there is none",
      clause,
      question: "The same as which rule?",
    };
  const q = last.rule.requirement as Extract<Requirement, { kind: "avoid_room" | "no_stop_in_room" }>;
  if (sameRoom(q.room, rooms[0].room)) return undefined;
  const draft: RuleDraft = {
    ...last.rule,
    statement: clause,
    quotes: [clause],
    requirement: { kind: q.kind, room: rooms[0].room },
    persistence: "persistent",
    conditions: last.rule.conditions.map((c) => ({ ...c })),
    exceptions: last.rule.exceptions.map((c) => ({ ...c })),
    source: { message: t.message, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
  };
  // the earlier rule's reason was for its own room
  delete draft.rationale;
  return resolveDraft(draft, clause, rules, {});
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The question back for a message that says something is wrong but not what to do. */
function unclearAbout(rc: ReadCtx, segs: Seg[], message: string): LearnItem {
  const narrative = segs.find((s) => s.kind === "narrative");
  const text = narrative ? new Words(rc.tokens, narrative.a, narrative.b).text : "";
  const room: RoomRef | undefined = narrative
    ? roomsIn(rc.tokens, narrative.a, narrative.b, rc.house).at(-1)
    : undefined;
  let question = "What should I do differently next time?";
  if (room)
    question = re(STOP).test(text)
      ? `Should I never stop in the ${room.room} from now on?`
      : `Should I stay out of the ${room.room} from now on?`;
  else if (TOO_LONG.test(text)) question = "How many words should my replies have at most?";
  return { decision: "unclear", reason: "a correction, but no requirement could be read", clause: message, question };
}
