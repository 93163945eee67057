/**
 * The controller (paper §3.3): turns a waypoint into primitive actions with the simulator's
 * `plan_path` and executes them one `step` at a time. A collision means the plan no longer
 * fits the world: it replans from where it stands, a bounded number of times. A step hook lets
 * the caller interrupt the walk (the semantic sensor saw something new, a periodic look).
 * GoToOptions add rooms to keep out of (plan_path's avoidRegions) and a look at each plan, with
 * the rooms it passes, before a step of it is taken; without them the walk is as it always was.
 */
import type { Action, Vec3 } from "../sim/index.ts";
import type { ActionSource, Body, StepOutcome } from "./body.ts";

export type GoToStatus =
  /** within the arrival radius, or the planner has nothing left to do */
  | "arrived"
  /** the step hook asked to stop walking */
  | "interrupted"
  /** the planner says the goal cannot be reached from here */
  | "unreachable"
  /** too many collisions or rounds without getting there */
  | "stuck"
  /** no steps left in the body's budget */
  | "budget"
  /** the simulator ended the episode */
  | "done"
  /** GoToOptions.onPlan turned a plan down before a step of it was taken */
  | "refused";

export interface GoToResult {
  status: GoToStatus;
  steps: number;
  replans: number;
  /** euclidean distance (floor plane) to the goal when the walk ended */
  remaining: number;
  /**
   * Only when goTo was given GoToOptions: the regions the last plan passes (plan_path's
   * `regions`; empty before any plan, or from a bridge that does not report them).
   */
  regions?: string[];
}

/** A plan as GoToOptions.onPlan sees it, before any of its actions is taken. */
export interface PlannedWalk {
  goal: Vec3;
  actions: Action[];
  /** the regions the walk passes, the agent's own first (absent from a 1.0 bridge) */
  regions: string[] | undefined;
  geodesic: number | null;
  /** 0 for the first plan toward this goal, then one more per replan */
  round: number;
}

export interface GoToOptions {
  /**
   * Region ids (scene_info's) every plan must keep out of; the agent's own region only until it
   * leaves it (see plan_path in src/sim/protocol.ts). A goal inside one is "unreachable". An
   * empty list plans as without.
   */
  avoidRegions?: readonly string[];
  /** Sees each reachable plan before it is walked; "refuse" ends the walk with status "refused". */
  onPlan?: (plan: PlannedWalk) => "walk" | "refuse" | Promise<"walk" | "refuse">;
}

export interface ControllerOptions {
  /** a goal this close (metres, floor plane) counts as reached */
  arrivalRadius: number;
  /** replans allowed per goal after collisions */
  maxReplans: number;
  /** plans requested per goal in all (collisions, truncated plans) */
  maxRounds?: number;
  /** actions asked of plan_path at once: short plans keep replanning cheap */
  planHorizon?: number;
}

export type StepHook = (o: StepOutcome) => "continue" | "interrupt" | Promise<"continue" | "interrupt">;

export function floorDistance(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[2] - b[2]);
}

export class Controller {
  constructor(
    private readonly body: Body,
    private readonly opts: ControllerOptions,
  ) {}

  async goTo(
    goal: Vec3,
    onStep?: StepHook,
    source: ActionSource = "plan",
    arrivalRadius?: number,
    options?: GoToOptions,
  ): Promise<GoToResult> {
    const start = this.body.steps;
    const radius = arrivalRadius ?? this.opts.arrivalRadius;
    let replans = 0;
    const maxRounds = this.opts.maxRounds ?? 2 * this.opts.maxReplans + 10;
    let regions: string[] = [];
    const result = (status: GoToStatus): GoToResult => ({
      status,
      steps: this.body.steps - start,
      replans,
      remaining: floorDistance(this.body.pose.position, goal),
      ...(options ? { regions } : {}),
    });
    const avoid = options?.avoidRegions?.length ? { avoidRegions: [...options.avoidRegions] } : {};
    for (let round = 0; round < maxRounds; round++) {
      if (this.body.done) return result("done");
      if (floorDistance(this.body.pose.position, goal) <= radius) return result("arrived");
      if (this.body.stepsLeft === 0) return result("budget");
      const plan = await this.body.sim.planPath({
        goal,
        maxActions: Math.min(this.body.stepsLeft, this.opts.planHorizon ?? 200),
        ...avoid,
      });
      regions = plan.regions ?? [];
      if (!plan.reachable) return result("unreachable");
      // STOP ends the episode: only the low-level planner may choose it, never a path plan.
      const actions = plan.actions.filter((a): a is Exclude<Action, "STOP"> => a !== "STOP");
      // Nothing left to do is arrival only where the floor nearest the goal is reached; a plan
      // that is empty farther out (a follower with no move that gains) is stuck, not there.
      if (actions.length === 0)
        return result(plan.geodesic === null || plan.geodesic <= Math.max(radius, 1) ? "arrived" : "stuck");
      if (options?.onPlan) {
        const seen = { goal, actions: [...actions], regions: plan.regions, geodesic: plan.geodesic, round };
        if ((await options.onPlan(seen)) === "refuse") return result("refused");
      }
      let collided = false;
      for (const a of actions) {
        if (this.body.stepsLeft === 0) return result("budget");
        const o = await this.body.act(a, source);
        if (o.done) return result("done");
        if (onStep && (await onStep(o)) === "interrupt") return result("interrupted");
        if (o.collided) {
          collided = true;
          break;
        }
      }
      if (collided && ++replans > this.opts.maxReplans) return result("stuck");
    }
    return result(floorDistance(this.body.pose.position, goal) <= radius ? "arrived" : "stuck");
  }

  /** Turns in place by about `degrees` (positive: left) in turnAngle steps. */
  async turn(degrees: number, turnAngle: number, onStep?: StepHook): Promise<GoToResult> {
    const start = this.body.steps;
    const n = Math.round(Math.abs(degrees) / turnAngle);
    const action = degrees >= 0 ? "TURN_LEFT" : "TURN_RIGHT";
    const result = (status: GoToStatus): GoToResult => ({
      status,
      steps: this.body.steps - start,
      replans: 0,
      remaining: 0,
    });
    for (let i = 0; i < n; i++) {
      if (this.body.done) return result("done");
      if (this.body.stepsLeft === 0) return result("budget");
      const o = await this.body.act(action, "look_around");
      if (o.done) return result("done");
      if (onStep && (await onStep(o)) === "interrupt") return result("interrupted");
    }
    return result("arrived");
  }
}
