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
 *    revise, replace, add, retract, or a condition given its hours; a rule in learn/rule-item.ts,
 *    a retraction or permission in learn/retract.ts, both worded by learn/said.ts.
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
  DETERMINER,
  EDGE_PUNCTUATION,
  EXCEPTION_MARKER,
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
  NARRATIVE,
  NEG,
  NEGATION_WORD,
  NOT_TASK_LOCAL,
  overlap,
  PRAISE,
  REFERENCE,
  REPLACED_LEAD,
  REPLY_FORMAT,
  REPLY_LENGTH,
  REVISING,
  read,
  SCENE,
  STOP,
  SUBORDINATE,
  sameRoom,
  TASK_LOCAL,
  TOO_LONG,
  type Token,
  tokenize,
  UP_TO_FIELDS,
  VAGUE,
  WHEN_YOU,
  Words,
} from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import type { Condition, Requirement, RuleDraft, RuleVersion } from "../types.ts";
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
  VAGUE_QUESTION,
} from "./clause.ts";
import { type Cond, conditionsIn, isExplanation, withoutExplanation } from "./conditions.ts";
import type { LearnContext, LearnItem, LearnOutcome } from "./items.ts";
import { conditionsSpokenOf, hits, requirementKey, resolveDraft, rulesForHours } from "./resolve.ts";
import { retractItems } from "./retract.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import { ruleItem } from "./rule-item.ts";
import { conditionOf, type Said, statementOf, verbatim } from "./said.ts";
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
