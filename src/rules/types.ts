/**
 * The TellOnce rule model (paper §4, appendix B), for an embodied agent.
 *
 * A rule is what one user asked for, in their own words (`statement`, quoted verbatim from the
 * message that taught it), with how long it lasts (`persistence`), where it applies (`scope`),
 * when (`conditions`) and when not (`exceptions`), the stage of an episode where it is checked
 * (`stage`), and what the compiler made of it (`check`: programmatic, semantic, guidance or
 * inactive). Stored rules are versioned: a version never changes once written; a later version
 * of the same rule `supersedes` it, and a retraction is a version that `retracts` it.
 *
 * Every model output in this layer (interpretation, check proposal, review, judgment) is a zod
 * schema here, so the model path can validate what a backbone answers with the same types the
 * offline path produces.
 */
import { z } from "zod";

// ---- what a rule is about ------------------------------------------------------------------

export const Persistence = z
  .enum(["persistent", "task_local", "defer"])
  .describe(
    "persistent: kept for later tasks; task_local: this task only, never stored; " +
      "defer: reusable behaviour whose activation is underspecified, never stored",
  );
export type Persistence = z.infer<typeof Persistence>;

/** `global`, `task` (this task only), or `scene:<sceneId>` (this house). */
export const Scope = z
  .string()
  .regex(/^(global|task|scene:[A-Za-z0-9_.:/-]{1,200})$/, "scope is global, task or scene:<id>");
export type Scope = z.infer<typeof Scope>;

export const sceneScope = (sceneId: string): Scope => `scene:${sceneId}`;
export function scopeScene(scope: Scope): string | undefined {
  return scope.startsWith("scene:") ? scope.slice("scene:".length) : undefined;
}

export const Stage = z
  .enum(["pre_action", "artifact", "delivery"])
  .describe(
    "pre_action: a room choice, path or STOP before it happens; artifact: what the robot leaves; delivery: its reply",
  );
export type Stage = z.infer<typeof Stage>;

/**
 * When a rule applies (a condition) or does not (an exception). `time`: local hours
 * [fromHour, toHour) wrapping over midnight when fromHour > toHour ("at night" = 21 → 6), equal
 * ends the whole day (src/language/hours.ts holds the one definition and why);
 * `scene`: one house; `instruction_mentions`: the current instruction names the room (the user
 * asked for it, "unless I ask you to"); `text`: anything else, which only a model can judge.
 */
export const Condition = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("time"),
    fromHour: z.number().int().min(0).max(23),
    toHour: z.number().int().min(0).max(24),
    quote: z.string().min(1),
  }),
  z.strictObject({ kind: z.literal("scene"), sceneId: z.string().min(1), quote: z.string().min(1) }),
  z.strictObject({ kind: z.literal("instruction_mentions"), room: z.string().min(1), quote: z.string().min(1) }),
  z.strictObject({ kind: z.literal("text"), text: z.string().min(1), quote: z.string().min(1) }),
]);
export type Condition = z.infer<typeof Condition>;

/** Where a reply-shaped requirement is checked: the reply to the user, or an artifact (summary, map notes). */
export const OutputTarget = z.enum(["reply", "artifact"]);
export type OutputTarget = z.infer<typeof OutputTarget>;

/**
 * The structured reading of what the user asked for. The deterministic learner produces the
 * first six; anything else it can read as a behaviour is `behavior` (free text: a model may
 * judge it, offline it is guidance at most).
 */
export const Requirement = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("avoid_room"), room: z.string().min(1) }),
  z.strictObject({ kind: z.literal("no_stop_in_room"), room: z.string().min(1) }),
  z.strictObject({ kind: z.literal("word_limit"), target: OutputTarget, maxWords: z.number().int().positive() }),
  /** `fields` may be empty: "answer in JSON" asks for a JSON object and nothing more */
  z.strictObject({ kind: z.literal("json_fields"), target: OutputTarget, fields: z.array(z.string().min(1)) }),
  z.strictObject({
    kind: z.literal("mention"),
    target: OutputTarget,
    /** a literal the output must contain, or `{found_room}`: the room the object was found in */
    what: z.string().min(1),
  }),
  /** a word or phrase the output must not contain ("stop calling me 'sir'") */
  z.strictObject({ kind: z.literal("avoid_text"), target: OutputTarget, text: z.string().min(1) }),
  z.strictObject({ kind: z.literal("behavior"), text: z.string().min(1) }),
]);
export type Requirement = z.infer<typeof Requirement>;

export const FOUND_ROOM = "{found_room}";

// ---- checks --------------------------------------------------------------------------------

export const Verdict = z.enum(["pass", "violated", "not_applicable", "unknown"]);
export type Verdict = z.infer<typeof Verdict>;

/**
 * A programmatic check. `json_fields`, `word_limit` and `field` are the paper's three kinds
 * (a field equal, or not equal, to a literal); `path_avoids` is the embodied one: none of the
 * rooms the robot chose, plans to pass through or stops in is one of `rooms`; `contains`: the
 * output contains a literal or the value of a named evidence field; `excludes`: it does not
 * contain a word or phrase.
 */
export const ProgrammaticSpec = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("json_fields"), target: OutputTarget, fields: z.array(z.string().min(1)) }),
  z.strictObject({ type: z.literal("word_limit"), target: OutputTarget, maxWords: z.number().int().positive() }),
  z.strictObject({
    type: z.literal("field"),
    field: z.string().min(1),
    op: z.enum(["equals", "not_equals"]),
    literal: z.union([z.string(), z.number(), z.boolean()]),
    /** string comparison by room-name normalisation ("Garage 2" ≈ "garage") instead of exact */
    match: z.enum(["exact", "room"]).default("exact"),
  }),
  z.strictObject({ type: z.literal("path_avoids"), rooms: z.array(z.string().min(1)).min(1) }),
  z.strictObject({
    type: z.literal("contains"),
    target: OutputTarget,
    literal: z.string().min(1).optional(),
    field: z.string().min(1).optional(),
  }),
  /** the output does not contain a word or phrase (as a whole word, any case) */
  z.strictObject({ type: z.literal("excludes"), target: OutputTarget, literal: z.string().min(1) }),
]);
export type ProgrammaticSpec = z.infer<typeof ProgrammaticSpec>;

/** What a semantic check asks a model judge (the model path; offline rules never get one). */
export const SemanticSpec = z.strictObject({
  appliesWhen: z.string().min(1),
  requires: z.string().min(1),
  compliance: z.string().min(1),
  violation: z.string().min(1),
  evidence: z.array(z.string().min(1)).min(1),
});
export type SemanticSpec = z.infer<typeof SemanticSpec>;

/** When a check applies at all: the rule's scope, conditions and exceptions, computable ones only. */
export const Applicability = z.strictObject({
  stage: Stage,
  sceneId: z.string().optional(),
  conditions: z.array(Condition),
  exceptions: z.array(Condition),
});
export type Applicability = z.infer<typeof Applicability>;

/** One validation case: evidence, and (for the compiler only) the label it expects. */
export const ValidationCase = z.strictObject({
  id: z.string().min(1),
  /** comply / violate / not_applicable / missing evidence: what the case was written to exercise */
  intent: z.enum(["comply", "violate", "not_applicable", "missing_evidence"]),
  evidence: z.lazy(() => Evidence),
  expected: Verdict,
});
export type ValidationCase = z.input<typeof ValidationCase>;

export const ValidationRecord = z.strictObject({
  rounds: z.number().int().min(1).max(4),
  cases: z.number().int().min(0),
  outcome: z.enum(["validated", "failed"]),
  /** why the last round failed, one line per problem */
  problems: z.array(z.string()),
  reviewer: z.string(),
});
export type ValidationRecord = z.infer<typeof ValidationRecord>;

export const CompiledCheck = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("programmatic"),
    spec: ProgrammaticSpec,
    applies: Applicability,
    validation: ValidationRecord,
  }),
  z.strictObject({
    kind: z.literal("semantic"),
    spec: SemanticSpec,
    applies: Applicability,
    validation: ValidationRecord,
  }),
  z.strictObject({ kind: z.literal("guidance"), reason: z.string().min(1), validation: ValidationRecord.optional() }),
  z.strictObject({ kind: z.literal("inactive"), reason: z.string().min(1), validation: ValidationRecord.optional() }),
]);
export type CompiledCheck = z.infer<typeof CompiledCheck>;
export type CheckKind = CompiledCheck["kind"];

// ---- evidence ------------------------------------------------------------------------------

/**
 * What a check sees at one stage. Context: the time (local hour 0–23, derived by the caller
 * from the task's timestamp), the scene, and the current instruction. pre_action: the
 * high-level room choice, the rooms a planned path passes through, the room the robot would
 * STOP in. delivery: the reply. artifact: one produced text. `fields`: named values any stage
 * may carry (e.g. foundRoom, found).
 */
export const Evidence = z.strictObject({
  stage: Stage,
  context: z
    .strictObject({
      hour: z.number().int().min(0).max(23).optional(),
      sceneId: z.string().optional(),
      instruction: z.string().optional(),
    })
    .prefault({}),
  action: z
    .strictObject({
      chosenRoom: z.string().optional(),
      pathRooms: z.array(z.string()).optional(),
      stopRoom: z.string().optional(),
    })
    .optional(),
  reply: z.string().optional(),
  artifact: z.strictObject({ name: z.string(), text: z.string() }).optional(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type Evidence = z.input<typeof Evidence>;

export const CheckResult = z.strictObject({
  verdict: Verdict,
  reason: z.string(),
  /** verbatim excerpts of the evidence the verdict rests on */
  quotes: z.array(z.string()),
});
export type CheckResult = z.infer<typeof CheckResult>;

// ---- rules and their versions --------------------------------------------------------------

/** A rule as the learner reads it from one message, before the library or the compiler. */
export const RuleDraft = z.strictObject({
  /** the user's words for the requirement, verbatim (a substring of `source.message`) */
  statement: z.string().min(1),
  /**
   * every excerpt of the message the reading rests on, verbatim; a revision built on an earlier
   * version (an exception added, hours given, fields added) also keeps that version's quotes
   */
  quotes: z.array(z.string().min(1)).min(1),
  requirement: Requirement,
  persistence: Persistence,
  scope: Scope,
  conditions: z.array(Condition),
  exceptions: z.array(Condition),
  stage: Stage,
  /** whether the requirement is clear enough to guide the agent (else a failed check leaves it inactive) */
  clear: z.boolean(),
  /**
   * why the user asked, in their words ("it blocks the door"): kept with the rule it explains,
   * never a rule of its own; a substring of `source.message`
   */
  rationale: z.string().min(1).optional(),
  source: z.strictObject({
    message: z.string().min(1),
    at: z.number().int().nonnegative(),
    taskId: z.string().optional(),
  }),
});
export type RuleDraft = z.infer<typeof RuleDraft>;

export const RuleChange = z.enum(["add", "revise", "replace", "retract"]);
export type RuleChange = z.infer<typeof RuleChange>;

export const RuleStatus = z.enum(["active", "retracted"]);
export type RuleStatus = z.infer<typeof RuleStatus>;

/** One immutable version of a stored rule. `versionId` = `${ruleId}@${version}`. */
export const RuleVersion = z.strictObject({
  userId: z.string().min(1),
  ruleId: z.string().min(1),
  version: z.number().int().positive(),
  versionId: z.string().min(1),
  /** the library version this rule version was written in */
  libraryVersion: z.number().int().positive(),
  change: RuleChange,
  status: RuleStatus,
  supersedes: z.string().optional(),
  retracts: z.string().optional(),
  createdAt: z.number().int().nonnegative(),
  rule: RuleDraft,
  check: CompiledCheck,
  /** for a retraction: the user's words that retracted it */
  retraction: z.strictObject({ quote: z.string().min(1), message: z.string().min(1) }).optional(),
});
export type RuleVersion = z.infer<typeof RuleVersion>;

export const versionIdOf = (ruleId: string, version: number) => `${ruleId}@${version}`;

/** The rules in force for one user at one library version: pinned for a whole user input. */
export interface RuleSnapshot {
  userId: string;
  libraryVersion: number;
  /** the latest version of every rule that is not retracted, by rule id */
  rules: RuleVersion[];
}

/**
 * One change to a user's library. `base` names the version a revision, replacement or
 * retraction was decided against: the write fails if the rule has moved on since.
 */
export type LibraryUpdate =
  | { op: "add"; rule: RuleDraft; check: CompiledCheck }
  | { op: "revise" | "replace"; ruleId: string; base: string; rule: RuleDraft; check: CompiledCheck }
  | { op: "retract"; ruleId: string; base: string; quote: string; message: string };

/**
 * A user id as stored: non-empty, no control characters, without surrounding spaces: "u1 " is
 * u1, as the memory store reads it (src/memory/store.ts), so one user's memory and rules never
 * go by two names.
 */
export const UserId = z
  .string()
  .trim()
  .min(1, "the user id is empty")
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, "the user id has control characters");

// ---- what a model answers (the model path, src/rules/model) ---------------------------------
// A model is sent these schemas as JSON Schema. Where every field is required (null where
// absent) OpenAI runs them in strict mode, whose subset has no minLength and no oneOf: so
// alternatives are plain unions (anyOf) and "not empty" is a refinement, checked by zod on the
// answer but absent from what is sent. The answers are then grounded (quotes verbatim, rule ids
// in the library) by the code that asked.

const said = z.string().refine((s) => s.trim() !== "", "must not be empty");

/** A requirement as a model writes it: the same shapes as Requirement. */
export const ModelRequirement = z.union([
  z.strictObject({ kind: z.literal("avoid_room"), room: said }),
  z.strictObject({ kind: z.literal("no_stop_in_room"), room: said }),
  z.strictObject({ kind: z.literal("word_limit"), target: OutputTarget, maxWords: z.number().int().positive() }),
  z.strictObject({ kind: z.literal("json_fields"), target: OutputTarget, fields: z.array(said) }),
  z.strictObject({ kind: z.literal("mention"), target: OutputTarget, what: said }),
  z.strictObject({ kind: z.literal("avoid_text"), target: OutputTarget, text: said }),
  z.strictObject({ kind: z.literal("behavior"), text: said }),
]);

/**
 * A condition as a model reads it. `this_house`: the house the conversation happens in (the
 * model never sees scene ids; the learner's context supplies it).
 */
export const ModelCondition = z.union([
  z.strictObject({
    kind: z.literal("time"),
    fromHour: z.number().int().min(0).max(23),
    toHour: z.number().int().min(0).max(24),
    quote: said,
  }),
  z.strictObject({ kind: z.literal("this_house"), quote: said }),
  z.strictObject({ kind: z.literal("instruction_mentions"), room: said, quote: said }),
  z.strictObject({ kind: z.literal("text"), text: said, quote: said }),
]);
export type ModelCondition = z.infer<typeof ModelCondition>;

export const LearnerAnswerItem = z.strictObject({
  decision: z.enum(["add", "reuse", "revise", "replace", "retract", "task_local", "defer", "unclear"]),
  /** the part of the message this item reads, verbatim */
  clause: said,
  reason: z.string(),
  /** the user's words for the requirement, verbatim; "" for a retraction or an unclear item */
  statement: z.string(),
  /** every excerpt of the message the reading rests on, verbatim */
  quotes: z.array(said),
  requirement: ModelRequirement.nullable(),
  scope: z.enum(["global", "this_house", "this_task"]),
  conditions: z.array(ModelCondition),
  exceptions: z.array(ModelCondition),
  stage: Stage,
  clear: z.boolean(),
  /** the existing rule a reuse, revision, replacement or retraction is about */
  ruleId: z.string().nullable(),
});
export type LearnerAnswerItem = z.infer<typeof LearnerAnswerItem>;

export const LearnerAnswer = z.strictObject({
  signal: z.boolean(),
  items: z.array(LearnerAnswerItem),
});
export type LearnerAnswer = z.infer<typeof LearnerAnswer>;

/**
 * A proposal as a model writes it; the check's applicability is the rule's, added by the
 * caller. Its evidence has optional parts, so it is never sent strict.
 */
export const ProposerAnswer = z.strictObject({
  /** why no check can be made; null when a check is proposed */
  none: z.string().nullable(),
  check: z
    .union([
      z.strictObject({ kind: z.literal("programmatic"), spec: ProgrammaticSpec }),
      z.strictObject({ kind: z.literal("semantic"), spec: SemanticSpec }),
    ])
    .nullable(),
  cases: z.array(ValidationCase),
});
export type ProposerAnswer = z.infer<typeof ProposerAnswer>;

/** The blind reviewer's answer: one label per case id it was shown (ids fixed per request). */
export const reviewerAnswer = (caseIds: [string, ...string[]]) =>
  z.strictObject({
    faithful: z.boolean(),
    clear: z.boolean(),
    problems: z.array(z.string()),
    labels: z.array(z.strictObject({ id: z.enum(caseIds), verdict: Verdict, reason: z.string() })),
  });

/** The judge's answer for one batch: one result per rule id it was shown (ids fixed per request). */
export const judgeAnswer = (ids: [string, ...string[]]) =>
  z.strictObject({
    results: z.array(z.strictObject({ id: z.enum(ids), verdict: Verdict, reason: z.string(), quotes: z.array(said) })),
  });

export const AppealAnswer = z.strictObject({
  decision: z.enum(["uphold", "overturn"]),
  reason: said,
  /** verbatim excerpts of the evidence the decision rests on */
  quotes: z.array(said),
});
export type AppealAnswer = z.infer<typeof AppealAnswer>;
