/**
 * The rule layer during one user input (paper §4.3–4.4): the library version pinned when the
 * input arrived, the task-local instructions that came with it, the rules selected for this
 * task, and the checks run on what the agent is about to do (pre_action), leaves behind
 * (artifact) and says (delivery).
 *
 * Methods, as the evaluation compares them:
 * - none: no rules reach the agent;
 * - text: every rule in force reaches the planner prompts as text; nothing is checked;
 * - selected: only the selected rules, as text; nothing is checked;
 * - full: the selected rules as text, and their checks gate what the agent does and says,
 *   with revisions, blocks and one appeal per delivery.
 *
 * Revisions are a budget of the whole user input (3), shared across rules and stages: a
 * pre_action violation costs one (the planner is asked again without the offending choice), a
 * delivery's combined violations cost one per re-draft. Once it is spent, a violating action
 * is blocked instead (never taken), and a violating reply is delivered with its violations
 * recorded as unresolved — never hidden.
 */

import { canonicalRoom, sameRoom } from "../language/index.ts";
import type { CallRecord } from "../mllm/index.ts";
import { applicability, mentionsRoom, runCheck } from "./check.ts";
import { describeRule } from "./describe.ts";
import { semanticGate } from "./reviewers.ts";
import {
  MAX_REVISIONS_PER_INPUT,
  type RuleContext,
  type RuleEvent,
  type RuleResult,
  type RulesMethod,
  type RulesSummary,
  SELECT_BATCH,
  type SessionOptions,
  type SessionRule,
  type StageCheck,
} from "./session-types.ts";
import {
  type CheckResult,
  Evidence,
  type ProgrammaticSpec,
  type RuleVersion,
  type SemanticSpec,
  type Stage,
} from "./types.ts";

const storedRule = (v: RuleVersion): SessionRule => ({
  id: v.versionId,
  statement: v.rule.statement,
  draft: v.rule,
  check: v.check,
  taskLocal: false,
});

/** The computable selection: scope (this house, this task) and the conditions that can be evaluated now. */
export function selectByContext(batch: readonly SessionRule[], ctx: RuleContext): Set<string> {
  const out = new Set<string>();
  for (const r of batch) {
    const scope = r.draft.scope;
    if (scope.startsWith("scene:") && scope.slice("scene:".length) !== ctx.sceneId) continue;
    if (scope === "task" && !r.taskLocal) continue;
    if (r.check.kind === "programmatic" || r.check.kind === "semantic") {
      const gate = applicability(
        { ...r.check.applies, stage: "delivery" },
        Evidence.parse(evidenceOf("delivery", ctx)),
      );
      if (gate?.verdict === "not_applicable") continue;
    }
    out.add(r.id);
  }
  return out;
}

export function evidenceOf(stage: Stage, ctx: RuleContext, extra: Partial<Evidence> = {}): Evidence {
  return {
    stage,
    context: { hour: ctx.hour, sceneId: ctx.sceneId, instruction: ctx.instruction },
    ...extra,
  };
}

export function ruleText(r: SessionRule): string {
  const tag = r.taskLocal ? "this task only: " : "";
  return `${tag}"${r.statement}" (${describeRule(r.draft)})`;
}

export class RuleSession {
  readonly method: RulesMethod;
  readonly context: RuleContext;
  private readonly all: SessionRule[];
  private selectedRules: SessionRule[] = [];
  private revisionsUsed = 0;
  private readonly maxRevisions: number;
  private appealed = false;
  readonly summary: RulesSummary;
  private emitTo?: (e: RuleEvent) => void;
  /** the selector's calls, made before the session was attached to an episode */
  private readonly pendingCalls: CallRecord[] = [];
  private callsTo?: (calls: readonly CallRecord[]) => void;

  private constructor(private readonly o: SessionOptions) {
    this.method = o.method;
    this.context = o.context;
    this.maxRevisions = o.maxRevisions ?? MAX_REVISIONS_PER_INPUT;
    const taskLocal = (o.taskLocal ?? []).map(
      (t, i): SessionRule => ({
        id: `task:${i + 1}`,
        statement: t.draft.statement,
        draft: t.draft,
        check: t.check,
        taskLocal: true,
      }),
    );
    this.all = o.method === "none" ? [] : [...o.snapshot.rules.map(storedRule), ...taskLocal];
    const kinds = { programmatic: 0, semantic: 0, guidance: 0, inactive: 0 };
    for (const r of this.all) kinds[r.check.kind]++;
    this.summary = {
      method: o.method,
      libraryVersion: o.snapshot.libraryVersion,
      inForce: o.snapshot.rules.length,
      selected: 0,
      taskLocal: taskLocal.length,
      checks: 0,
      violations: 0,
      revisions: 0,
      blocks: [],
      refused: [],
      appeals: [],
      unresolved: [],
      kinds,
      judgeCalls: 0,
      checkMs: 0,
      selectionNotes: [],
    };
  }

  /** Pins the input's rules and selects those that apply to this task. */
  static async open(o: SessionOptions): Promise<RuleSession> {
    const s = new RuleSession(o);
    await s.selectRules();
    return s;
  }

  private async selectRules(): Promise<void> {
    const live = this.all.filter((r) => r.check.kind !== "inactive");
    if (this.method === "text") this.selectedRules = live;
    else if (this.method === "selected" || this.method === "full") {
      // a rule for another house or outside its hours is out before any model reads it
      const computable = selectByContext(live, this.context);
      let candidates = live.filter((r) => computable.has(r.id));
      if (this.o.select) {
        const chosen = new Set<string>();
        for (let i = 0; i < candidates.length; i += SELECT_BATCH) {
          const picked = await this.o.select(candidates.slice(i, i + SELECT_BATCH), this.context);
          this.pendingCalls.push(...picked.calls);
          if (picked.note) this.summary.selectionNotes.push(picked.note);
          for (const id of picked.ids) chosen.add(id);
        }
        candidates = candidates.filter((r) => chosen.has(r.id));
      }
      this.selectedRules = candidates;
    }
    this.summary.selected = this.selectedRules.length;
  }

  /**
   * Connects the session to the episode that carries out the input: its events go to the
   * episode's stream (starting with what was pinned and selected), its model calls to the
   * episode's accounting.
   */
  attach(to: { emit?: (e: RuleEvent) => void; onCalls?: (calls: readonly CallRecord[]) => void }): void {
    this.emitTo = to.emit;
    this.callsTo = to.onCalls;
    if (this.pendingCalls.length) this.calls(this.pendingCalls.splice(0));
    if (this.method !== "none")
      this.emit({
        type: "rules",
        method: this.method,
        libraryVersion: this.o.snapshot.libraryVersion,
        inForce: this.o.snapshot.rules.length,
        selected: this.selectedRules.map((r) => ({
          id: r.id,
          statement: r.statement,
          kind: r.check.kind,
          taskLocal: r.taskLocal,
          text: ruleText(r),
        })),
      });
  }

  private emit(e: RuleEvent): void {
    (this.emitTo ?? this.o.emit)?.(e);
  }

  private calls(cs: readonly CallRecord[]): void {
    (this.callsTo ?? this.o.onCalls)?.(cs);
  }

  get checking(): boolean {
    return this.method === "full";
  }

  /** The rules the planners read, in full, with scope and conditions. */
  guidance(): string[] {
    if (this.selectedRules.length === 0) return [];
    return ["The current instruction takes precedence over these learned rules.", ...this.selectedRules.map(ruleText)];
  }

  selected(): readonly SessionRule[] {
    return this.selectedRules;
  }

  get revisionsLeft(): number {
    return this.maxRevisions - this.revisionsUsed;
  }

  /** Spends one revision if any is left. */
  takeRevision(stage: Stage, subject: string, violations: RuleResult[]): boolean {
    if (this.revisionsUsed >= this.maxRevisions) return false;
    this.revisionsUsed++;
    this.summary.revisions = this.revisionsUsed;
    this.emit({ type: "rule_revision", stage, subject, revision: this.revisionsUsed, violations });
    return true;
  }

  block(stage: Stage, subject: string, violations: RuleResult[], reason: string): void {
    this.summary.blocks.push({ stage, subject, ids: violations.map((v) => v.id) });
    this.emit({ type: "rule_block", stage, subject, violations, reason });
  }

  /** Notes an action refused before it happened (for the record: false blocks are scored from it). */
  refuse(action: RulesSummary["refused"][number]["action"], room: string, how: "revised" | "blocked"): void {
    this.summary.refused.push({ action, room, how });
  }

  unresolved(violations: RuleResult[]): void {
    this.summary.unresolved.push(...violations);
  }

  /**
   * Rooms a path must not enter now: the selected avoid-room checks that apply in this
   * context (for plan_path's avoidRegions), by canonical name. Empty unless checking.
   */
  forbiddenRooms(): { room: string; id: string; statement: string }[] {
    if (!this.checking) return [];
    const out: { room: string; id: string; statement: string }[] = [];
    const now = Evidence.parse(evidenceOf("pre_action", this.context));
    for (const r of this.selectedRules) {
      if (r.check.kind !== "programmatic" || r.check.spec.type !== "path_avoids") continue;
      if (applicability(r.check.applies, now)) continue;
      for (const room of r.check.spec.rooms) {
        if (this.instructionWins(r, room)) continue;
        const c = canonicalRoom(room) ?? room;
        if (!out.some((x) => x.room === c)) out.push({ room: c, id: r.id, statement: r.statement });
      }
    }
    return out;
  }

  /** A learned room rule gives way when the current instruction itself asks for that room. */
  private instructionWins(r: SessionRule, room: string): boolean {
    return !r.taskLocal && mentionsRoom(this.context.instruction, room);
  }

  /**
   * Runs the selected rules' checks on one candidate at one stage. Programmatic checks run
   * here; semantic ones go to the judge in one batch (the judge splits by 6), or stay unknown
   * without one.
   */
  async check(stage: Stage, subject: string, extra: Partial<Evidence>): Promise<StageCheck> {
    const empty: StageCheck = { results: [], violations: [], unknown: [] };
    if (!this.checking) return empty;
    const t0 = performance.now();
    const evidence = Evidence.parse(evidenceOf(stage, this.context, extra));
    const results: RuleResult[] = [];
    const semantic: SessionRule[] = [];
    for (const r of this.selectedRules) {
      if (r.check.kind !== "programmatic" && r.check.kind !== "semantic") continue;
      if (r.check.applies.stage !== stage) continue;
      if (r.check.kind === "semantic") {
        // conditions only words can decide go to the judge with the rule, not to "unknown"
        const gate = semanticGate(r.check.applies, evidence);
        if (gate) results.push(toResult(r, gate));
        else semantic.push(r);
        continue;
      }
      if (!concerns(r.check.spec, evidence)) continue;
      let res = runCheck(r.check, evidence);
      if (res.verdict === "violated" && r.check.spec.type === "path_avoids") res = this.precedence(r, res);
      if (res.verdict === "violated" && r.check.spec.type === "field" && r.check.spec.match === "room") {
        const lit = r.check.spec.literal;
        if (typeof lit === "string" && this.instructionWins(r, lit))
          res = { ...res, verdict: "not_applicable", reason: `the current instruction asks for the ${lit}` };
      }
      results.push(toResult(r, res));
    }
    if (semantic.length) {
      if (this.o.judge) {
        const j = await this.o.judge.judge(
          semantic.map((r) => ({
            versionId: r.id,
            statement: r.statement,
            spec: specOf(r),
            ...(r.check.kind === "semantic" ? { applies: r.check.applies } : {}),
          })),
          evidence,
        );
        this.summary.judgeCalls += j.calls.length;
        this.calls(j.calls);
        for (const r of semantic)
          results.push(
            toResult(r, j.results.get(r.id) ?? { verdict: "unknown", reason: "the judge gave no verdict", quotes: [] }),
          );
      } else
        for (const r of semantic)
          results.push(toResult(r, { verdict: "unknown", reason: "a semantic check needs a model judge", quotes: [] }));
    }
    const relevant = results;
    this.summary.checks += relevant.length;
    const violations = relevant.filter((r) => r.verdict === "violated");
    this.summary.violations += violations.length;
    this.summary.checkMs += performance.now() - t0;
    if (relevant.length) this.emit({ type: "rule_check", stage, subject, results: relevant });
    return { results: relevant, violations, unknown: relevant.filter((r) => r.verdict === "unknown") };
  }

  /** Drops the violation of a learned avoid rule for rooms the instruction itself asks for. */
  private precedence(r: SessionRule, res: CheckResult): CheckResult {
    if (r.check.kind !== "programmatic" || r.check.spec.type !== "path_avoids") return res;
    const rooms = r.check.spec.rooms.filter((room) => !this.instructionWins(r, room));
    if (rooms.length === r.check.spec.rooms.length) return res;
    if (rooms.length === 0)
      return { verdict: "not_applicable", reason: "the current instruction asks for that room", quotes: res.quotes };
    return res.quotes.some((q) => rooms.some((room) => sameRoom(q, room)))
      ? res
      : { verdict: "pass", reason: "only rooms the current instruction asks for", quotes: res.quotes };
  }

  /**
   * One appeal per delivery: the agent contests a remaining violation; a separate reviewer
   * decides. Returns the violations that stand.
   */
  async appeal(stage: Stage, violations: RuleResult[], evidence: Partial<Evidence>): Promise<RuleResult[]> {
    if (this.appealed || violations.length === 0 || !this.o.appeals) return violations;
    this.appealed = true;
    const v = violations[0];
    const rule = this.selectedRules.find((r) => r.id === v.id);
    if (!rule) return violations;
    const argument = `after ${this.revisionsUsed} revision(s) the ${stage} still fails "${v.statement}" (${v.reason}); the agent asks whether this verdict stands for this ${stage}`;
    const r = await this.o.appeals.review({
      versionId: v.id,
      statement: v.statement,
      check: rule.check,
      evidence: evidenceOf(stage, this.context, evidence),
      verdict: { verdict: v.verdict, reason: v.reason, quotes: v.quotes },
      argument,
    });
    this.calls(r.calls);
    this.summary.appeals.push({ id: v.id, overturn: r.overturn });
    this.emit({
      type: "rule_appeal",
      stage,
      id: v.id,
      statement: v.statement,
      argument,
      overturn: r.overturn,
      reason: r.reason,
      quotes: r.quotes,
    });
    return r.overturn ? violations.slice(1) : violations;
  }
}

/**
 * Whether a programmatic check is about this candidate at all: a rule on where the robot stops
 * says nothing about a room choice, and asking it would only give "unknown".
 */
function concerns(spec: ProgrammaticSpec, ev: ReturnType<typeof Evidence.parse>): boolean {
  if (ev.stage !== "pre_action") return true;
  const a = ev.action ?? {};
  if (spec.type === "path_avoids")
    return a.chosenRoom !== undefined || a.pathRooms !== undefined || a.stopRoom !== undefined;
  if (spec.type === "field" && (spec.field === "stopRoom" || spec.field === "chosenRoom"))
    return a[spec.field] !== undefined || ev.fields?.[spec.field] !== undefined;
  return true;
}

function specOf(r: SessionRule): SemanticSpec {
  if (r.check.kind !== "semantic") throw new Error(`rule ${r.id} has no semantic check`);
  return r.check.spec;
}

function toResult(r: SessionRule, c: CheckResult): RuleResult {
  return { id: r.id, statement: r.statement, verdict: c.verdict, reason: c.reason, quotes: c.quotes };
}
