/**
 * Changes said to rules already in force: narrowed to some hours, new hours, the hours of a
 * condition only people know, a room put right. Each edits the one rule it is about and keeps the
 * rest of it; when which rule is meant cannot be told it is asked, since a guess would quietly
 * change a rule the user did not mean.
 */
import { findTimes, overlap, windowLength } from "../../language/index.ts";
import type { Requirement, RuleDraft, RuleVersion } from "../types.ts";
import type { NarrowReading, Reading, ReroomReading } from "./clause.ts";
import { timeWindows } from "./condition-hours.ts";
import type { Cond } from "./conditions.ts";
import type { LearnContext, LearnItem } from "./items.ts";
import type { MovedEnd } from "./reading.ts";
import { conditionsSpokenOf, hits, rulesForHours } from "./resolve.ts";
import { conditionOf, type Said, sourceOf, statementOf, verbatim } from "./said.ts";

/**
 * A new version of the rule in force `v`, as said in `clause`: the rule with `changes` (its
 * hours, room, fields …), the clause as its statement, `quotes` as the words it came from. Every
 * update that acts on a rule in force builds its item here.
 */
export function revisionOf(
  v: RuleVersion,
  said: { t: Said; ctx: LearnContext; reason: string; clause: string; quotes: string[]; quote?: string },
  changes: Partial<RuleDraft>,
): LearnItem {
  return {
    decision: "revise",
    reason: said.reason,
    clause: said.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    draft: { ...v.rule, ...changes, statement: said.clause, quotes: said.quotes, source: sourceOf(said.t, said.ctx) },
    ...(said.quote === undefined ? {} : { quote: said.quote }),
  };
}

/** "the study rule is only for weekends": the rules it names keep what they had, and hold only then too. */
export function narrowItems(t: Said, r: NarrowReading, rules: RuleVersion[], ctx: LearnContext): LearnItem[] {
  const clause = statementOf(t, r.clause);
  const active = rules.filter((v) => v.status === "active");
  let found = active.filter((v) => r.targets.some((x) => hits(x, v)));
  // "that rule only applies when guests are over", with one rule in force: that one
  if (!found.length && r.targets.every((x) => x.kind === "unknown") && active.length === 1) found = active;
  // new hours that share none with the rule's own would leave it holding never: which is meant is asked
  const told = r.conditions.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.from, toHour: c.to }] : []));
  if (found.some((v) => timeWindows(v.rule.conditions).some((w) => told.some((x) => !overlap(w, x).length))))
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
    return revisionOf(
      v,
      {
        t,
        ctx,
        reason: "when a stored rule applies, narrowed",
        clause,
        quotes: [...new Set([clause, ...v.rule.quotes])],
      },
      { conditions: [...v.rule.conditions, ...conditions], exceptions: [...v.rule.exceptions, ...exceptions] },
    );
  });
}

/**
 * "I meant the pantry, not the kitchen": the one room rule in force about the room replaced now
 * names the other room; its kind, hours, conditions and exceptions stay as they were. With no
 * such rule, or several, which is meant is asked.
 */
export function reroomItem(t: Said, r: ReroomReading, rules: RuleVersion[], ctx: LearnContext): LearnItem {
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
  return revisionOf(
    v,
    { t, ctx, reason: `the room of ${v.ruleId}, put right`, clause, quotes: [clause] },
    { requirement: { ...q, room: r.to.room } },
  );
}

/** "The baby sleeps from 1 to 3": the hours of a condition only people know, on the rules that have it. */
export function hoursItems(
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
    return revisionOf(
      v,
      {
        t,
        ctx,
        reason: "the hours of a condition that could not be computed",
        clause,
        quotes: [...times.map((c) => c.quote), ...v.rule.quotes],
      },
      { conditions: [...v.rule.conditions.filter((c) => !replaced.includes(c)), ...times] },
    );
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
  // "change the pantry rule to 10pm to 6am" of a pantry ban that holds all day: the one rule named
  // gets the hours, which narrows it (the old hours said, or one end moved, name a rule with hours)
  if (named.length && !found.length && !retime.before.length && !retime.boundary)
    found = rules.filter((v) => v.status === "active" && named.some((x) => hits(x, v)));
  if (retime.before.length)
    found = found.filter((v) =>
      v.rule.conditions.some(
        (c) =>
          c.kind === "time" &&
          retime.before.some((b) => b.kind === "time" && overlap({ fromHour: b.from, toHour: b.to }, c).length > 0),
      ),
    );
  const count =
    retime.boundary?.count === undefined ? undefined : newCount(t, clause, retime.boundary, rules, found, ctx);
  if (count) return [count];
  if (found.length !== 1 && retime.boundary)
    return [
      {
        decision: "unclear",
        reason: found.length
          ? "a new start or end, for more than one rule with hours"
          : "a new start or end, but for no rule with hours",
        clause,
        question: found.length
          ? `Which rule should "${verbatim(t, retime.boundary.quote)}": ${found.map((v) => `"${v.rule.statement}"`).join(" or ")}?`
          : `Which rule with hours do you mean by "${verbatim(t, retime.boundary.quote)}"?`,
      },
    ];
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
  if (retime.boundary) return [movedEnd(t, clause, v, retime.boundary, ctx)];
  const times = r.conditions.map((c) => conditionOf(t, inHalfOf(c, v), v.rule.requirement));
  return [
    revisionOf(
      v,
      {
        t,
        ctx,
        reason: "the hours of a rule in force, replaced",
        clause,
        quotes: [...new Set([clause, ...times.map((c) => c.quote), ...v.rule.quotes])],
      },
      { conditions: [...v.rule.conditions.filter((c) => c.kind !== "time"), ...times] },
    ),
  ];
}

/**
 * New hours whose half of the day nobody said ("make it 8 to 10"): the half the rule's own hours
 * are in, that is the reading (as read or twelve hours on) sharing more hours with its window, or,
 * sharing none, starting nearer its start; when that does not tell them apart, the reading stands
 * as the clock grammar made it.
 */
function inHalfOf(c: Cond, v: RuleVersion): Cond {
  const windows = v.rule.conditions.filter((w) => w.kind === "time");
  if (c.kind !== "time" || !c.guessed || windows.length !== 1) return c;
  const w = windows[0];
  const fit = (from: number, to: number) => [
    overlap({ fromHour: from, toHour: to }, w).reduce((k, o) => k + windowLength(o.fromHour, o.toHour), 0),
    -apart(from, w.fromHour),
  ];
  const later = { from: (c.from + 12) % 24, to: (c.to + 12) % 24 || 24 };
  const [a, b] = [fit(c.from, c.to), fit(later.from, later.to)];
  return b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? { ...c, ...later } : c;
}

/**
 * "make it 15", "change that to 8": a number alone is a new value for the one rule in force it can
 * be. A word limit, when no rule with hours is meant, takes it as its count; when a rule with hours
 * and a word limit are both in force, which one changes is asked, never guessed.
 */
function newCount(
  t: Said,
  clause: string,
  m: MovedEnd,
  rules: RuleVersion[],
  timed: RuleVersion[],
  ctx: LearnContext,
): LearnItem | undefined {
  const limits = rules.filter((v) => v.status === "active" && v.rule.requirement.kind === "word_limit");
  if (!limits.length || m.count === undefined) return undefined;
  const said = verbatim(t, m.quote);
  if (timed.length || limits.length > 1)
    return {
      decision: "unclear",
      reason: "a number alone, and more than one rule it could be the new value of",
      clause,
      question: `By "${said}", which rule do you mean: ${[...timed, ...limits].map((v) => `"${v.rule.statement}"`).join(" or ")}?`,
    };
  const v = limits[0];
  const q = v.rule.requirement as Extract<Requirement, { kind: "word_limit" }>;
  if (m.count < 1 || m.count === q.maxWords) return undefined;
  return revisionOf(
    v,
    { t, ctx, reason: "a word limit in force, given a new count", clause, quotes: [clause, ...v.rule.quotes] },
    { requirement: { ...q, maxWords: m.count } },
  );
}

/** How far apart two hours are on the clock, either way round. */
const apart = (x: number, y: number) => Math.min((((x - y) % 24) + 24) % 24, (((y - x) % 24) + 24) % 24);

/**
 * "should start at 8 pm", "make it 10pm": the one window of rule `v` with the end said moved, its
 * other end, conditions and exceptions kept. "Make it …" moves the end the rule was said with
 * ("after 9pm" said its start). An hour with no half of the day said is the half near the end it
 * moves; when that, the end, or the rule's one window cannot be told, it is asked, never guessed.
 */
function movedEnd(t: Said, clause: string, v: RuleVersion, m: MovedEnd, ctx: LearnContext): LearnItem {
  const said = verbatim(t, m.quote);
  const ask = (reason: string, question: string): LearnItem => ({ decision: "unclear", reason, clause, question });
  const windows = v.rule.conditions.filter((c) => c.kind === "time");
  if (windows.length !== 1)
    return ask(
      "a new start or end for a rule with more than one window",
      `Which hours of "${v.rule.statement}" should "${said}" change?`,
    );
  const w = windows[0];
  let end = m.end;
  if (end === "either") {
    const open = findTimes(w.quote.toLowerCase())[0]?.open;
    end = open === "after" ? "from" : open === "before" ? "to" : "either";
  }
  // "shift that to ten instead of nine": the end at the hour said to be replaced moves
  if (end === "either" && m.replaced !== undefined) {
    const at = (["from", "to"] as const).filter((e) => (e === "from" ? w.fromHour : w.toHour) % 12 === m.replaced);
    if (at.length === 1) end = at[0];
  }
  if (end === "either")
    return ask(
      "a new hour, but not which end of the rule's hours",
      `Should "${v.rule.statement}" start or end at the hour you said?`,
    );
  const old = end === "from" ? w.fromHour : w.toHour;
  const near = m.hours.length > 1 ? m.hours.filter((h) => apart(h, old) <= 4) : m.hours;
  if (near.length !== 1)
    return ask("a new start or end whose half of the day cannot be told", `By "${said}", do you mean am or pm?`);
  const h = near[0];
  const moved = end === "from" ? { fromHour: h % 24, toHour: w.toHour } : { fromHour: w.fromHour, toHour: h };
  if (moved.fromHour === moved.toHour % 24)
    return ask(
      "a new start or end that leaves the rule no hours",
      `From when to when should "${v.rule.statement}" hold?`,
    );
  return revisionOf(
    v,
    {
      t,
      ctx,
      reason: `the ${end === "from" ? "start" : "end"} of a rule's hours, moved`,
      clause,
      quotes: [clause, ...v.rule.quotes],
    },
    {
      conditions: v.rule.conditions.map((c) => (c === w ? { kind: "time", ...moved, quote: said } : c)),
    },
  );
}
