/**
 * The learner through a backbone (paper §4.1, appendix B.1): one call reads the message
 * (correction or not), interprets each requirement in it with exact quotes, decides how long
 * it lasts, where and when it applies and at which stage it is checked, and resolves it against
 * the user's rules in force (reuse, revise, replace, add, retract).
 *
 * The model's reading is a hypothesis, grounded here before it counts: every quote, the
 * clause and the statement must be in the message verbatim; a rule it reuses, revises,
 * replaces or retracts must be one of the user's rules in force; an "add" may not duplicate a
 * rule the library holds. A reading that breaks these is returned once for revision with the
 * reasons (the paper's one revision) and, if still invalid, becomes "unclear": no rule. An
 * answer that never fits the schema is "unclear" too; the deterministic learner is never
 * substituted for it.
 */

import { canonicalRoom } from "../../language/index.ts";
import type { CallRecord, ChatModel } from "../../mllm/index.ts";
import { describeRule } from "../describe.ts";
import { type LearnContext, type LearnItem, type LearnOutcome, requirementKey } from "../learn/offline-learner.ts";
import type { Learner } from "../learner.ts";
import {
  type Condition,
  LearnerAnswer,
  type LearnerAnswerItem,
  type ModelCondition,
  type Persistence,
  type Requirement,
  RuleDraft,
  type RuleVersion,
  type Scope,
  type Stage,
  sceneScope,
} from "../types.ts";
import { ask, type RuleModelOptions, system, user } from "./call.ts";
import { MessageText } from "./verbatim-quotes.ts";

const SYSTEM = `You maintain the rules a user teaches a household robot by correcting it. The robot finds objects in a house: it chooses rooms, plans paths through rooms, stops somewhere, writes artifacts (a summary, map notes) and replies to the user. Read the user's message and answer with a JSON object {"signal", "items"}.

signal: does the message hold a correction or a lasting preference at all? A plain task request ("bring me my mug"), a question or thanks is no signal (items: []). When unsure, say true.

items: one per requirement in the message, each:
- decision: "add" (a new lasting rule), "reuse" (an existing rule already says this), "revise" (same requirement, new scope, condition or exception; also a permission limited in time or place, which is an exception to the rule), "replace" (same requirement, new value, e.g. another word limit), "retract" (the user explicitly drops a rule), "task_local" (only for the current task: "this time", "for now", "today"; never stored), "defer" (a reusable behaviour whose activation is left vague: "sometimes", "when it matters"), "unclear" (what is required, or where it applies, cannot be determined).
- clause: the part of the message the item comes from, copied exactly.
- statement: the user's words for the requirement, copied exactly ("" for retract and unclear).
- quotes: every excerpt of the message the reading rests on, copied exactly, character for character (for a retraction: the words that retract). Never paraphrase or fix spelling inside a quote.
- requirement (null for retract and unclear), one of: {"kind": "avoid_room", "room"} (never enter or pass through it); {"kind": "no_stop_in_room", "room"} (may pass, must not stop there); {"kind": "word_limit", "target": "reply" | "artifact", "maxWords"} ("under 15 words" is at most 14); {"kind": "json_fields", "target", "fields": [...]} (fields may be []); {"kind": "mention", "target", "what"} (a literal the output must contain; "{found_room}" for the room the object was found in); {"kind": "avoid_text", "target", "text"} (a word or phrase the output must never contain: "stop calling me 'sir'"); {"kind": "behavior", "text"} (anything else, in plain words). Rooms as the user named them, never a wider room: "nursery" stays "nursery", "pantry" stays "pantry".
- scope: "global" (everywhere), "this_house" (the user says this house / here / at my place), "this_task" (only for task_local items).
- conditions / exceptions: when the rule applies / when it does not. {"kind": "time", "fromHour", "toHour", "quote"} (local hours, [from, to), wrapping midnight: "at night" is 21 to 6); {"kind": "instruction_mentions", "room", "quote"} ("unless I ask you to go there"); {"kind": "this_house", "quote"}; {"kind": "text", "text", "quote"} (anything else). Quotes exact.
- stage: "pre_action" (rooms, paths, stopping), "artifact" (what it writes), "delivery" (its reply).
- clear: whether the requirement is clear enough to guide the robot.
- ruleId: the existing rule (e.g. "R2") a reuse, revise, replace or retract is about; null otherwise.
Resolve against the user's existing rules: never add a rule the library already holds; remove a rule only when the user explicitly retracts it; a temporary exception ("you can go in the garage this time") is task_local and leaves the stored rule unchanged.`;

function rulesForPrompt(rules: RuleVersion[]): string {
  if (!rules.length) return "The user has no rules yet.";
  return `The user's rules in force:\n${rules
    .map(
      (r) =>
        `- ${r.ruleId}: "${r.rule.statement}" — ${describeRule(r.rule)}; requirement ${JSON.stringify(r.rule.requirement)}; scope ${r.rule.scope}; stage ${r.rule.stage}`,
    )
    .join("\n")}`;
}

/** The stage a requirement is checked at, where its kind decides it. */
function stageOf(q: Requirement, said: Stage): Stage {
  switch (q.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      return "pre_action";
    case "word_limit":
    case "json_fields":
    case "mention":
    case "avoid_text":
      return q.target === "artifact" ? "artifact" : "delivery";
    case "behavior":
      return said;
  }
}

const room = (r: string) => canonicalRoom(r) ?? r.toLowerCase().trim();

function normalised(q: Requirement): Requirement {
  if (q.kind === "avoid_room" || q.kind === "no_stop_in_room") return { ...q, room: room(q.room) };
  if (q.kind === "json_fields") return { ...q, fields: [...new Set(q.fields.map((f) => f.trim()))] };
  return q;
}

const DRAFTING = new Set(["add", "reuse", "revise", "replace", "task_local", "defer"]);

interface Grounded {
  item: LearnItem;
  /** what the model must fix (its own errors); empty when the item stands or no revision can help */
  problems: string[];
}

/** What every step of grounding one item shares: the model's item, its clause as shown, and the problems found so far. */
interface Reading {
  a: LearnerAnswerItem;
  text: MessageText;
  ctx: LearnContext;
  shownClause: string;
  problems: string[];
  /** the message's own words for `q`, or `q` with a problem noted when the message does not hold it */
  exact: (q: string, what: string) => string;
  quotes: string[];
  /** the rule in force the item names, when it names one the user has */
  target: RuleVersion | undefined;
  /** reuse, revise, replace and retract are about a rule in force */
  needsRule: boolean;
}

function groundItem(a: LearnerAnswerItem, text: MessageText, active: RuleVersion[], ctx: LearnContext): Grounded {
  const problems: string[] = [];
  const clause = text.find(a.clause);
  if (!clause) problems.push(`the clause ${JSON.stringify(a.clause)} is not in the message`);
  const shownClause = clause ?? text.original;
  if (a.decision === "unclear")
    return {
      item: { decision: "unclear", reason: a.reason || "the model could not read it", clause: shownClause },
      problems: [],
    };
  const exact = (q: string, what: string) => {
    const f = text.find(q);
    if (!f) problems.push(`${what} ${JSON.stringify(q)} is not in the message`);
    return f ?? q;
  };
  const quotes = a.quotes.map((q) => exact(q, "the quote"));
  if (!quotes.length) problems.push("no quote of the message supports the reading");
  const target = a.ruleId ? active.find((r) => r.ruleId === a.ruleId) : undefined;
  if (a.ruleId && !target) problems.push(`the user has no rule ${a.ruleId} in force`);
  const needsRule =
    a.decision === "reuse" || a.decision === "revise" || a.decision === "replace" || a.decision === "retract";
  if (needsRule && !a.ruleId) problems.push(`a ${a.decision} must name the rule it is about`);
  const r: Reading = { a, text, ctx, shownClause, problems, exact, quotes, target, needsRule };

  if (a.decision === "retract") return problems.length ? rejected(r) : retracted(r);
  if (!DRAFTING.has(a.decision)) return rejected(r);
  const drafted = draftOf(r);
  if ("item" in drafted) return drafted;
  const { draft, persistence } = drafted;
  const conflict = conflictOf(r, draft, active);
  if (conflict) {
    problems.push(conflict);
    return rejected(r);
  }
  return {
    item: {
      decision: a.decision as LearnItem["decision"],
      reason: a.reason,
      clause: shownClause,
      persistence,
      draft,
      ...(target && needsRule ? { ruleId: target.ruleId, base: target.versionId } : {}),
    },
    problems: [],
  };
}

/** The reading is refused as "unclear", and its problems go back to the model for its one revision. */
function rejected({ problems, shownClause }: Reading): Grounded {
  return {
    item: {
      decision: "unclear",
      reason: `the model's reading was rejected: ${problems.join("; ")}`,
      clause: shownClause,
    },
    problems,
  };
}

function retracted({ a, target, shownClause, quotes }: Reading): Grounded {
  return {
    item: {
      decision: "retract",
      reason: a.reason || `retracts ${target!.ruleId}`,
      clause: shownClause,
      persistence: "persistent",
      ruleId: target!.ruleId,
      base: target!.versionId,
      quote: quotes[0],
    },
    problems: [],
  };
}

/**
 * The rule a drafting decision says, checked against the message and the rule schema; a Grounded
 * (rejected, or unclear for want of a house) when there is none.
 */
function draftOf(r: Reading): Grounded | { draft: RuleDraft; persistence: Persistence } {
  const { a, ctx, problems, exact, quotes, shownClause } = r;
  if (!a.requirement) problems.push(`a ${a.decision} needs the requirement`);
  const statement = a.statement ? exact(a.statement, "the statement") : undefined;
  if (!a.statement) problems.push("the statement (the user's words for the requirement) is empty");
  const persistence: Persistence =
    a.decision === "task_local" ? "task_local" : a.decision === "defer" ? "defer" : "persistent";
  if (persistence === "persistent" && a.scope === "this_task")
    problems.push(`a ${a.decision} is a lasting rule, but its scope is this task only`);
  // no house to tie "this house" to is the context's gap, not the model's error: no revision helps
  const house = [a.scope, ...a.conditions.map((c) => c.kind), ...a.exceptions.map((c) => c.kind)].includes(
    "this_house",
  );
  if (house && !ctx.sceneId && !problems.length)
    return {
      item: {
        decision: "unclear",
        reason: "the rule is for this house, but no house is known to tie it to",
        clause: shownClause,
        persistence,
      },
      problems: [],
    };
  const cond = (c: ModelCondition): Condition => {
    const quote = exact(c.quote, "the condition's quote");
    switch (c.kind) {
      case "time":
        return { ...c, quote };
      case "this_house":
        return { kind: "scene", sceneId: ctx.sceneId ?? "", quote };
      case "instruction_mentions":
        return { kind: "instruction_mentions", room: room(c.room), quote };
      case "text":
        return { ...c, quote };
    }
  };
  const conditions = a.conditions.map(cond);
  const exceptions = a.exceptions.map(cond);
  if (problems.length || !a.requirement || !statement) return rejected(r);
  const requirement = normalised(a.requirement);
  const scope: Scope =
    persistence === "task_local" ? "task" : a.scope === "this_house" ? sceneScope(ctx.sceneId!) : "global";
  const parsed = RuleDraft.safeParse({
    statement,
    quotes: [...new Set(quotes)],
    requirement,
    persistence,
    scope,
    conditions,
    exceptions,
    stage: stageOf(requirement, a.stage),
    clear: a.clear,
    source: { message: r.text.original, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
  });
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues
        .slice(0, 4)
        .map((i) => `the rule is malformed at ${i.path.join(".") || "(top)"}: ${i.message}`),
    );
    return rejected(r);
  }
  return { draft: parsed.data, persistence };
}

/** Why the draft cannot stand beside the rules in force (null: it can). */
function conflictOf({ a, target, needsRule }: Reading, draft: RuleDraft, active: RuleVersion[]): string | null {
  // a revision or replacement changes a rule's value, scope or conditions, never what it is about
  if (target && needsRule && target.rule.requirement.kind !== draft.requirement.kind)
    return `${target.ruleId} is a ${target.rule.requirement.kind} rule; a ${a.decision} of it cannot make it ${draft.requirement.kind}`;
  if (a.decision === "add") {
    const key = requirementKey(draft.requirement);
    const held = active.find((r) => requirementKey(r.rule.requirement) === key && r.rule.scope === draft.scope);
    if (held) return `${held.ruleId} already holds this requirement: reuse, revise or replace it instead of adding one`;
  }
  return null;
}

function groundAnswer(a: LearnerAnswer, text: MessageText, active: RuleVersion[], ctx: LearnContext) {
  const grounded = a.items.map((it) => groundItem(it, text, active, ctx));
  const problems = grounded.flatMap((g, i) => g.problems.map((p) => `item ${i + 1}: ${p}`));
  const signal = a.signal || a.items.some((it) => it.decision !== "unclear");
  // two readings of one message about the same requirement: keep the first (as learn/offline-learner.ts does)
  const seen = new Set<string>();
  const items = grounded
    .map((g) => g.item)
    .filter((it) => {
      if (!it.draft || it.decision === "task_local") return true;
      const k = `${requirementKey(it.draft.requirement)}|${it.draft.scope}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  const outcome: LearnOutcome = {
    message: text.original,
    signal,
    items: !signal
      ? []
      : items.length
        ? items
        : [
            {
              decision: "unclear",
              reason: "a correction, but the model read no requirement in it",
              clause: text.original,
            },
          ],
  };
  return { outcome, problems };
}

export class ModelLearner implements Learner {
  readonly name: string;
  constructor(
    private readonly chat: ChatModel,
    private readonly opts: RuleModelOptions,
  ) {
    this.name = `model-learner:${opts.backbone}`;
  }

  async learn(
    message: string,
    rules: RuleVersion[],
    ctx: LearnContext = {},
  ): Promise<{ outcome: LearnOutcome; calls: CallRecord[] }> {
    const text = new MessageText(message);
    if (!text.original.trim()) throw new Error("learn: the message is empty");
    const active = rules.filter((r) => r.status === "active");
    const prompt = [
      rulesForPrompt(active),
      ctx.sceneId ? "The user is in a known house." : "No house is known for this conversation.",
      `The user's message:\n${text.original}`,
    ].join("\n\n");
    const messages = [system(SYSTEM), user(prompt)];
    const calls: CallRecord[] = [];
    const first = await ask(this.chat, this.opts, messages, LearnerAnswer, "rule_reading");
    calls.push(first.record);
    if (!first.ok) return { outcome: unusable(text, first.problem), calls };
    const read = groundAnswer(first.value, text, active, ctx);
    if (!read.problems.length) return { outcome: read.outcome, calls };
    // paper B.1: a reading that breaks the grounding rules goes back once, with the reasons
    const again = await ask(
      this.chat,
      this.opts,
      [
        ...messages,
        { role: "assistant", content: JSON.stringify(first.value) },
        user(
          `Your reading was rejected:\n${read.problems.map((p) => `- ${p}`).join("\n")}\nAnswer again with the whole reading, fixed. Quotes must be copied from the message exactly.`,
        ),
      ],
      LearnerAnswer,
      "rule_reading",
    );
    calls.push(again.record);
    if (!again.ok) return { outcome: read.outcome, calls };
    return { outcome: groundAnswer(again.value, text, active, ctx).outcome, calls };
  }
}

function unusable(text: MessageText, problem: string): LearnOutcome {
  return {
    message: text.original,
    signal: true,
    items: [{ decision: "unclear", reason: `the model's reading was unusable: ${problem}`, clause: text.original }],
  };
}
