/**
 * Writes an episode's trajectory to a folder: events.jsonl (the event stream, one event per
 * line), views/<ref> (rendered views, when the backbone took images), map.png and map.json
 * (the house and the harness's analysis, for a replay's map) and topdown.png (the map with the
 * walked path).
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/index.ts";
import type { Image, Simulator } from "../sim/index.ts";
import { encodedImage } from "../sim/index.ts";
import { writing } from "../util/index.ts";
import { type EpisodeMap, writeMap } from "./episode-map.ts";

export class TrajectoryWriter {
  readonly eventsPath: string;
  private viewsDir: string | null = null;
  /** the first write that failed (a full disk): the kept trajectory is not whole */
  failed: Error | null = null;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.eventsPath = join(dir, "events.jsonl");
    writeFileSync(this.eventsPath, "");
  }

  readonly onEvent = (e: EpisodeEvent): void => {
    if (this.failed) return;
    try {
      writing(this.eventsPath, () => appendFileSync(this.eventsPath, `${JSON.stringify(e)}\n`));
    } catch (err) {
      // the event stream swallows a listener's errors: kept here for the runner to read
      this.failed = err as Error;
    }
  };

  /** Writes a view as the file `ref` names, encoding it first when it is raw pixels. */
  readonly saveImage = async (ref: string, image: Image): Promise<void> => {
    const encoded = await encodedImage(image);
    if (!this.viewsDir) {
      this.viewsDir = join(this.dir, "views");
      mkdirSync(this.viewsDir, { recursive: true });
    }
    writeFileSync(join(this.viewsDir, ref), encoded.data);
  };

  /** The episode's metric map (map.png, map.json), which a replay draws the walk on. */
  readonly saveMap = (map: EpisodeMap): void => writeMap(this.dir, map);

  /** The simulator's map of this episode with the path drawn; null when it has none to give. */
  async writeTopdown(sim: Simulator): Promise<string | null> {
    const r = await sim.topdown({ path: true, format: "png", metersPerPixel: 0.025 });
    const img = r.imageData[0] ? await encodedImage(r.imageData[0]) : undefined;
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
