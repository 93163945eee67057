/**
 * What a reading changes in the user's library (paper appendix B.1, "Updating the rule
 * library"): the same requirement again is reused; a new value replaces it ("make that 20
 * words"); a new scope, condition or exception revises it; a permission or "forget …" retracts
 * it, or, when limited in time or to this house, becomes an exception to it; hours given for a
 * condition only people know make that condition a clock window. A new rule is added only when
 * none covers it. A value that only makes sense against a stored rule ("make that 20 words",
 * "20 words is fine") with none stored comes back as a question, never a guess.
 */
import {
  CONDITION_FUNCTION_WORD,
  crudeStem,
  hoursOf,
  lettersAndDigits,
  NARROWING,
  NOT_LETTERS,
  numbersIn,
  windowsOf,
  wordTable,
} from "../../language/index.ts";
import type { Condition, Requirement, RuleDraft, RuleVersion } from "../types.ts";
import type { Target } from "./clause.ts";
import type { LearnDecision, LearnItem } from "./items.ts";

/** What makes two rules "the same requirement" (the thing a later correction revises). */
export function requirementKey(req: Requirement): string {
  switch (req.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      return `${req.kind}:${req.room}`;
    case "word_limit":
    case "json_fields":
      return `${req.kind}:${req.target}`;
    case "mention":
      return `mention:${req.target}:${req.what.toLowerCase()}`;
    case "avoid_text":
      return `avoid_text:${req.target}:${req.text.toLowerCase()}`;
    case "behavior":
      return `behavior:${lettersAndDigits(req.text.toLowerCase()).trim()}`;
  }
}

/** A window by the hours it holds: [9, 9) and [0, 24) are both the whole day, one window. */
const hoursKey = (from: number, to: number) => {
  const [w] = windowsOf(hoursOf(from, to));
  return `t${w.fromHour}-${w.toHour % 24}`;
};

const condKey = (cs: Condition[]) =>
  JSON.stringify(
    cs
      .map((c) =>
        c.kind === "time"
          ? hoursKey(c.fromHour, c.toHour)
          : c.kind === "text"
            ? `x:${c.text.toLowerCase()}`
            : `${c.kind}:${"room" in c ? c.room : c.sceneId}`,
      )
      .sort(),
  );

function sameValue(a: Requirement, b: Requirement): boolean {
  if (a.kind === "word_limit" && b.kind === "word_limit") return a.maxWords === b.maxWords;
  if (a.kind === "json_fields" && b.kind === "json_fields") return b.fields.every((f) => a.fields.includes(f));
  return true;
}

export interface ResolveFlags {
  revising?: boolean;
  permissive?: boolean;
  additive?: boolean;
  /** fields added with no JSON said: they change a JSON rule in force, or are asked */
  addsField?: boolean;
  /** the user said how long: "from now on", "always" */
  saidLasting?: boolean;
}

/** A lasting draft against the rules in force: add, reuse, revise or replace. */
export function resolveDraft(draft: RuleDraft, clause: string, rules: RuleVersion[], flags: ResolveFlags): LearnItem {
  const key = requirementKey(draft.requirement);
  const candidates = rules.filter(
    (r) =>
      r.status === "active" &&
      requirementKey(r.rule.requirement) === key &&
      (r.rule.scope === draft.scope || r.rule.scope === "global" || draft.scope === "global"),
  );
  const item = (decision: LearnDecision, reason: string, r?: RuleVersion, d: RuleDraft = draft): LearnItem => ({
    decision,
    reason,
    clause,
    persistence: "persistent",
    draft: d,
    ...(r ? { ruleId: r.ruleId, base: r.versionId } : {}),
  });
  // "add one more field" with no field's name read: which field is asked, never JSON kept without one
  if (draft.requirement.kind === "json_fields" && !draft.requirement.fields.length && flags.additive)
    return {
      decision: "unclear",
      reason: "a field added, but not which",
      clause,
      persistence: "persistent",
      draft,
      question: "Which field should I add to my JSON replies?",
    };
  if (!candidates.length) {
    if (flags.revising || flags.permissive || flags.addsField)
      return {
        decision: "unclear",
        reason: "a new value for a rule this user does not have",
        clause,
        persistence: "persistent",
        draft,
      };
    return item("add", "no rule of this user covers it");
  }
  const same = candidates.find((r) => r.rule.scope === draft.scope) ?? candidates[0];
  const old = same.rule;
  if (!sameValue(old.requirement, draft.requirement)) {
    if (draft.requirement.kind === "json_fields" && old.requirement.kind === "json_fields" && flags.additive) {
      const fields = [...new Set([...old.requirement.fields, ...draft.requirement.fields])];
      return item("revise", "more fields for the same JSON reply", same, {
        ...draft,
        quotes: [...new Set([...draft.quotes, ...old.quotes])],
        requirement: { ...draft.requirement, fields },
        conditions: old.conditions.length && !draft.conditions.length ? old.conditions : draft.conditions,
      });
    }
    // "make that 12 words": a new value; when and where the rule holds stay as they were, unless said anew
    const said = draft.conditions.length > 0 || draft.exceptions.length > 0;
    // "30 words when I ask about rooms" under "under 10 words": the new value for some of the
    // time only; replacing the rule would lift the old limit everywhere else, so it is asked
    if (
      said &&
      (condKey(draft.conditions) !== condKey(old.conditions) ||
        condKey(draft.exceptions) !== condKey(old.exceptions) ||
        old.scope !== draft.scope)
    )
      return {
        decision: "unclear",
        reason: "a new value said for some of the time only: the rest of the time is not said",
        clause,
        persistence: "persistent",
        draft,
        question: `Should "${clause}" hold only then, and "${old.statement}" the rest of the time?`,
      };
    return item(
      "replace",
      "the same requirement with a new value",
      same,
      said
        ? draft
        : {
            ...draft,
            scope: old.scope,
            conditions: old.conditions,
            exceptions: old.exceptions,
            quotes: [...new Set([...draft.quotes, ...old.quotes])],
          },
    );
  }
  const sameScope = old.scope === draft.scope;
  const sameConds = condKey(old.conditions) === condKey(draft.conditions);
  const sameExc = condKey(old.exceptions) === condKey(draft.exceptions);
  if (sameScope && sameConds && sameExc) return item("reuse", `${same.ruleId} already says this`, same);
  const oldBroader = old.scope === "global" && old.conditions.length === 0 && old.exceptions.length === 0;
  // "never go into the garage at night" under "stay out of the garage": already covered, unless the user narrows it
  if (oldBroader && !flags.revising && !NARROWING.test(clause.toLowerCase()))
    return item("reuse", `${same.ruleId} already covers this, more broadly`, same);
  // "it's just four to five you stay out now" of a ban with hours: numbers said that no condition
  // took would leave the ban holding all day, wider than said, so the hours are asked
  const timed = (cs: readonly Condition[]) => cs.some((c) => c.kind === "time");
  const unplaced = numbersIn(clause.toLowerCase()).length > 0 && timed(old.conditions) && !timed(draft.conditions);
  if (unplaced)
    return {
      decision: "unclear",
      reason: "a ban in force with hours, said again with numbers that no hours were read from",
      clause,
      question: `At which hours should "${old.statement}" hold now? Until you say, it stays as it is.`,
    };
  return item("revise", "the same requirement with a new scope, condition or exception", same);
}

/** Whether a stored rule is one a retraction target names. */
export function hits(t: Target, r: RuleVersion): boolean {
  const q = r.rule.requirement;
  switch (t.kind) {
    case "room":
      if (q.kind !== "avoid_room" && q.kind !== "no_stop_in_room") return false;
      if (q.room !== t.room) return false;
      return t.act === "any" || (t.act === "enter" ? q.kind === "avoid_room" : q.kind === "no_stop_in_room");
    case "word_limit":
      return q.kind === "word_limit";
    case "json":
      return q.kind === "json_fields";
    case "mention":
      return q.kind === "mention" && (t.what === undefined || q.what === t.what);
    case "avoid_text":
      return q.kind === "avoid_text" && (t.text === undefined || q.text === t.text);
    case "unknown":
      return false;
  }
}

/** Words for the same state, so "she naps" answers "while the baby is asleep". */
const SAME_STATE: Record<string, string> = wordTable({
  asleep: "sleep",
  nap: "sleep",
  napp: "sleep",
  sleep: "sleep",
  slept: "sleep",
  bed: "sleep",
  rest: "sleep",
  away: "out",
  gone: "out",
  out: "out",
});

/**
 * The rules whose text condition the words speak of ("the baby sleeps from 1 to 3" → "while
 * the baby is asleep"); when the words name none, the one rule still waiting for its hours.
 */
const stemOf = (w: string) => {
  const s = crudeStem(w);
  return SAME_STATE[s] ?? s;
};

/** The text conditions of a rule that the words speak of ("she naps" → "while the baby is asleep"). */
export function conditionsSpokenOf(words: string[], rule: RuleVersion): Condition[] {
  const said = new Set(words.map(stemOf));
  return rule.rule.conditions.filter(
    (c) =>
      c.kind === "text" &&
      c.text
        .toLowerCase()
        .split(NOT_LETTERS)
        .filter((w) => w.length >= 3 && !CONDITION_FUNCTION_WORD.test(w))
        .some((w) => said.has(stemOf(w))),
  );
}

/**
 * The rules whose text condition the words speak of ("the baby sleeps from 1 to 3" → "while
 * the baby is asleep"); when the words name none, the one rule still waiting for its hours.
 */
export function rulesForHours(words: string[], rules: RuleVersion[]): RuleVersion[] {
  const waiting = rules.filter((r) => r.status === "active" && r.rule.conditions.some((c) => c.kind === "text"));
  const named = waiting.filter((r) => conditionsSpokenOf(words, r).length > 0);
  return named.length ? named : waiting.length === 1 ? waiting : [];
}
