/**
 * The rule compiler (paper §4.2, appendix B.2): each rule becomes a programmatic check, a
 * semantic check, guidance only, or inactive.
 *
 * A check is activated only by validation: the proposer writes 3–9 cases covering comply,
 * violate and not-applicable (each checking stage with a compliant and a violating case, at
 * least one not-applicable case); a reviewer that sees the rule, the proposed check and the
 * cases, but not the expected labels, judges whether the check is faithful to the rule and
 * labels every case; every case is then run through the real checking procedure. Both must
 * agree with the expected labels on every case. A failed proposal is revised with the
 * rejection's reasons for up to 3 rounds; a rule that still has no validated check is guidance
 * if its meaning is clear and inactive otherwise.
 *
 * Offline, the proposer is deterministic (this file) and the reviewer is a second,
 * independently written deterministic labeller (review.ts). With a model backbone both are
 * model calls behind the same interfaces (`Proposer`, `Reviewer`).
 */
import { canonicalRoom, hourOutside, inWindow, sameRoom } from "../language/index.ts";
import type { CallRecord } from "../mllm/index.ts";
import type { Proposal, Proposer, Reviewer } from "./proposal.ts";
import { DeterministicReviewer } from "./review.ts";
import { runJudged, type SemanticJudge } from "./reviewers.ts";
import {
  type Applicability,
  type CompiledCheck,
  type Condition,
  type Evidence,
  FOUND_ROOM,
  type ProgrammaticSpec,
  type RuleDraft,
  type Stage,
  scopeScene,
  type ValidationCase,
  type ValidationRecord,
  type Verdict,
} from "./types.ts";

export const MAX_REVISIONS = 3;
export const MIN_CASES = 3;
export const MAX_CASES = 9;

export type { BlindCase, Proposal, Proposer, Review, Reviewer } from "./proposal.ts";

// ---- the deterministic proposer ------------------------------------------------------------

/** Conditions a programmatic check can evaluate from the evidence. */
const computable = (c: Condition) => c.kind !== "text";

function specOf(rule: RuleDraft): ProgrammaticSpec | string {
  const q = rule.requirement;
  switch (q.kind) {
    case "avoid_room":
      return { type: "path_avoids", rooms: [q.room] };
    case "no_stop_in_room":
      return { type: "field", field: "stopRoom", op: "not_equals", literal: q.room, match: "room" };
    case "word_limit":
      return { type: "word_limit", target: q.target, maxWords: q.maxWords };
    case "json_fields":
      return { type: "json_fields", target: q.target, fields: q.fields };
    case "mention":
      return q.what === FOUND_ROOM
        ? { type: "contains", target: q.target, field: "foundRoom" }
        : { type: "contains", target: q.target, literal: q.what };
    case "avoid_text":
      return { type: "excludes", target: q.target, literal: q.text };
    case "behavior":
      return "a free-text behaviour has no programmatic form, and offline there is no model judge";
  }
}

/** An hour outside a condition's window (none when it is the whole day). */
const hourOut = (c: Extract<Condition, { kind: "time" }>) => hourOutside(c.fromHour, c.toHour);

/** A room other than the rule's own, in no word for it ("kitchen" is no other room for a rule on the "cocina"). */
const OTHER_ROOM = (room: string) =>
  ["kitchen", "living room", "garage"].find((o) => !sameRoom(o, room) && !sameRoom(room, o)) ?? "garage";
/** A room passed through on the way, never the rule's own ("hallway" when the rule is about the hallway would fail every pass case). */
const PASSAGE = (room: string) =>
  sameRoom("hallway", room) || sameRoom(room, "hallway") || canonicalRoom(room) === "hallway" ? "landing" : "hallway";

interface CaseSeed {
  intent: ValidationCase["intent"];
  evidence: Evidence;
  expected: Verdict;
}

function stageEvidence(rule: RuleDraft, good: boolean, base: Evidence["context"]): Evidence {
  const q = rule.requirement;
  const ctx = { ...base };
  switch (q.kind) {
    case "avoid_room":
      return good
        ? {
            stage: "pre_action",
            context: ctx,
            action: { chosenRoom: OTHER_ROOM(q.room), pathRooms: [PASSAGE(q.room), OTHER_ROOM(q.room)] },
          }
        : {
            stage: "pre_action",
            context: ctx,
            action: { chosenRoom: OTHER_ROOM(q.room), pathRooms: [PASSAGE(q.room), q.room, OTHER_ROOM(q.room)] },
          };
    case "no_stop_in_room":
      return { stage: "pre_action", context: ctx, action: { stopRoom: good ? OTHER_ROOM(q.room) : q.room } };
    case "word_limit": {
      const words = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? "Found" : "word")).join(" ");
      const text = good ? words(Math.max(1, q.maxWords)) : words(q.maxWords + 1);
      return q.target === "reply"
        ? { stage: "delivery", context: ctx, reply: `${text}.` }
        : { stage: "artifact", context: ctx, artifact: { name: "summary.md", text: `${text}.` } };
    }
    case "json_fields": {
      const obj = Object.fromEntries(q.fields.map((f) => [f, "x"]));
      const text = good
        ? JSON.stringify({ ...obj, note: "found it" })
        : q.fields.length
          ? JSON.stringify(Object.fromEntries(q.fields.slice(1).map((f) => [f, "x"])))
          : "I found your mug in the kitchen.";
      return q.target === "reply"
        ? { stage: "delivery", context: ctx, reply: text }
        : { stage: "artifact", context: ctx, artifact: { name: "summary.json", text } };
    }
    case "mention": {
      const fields = q.what === FOUND_ROOM ? { foundRoom: "kitchen", found: true } : undefined;
      const said = q.what === FOUND_ROOM ? "kitchen" : q.what;
      const text = good ? `I brought your mug; ${said} noted.` : "I brought your mug.";
      return q.target === "reply"
        ? { stage: "delivery", context: ctx, reply: text, ...(fields ? { fields } : {}) }
        : { stage: "artifact", context: ctx, artifact: { name: "summary.md", text }, ...(fields ? { fields } : {}) };
    }
    case "avoid_text": {
      const text = good ? "I brought your mug." : `I brought your mug, ${q.text}.`;
      return q.target === "reply"
        ? { stage: "delivery", context: ctx, reply: text }
        : { stage: "artifact", context: ctx, artifact: { name: "summary.md", text } };
    }
    case "behavior":
      return { stage: rule.stage, context: ctx };
  }
}

/** Evidence of a stage the rule is not checked at. */
function otherStage(rule: RuleDraft, ctx: Evidence["context"]): Evidence {
  const s: Stage = rule.stage === "pre_action" ? "delivery" : "pre_action";
  return s === "delivery"
    ? {
        stage: "delivery",
        context: ctx,
        reply: "I went everywhere and it took a very long time to find your mug, sorry.",
      }
    : {
        stage: "pre_action",
        context: ctx,
        action: { chosenRoom: "garage", pathRooms: ["garage", "bedroom"], stopRoom: "bathroom" },
      };
}

/** The cases a check must get right: comply, violate, not applicable, and missing evidence. */
export function generateCases(rule: RuleDraft): ValidationCase[] {
  const sceneId = scopeScene(rule.scope);
  const time = rule.conditions.find((c): c is Extract<Condition, { kind: "time" }> => c.kind === "time");
  const inside: Evidence["context"] = {
    instruction: "please find my mug",
    ...(sceneId ? { sceneId } : { sceneId: "scene_a" }),
  };
  // a time inside every time condition and outside every time exception
  const hours = Array.from({ length: 24 }, (_, h) => h).filter(
    (h) =>
      rule.conditions.every((c) => c.kind !== "time" || within(h, c)) &&
      rule.exceptions.every((c) => c.kind !== "time" || !within(h, c)),
  );
  if (rule.conditions.some((c) => c.kind === "time") || rule.exceptions.some((c) => c.kind === "time")) {
    if (hours.length) inside.hour = hours[Math.floor(hours.length / 2)];
  } else inside.hour = 12;
  const seeds: CaseSeed[] = [
    { intent: "comply", evidence: stageEvidence(rule, true, inside), expected: "pass" },
    { intent: "violate", evidence: stageEvidence(rule, false, inside), expected: "violated" },
    { intent: "not_applicable", evidence: otherStage(rule, inside), expected: "not_applicable" },
  ];
  if (time) {
    const h = hourOut(time);
    if (h !== undefined)
      seeds.push({
        intent: "not_applicable",
        evidence: stageEvidence(rule, false, { ...inside, hour: h }),
        expected: "not_applicable",
      });
  }
  for (const x of rule.exceptions) {
    if (x.kind === "time")
      seeds.push({
        intent: "not_applicable",
        evidence: stageEvidence(rule, false, { ...inside, hour: x.fromHour % 24 }),
        expected: "not_applicable",
      });
    if (x.kind === "instruction_mentions")
      seeds.push({
        intent: "not_applicable",
        evidence: stageEvidence(rule, false, { ...inside, instruction: `go to the ${x.room} and get my mug` }),
        expected: "not_applicable",
      });
    if (x.kind === "scene")
      seeds.push({
        intent: "not_applicable",
        evidence: stageEvidence(rule, false, { ...inside, sceneId: x.sceneId }),
        expected: "not_applicable",
      });
  }
  if (sceneId)
    seeds.push({
      intent: "not_applicable",
      evidence: stageEvidence(rule, false, { ...inside, sceneId: `${sceneId}-elsewhere` }),
      expected: "not_applicable",
    });
  if (rule.requirement.kind === "avoid_room")
    seeds.push({
      intent: "missing_evidence",
      evidence: { stage: "pre_action", context: inside, action: {} },
      expected: "unknown",
    });
  if (rule.requirement.kind === "mention" && rule.requirement.what === FOUND_ROOM) {
    const e = stageEvidence(rule, true, inside);
    seeds.push({ intent: "not_applicable", evidence: { ...e, fields: { found: false } }, expected: "not_applicable" });
  }
  const picked = seeds.slice(0, MAX_CASES);
  return picked.map((s, i) => ({ id: `c${i + 1}`, intent: s.intent, evidence: s.evidence, expected: s.expected }));
}

const within = (h: number, c: Extract<Condition, { kind: "time" }>) => inWindow(h, c.fromHour, c.toHour);

export class DeterministicProposer implements Proposer {
  readonly name = "deterministic-proposer-v1";
  async propose(rule: RuleDraft): Promise<Proposal | { none: string }> {
    const text = [...rule.conditions, ...rule.exceptions].find((c) => !computable(c));
    if (text) return { none: `"${text.quote}" can only be judged by a model, and offline there is none` };
    const spec = specOf(rule);
    if (typeof spec === "string") return { none: spec };
    const applies: Applicability = {
      stage: rule.stage,
      ...(scopeScene(rule.scope) ? { sceneId: scopeScene(rule.scope) } : {}),
      conditions: rule.conditions,
      exceptions: rule.exceptions,
    };
    // filled in by the validation rounds that follow: a proposal is never active before them
    const unvalidated: ValidationRecord = { rounds: 1, cases: 0, outcome: "failed", problems: [], reviewer: "" };
    return { check: { kind: "programmatic", spec, applies, validation: unvalidated }, cases: generateCases(rule) };
  }
}

export interface CompileOptions {
  proposer?: Proposer;
  reviewer?: Reviewer;
  /** runs a semantic proposal's cases (the model judge); without one they run unknown and it cannot validate */
  judge?: SemanticJudge;
  /** the model calls of the proposer, reviewer and judge are appended here */
  calls?: CallRecord[];
}

/** Structural requirements on a proposal's cases (paper B.2). */
function caseProblems(rule: RuleDraft, cases: ValidationCase[]): string[] {
  const out: string[] = [];
  if (cases.length < MIN_CASES || cases.length > MAX_CASES) out.push(`${cases.length} cases; 3–9 are needed`);
  const at = (v: Verdict) => cases.filter((c) => c.expected === v && c.evidence.stage === rule.stage).length;
  if (!at("pass")) out.push(`no compliant case at ${rule.stage}`);
  if (!at("violated")) out.push(`no violating case at ${rule.stage}`);
  if (!cases.some((c) => c.expected === "not_applicable")) out.push("no not-applicable case");
  if (new Set(cases.map((c) => c.id)).size !== cases.length) out.push("case ids repeat");
  return out;
}

/** Compiles one rule: a validated check, or guidance / inactive with the reasons. */
export async function compileRule(rule: RuleDraft, opts: CompileOptions = {}): Promise<CompiledCheck> {
  const proposer: Proposer = opts.proposer ?? new DeterministicProposer();
  const reviewer: Reviewer = opts.reviewer ?? new DeterministicReviewer();
  const fallback = (reason: string, validation?: ValidationRecord): CompiledCheck =>
    rule.clear
      ? { kind: "guidance", reason, ...(validation ? { validation } : {}) }
      : { kind: "inactive", reason: `unclear, and ${reason}`, ...(validation ? { validation } : {}) };
  // A task-local instruction is compiled for the episode it came with (and never stored); a
  // deferred one has no activation to check against.
  if (rule.persistence === "defer") return { kind: "inactive", reason: "a deferred instruction is never compiled" };

  let feedback: string[] | undefined;
  let cases = 0;
  let clear = rule.clear;
  const spent = (calls: CallRecord[] | undefined) => {
    if (calls?.length) opts.calls?.push(...calls);
  };
  for (let round = 1; round <= 1 + MAX_REVISIONS; round++) {
    const p = await proposer.propose(rule, feedback);
    spent(p.calls);
    if ("none" in p) {
      const record: ValidationRecord | undefined =
        round > 1
          ? {
              rounds: round,
              cases,
              outcome: "failed",
              problems: [p.none, ...(feedback ?? [])],
              reviewer: reviewer.name,
            }
          : undefined;
      return clear
        ? fallback(p.none, record)
        : { kind: "inactive", reason: `unclear, and ${p.none}`, ...(record ? { validation: record } : {}) };
    }
    cases = p.cases.length;
    const problems = caseProblems(rule, p.cases);
    if (!problems.length) {
      const review = await reviewer.review(
        rule,
        p.check,
        p.cases.map((c) => ({ id: c.id, evidence: c.evidence })),
      );
      spent(review.calls);
      clear = clear && review.clear;
      if (!review.faithful) problems.push(...review.problems.map((x) => `reviewer: ${x}`));
      for (const c of p.cases) {
        const label = review.labels[c.id];
        if (label !== c.expected)
          problems.push(`reviewer labels ${c.id} ${label ?? "(none)"}, the proposal expects ${c.expected}`);
      }
      if (!problems.length) {
        for (const c of p.cases) {
          const run = await runJudged(`case:${c.id}`, rule.statement, p.check, c.evidence, opts.judge);
          spent(run.calls);
          const got = run.result;
          if (got.verdict !== c.expected)
            problems.push(`${c.id} runs ${got.verdict} (${got.reason}), expected ${c.expected}`);
        }
      }
    }
    const record: ValidationRecord = {
      rounds: round,
      cases,
      outcome: problems.length ? "failed" : "validated",
      problems,
      reviewer: reviewer.name,
    };
    if (!problems.length) return { ...p.check, validation: record } as CompiledCheck;
    feedback = problems;
    if (round === 1 + MAX_REVISIONS) {
      const reason = `no check passed validation in ${round} rounds: ${problems.slice(0, 3).join("; ")}`;
      return clear
        ? fallback(reason, record)
        : { kind: "inactive", reason: `unclear, and ${reason}`, validation: record };
    }
  }
  throw new Error("unreachable");
}

/** How many rules ended where: reports print it ("3 programmatic, 1 guidance, 0 inactive"). */
export function countByKind(checks: CompiledCheck[]): Record<CompiledCheck["kind"], number> {
  const out = { programmatic: 0, semantic: 0, guidance: 0, inactive: 0 };
  for (const c of checks) out[c.kind]++;
  return out;
}
