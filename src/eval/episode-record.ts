/**
 * One episode's record, from what its phases (harness.ts) left: the measures' verdict, with
 * the record's seven read as a failure when the episode never reached an end to measure; what
 * the agent grounded against the ground truth; timings, calls and the rule layer's summary.
 */
import type { CallSummary, EpisodeError, runAgent, Stopwatch, Task } from "../agent/index.ts";
import type { Episode } from "../datasets/index.ts";
import type { SceneGraph } from "../planning/index.ts";
import type { RuleSession } from "../rules/index.ts";
import type { EpisodeMetrics, Vec3 } from "../sim/index.ts";
import {
  CATEGORY_MATCH,
  DISTANCE_TO_GOAL,
  type MeasureSet,
  type MeasureValue,
  PATH_LENGTH,
  SPL,
  STEPS,
  STOPPED,
  SUCCESS,
} from "./measures/built-in.ts";
import type { EpisodeRecord, RulesRecord } from "./record.ts";
import { usageDetail } from "./usage-detail.ts";

export type AgentOutcome = Awaited<ReturnType<typeof runAgent>>;

export interface SceneGraphOutcome {
  graph: SceneGraph;
  /** built by this episode's traversal (false: reused) */
  built: boolean;
  ms: number;
}

export interface Score {
  /** the record's seven, as episode_end and the result line carry them */
  headline: {
    success: boolean;
    spl: number;
    cm: boolean;
    stopped: boolean;
    steps: number;
    pathLength: number;
    distanceToGoal: number | null;
  };
  /** every listed measure by id */
  measured: Record<string, MeasureValue>;
}

/** The measures' verdict; without an end to measure, the record's seven read as a failure and the others null. */
export function scoreOutcome(measures: MeasureSet, metrics: EpisodeMetrics | null, agent: AgentOutcome | null): Score {
  if (metrics)
    return {
      headline: {
        success: measures.get(SUCCESS),
        spl: measures.get(SPL),
        cm: measures.get(CATEGORY_MATCH),
        stopped: measures.get(STOPPED),
        steps: measures.get(STEPS),
        pathLength: measures.get(PATH_LENGTH),
        distanceToGoal: measures.get(DISTANCE_TO_GOAL),
      },
      measured: measures.record(),
    };
  const headline = {
    success: false,
    spl: 0,
    cm: false,
    stopped: false,
    steps: agent?.steps ?? 0,
    pathLength: 0,
    distanceToGoal: null,
  };
  return {
    headline,
    measured: {
      ...Object.fromEntries(Object.keys(measures.record()).map((id) => [id, null])),
      [SUCCESS.id]: headline.success,
      [SPL.id]: headline.spl,
      [CATEGORY_MATCH.id]: headline.cm,
      [STOPPED.id]: headline.stopped,
      [STEPS.id]: headline.steps,
      [PATH_LENGTH.id]: headline.pathLength,
      [DISTANCE_TO_GOAL.id]: headline.distanceToGoal,
    },
  };
}

export interface RecordParts {
  ep: Episode;
  t0: number;
  watch: Stopwatch;
  task: Task;
  hour: number;
  scenario: string;
  targetCategory: string;
  memoryMode: EpisodeRecord["memory"];
  backbone: string;
  schedule: EpisodeRecord["schedule"];
  lowLevelTrigger: string;
  trail: { entered: string[]; last: Vec3 | null };
  scene: SceneGraphOutcome | null;
  agent: AgentOutcome | null;
  ruleSession: RuleSession | null;
  /** the run has a rule layer (the record then says whether this episode had rules) */
  rulesAsked: boolean;
  rawIncludesGold: boolean | null;
  metrics: EpisodeMetrics | null;
  score: Score;
  calls: CallSummary;
  failedCalls: number;
  error: EpisodeError | null;
}

export function episodeRecord(p: RecordParts): EpisodeRecord {
  const { ep, agent, metrics, error } = p;
  const m = p.score.headline;
  const g = agent?.grounded ?? null;
  const graph = p.scene?.graph ?? null;
  const retrievedObjectIds = agent?.retrievedObjectIds ?? [];
  const totalMs = performance.now() - p.t0;
  const modelMs = p.watch.ms("model");
  const simMs = p.watch.ms("sim");
  const memoryMs = p.watch.ms("memory");
  return {
    episodeId: ep.id,
    userId: ep.userId,
    sceneId: ep.sceneId,
    stage: ep.stage,
    scenario: p.scenario,
    temporalKind: ep.stage === "evaluation" ? (ep.temporalKind ?? null) : null,
    memory: p.memoryMode,
    backbone: p.backbone,
    schedule: p.schedule,
    lowLevelTrigger: p.lowLevelTrigger,
    ...m,
    measures: p.score.measured,
    shortestPath: metrics?.shortestPath ?? null,
    simSuccess: metrics?.success ?? null,
    target: { objectId: ep.targetObjectId, category: p.targetCategory },
    grounded: {
      objectId: g?.objectId ?? null,
      category: g?.category ?? null,
      description: g?.description ?? "",
      reason: g?.reason ?? "",
      correct: !g || g.objectId === null ? null : g.objectId === ep.targetObjectId,
      categoryCorrect: g?.category === p.targetCategory,
    },
    retrievedObjectIds,
    goldInRetrieved: p.memoryMode === "polar" ? retrievedObjectIds.includes(ep.targetObjectId) : null,
    rawSampleIds: agent?.rawSampleIds ?? [],
    rawIncludesGold: p.rawIncludesGold,
    stoppedAtInstance: agent?.stoppedAtInstance ?? null,
    stoppedNear:
      m.stopped && metrics?.nearestObject
        ? {
            objectId: metrics.nearestObject.id,
            category: metrics.nearestObject.category,
            distance: metrics.nearestObject.distance,
          }
        : null,
    roomsVisited: agent?.roomsVisited ?? [],
    roomsEntered: p.trail.entered,
    stopRoom: m.stopped && graph && p.trail.last ? (p.trail.entered.at(-1) ?? null) : null,
    hour: p.hour,
    reply: agent?.reply ? { text: agent.reply.text, draft: agent.reply.draft, revisions: agent.reply.revisions } : null,
    ...(p.rulesAsked ? { rules: p.ruleSession ? rulesRecord(p.ruleSession) : null } : {}),
    decisions: agent?.decisions ?? { ground: 0, highLevel: 0, lowLevel: 0, memorize: 0 },
    usage: { ...p.calls, failedCalls: p.failedCalls, ...usageDetail(agent?.calls ?? []) },
    traversal: {
      built: p.scene?.built ?? false,
      steps: graph?.traversal.steps ?? 0,
      pathLength: graph?.traversal.pathLength ?? 0,
      rooms: graph?.rooms.length ?? 0,
    },
    memorized: agent?.memorized ?? false,
    error: error?.message ?? null,
    errorKind: error?.kind ?? null,
    infrastructure: error?.infrastructure ?? false,
    timings: {
      totalMs,
      sceneGraphMs: p.scene?.ms ?? 0,
      modelMs,
      simMs,
      memoryMs,
      // The traversal's simulator time is inside both sceneGraphMs and simMs: count it once.
      agentMs: Math.max(0, totalMs - modelMs - simMs - memoryMs),
    },
  };
}

function rulesRecord(s: RuleSession): RulesRecord {
  const x = s.summary;
  return {
    method: x.method,
    libraryVersion: x.libraryVersion,
    inForce: x.inForce,
    selected: x.selected,
    taskLocal: x.taskLocal,
    checks: x.checks,
    violations: x.violations,
    revisions: x.revisions,
    blocks: x.blocks,
    refused: x.refused,
    appeals: x.appeals,
    unresolved: x.unresolved.map((v) => ({ id: v.id, statement: v.statement, reason: v.reason })),
    kinds: x.kinds,
    judgeCalls: x.judgeCalls,
    checkMs: Math.round(x.checkMs * 1000) / 1000,
  };
}
