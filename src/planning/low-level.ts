/**
 * Low-level planning (paper §3.3): from the front, left and right views, the instruction and
 * the reference image when there is one, the backbone picks forward / left / right / stop, or
 * hands control back to the high-level plan (continue_plan). An LLM backbone is shown the views'
 * images, never the semantic sensor's instance lists; the offline heuristic, whose perception
 * that sensor is, reads the lists.
 *
 * When it is asked (the decision schedule; model calls per episode are a reported figure):
 *  - `arrival`: on reaching a planned room's waypoint;
 *  - `look_around`: after the in-place turn at a waypoint (front/left/right cover ±135°, one
 *    180° turn covers the rest);
 *  - `new_object`: for a planner whose perception is the semantic sensor (the heuristic),
 *    whenever it shows an instance not seen before this episode (of the grounded category);
 *  - `room_scan`: for backbones that look at the views, the one call at a waypoint: the views
 *    from before and after the in-place turn, and the room plan, so the next room needs no call
 *    of its own (a room's plan and its look-around in one call);
 *  - `new_room`: for those backbones, along a plan, on entering a room not seen yet this episode
 *    (what is in view is new), never because the simulator's instance lists said so;
 *  - `periodic`: every `agent.imageDecisionEvery` steps along a plan, when that is set (0, the
 *    default, leaves only room scans and new rooms);
 *  - `local`: after each primitive action the planner itself chose, until it stops or hands
 *    control back (bounded by maxLocalSteps);
 *  - `every_step`: the per-step baseline schedule calls it before every primitive action;
 *  - `revisit`: the search is over and the robot has walked back to the instance its planner
 *    judged most like the photo, for a last look.
 */
import type { Decision, GroundOutput, LowLevelInput, LowLevelOutput, Policy } from "../mllm/index.ts";
import type { CandidateLedger } from "../perception/index.ts";
import type { Action, Image, Observation, Pose, ViewName, VisibleInstance } from "../sim/index.ts";

export type Trigger =
  | "arrival"
  | "look_around"
  | "room_scan"
  | "new_object"
  | "new_room"
  | "periodic"
  | "local"
  | "every_step"
  | "revisit";

export function decisionToAction(d: LowLevelOutput["decision"]): Action | null {
  switch (d) {
    case "forward":
      return "MOVE_FORWARD";
    case "left":
      return "TURN_LEFT";
    case "right":
      return "TURN_RIGHT";
    case "stop":
      return "STOP";
    case "continue_plan":
      return null;
  }
}

/** Pure: the three views as the policy sees them; an image goes with its view when present. */
export function viewsFor(
  observation: Observation,
  images: readonly Image[],
  withImages: boolean,
): LowLevelInput["views"] {
  const image = (view: string) => (withImages ? images.find((i) => i.view === view) : undefined);
  const v = (name: "front" | "left" | "right") => {
    const img = image(name);
    return img ? { image: img, visible: observation.visible[name] } : { visible: observation.visible[name] };
  };
  return { front: v("front"), left: v("left"), right: v("right") };
}

export function allVisible(observation: Observation): VisibleInstance[] {
  return [...observation.visible.front, ...observation.visible.left, ...observation.visible.right];
}

/**
 * Remembers which instances the semantic sensor has shown this episode. An instance of the
 * tracked category that comes back into view after being out of it counts as news too: a target
 * glimpsed once from afar and lost would otherwise never trigger a decision again, and the
 * agent walked past it for the rest of the episode.
 */
export class NoveltyTracker {
  private readonly seen = new Set<string>();
  private inView = new Set<string>();

  constructor(private category: string | null = null) {}

  setCategory(category: string | null): void {
    this.category = category;
  }

  /** Instances (of the tracked category when one is set) new to the view: never seen, or back in view. */
  observe(observation: Observation): VisibleInstance[] {
    const fresh: VisibleInstance[] = [];
    const now = new Set<string>();
    for (const inst of allVisible(observation)) {
      if (now.has(inst.id)) continue;
      now.add(inst.id);
      const tracked = this.category === null || inst.category === this.category;
      const isNew = !this.seen.has(inst.id);
      this.seen.add(inst.id);
      if (isNew ? tracked : tracked && this.category !== null && !this.inView.has(inst.id)) fresh.push(inst);
    }
    this.inView = now;
    return fresh;
  }
}

export interface LowLevelContext {
  instruction: string;
  target: GroundOutput;
  referenceImage?: Image;
  /** photos of the user's other objects of the target's category */
  otherPhotos?: Image[];
  currentRoom: string | null;
  goalRoom: string | null;
  stepsLeft: number;
  recentActions: string[];
  withImages: boolean;
  /** the user's rules that apply now, as text */
  guidance?: string[];
  /** where the robot stands */
  pose?: Pose;
  /** the episode's ledger of same-category instances seen so far */
  ledger?: CandidateLedger;
  /** a room scan: the views before the in-place turn */
  behind?: LowLevelInput["views"];
  /** a room scan: the room plan asked in the same call */
  plan?: LowLevelInput["plan"];
}

/**
 * Asks the backbone's low-level planner what to do next: builds its input from the observation
 * (the views' images when the backbone is shown them) and the episode's context.
 */
export function askLowLevelPlanner(
  policy: Policy,
  observation: Observation,
  images: readonly Image[],
  ctx: LowLevelContext,
): Promise<Decision<LowLevelOutput>> {
  const input: LowLevelInput = {
    instruction: ctx.instruction,
    target: ctx.target,
    views: viewsFor(observation, images, ctx.withImages),
    currentRoom: ctx.currentRoom,
    goalRoom: ctx.goalRoom,
    stepsLeft: ctx.stepsLeft,
    recentActions: ctx.recentActions.slice(-8),
  };
  if (ctx.referenceImage) input.referenceImage = ctx.referenceImage;
  if (ctx.otherPhotos?.length) input.otherPhotos = ctx.otherPhotos;
  if (ctx.guidance?.length) input.guidance = ctx.guidance;
  if (ctx.pose) input.pose = ctx.pose;
  if (ctx.ledger) input.ledger = ctx.ledger;
  if (ctx.behind) input.behind = ctx.behind;
  if (ctx.plan) input.plan = ctx.plan;
  return policy.planLowLevel(input);
}

/** The view an instance is in, and its entry there; null when no view shows it. */
export function findInstance(
  observation: Observation,
  id: string,
): { view: ViewName; instance: VisibleInstance } | null {
  for (const view of ["front", "left", "right"] as const) {
    const instance = observation.visible[view].find((v) => v.id === id);
    if (instance) return { view, instance };
  }
  return null;
}
