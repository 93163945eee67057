/**
 * The views an evaluation keeps beside an episode's event stream (`polar eval --trajectories`):
 * every view the agent was given, and all three views at each decision point (grounding, each
 * high-level plan, each low-level decision, a rule block, the end), so a replay shows what the
 * robot saw when it chose. Re-encoded smaller (JPEG quality VIEW_QUALITY) and kept within a
 * byte budget per episode: past it, views are left out, and views/budget.json says how many.
 *
 * Only the onlooker sees the extra renders: the agent's own views reach it untouched (view-tap).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/index.ts";
import type { Image, Simulator } from "../sim/index.ts";
import { bytesIfEncoded, fileFormat } from "../sim/index.ts";
import { loadSharp, writing } from "../util/index.ts";
import { tapViews } from "./view-tap.ts";

/** 4 MiB an episode: about 150 decision points of three 320×240 views at quality 60 */
export const VIEW_BUDGET_BYTES = 4 * 1024 * 1024;
export const VIEW_QUALITY = 60;

const DECISIONS = new Set(["grounding", "plan", "low_level", "rule_block", "episode_end"]);

export interface ViewBudget {
  budgetBytes: number;
  quality: number;
  keptBytes: number;
  kept: number;
  /** views left out because the budget was spent */
  leftOut: number;
  /** the steps whose three views were kept as decision points */
  decisionSteps: number[];
}

export class ViewKeeper {
  private readonly dir: string;
  private pending: Promise<void> = Promise.resolve();
  /** the latest step's renders the agent was not given, until a decision asks for them */
  private held: { step: number; views: Map<string, Image> } = { step: -1, views: new Map() };
  private step = 0;
  private readonly written = new Set<string>();
  private readonly decisionSteps = new Set<number>();
  private keptBytes = 0;
  private leftOut = 0;
  /** the first write that failed: finish() throws it (a rejected chain left waiting would be unhandled) */
  private failed: unknown = null;

  constructor(
    episodeDir: string,
    private readonly budgetBytes = VIEW_BUDGET_BYTES,
    private readonly quality = VIEW_QUALITY,
  ) {
    this.dir = join(episodeDir, "views");
    mkdirSync(this.dir, { recursive: true });
  }

  /** the simulator the episode runs on: all three views rendered each step, the agent given its own */
  wrap(sim: Simulator): Simulator {
    return tapViews(sim, {
      onExtra: (step, ref, img) => {
        if (this.held.step !== step) this.held = { step, views: new Map() };
        this.held.views.set(ref, img);
      },
    });
  }

  /** a view the agent was given (runEpisode's image sink) */
  readonly saveImage = (ref: string, image: Image): void => this.keep(ref, image);

  /** the episode's events: a decision keeps the three views of the step it was taken at */
  readonly onEvent = (e: EpisodeEvent): void => {
    if (e.type === "pose") this.step = e.step;
    if (!DECISIONS.has(e.type)) return;
    const step = "step" in e && typeof e.step === "number" ? e.step : this.step;
    this.decisionSteps.add(step);
    if (this.held.step !== step) return;
    for (const [ref, img] of this.held.views) this.keep(ref, img);
    this.held.views.clear();
  };

  private keep(ref: string, image: Image): void {
    if (this.written.has(ref)) return;
    this.written.add(ref);
    this.pending = this.pending
      .then(async () => {
        if (this.failed) return;
        // a raw in-process view is encoded once, straight from its pixels, not encoded, decoded and encoded again
        const sharp = await loadSharp();
        const input =
          image.format === "rgb"
            ? sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
            : sharp(image.data);
        const data =
          fileFormat(image) === "jpeg"
            ? await input.jpeg({ quality: this.quality }).toBuffer()
            : await input.png({ compressionLevel: 9, palette: true }).toBuffer();
        // never larger than the view's bytes as the camera sent them, where it has them
        const sent = bytesIfEncoded(image);
        const bytes: Buffer = sent && sent.length <= data.length ? sent : data;
        if (this.keptBytes + bytes.length > this.budgetBytes) {
          this.leftOut++;
          return;
        }
        this.keptBytes += bytes.length;
        const path = join(this.dir, ref);
        writing(path, () => writeFileSync(path, bytes));
      })
      .catch((e) => {
        this.failed ??= e;
      });
  }

  /** waits for every view to be written and records what the budget kept */
  async finish(): Promise<ViewBudget> {
    await this.pending;
    if (this.failed) throw this.failed;
    const summary: ViewBudget = {
      budgetBytes: this.budgetBytes,
      quality: this.quality,
      keptBytes: this.keptBytes,
      kept: this.written.size - this.leftOut,
      leftOut: this.leftOut,
      decisionSteps: [...this.decisionSteps].sort((a, b) => a - b),
    };
    const path = join(this.dir, "budget.json");
    writing(path, () => writeFileSync(path, `${JSON.stringify(summary)}\n`));
    return summary;
  }
}
