/**
 * A backbone as the agent sees it: four decisions, and the reply to the user at the end. LLM backbones make them by prompting a
 * chat model with a zod schema (llm-policy.ts); the offline heuristic makes them in code
 * (heuristic.ts). Every decision returns the model calls it cost, for accounting.
 */
import type { CandidateLedger } from "../perception/index.ts";
import type { Category, Image, Pose, Vec3, VisibleInstance } from "../sim/index.ts";
import type { FailureInfo } from "../util/index.ts";
import type { MemoryCandidate, RawInteraction } from "./candidate.ts";
import type { CallExchange } from "./exchange.ts";

export interface CallRecord {
  /** `reply`: the reply to the user; `rules`: the correction-rule layer's calls (learner, compiler, reviewer, judge) */
  task: "ground" | "high_level" | "low_level" | "memorize" | "reply" | "rules" | "step" | "other";
  backbone: string;
  model: string;
  /** undefined means the provider did not say */
  inputTokens?: number;
  outputTokens?: number;
  latencyMs: number;
  costUsd?: number;
  attempts: number;
  /**
   * of the attempts, those that got no HTTP response (a reset connection, a timeout) and so may
   * never have reached the server; absent when none
   */
  unanswered?: number;
  /** images the call sent, counted over every HTTP request it made (a retry or re-ask sends them again) */
  images?: number;
  /** answers the schema rejected and asked again for; attempts − 1 − reasks were transport retries */
  reasks?: number;
  error?: string;
  /** what was sent and answered (the dashboard's call inspector); the episode's event keeps it, its totals do not */
  exchange?: CallExchange;
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
  /** raw: the photo the user showed in each sampled interaction that had one, in interaction order */
  interactionImages?: { episodeId: string; image: Image }[];
  /** explicit requests: the user's photo of the object */
  referenceImage?: Image;
  /** the scene (house) the robot is in, as its task names it: past episodes here name its rooms by id */
  sceneId?: string;
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
  /** labels of rooms the memory says the object was found in, most likely first (the heuristic: most often found there, then most recent) */
  likelyRooms: string[];
  /**
   * This scene's rooms by the scene graph's id, from the robot's record of past episodes in the
   * same scene: where it found the object (most often first, newest among equals) and rooms it
   * searched without finding it there. Those episodes' rooms are not in likelyRooms: the exact
   * room is known, not just its label.
   */
  roomsHere?: { found: string[]; searched: string[] };
  /**
   * The size the user gave the object in words ("the big grey bag"): what tells apart lookalikes
   * a photo cannot, since the object fills its photo. `contrasted` when the words set it apart
   * from others like it ("the big one", "the smallest"): which instance fits is then only known
   * once they were compared.
   */
  size?: { is: "small" | "medium" | "large"; contrasted: boolean };
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
  /** the user's standing rules that apply now, as text with scope and conditions (absent or empty: none) */
  guidance?: string[];
  /**
   * The instance judged most like the photo so far (the episode's ledger): where it stands, its
   * similarity, how much of it was seen (summed view reliability) and the best similarity of any
   * other instance judged (0 when none). Once every room is searched the search walks back to the
   * best seen, so a policy may plan the rooms left as a round that ends near it. Absent while
   * none was judged.
   */
  holding?: Holding;
}

export interface Holding {
  position: Vec3;
  /** the room of the scene graph it stands in (null: outside every room's bounds) */
  roomId: string | null;
  score: number;
  evidence: number;
  rival: number;
  /** instances of the category seen besides it, judged or not (absent: not counted) */
  others?: number;
  /**
   * The user set the object apart by its size ("the big one"): the size picks it out among all
   * its lookalikes in the house, so one that outsizes those seen so far may still be outsized by
   * one in a room not searched yet (the medium hat is the biggest until the large one is seen).
   */
  sizeToCompare?: boolean;
  /**
   * The user owns another object of the category whose photo looks like this one's, and no other
   * instance that could be it was judged yet: its looks alone cannot say which of the two it is,
   * and the search does not end on it before every room is searched: the lookalike is in the house.
   */
  twinUnseen?: boolean;
}

export interface HighLevelOutput {
  roomId: string;
  reason: string;
  /**
   * The planner judges the search over before every room is searched (the rooms worth searching
   * are, and what it holds is plausible enough): the robot settles on the best seen instead of
   * walking to `roomId`, which stays the next room should that fail. Absent: search on.
   */
  searchOver?: boolean;
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
  /**
   * photos, from memory, of the user's other objects of the grounded object's category: what
   * the user's own lookalikes look like, so one of them is not taken for the one sought
   */
  otherPhotos?: Image[];
  currentRoom: string | null;
  goalRoom: string | null;
  stepsLeft: number;
  recentActions: string[];
  /** the user's standing rules that apply now, as text with scope and conditions (absent or empty: none) */
  guidance?: string[];
  /** where the robot stands (its odometry), to place what it sees on the floor plan */
  pose?: Pose;
  /**
   * The episode's working memory of same-category instances seen so far (verdicts, evidence,
   * where they stand), kept by the episode loop from one decision to the next; a planner that
   * judges instances itself records its judgments here.
   */
  ledger?: CandidateLedger;
  /** a room scan: the three views as they were before the robot turned around where it stands */
  behind?: { front: ViewInput; left: ViewInput; right: ViewInput };
  /**
   * A room scan: the room plan in the same call. When the target is in no view, the answer may
   * name the room to search next (nextRoomId), which then needs no high-level call of its own.
   */
  plan?: Omit<HighLevelInput, "instruction" | "target" | "guidance">;
}

export interface LowLevelOutput {
  decision: "forward" | "left" | "right" | "stop" | "continue_plan";
  /** the instance the backbone believes is the target, when it sees it */
  instanceId?: string;
  reason: string;
  /** with continue_plan, after a room scan that offered the plan: the room to search next */
  nextRoomId?: string;
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
    /**
     * The same rooms by the scene graph's ids, in the scene the episode ran in: the robot's own
     * record (scene_info and its pose), which tells apart rooms that share a label
     */
    where?: { sceneId: string; foundInRoomId: string | null; roomIdsWithoutTarget: string[] };
    text: string;
  };
}

export interface MemorizeOutput {
  /** one user-specific attribute or association per statement */
  statements: string[];
  /** compact, planning-relevant summary of the trajectory */
  episodic: string;
}

/**
 * What a revision of the reply must do, in a form code can follow: the heuristic backbone
 * honours these and nothing else; a model reads them next to the violated rule's text.
 */
export type ReplyRequirement =
  | { kind: "max_words"; maxWords: number }
  /** the reply must contain this text (e.g. a room name) */
  | { kind: "mention"; text: string }
  /** the reply must be one JSON object with these keys */
  | { kind: "json"; fields: string[] }
  /** the reply must not contain this text */
  | { kind: "avoid_text"; text: string };

export interface ReplyViolation {
  /** the rule, as the user's text with its scope and conditions */
  rule: string;
  /** what was wrong with the previous reply */
  reason: string;
  requirement?: ReplyRequirement;
}

export interface ReplyInput {
  instruction: string;
  /** what the robot believes happened (never ground truth) */
  outcome: {
    /** the robot stopped where it believes the target is */
    stopped: boolean;
    /** the target, in words (the grounding's description) */
    description: string;
    /** the room the robot believes it found the target in */
    foundRoom: string | null;
    /** rooms searched, in order */
    roomsSearched: string[];
    steps: number;
    stepsLeft: number;
    /** why the episode ended, when not by a stop or by running out of steps */
    note?: string;
    /** false when the robot stopped without recognising the target for sure: the reply hedges (default true) */
    certain?: boolean;
    /** rooms the user's rules kept the robot out of, and rooms they kept it from stopping in: the reply says so */
    byRules?: { keptOut: string[]; notStoppedIn: string[] };
  };
  /** rules the user taught, as text, with scope and conditions, that apply now (may be empty) */
  guidance: string[];
  /** set on a revision: the previous reply and what was wrong with it, combined */
  revision?: { previous: string; violations: ReplyViolation[] };
}

export interface ReplyOutput {
  text: string;
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
  /** what the robot tells the user at the end of an episode; images are never part of it */
  reply(input: ReplyInput): Promise<Decision<ReplyOutput>>;
}
