/**
 * The files of an MCAP export (mcap-export.ts): the kept episode folder it reads (events.jsonl,
 * views/, map.png and map.json), and the MCAP and layout files it writes, refusing any target it
 * must not touch. Nothing the episode holds is written; a linked file in it is not its own.
 */
import {
  type Dirent,
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { EpisodeEvent } from "../agent/index.ts";
import { DataFileError, loadSharp, readDataFile, readDataText } from "../util/index.ts";
import { MAP_IMAGE, MAP_INFO, MapInfo } from "./episode-map.ts";

/** A path or episode that does not lead to one kept episode: the message says which and why. */
export class ExportInputError extends Error {
  readonly userFacing = true;
}

/** The episode folder the arguments name: DIR itself, or the one folder under DIR/episodes/ named EPISODE. */
export function resolveEpisodeDir(args: { dir: string; episode?: string }): string {
  const { dir, episode } = args;
  if (!existsSync(dir)) throw new ExportInputError(`${dir}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new ExportInputError(`${dir}: not a folder`);
  if (existsSync(join(dir, "events.jsonl"))) {
    if (episode && basename(dir) !== episode)
      throw new ExportInputError(`${dir} is the episode folder of ${basename(dir)}, not of ${episode}`);
    return dir;
  }
  const episodes = join(dir, "episodes");
  if (!existsSync(episodes))
    throw new ExportInputError(
      `${dir} holds no events.jsonl and no episodes/ folder: give an episode folder, or an evaluation run with --trajectories`,
    );
  const kept: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 4) return;
    for (const e of readdirSafe(d)) {
      if (!e.isDirectory() || e.name === "views") continue;
      const p = join(d, e.name);
      if (existsSync(join(p, "events.jsonl"))) kept.push(p);
      else walk(p, depth + 1);
    }
  };
  walk(episodes, 0);
  // a few of the ids kept, so the next command can be typed from the error
  const some = () => {
    const ids = [...new Set(kept.map((p) => basename(p)))].sort();
    return ids.length ? `; kept: ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? `, … (${ids.length})` : ""}` : "";
  };
  if (!episode)
    throw new ExportInputError(`${dir} is an evaluation folder: name the episode with --episode ID${some()}`);
  const found = kept.filter((p) => basename(p) === episode);
  if (!found.length) throw new ExportInputError(`episode ${episode} is not kept under ${episodes}${some()}`);
  if (found.length > 1)
    throw new ExportInputError(
      `episode ${episode} is kept ${found.length} times (${found.join(", ")}): give one of those folders instead`,
    );
  return found[0];
}

function readdirSafe(d: string): Dirent[] {
  try {
    return readdirSync(d, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** the layout's file beside the MCAP file: ep.mcap → ep.layout.json */
export const layoutPathOf = (file: string) => `${file.slice(0, -extname(file).length)}.layout.json`;

/** Writes a new file whole (through a .part file), replacing one only with `force`. */
export function writeNew(file: string, bytes: Buffer, force: boolean): void {
  const tmp = `${file}.${process.pid}.part`;
  try {
    writeFileSync(tmp, bytes, { flag: "wx" });
    // without --force, a file that appeared meanwhile is not replaced either: link fails on it
    if (force) renameSync(tmp, file);
    else {
      linkSync(tmp, file);
      unlinkSync(tmp);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new ExportInputError(`${file} exists; give --force to replace it, or another --out`);
    if (code === "EISDIR") throw new ExportInputError(`${file} is a folder; --out names the MCAP file to write`);
    throw e;
  }
}

/** map.json when the episode kept a valid one; else null, with a note saying why (none is no note). */
export function readMapInfo(dir: string, notes: string[]): MapInfo | null {
  let text: Buffer | null;
  try {
    text = ownFile(join(dir, MAP_INFO), 1 << 20);
  } catch (e) {
    notes.push(`${MAP_INFO}: ${(e as Error).message}`);
    return null;
  }
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text.toString("utf8"));
  } catch {
    notes.push(`${join(dir, MAP_INFO)}: not JSON; the map is left out of the scene`);
    return null;
  }
  const r = MapInfo.safeParse(raw);
  if (!r.success) {
    const is = r.error.issues[0];
    notes.push(`${join(dir, MAP_INFO)}: ${is?.path.join(".")}: ${is?.message}; the map is left out of the scene`);
    return null;
  }
  return r.data;
}

/** map.png's pixels as RGBA rows, when they are the size map.json states. */
export async function gridPixels(png: Buffer, info: MapInfo, notes: string[]): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    const { data, info: got } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (got.width !== info.width || got.height !== info.height || got.channels !== 4) {
      notes.push(
        `${MAP_IMAGE} is ${got.width}×${got.height} px, ${MAP_INFO} says ${info.width}×${info.height}: no map grid`,
      );
      return null;
    }
    return data;
  } catch (e) {
    notes.push(`${MAP_IMAGE}: not an image (${(e as Error).message}); no map grid`);
    return null;
  }
}

/**
 * Refuses a layout target that is a folder or not a regular file. A layout file there is replaced:
 * it belongs to the MCAP file being written (which is new, or replaced with --force), and a
 * leftover of an export whose MCAP file was deleted must not block the next one.
 */
export function checkLayoutTarget(file: string): void {
  let s: Stats;
  try {
    s = lstatSync(file);
  } catch {
    return;
  }
  if (s.isDirectory()) throw new ExportInputError(`${file} is a folder, where the layout would go`);
  if (!s.isFile() && !s.isSymbolicLink()) throw new ExportInputError(`${file} exists and is not a regular file`);
}

/**
 * Refuses a target that is not an MCAP file name, is a folder, exists (without `force`), or whose
 * folder does not exist: an export writes one new file and touches nothing the episode holds.
 */
export function checkTarget(file: string, force: boolean): void {
  if (extname(file).toLowerCase() !== ".mcap")
    throw new ExportInputError(`--out ${file}: the MCAP file to write must end in .mcap`);
  let s: Stats;
  try {
    s = statSync(file);
  } catch {
    if (!existsSync(dirname(resolve(file))))
      throw new ExportInputError(`--out ${file}: its folder ${dirname(resolve(file))} does not exist`);
    return;
  }
  if (s.isDirectory()) throw new ExportInputError(`${file} is a folder; --out names the MCAP file to write`);
  if (!s.isFile()) throw new ExportInputError(`${file} exists and is not a regular file`);
  if (!force) throw new ExportInputError(`${file} exists; give --force to replace it, or another --out`);
}

/** how kept episodes name their views (ViewKeeper, TrajectoryWriter): s0012-front.jpeg */
const VIEW_FILE = /^s(\d{4,})-(front|left|right)\.(jpeg|png)$/;

/**
 * The views kept per step: those the agent was given and the onlooker's renders at decision
 * points alike (a `views` event names only the former), in front, left, right order.
 */
export function storedViews(dir: string): Map<number, { ref: string; view: string; format: string }[]> {
  const out = new Map<number, { ref: string; view: string; format: string }[]>();
  const order = ["front", "left", "right"];
  for (const e of readdirSafe(join(dir, "views"))) {
    const m = VIEW_FILE.exec(e.name);
    if (!m || !e.isFile()) continue;
    const step = Number(m[1]);
    const list = out.get(step) ?? [];
    list.push({ ref: e.name, view: m[2], format: m[3] });
    out.set(step, list);
  }
  for (const list of out.values()) list.sort((a, b) => order.indexOf(a.view) - order.indexOf(b.view));
  return out;
}

/**
 * The folder's own regular file at `path`; null when there is none or it is a symbolic link (as
 * a linked view is left out: what a link points at is not the episode's). A FIFO, device or
 * folder in its place is an error naming it.
 */
export function ownFile(path: string, maxBytes?: number): Buffer | null {
  try {
    return readDataFile(path, { noFollow: true, maxBytes });
  } catch (e) {
    if (e instanceof DataFileError && (e.problem === "missing" || e.problem === "link")) return null;
    throw e;
  }
}

export function readEvents(path: string): { events: EpisodeEvent[]; skipped: number } {
  const events: EpisodeEvent[] = [];
  let skipped = 0;
  for (const line of readDataText(path).split("\n")) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const r = EpisodeEvent.safeParse(raw);
    if (r.success) events.push(r.data);
    else skipped++;
  }
  return { events, skipped };
}
