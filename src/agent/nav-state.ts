/**
 * The navigation part of an episode as data: what it was given (NavigateOptions), the helpers
 * it builds once (controller, novelty tracker, candidate ledger), and the state that changes as
 * it goes (NavState). Every phase of src/agent/navigate.ts and every decision of
 * src/agent/nav-decisions.ts reads and writes this one object, so what the loop knows at any
 * step is in one place instead of in a dozen closure variables.
 */
import type { CallRecord, GroundOutput, Policy, SceneGraphRoom } from "../mllm/index.ts";
import { CandidateLedger } from "../perception/index.ts";
import type { Body } from "../planning/index.ts";
import {
  Controller,
  floorDistance,
  type GoToOptions,
  NoveltyTracker,
  roomAt,
  type SceneGraph,
  type Trigger,
} from "../planning/index.ts";
import type { Image, Vec3 } from "../sim/index.ts";
import type { EventStream } from "./events.ts";
import type { NavigationGate } from "./rule-gate.ts";
import type { Stopwatch } from "./timing.ts";
import type { TrajectoryLog } from "./trajectory.ts";

export interface NavigateOptions {
  policy: Policy;
  body: Body;
  graph: SceneGraph;
  stream: EventStream;
  trajectory: TrajectoryLog;
  watch: Stopwatch;
  /** decision counters, updated as they happen (so they survive an error mid-episode) */
  decisions: { highLevel: number; lowLevel: number };
  /** every backbone call, for the episode's accounting */
  onCalls: (calls: readonly CallRecord[]) => void;
  instruction: string;
  target: GroundOutput;
  referenceImage?: Image;
  /** photos of the user's other remembered objects of the target's category */
  otherPhotos?: Image[];
  withImages: boolean;
  schedule: "hierarchical" | "every_step";
  /** along a plan: ask on new instances of the target's category (sensor) or every N steps (schedule) */
  trigger: Policy["lowLevelTrigger"];
  imageDecisionEvery: number;
  maxLocalSteps: number;
  arrivalRadius: number;
  maxReplans: number;
  turnAngle: number;
  /** the camera the semantic sensor's boxes are measured in */
  camera: { width: number; height: number; hfovDeg: number };
  /** how near an approached object counts as reached (metres) */
  approachRadius: number;
  /** the length of one forward step (metres), to see where a step would go before it is taken */
  stepLength: number;
  /** the user's rules that apply now, as text for the planners */
  guidance?: string[];
  /** the rule layer's pre_action checks (absent: no rules are checked) */
  gate?: NavigationGate;
}

/** How a stretch of low-level control ended: STOP taken, control handed back, or the episode over. */
export type LocalOutcome = "stopped" | "continue" | "ended";

export interface NavState {
  /** the room the high-level plan walks to now */
  goalRoom: string | null;
  /** the room chosen this round, and why (the plan event's reason) */
  choice: { room: SceneGraphRoom; reason: string } | null;
  /** the instance the planner named when it stopped */
  stoppedAt: string | null;
  /** steps since the low-level planner was last asked: a view already judged is not asked twice */
  sinceDecision: number;
  /** why the walk was interrupted; read by whoever resumes it */
  pendingTrigger: Trigger | null;
  /** the room a room scan named to search next (its plan, asked in the same call) */
  suggestedRoom: { id: string; reason: string } | null;
  /** rooms entered so far: entering one not seen yet is news to a backbone that looks at the views */
  roomsSeen: Set<string>;
  /** rooms searched (walked to and looked around in), in order */
  visited: string[];
  /** where it stood to look around, per room: a room searched again is looked at from elsewhere */
  lookedFrom: Map<string, Vec3[]>;
  /** the actions taken, for the planner's "recent actions" */
  recent: string[];
  outcome: LocalOutcome;
  /** the step count when this round's walk began, to notice rounds that never move */
  stepsBefore: number;
  /** rounds in a row that took no step (a planner naming rooms the controller cannot reach) */
  idleRounds: number;
  /** the high-level planner said the search is over with rooms left (settle then goes back to the best seen) */
  searchOver: boolean;
}

export interface Nav {
  o: NavigateOptions;
  controller: Controller;
  novelty: NoveltyTracker;
  /** the episode's working memory of same-category instances: what a planner that judges them made of each */
  ledger: CandidateLedger;
  /** the step budget at the start, to know when a quarter of it is left */
  budget: number;
  /** a backbone that looks at the views (not the sensor) scans a room in one call that also plans the next */
  scanning: boolean;
  s: NavState;
}

export function createNav(o: NavigateOptions): Nav {
  return {
    o,
    controller: new Controller(o.body, { arrivalRadius: o.arrivalRadius, maxReplans: o.maxReplans }),
    novelty: new NoveltyTracker(o.target.category),
    ledger: new CandidateLedger(),
    budget: o.body.stepsLeft,
    scanning: o.trigger === "schedule" && o.schedule === "hierarchical",
    s: {
      goalRoom: null,
      choice: null,
      stoppedAt: null,
      sinceDecision: 0,
      pendingTrigger: null,
      suggestedRoom: null,
      roomsSeen: new Set<string>(),
      visited: [],
      lookedFrom: new Map(),
      recent: [],
      outcome: "continue",
      stepsBefore: 0,
      idleRounds: 0,
      searchOver: false,
    },
  };
}

export const currentRoom = (n: Nav): string | null => roomAt(n.o.graph, n.o.body.pose.position);

export const labelOf = (n: Nav, id: string | null): string | null =>
  id ? (n.o.graph.rooms.find((r) => r.id === id)?.label ?? id) : null;

/** The rooms the rules leave open now (all of them without rules). */
export const candidateRooms = (n: Nav): SceneGraphRoom[] => (n.o.gate ? n.o.gate.candidates() : n.o.graph.rooms);

/** Paths planned around the rooms the rules forbid now, and each plan's rooms checked before a step of it. */
export function around(n: Nav): GoToOptions | undefined {
  const gate = n.o.gate;
  if (!gate) return undefined;
  return {
    avoidRegions: gate.avoidRegions(currentRoom(n)),
    onPlan: async (p) => ((await gate.path(p.regions ?? [], currentRoom(n))) ? "walk" : "refuse"),
  };
}

/** The room a room scan suggested, once: a later round plans afresh. */
export function takeSuggestion(n: Nav): { id: string; reason: string } | null {
  const s = n.s.suggestedRoom;
  n.s.suggestedRoom = null;
  return s;
}

/**
 * Where to look from when a room is searched again: the waypoint's look-around already showed
 * what can be seen from there, and a target hidden behind furniture stays hidden from the same
 * spot however often it is revisited. So: the point of the room's quarters (from its bounds, as
 * the traversal found them) farthest from every spot it already looked from. plan_path takes it
 * to the nearest floor there. Without bounds, or on a first search, the waypoint.
 */
export function lookoutFor(n: Nav, room: SceneGraphRoom): Vec3 {
  const looked = n.s.lookedFrom.get(room.id);
  const b = n.o.graph.bounds[room.id];
  if (!looked?.length || !b) return room.waypoint;
  const at = (fx: number, fz: number): Vec3 => [
    b.min[0] + fx * (b.max[0] - b.min[0]),
    room.waypoint[1],
    b.min[2] + fz * (b.max[2] - b.min[2]),
  ];
  const spots = [room.waypoint, at(0.25, 0.25), at(0.25, 0.75), at(0.75, 0.25), at(0.75, 0.75)];
  const clearance = (p: Vec3) => Math.min(...looked.map((q) => Math.hypot(p[0] - q[0], p[2] - q[2])));
  return spots.reduce((best, p) => (clearance(p) > clearance(best) ? p : best));
}

/**
 * Rooms a plan walk has just taken it through at the spot a search of them would start from
 * (within the arrival radius of the room's waypoint), not searched yet and not the room it is
 * walking to (that one is searched on arrival). Walking through, the front and side views sweep
 * the room from there, and every instance of the target's category in them is judged on the way
 * (the sensor's decision points), so the room counts as searched: a later round does not walk
 * back to stand at the same spot and turn round.
 */
export function passedThrough(n: Nav, at: Vec3): SceneGraphRoom[] {
  const { s } = n;
  return candidateRooms(n).filter(
    (r) => r.id !== s.goalRoom && !s.visited.includes(r.id) && floorDistance(at, r.waypoint) <= n.o.arrivalRadius,
  );
}
