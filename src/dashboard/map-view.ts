/**
 * A run folder's metric map (map.png and map.json, written by the harness's onlooker sink) for
 * the page. Trajectories written before maps were kept have neither: the page then draws the
 * scene graph alone, and says so.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MAP_BUDGET_BYTES, MAP_IMAGE, MAP_INFO, MapInfo } from "../eval/index.ts";
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
    const r = MapInfo.safeParse(JSON.parse(readFileSync(roots.inside(dir, MAP_INFO), "utf8")));
    if (!r.success)
      return { info: null, note: `${MAP_INFO}: ${r.error.issues[0]?.path.join(".")}: ${r.error.issues[0]?.message}` };
    info = r.data;
  } catch (e) {
    return { info: null, note: `${MAP_INFO}: ${(e as Error).message}` };
  }
  if (info.image !== MAP_IMAGE) return { info: null, note: `${MAP_INFO} names an image other than ${MAP_IMAGE}` };
  let image: Buffer;
  try {
    image = readFileSync(roots.inside(dir, MAP_IMAGE));
  } catch {
    return { info: null, note: `${MAP_IMAGE} is missing` };
  }
  if (image.length > MAP_BUDGET_BYTES) return { info: null, note: `${MAP_IMAGE} is over the map budget` };
  return { info, image };
}
