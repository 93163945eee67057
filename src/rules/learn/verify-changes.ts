/**
 * The read-back checks of changes to the rules in force (learn/verify.ts runs them, issue 30,
 * deliverable 3): a change keeps the rule's kind and what it does not name; a free-text rule that
 * names a value of a rule in force, or a new rule beside an unsettled word about one, is a change
 * not understood; a room banned and said to be fine in one message is neither kept.
 */
import { actOf, REPLY_FIELD, sameRoom, tokenize } from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import type { RuleDraft, RuleVersion } from "../types.ts";
import type { LearnItem } from "./items.ts";
import { type ReadCtx, type Reading, re } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";

/** What a failed check says: why, and what to ask. */
export interface Failure {
  why: string;
  ask: string;
  /** a one-off found: the item holds for this task only rather than becoming a question */
  oneOff?: boolean;
}

/**
 * (d) a change to a rule in force: the rule stays of its kind, and what the reading does not name
 * is as it was (a change of room keeps the hours; a change of hours keeps the room).
 */
export function changeFailure(
  r: Exclude<Reading, { type: "unclear" }>,
  d: RuleDraft,
  old: RuleDraft | undefined,
): Failure | undefined {
  if (!old) return undefined;
  if (old.requirement.kind !== d.requirement.kind)
    return {
      why: `a change turned a ${old.requirement.kind} rule into a ${d.requirement.kind} one`,
      ask: "Should the rule you gave me before change like that?",
    };
  const sameConds = JSON.stringify(old.conditions) === JSON.stringify(d.conditions);
  const sameExcepts = JSON.stringify(old.exceptions) === JSON.stringify(d.exceptions);
  if (r.type === "reroom" && (!sameConds || !sameExcepts))
    return {
      why: "a change of room changed the rule's hours too",
      ask: "Should only the room change?",
    };
  const room = (x: RuleDraft) => ("room" in x.requirement ? x.requirement.room : undefined);
  if (r.type === "hours" && room(old) !== room(d))
    return {
      why: "a change of hours changed what the rule is about",
      ask: "Should only the hours change?",
    };
  return undefined;
}

/**
 * (d) a free-text rule made of a message that names a value of a rule in force (its word limit,
 * its room, a field of its JSON) is a change to that rule the reading did not understand, not a new rule beside it.
 */
export function restatedValue(
  rc: ReadCtx,
  d: RuleDraft,
  it: LearnItem,
  rules: readonly RuleVersion[],
): Failure | undefined {
  if (it.decision !== "add" || d.requirement.kind !== "behavior") return undefined;
  const words = rc.tokens.map((t) => t.w);
  for (const v of rules) {
    if (v.status !== "active") continue;
    const q = v.rule.requirement;
    const value = q.kind === "word_limit" ? String(q.maxWords) : undefined;
    const room = "room" in q && roomsIn(rc.tokens, 0, rc.tokens.length, rc.house).some((m) => sameRoom(m.room, q.room));
    // "add a key saying whether you found it": a word for the JSON rule's fields
    const field = q.kind === "json_fields" && words.some((w) => re(REPLY_FIELD).test(w));
    if ((value && words.includes(value)) || room || field)
      return {
        why: `it names a value of a rule in force (${v.ruleId}) but reads as a new rule`,
        ask: `Do you want to change the rule you gave me before (${describeRule(v.rule)})? Tell me what it becomes.`,
      };
  }
  return undefined;
}

/**
 * (d) a new rule beside a part of the same message about a rule in force of its own kind that
 * could not be settled ("the garage is fine" beside "don't stop in the cellar", with a garage rule
 * in force): the new rule may be that rule put right, not a second one beside it.
 */
export function besideUnsettled(
  d: RuleDraft,
  it: LearnItem,
  rules: readonly RuleVersion[],
  items: readonly LearnItem[],
): Failure | undefined {
  if (it.decision !== "add") return undefined;
  const kin = rules.filter((v) => v.status === "active" && v.rule.requirement.kind === d.requirement.kind);
  if (!kin.length) return undefined;
  const open = items.find(
    (o) => o !== it && (o.decision === "unclear" || o.decision === "nothing_to_retract") && !o.draft,
  );
  if (!open) return undefined;
  const about = kin.find(
    (v) => "room" in v.rule.requirement && open.clause.toLowerCase().includes(v.rule.requirement.room.toLowerCase()),
  );
  if (!about) return undefined;
  return {
    why: `an unsettled part of the message is about a rule in force of the same kind (${about.ruleId})`,
    ask: `Should this replace the rule you gave me before (${describeRule(about.rule)}), or be kept beside it?`,
  };
}

/**
 * (d) a room banned by one part of a message and said to be fine by another ("stay out of the den …
 * the den is fine"): which one the user means cannot be told, so neither is kept.
 */
export function contradicted(
  rc: ReadCtx,
  d: RuleDraft,
  it: LearnItem,
  items: readonly LearnItem[],
): Failure | undefined {
  const q = d.requirement;
  // "you can go through the den, but don't stop there": passing is allowed, stopping is not; no contradiction
  if (q.kind !== "avoid_room") return undefined;
  for (const o of items) {
    // a permission or a retraction (kept, asked, or with nothing to retract) about the same room
    const lifts = o.decision === "retract" || o.decision === "nothing_to_retract" || actOf(o.clause) === "permit";
    if (o === it || (o.draft && o.decision !== "retract") || !lifts) continue;
    const toks = tokenize(o.clause);
    if (!roomsIn(toks, 0, toks.length, rc.house).some((m) => !m.anaphor && sameRoom(m.room, q.room))) continue;
    return {
      why: `another part of the message ("${o.clause}") says the ${q.room} is allowed`,
      ask: `You also said "${o.clause}": should I keep out of the ${q.room} or not?`,
    };
  }
  return undefined;
}
