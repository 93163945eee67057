/**
 * The agent's body in the simulator: the one place primitive actions are sent. It counts steps
 * against a budget, keeps the latest observation (and images when views are requested), and
 * tells a listener about every step, so the scene-graph traversal and the episode count their
 * steps apart simply by using separate bodies.
 */
import type { Action, AgentSimulator, Image, Observation, Pose, ViewsRequest } from "../sim/index.ts";

export type ActionSource = "plan" | "low_level" | "look_around";

export interface StepOutcome {
  action: Action;
  source: ActionSource;
  /** 1-based index of this step in the body's count */
  step: number;
  observation: Observation;
  images: Image[];
  collided: boolean;
  /** the simulator ended the episode (STOP, or its own step budget) */
  done: boolean;
}

/** The body was asked to act with no steps left. */
export class StepBudgetExhausted extends Error {
  constructor(readonly budget: number) {
    super(`step budget of ${budget} primitive actions spent`);
    this.name = "StepBudgetExhausted";
  }
}

export interface BodyOptions {
  /** most primitive actions this body may take (STOP included) */
  budget: number;
  /**
   * which views the simulator renders on each step; visible-instance lists always come. A
   * function decides per step from the last observation (pixels cost a render and an encode:
   * an agent may want them only while something worth a close look is in view).
   */
  views?: ViewsRequest | ((last: Observation) => ViewsRequest);
  onStep?: (o: StepOutcome) => void;
}

export class Body {
  private count = 0;
  private walked = 0;
  private obs: Observation;
  private imgs: Image[];
  private finished = false;

  constructor(
    readonly sim: AgentSimulator,
    start: { observation: Observation; images: Image[] },
    private readonly opts: BodyOptions,
  ) {
    this.obs = start.observation;
    this.imgs = start.images;
  }

  get steps(): number {
    return this.count;
  }
  get stepsLeft(): number {
    return Math.max(0, this.opts.budget - this.count);
  }
  get pathLength(): number {
    return this.walked;
  }
  get pose(): Pose {
    return this.obs.pose;
  }
  get observation(): Observation {
    return this.obs;
  }
  get images(): Image[] {
    return this.imgs;
  }
  /** changes which views later steps render (e.g. once the agent knows what it looks for) */
  setViews(views: BodyOptions["views"]): void {
    this.opts.views = views;
  }
  /** STOP was sent or the simulator reported the episode done */
  get done(): boolean {
    return this.finished;
  }

  async act(action: Action, source: ActionSource): Promise<StepOutcome> {
    if (this.count >= this.opts.budget) throw new StepBudgetExhausted(this.opts.budget);
    if (this.finished) throw new Error(`cannot ${action}: the episode is already done`);
    const before = this.obs.pose.position;
    const views = typeof this.opts.views === "function" ? this.opts.views(this.obs) : this.opts.views;
    const r = await this.sim.step(action, views);
    this.count++;
    this.obs = r.observation;
    this.imgs = r.imageData;
    const p = r.observation.pose.position;
    this.walked += Math.hypot(p[0] - before[0], p[1] - before[1], p[2] - before[2]);
    if (r.done || action === "STOP") this.finished = true;
    const outcome: StepOutcome = {
      action,
      source,
      step: this.count,
      observation: r.observation,
      images: r.imageData,
      collided: r.collided,
      done: r.done,
    };
    this.opts.onStep?.(outcome);
    return outcome;
  }
}
