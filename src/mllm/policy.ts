/**
 * A backbone as the agent sees it: four decisions. LLM backbones make them by prompting a
 * chat model with a zod schema (llm-policy.ts); the offline heuristic makes them in code
 * (heuristic.ts). Every decision returns the model calls it cost, for accounting.
 */
import type { Category, VisibleInstance } from "../sim/protocol.ts";
import type { Image } from "../sim/simulator.ts";
import type { FailureInfo } from "../util/failure.ts";
import type { MemoryCandidate, RawInteraction } from "./candidate.ts";

export interface CallRecord {
  task: "ground" | "high_level" | "low_level" | "memorize" | "step" | "other";
  backbone: string;
  model: string;
  /** undefined means the provider did not say */
  inputTokens?: number;
  outputTokens?: number;
  latencyMs: number;
  costUsd?: number;
  attempts: number;
  error?: string;
}

export interface Decision<T> {
  value: T;
  calls: CallRecord[];
}

/**
 * A decision that could not be made (transport failure, or output that never fit the schema).
 * `infrastructure` (read it with isInfrastructureFailure, src/util/failure.ts): true when the
 * model service could not be used (no connection, timeout, 429 or 5xx after the retries,
 * 401 / 403 / 404), which says nothing about the agent; false when the model answered and the
 * answers were unusable after the schema re-asks, or the backbone refused the input itself:
 * that is the agent's outcome for the episode. `status` and `url` name the HTTP exchange that
 * failed, when there was one.
 */
export class BackboneError extends Error implements FailureInfo {
  readonly infrastructure: boolean;
  readonly status?: number;
  readonly url?: string;
  constructor(
    message: string,
    readonly calls: CallRecord[],
    failure: Partial<FailureInfo> = {},
  ) {
    super(message);
    this.name = "BackboneError";
    this.infrastructure = failure.infrastructure ?? false;
    if (failure.status !== undefined) this.status = failure.status;
    if (failure.url !== undefined) this.url = failure.url;
  }
}

export type MemoryMode = "none" | "raw" | "polar";

export interface GroundInput {
  instruction: string;
  mode: MemoryMode;
  /** polar: retrieved candidates, best first */
  candidates?: MemoryCandidate[];
  /** raw: sampled prior interactions, in time order */
  rawInteractions?: RawInteraction[];
  /** polar: the user's photo of each candidate that has one, in candidate order */
  candidateImages?: { objectId: string; image: Image }[];
  /** explicit requests: the user's photo of the object */
  referenceImage?: Image;
}

export interface GroundOutput {
  /** the remembered instance meant, when the backbone could single one out */
  objectId: string | null;
  category: Category | null;
  /** what to look for, in words (category and attributes) */
  description: string;
  reason: string;
  /** planning-relevant experience from episodic memory (rooms to try or skip) */
  hints: string[];
  /** labels of rooms the memory says the object was found in, most recent first */
  likelyRooms: string[];
}

export interface SceneGraphRoom {
  id: string;
  label: string;
  waypoint: [number, number, number];
  adjacent: string[];
}

export interface HighLevelInput {
  instruction: string;
  target: GroundOutput;
  rooms: SceneGraphRoom[];
  currentRoomId: string | null;
  /** rooms already searched this episode, in order */
  visited: string[];
}

export interface HighLevelOutput {
  roomId: string;
  reason: string;
}

export interface ViewInput {
  /** present when the backbone takes images */
  image?: Image;
  /** the semantic sensor's instances in this view: the heuristic's perception; no LLM prompt shows them */
  visible: VisibleInstance[];
}

export interface LowLevelInput {
  instruction: string;
  target: GroundOutput;
  views: { front: ViewInput; left: ViewInput; right: ViewInput };
  /** the user's photo of the grounded object (theirs for an explicit request, memory's otherwise) */
  referenceImage?: Image;
  currentRoom: string | null;
  goalRoom: string | null;
  stepsLeft: number;
  recentActions: string[];
}

export interface LowLevelOutput {
  decision: "forward" | "left" | "right" | "stop" | "continue_plan";
  /** the instance the backbone believes is the target, when it sees it */
  instanceId?: string;
  reason: string;
}

export interface MemorizeInput {
  userId: string;
  episodeId: string;
  instruction: string;
  objectId: string | null;
  category: Category | null;
  referenceImage?: Image;
  /** the trajectory, already summarised into facts the agent logged */
  trajectory: {
    success: boolean;
    steps: number;
    roomsVisited: string[];
    roomsWithoutTarget: string[];
    foundInRoom: string | null;
    text: string;
  };
}

export interface MemorizeOutput {
  /** one user-specific attribute or association per statement */
  statements: string[];
  /** compact, planning-relevant summary of the trajectory */
  episodic: string;
}

export interface Policy {
  readonly name: string;
  /** true when low-level decisions use images: the agent asks the simulator for views */
  readonly needsImages: boolean;
  /**
   * When the low-level planner is asked along a plan: `schedule`, every N steps (a model that
   * looks at pixels must not be told by the simulator's instance lists when something worth
   * looking at came into view); `sensor`, whenever its own semantic sensor shows a new instance
   * of what it looks for (the offline heuristic, whose perception that sensor is).
   */
  readonly lowLevelTrigger: "schedule" | "sensor";
  ground(input: GroundInput): Promise<Decision<GroundOutput>>;
  planHighLevel(input: HighLevelInput): Promise<Decision<HighLevelOutput>>;
  planLowLevel(input: LowLevelInput): Promise<Decision<LowLevelOutput>>;
  memorize(input: MemorizeInput): Promise<Decision<MemorizeOutput>>;
}
