/**
 * The outcome of one episode as the harness scores it (runEpisode in harness.ts), which the
 * eval runner turns into a result line. zod-described so a consumer can validate what it stores.
 */
import { z } from "zod";
import { CallSummary, ErrorKind } from "../agent/index.ts";
import { MeasureMap } from "./measures/measure.ts";
import { UsageDetailFields } from "./usage-detail.ts";

export { ErrorKind };

const RuleViolation = z.strictObject({ id: z.string(), statement: z.string(), reason: z.string() });

/** What the rule layer did in the episode's input (src/rules/session-types.ts RulesSummary, compacted). */
export const RulesRecord = z.strictObject({
  method: z.enum(["none", "text", "selected", "full"]),
  libraryVersion: z.number().int().nonnegative(),
  inForce: z.number().int().nonnegative(),
  selected: z.number().int().nonnegative(),
  taskLocal: z.number().int().nonnegative(),
  checks: z.number().int().nonnegative(),
  violations: z.number().int().nonnegative(),
  revisions: z.number().int().nonnegative(),
  /** actions not taken because a rule forbade them; `rooms`: the rooms they were about */
  blocks: z.array(z.strictObject({ stage: z.string(), subject: z.string(), ids: z.array(z.string()) })),
  /** pre_action refusals: what was not done, in which room, and whether by a revision or a block */
  refused: z.array(
    z.strictObject({
      action: z.enum(["room", "path", "step", "stop"]),
      room: z.string(),
      how: z.enum(["revised", "blocked"]),
    }),
  ),
  appeals: z.array(z.strictObject({ id: z.string(), overturn: z.boolean() })),
  unresolved: z.array(RuleViolation),
  kinds: z.strictObject({
    programmatic: z.number().int().nonnegative(),
    semantic: z.number().int().nonnegative(),
    guidance: z.number().int().nonnegative(),
    inactive: z.number().int().nonnegative(),
  }),
  judgeCalls: z.number().int().nonnegative(),
  checkMs: z.number().nonnegative(),
});
export type RulesRecord = z.infer<typeof RulesRecord>;

export const EpisodeRecord = z.strictObject({
  episodeId: z.string(),
  userId: z.string(),
  sceneId: z.string(),
  stage: z.enum(["acquisition", "evaluation"]),
  /** evaluation: the scenario; acquisition episodes say "acquisition" */
  scenario: z.string(),
  temporalKind: z.string().nullable(),
  memory: z.enum(["none", "raw", "polar"]),
  backbone: z.string(),
  schedule: z.enum(["hierarchical", "every_step"]),
  /** when the low-level planner was asked along a plan: on its sensor's new instances, or every N steps */
  lowLevelTrigger: z.string(),

  success: z.boolean(),
  spl: z.number().min(0).max(1),
  cm: z.boolean(),
  stopped: z.boolean(),
  /** primitive actions of the episode (the traversal's are apart, in `traversal`) */
  steps: z.number().int().nonnegative(),
  pathLength: z.number().nonnegative(),
  shortestPath: z.number().nonnegative().nullable(),
  distanceToGoal: z.number().nonnegative().nullable(),
  /** the simulator's own success flag, to cross-check the measures */
  simSuccess: z.boolean().nullable(),
  /** every measure of eval.measures by id (the fields above are seven of them, kept by name) */
  measures: MeasureMap,

  target: z.strictObject({ objectId: z.string(), category: z.string() }),
  grounded: z.strictObject({
    objectId: z.string().nullable(),
    category: z.string().nullable(),
    description: z.string(),
    reason: z.string(),
    /** grounded id is the target; null when grounding singled out no instance */
    correct: z.boolean().nullable(),
    categoryCorrect: z.boolean(),
  }),
  /** polar: retrieved candidate object ids, best first */
  retrievedObjectIds: z.array(z.string()),
  /** polar: the target is among the retrieved candidates; null in other modes */
  goldInRetrieved: z.boolean().nullable(),
  /** raw: the sampled prior episode ids, in time order */
  rawSampleIds: z.array(z.string()),
  /** raw: every gold prior was in the sample; null outside raw mode */
  rawIncludesGold: z.boolean().nullable(),
  /** the instance the low-level planner named when it stopped (the sensor's id for this episode) */
  stoppedAtInstance: z.string().nullable(),
  /** the object the agent stopped nearest to, by the harness's metrics (dataset id), and whether it is the target */
  stoppedNear: z.strictObject({ objectId: z.string(), category: z.string(), distance: z.number() }).nullable(),
  roomsVisited: z.array(z.string()),
  /** the rooms the robot's pose was in, in order (labels; consecutive repeats collapsed): what it actually did */
  roomsEntered: z.array(z.string()).optional(),
  /** the room it stopped in (label), null when it did not stop */
  stopRoom: z.string().nullable().optional(),
  /** the request's local hour (0–23, in eval.timeZone) */
  hour: z.number().int().min(0).max(23).optional(),
  /** what the robot told the user, its first draft before rule revisions, and the revisions */
  reply: z
    .strictObject({ text: z.string(), draft: z.string(), revisions: z.number().int().nonnegative() })
    .nullable()
    .optional(),
  /** the rule layer's work in this episode; absent when rules were not part of the run */
  rules: RulesRecord.nullable().optional(),

  decisions: z.strictObject({
    ground: z.number().int().nonnegative(),
    highLevel: z.number().int().nonnegative(),
    lowLevel: z.number().int().nonnegative(),
    memorize: z.number().int().nonnegative(),
  }),
  usage: CallSummary.extend({ failedCalls: z.number().int().nonnegative(), ...UsageDetailFields }),
  traversal: z.strictObject({
    /** true when this episode paid for its scene's traversal (reported once per scene) */
    built: z.boolean(),
    steps: z.number().int().nonnegative(),
    pathLength: z.number().nonnegative(),
    rooms: z.number().int().nonnegative(),
  }),
  memorized: z.boolean(),
  error: z.string().nullable(),
  errorKind: ErrorKind.nullable(),
  /** the error was an infrastructure failure (model service or simulator unusable): not an agent outcome */
  infrastructure: z.boolean(),
  timings: z.strictObject({
    totalMs: z.number().nonnegative(),
    sceneGraphMs: z.number().nonnegative(),
    /** wall time inside the backbone's decisions */
    modelMs: z.number().nonnegative(),
    /** wall time inside simulator calls */
    simMs: z.number().nonnegative(),
    /** wall time inside memory retrieval and memorization */
    memoryMs: z.number().nonnegative(),
    /** the agent's own time: total less model, simulator, memory and scene-graph time */
    agentMs: z.number().nonnegative(),
  }),
});
export type EpisodeRecord = z.infer<typeof EpisodeRecord>;
