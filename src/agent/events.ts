/**
 * The episode's event stream: what the dashboard shows and the logs keep. One discriminated
 * union, described with zod so a consumer (JSONL reader, dashboard socket) validates what it
 * reads. Images never travel in events: a `views` event carries references that the optional
 * image sink of runEpisode received with the bytes.
 */
import { z } from "zod";
import { Action, Pose, Vec3, VisibleInstance } from "../sim/index.ts";
import { keptValue } from "../util/index.ts";

const Base = {
  episodeId: z.string(),
  /** position in this episode's stream, from 0 */
  seq: z.number().int().nonnegative(),
  /** ms since the episode started */
  t: z.number().nonnegative(),
};

export const ImageRef = z.strictObject({
  view: z.string(),
  format: z.enum(["jpeg", "png"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** a file-name-safe key, unique within the episode, e.g. "s0012-front.jpeg" */
  ref: z.string(),
});
export type ImageRef = z.infer<typeof ImageRef>;

/** An episode's model calls summed; a count or cost is null when some call did not report it (unknown, not 0). */
export const CallSummary = z.strictObject({
  calls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative().nullable(),
  outputTokens: z.number().int().nonnegative().nullable(),
  /** calls whose provider did not report token usage */
  callsWithoutUsage: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
  latencyMs: z.number().nonnegative(),
});
export type CallSummary = z.infer<typeof CallSummary>;

/** What a model call sent and got back (src/mllm/exchange.ts), its images named by the stored view they were. */
/** how an image a model call was sent that is no view of the run is named in the run's views/ */
export const SENT_IMAGE = /^sent-[0-9a-f]{16}\.(jpeg|png)$/;

export const ModelCallExchange = z.strictObject({
  schemaName: z.string(),
  messages: z.array(z.strictObject({ role: z.string(), text: z.string() })),
  images: z.array(
    z.strictObject({
      hash: z.string(),
      mediaType: z.string(),
      bytes: z.number().int().nonnegative(),
      /** the file in the run's views/ it is: the view it was (s0012-front.jpeg), or a sent photo by its hash (sent-<hash>.jpeg) */
      ref: z.string().optional(),
      /** photo: the user's photo of the target */
      source: z.literal("photo").optional(),
      /** why an image that is no view of the run was not stored with it (its budget was spent) */
      notKept: z.string().optional(),
    }),
  ),
  answers: z.array(z.strictObject({ text: z.string(), problem: z.string().optional() })),
  parsed: z.unknown().optional(),
  cut: z.number().int().nonnegative(),
});
export type ModelCallExchange = z.infer<typeof ModelCallExchange>;

export const RoomNode = z.strictObject({
  id: z.string(),
  label: z.string(),
  waypoint: Vec3,
  adjacent: z.array(z.string()),
});

const RuleStage = z.enum(["pre_action", "artifact", "delivery"]);
export const RuleResultEvent = z.strictObject({
  /** `${ruleId}@${version}` of a stored rule, `task:<n>` of a task-local one */
  id: z.string(),
  statement: z.string(),
  verdict: z.enum(["pass", "violated", "not_applicable", "unknown"]),
  reason: z.string(),
  /** verbatim excerpts of the evidence the verdict rests on */
  quotes: z.array(z.string()),
});

/** The rule layer's events (src/rules/session-types.ts RuleEvent, emitted by rule-session.ts): what was pinned and selected, each check, revision, block and appeal. */
const RuleEvents = [
  z.strictObject({
    ...Base,
    type: z.literal("rules"),
    method: z.enum(["none", "text", "selected", "full"]),
    libraryVersion: z.number().int().nonnegative(),
    inForce: z.number().int().nonnegative(),
    selected: z.array(
      z.strictObject({
        id: z.string(),
        statement: z.string(),
        kind: z.enum(["programmatic", "semantic", "guidance", "inactive"]),
        taskLocal: z.boolean(),
        text: z.string(),
      }),
    ),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("rule_check"),
    stage: RuleStage,
    subject: z.string(),
    results: z.array(RuleResultEvent),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("rule_revision"),
    stage: RuleStage,
    subject: z.string(),
    revision: z.number().int().positive(),
    violations: z.array(RuleResultEvent),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("rule_block"),
    stage: RuleStage,
    subject: z.string(),
    violations: z.array(RuleResultEvent),
    reason: z.string(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("rule_appeal"),
    stage: RuleStage,
    id: z.string(),
    statement: z.string(),
    argument: z.string(),
    overturn: z.boolean(),
    reason: z.string(),
    quotes: z.array(z.string()),
  }),
] as const;

export const EpisodeEvent = z.discriminatedUnion("type", [
  ...RuleEvents,
  z.strictObject({
    ...Base,
    type: z.literal("reply"),
    /** what the robot told the user */
    text: z.string(),
    /** the first draft, when rule revisions changed it */
    draft: z.string().optional(),
    revisions: z.number().int().nonnegative(),
    /** rule violations the delivered reply still has (recorded, never hidden) */
    unresolved: z.array(RuleResultEvent),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("episode_start"),
    userId: z.string(),
    sceneId: z.string(),
    stage: z.string(),
    scenario: z.string(),
    instruction: z.string(),
    memory: z.enum(["none", "raw", "polar"]),
    backbone: z.string(),
    start: Pose,
    maxSteps: z.number().int().positive(),
    hasReferenceImage: z.boolean(),
    /** the request's clock time, which rules with hours ("at night") read */
    clock: z
      .strictObject({
        /** ISO 8601, UTC */
        at: z.string(),
        timeZone: z.string(),
        /** the local time in that zone, "2025-03-01 23:10" */
        local: z.string(),
        hour: z.number().int().min(0).max(23),
      })
      .optional(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("scene_graph"),
    sceneId: z.string(),
    rooms: z.array(RoomNode),
    /** true when the graph came from the per-scene cache (its traversal was reported before) */
    cached: z.boolean(),
    traversalSteps: z.number().int().nonnegative(),
    traversalPathLength: z.number().nonnegative(),
    unreachable: z.array(z.string()),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("retrieval"),
    mode: z.enum(["none", "raw", "polar"]),
    /** polar: retrieved object candidates, best first */
    candidates: z.array(
      z.strictObject({
        objectId: z.string(),
        category: z.string().optional(),
        score: z.number(),
        statements: z.array(z.string()),
        /** the statements' ids in the memory graph, in the same order (absent in streams written before) */
        statementIds: z.array(z.string()).optional(),
        /** memory holds a photo of it to recognise it by */
        hasPhoto: z.boolean().optional(),
      }),
    ),
    /** raw: the sampled prior episodes, in time order */
    rawEpisodeIds: z.array(z.string()),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("grounding"),
    objectId: z.string().nullable(),
    category: z.string().nullable(),
    description: z.string(),
    reason: z.string(),
    hints: z.array(z.string()),
    likelyRooms: z.array(z.string()),
    /** this scene's rooms by id from past episodes here (where found; searched without it) */
    roomsHere: z.strictObject({ found: z.array(z.string()), searched: z.array(z.string()) }).optional(),
    /** the size the user gave the object in words, when they did */
    size: z.strictObject({ is: z.enum(["small", "medium", "large"]), contrasted: z.boolean() }).optional(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("plan"),
    roomId: z.string(),
    label: z.string(),
    waypoint: Vec3,
    reason: z.string(),
    fromRoomId: z.string().nullable(),
    visited: z.array(z.string()),
    /** the planner ended the search here: the robot settles on the best seen, the room is the fallback */
    searchOver: z.boolean().optional(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("views"),
    step: z.number().int().nonnegative(),
    visible: z.strictObject({
      front: z.array(VisibleInstance),
      left: z.array(VisibleInstance),
      right: z.array(VisibleInstance),
    }),
    images: z.array(ImageRef),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("pose"),
    step: z.number().int().nonnegative(),
    pose: Pose,
    roomId: z.string().nullable(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("model_call"),
    /** the step the agent was at (streams written before it was recorded have none) */
    step: z.number().int().nonnegative().optional(),
    task: z.string(),
    model: z.string(),
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
    latencyMs: z.number().nonnegative(),
    costUsd: z.number().nonnegative().optional(),
    attempts: z.number().int().nonnegative(),
    /** of the attempts, those that got no HTTP response (reset connection, timeout) */
    unanswered: z.number().int().nonnegative().optional(),
    /** answers the schema rejected and the model was asked again for */
    reasks: z.number().int().nonnegative().optional(),
    /** images sent, over every request of the call */
    images: z.number().int().nonnegative().optional(),
    error: z.string().optional(),
    exchange: ModelCallExchange.optional(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("low_level"),
    step: z.number().int().nonnegative(),
    /** why the planner was asked now: arrival, look_around, room_scan, new_object, new_room, periodic, local, every_step, revisit */
    trigger: z.string(),
    decision: z.enum(["forward", "left", "right", "stop", "continue_plan"]),
    instanceId: z.string().optional(),
    reason: z.string(),
    /** a room scan that also chose the room to search next */
    nextRoomId: z.string().optional(),
    /**
     * the instances in view the planner's perception holds: its appearance score against the photo
     * (null: not judged yet) over how many views, and how much those views were worth (summed
     * reliability; 1 ≈ one clear view), and over the same views its score against the photos of the
     * user's other objects of the category (the best of them; absent without such photos)
     */
    candidates: z
      .array(
        z.strictObject({
          instanceId: z.string(),
          score: z.number().nullable(),
          views: z.number().int().nonnegative(),
          evidence: z.number().nonnegative().optional(),
          other: z.number().optional(),
        }),
      )
      .optional(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("action"),
    step: z.number().int().positive(),
    action: Action,
    /** who chose it: the controller following a plan, the low-level planner, or a look-around */
    source: z.enum(["plan", "low_level", "look_around"]),
    collided: z.boolean(),
  }),
  z.strictObject({
    ...Base,
    type: z.literal("episode_end"),
    success: z.boolean(),
    spl: z.number(),
    cm: z.boolean(),
    steps: z.number().int().nonnegative(),
    stopped: z.boolean(),
    pathLength: z.number().nonnegative(),
    shortestPath: z.number().nullable(),
    distanceToGoal: z.number().nullable(),
    /** the simulator's own success flag, for cross-checking the measures */
    simSuccess: z.boolean().nullable(),
    calls: CallSummary,
    error: z.string().nullable(),
  }),
]);
export type EpisodeEvent = z.infer<typeof EpisodeEvent>;

/** An event as the loop produces it, before the stream stamps it. */
export type EventBody = EpisodeEvent extends infer E
  ? E extends EpisodeEvent
    ? Omit<E, "episodeId" | "seq" | "t">
    : never
  : never;

/** Stamps events with episode id, sequence and time, and hands them to the listener. */
export class EventStream {
  private seq = 0;
  private readonly t0 = performance.now();
  readonly events: EpisodeEvent[] = [];

  constructor(
    private readonly episodeId: string,
    private readonly listener?: (e: EpisodeEvent) => void,
    private readonly keep = false,
  ) {}

  emit(body: EventBody): EpisodeEvent {
    // free text (a model's answers, a user's words) is cut and cleared of secrets here, once,
    // before any listener writes or sends it
    const e = keptValue({
      ...body,
      episodeId: this.episodeId,
      seq: this.seq++,
      t: Math.round((performance.now() - this.t0) * 1000) / 1000,
    } as EpisodeEvent);
    if (this.keep) this.events.push(e);
    // A listener's failure (a closed socket, a full disk) must not end the episode.
    try {
      this.listener?.(e);
    } catch {
      /* the listener owns its errors */
    }
    return e;
  }
}
