/**
 * The controller (paper §3.3): turns a waypoint into primitive actions with the simulator's
 * `plan_path` and executes them one `step` at a time. A collision means the plan no longer
 * fits the world: it replans from where it stands, a bounded number of times. A step hook lets
 * the caller interrupt the walk (the semantic sensor saw something new, a periodic look).
 */
import type { Action, Vec3 } from "../sim/protocol.ts";
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
  | "done";

export interface GoToResult {
  status: GoToStatus;
  steps: number;
  replans: number;
  /** euclidean distance (floor plane) to the goal when the walk ended */
  remaining: number;
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
  ): Promise<GoToResult> {
    const start = this.body.steps;
    const radius = arrivalRadius ?? this.opts.arrivalRadius;
    let replans = 0;
    const maxRounds = this.opts.maxRounds ?? 2 * this.opts.maxReplans + 10;
    const result = (status: GoToStatus): GoToResult => ({
      status,
      steps: this.body.steps - start,
      replans,
      remaining: floorDistance(this.body.pose.position, goal),
    });
    for (let round = 0; round < maxRounds; round++) {
      if (this.body.done) return result("done");
      if (floorDistance(this.body.pose.position, goal) <= radius) return result("arrived");
      if (this.body.stepsLeft === 0) return result("budget");
      const plan = await this.body.sim.planPath({
        goal,
        maxActions: Math.min(this.body.stepsLeft, this.opts.planHorizon ?? 200),
      });
      if (!plan.reachable) return result("unreachable");
      // STOP ends the episode: only the low-level planner may choose it, never a path plan.
      const actions = plan.actions.filter((a): a is Exclude<Action, "STOP"> => a !== "STOP");
      if (actions.length === 0) return result("arrived");
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
