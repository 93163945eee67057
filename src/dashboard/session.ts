/**
 * One episode driven from the dashboard: its event log (the stream pages subscribe to, and what
 * a late tab receives first), its run folder (events.jsonl and views, written as `polar run`
 * writes them, so a finished session replays from that folder alone), and its subscribers.
 * The episode's listener appends and fans out; it never waits on a browser.
 */
import type { EpisodeEvent } from "../agent/index.ts";
import { TrajectoryWriter, tapViews } from "../eval/index.ts";
import type { Image, Simulator } from "../sim/index.ts";
import { encodedImage } from "../sim/index.ts";
import type { ClientChannel } from "./channel.ts";

export type SessionStatus = "preparing" | "running" | "ended" | "stopped" | "failed";

export interface SessionInfo {
  id: string;
  label: string;
  dataset: string;
  episodeId: string;
  userId: string;
  sceneId: string;
  backbone: string;
  memory: string;
  status: SessionStatus;
  /** what the session is doing or why it ended, in words */
  note: string;
  /** the run folder, as the page names it (replay it from there) */
  dir: string;
  startedAt: string;
}

export class StoppedFromDashboard extends Error {
  constructor() {
    super("stopped from the dashboard");
    this.name = "StoppedFromDashboard";
  }
}

export class LiveSession {
  readonly log: EpisodeEvent[] = [];
  readonly subscribers = new Set<ClientChannel>();
  readonly writer: TrajectoryWriter;
  private stopRequested = false;

  constructor(
    readonly info: SessionInfo,
    readonly runDir: string,
    private readonly onChange: (s: LiveSession) => void,
  ) {
    this.writer = new TrajectoryWriter(runDir);
  }

  get stopped(): boolean {
    return this.stopRequested;
  }

  setStatus(status: SessionStatus, note: string): void {
    this.info.status = status;
    this.info.note = note;
    this.onChange(this);
  }

  stop(): void {
    if (this.info.status === "ended" || this.info.status === "stopped" || this.info.status === "failed") return;
    this.stopRequested = true;
    this.setStatus(this.info.status, "stopping…");
  }

  readonly onEvent = (e: EpisodeEvent): void => {
    this.writer.onEvent(e);
    this.log.push(e);
    for (const c of this.subscribers) c.sendEvent(this.info.id, e);
  };

  readonly saveImage = async (ref: string, image: Image): Promise<void> => {
    const encoded = await encodedImage(image);
    await this.writer.saveImage(ref, encoded);
    for (const c of this.subscribers)
      c.sendImage({ stream: this.info.id, ref, view: encoded.view, format: encoded.format }, encoded.data);
  };

  /**
   * The simulator as this session's episode uses it: every call first checks for a stop, and
   * every step yields to the event loop (and waits `paceMs`) so the server keeps answering pages
   * and flushing their queues while an in-process episode runs.
   *
   * With `watchViews`, every step of the episode is rendered for the page even when the agent
   * asked for no pixels (the heuristic asks only while a candidate is in sight): the simulator
   * is asked for all three views, the agent gets back exactly the views it asked for, and the
   * others are saved and sent under the same names (s0012-front.jpeg). Rendering does not move
   * the simulator, so the episode is the one it would have been unwatched.
   */
  wrap(sim: Simulator, opts: { paceMs: number; watchViews: boolean }): Simulator {
    return tapViews(sim, {
      // the scene-graph traversal's resets are not the episode
      watch: (id) => opts.watchViews && !id.startsWith("traversal:"),
      onExtra: (_step, ref, img) => this.saveImage(ref, img),
      before: () => {
        if (this.stopRequested) throw new StoppedFromDashboard();
      },
      afterStep: () => new Promise((ok) => (opts.paceMs ? setTimeout(ok, opts.paceMs) : setImmediate(ok))),
    });
  }
}
