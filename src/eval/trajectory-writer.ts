/**
 * Writes an episode's trajectory to a folder: events.jsonl (the event stream, one event per
 * line), views/<ref> (rendered views, when the backbone took images) and topdown.png (the
 * map with the walked path).
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/events.ts";
import type { Image, Simulator } from "../sim/simulator.ts";

export class TrajectoryWriter {
  readonly eventsPath: string;
  private viewsDir: string | null = null;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.eventsPath = join(dir, "events.jsonl");
    writeFileSync(this.eventsPath, "");
  }

  readonly onEvent = (e: EpisodeEvent): void => {
    appendFileSync(this.eventsPath, `${JSON.stringify(e)}\n`);
  };

  readonly saveImage = (ref: string, image: Image): void => {
    if (!this.viewsDir) {
      this.viewsDir = join(this.dir, "views");
      mkdirSync(this.viewsDir, { recursive: true });
    }
    writeFileSync(join(this.viewsDir, ref), image.data);
  };

  /** The simulator's map of this episode with the path drawn; null when it has none to give. */
  async writeTopdown(sim: Simulator): Promise<string | null> {
    const r = await sim.topdown({ path: true, format: "png", metersPerPixel: 0.025 });
    const img = r.imageData[0];
    if (!img) return null;
    const path = join(this.dir, `topdown.${img.format === "jpeg" ? "jpg" : "png"}`);
    writeFileSync(path, img.data);
    writeFileSync(
      join(this.dir, "topdown.json"),
      `${JSON.stringify({ metersPerPixel: r.metersPerPixel, origin: r.origin }, null, 2)}\n`,
    );
    return path;
  }
}
