/**
 * A run folder's metric map (map.png and map.json, written by the harness's onlooker sink) for
 * the page. Trajectories written before maps were kept have neither: the page then draws the
 * scene graph alone, and says so.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { MAP_BUDGET_BYTES, MAP_IMAGE, MAP_INFO, MapInfo } from "../eval/index.ts";
import { DataFileError, readDataFile, readDataText } from "../util/index.ts";
import type { DataRoots } from "./paths.ts";

export type RunMap = { info: MapInfo; image: Buffer } | { info: null; note: string };

export function readRunMap(roots: DataRoots, dir: string): RunMap {
  if (!existsSync(join(dir, MAP_INFO)))
    return {
      info: null,
      note: "this run kept no map (written before maps were kept, or by a simulator that draws none)",
    };
  let info: MapInfo;
  try {
    const r = MapInfo.safeParse(JSON.parse(readDataText(roots.inside(dir, MAP_INFO), { maxBytes: 1 << 20 })));
    if (!r.success)
      return { info: null, note: `${MAP_INFO}: ${r.error.issues[0]?.path.join(".")}: ${r.error.issues[0]?.message}` };
    info = r.data;
  } catch (e) {
    return { info: null, note: `${MAP_INFO}: ${(e as Error).message}` };
  }
  if (info.image !== MAP_IMAGE) return { info: null, note: `${MAP_INFO} names an image other than ${MAP_IMAGE}` };
  let image: Buffer;
  try {
    image = readDataFile(roots.inside(dir, MAP_IMAGE), { maxBytes: MAP_BUDGET_BYTES });
  } catch (e) {
    if (e instanceof DataFileError && e.problem === "too_large")
      return { info: null, note: `${MAP_IMAGE} is over the map budget` };
    if (e instanceof DataFileError && e.problem !== "missing")
      return { info: null, note: `${MAP_IMAGE} ${e.message.slice(e.path.length + 2)}` };
    return { info: null, note: `${MAP_IMAGE} is missing` };
  }
  return { info, image };
}
