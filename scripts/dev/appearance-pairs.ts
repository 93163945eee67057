/**
 * Development tool, not part of a run: renders, for every acquisition episode of the given
 * scenario sets, each same-category instance of its house seen alone from several distances
 * and directions, and writes the views' crops with the episode's reference photo to a cache
 * file, so appearance matchers can be compared offline (appearance-calibration.ts reads it).
 *
 *   node --import tsx scripts/dev/appearance-pairs.ts OUT.json datasets/polar-dev [more sets]
 *
 * (appearance-calibration.ts also calls renderPairs directly.)
 *
 * Only development splits belong here: never polar-mini.
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { loadReferenceImage } from "../../src/agent/reference-image.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import { loadScenarioSet, setPath } from "../../src/datasets/load-set.ts";
import { pixelsOf } from "../../src/perception/pixels.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";

export interface Sample {
  set: string;
  episode: string;
  photo: number;
  object: string;
  same: boolean;
  distance: number;
  pixels: number;
  bbox: number[];
  view: number;
}
export interface PairsCache {
  photos: { width: number; height: number; data: string }[];
  views: { width: number; height: number; data: string }[];
  samples: Sample[];
}

/** A cached photo or view as an image the appearance functions read. */
export function cachedImage(x: PairsCache["photos"][number]): { width: number; height: number; data: Buffer } {
  return { width: x.width, height: x.height, data: Buffer.from(x.data, "base64") };
}

const decode = async (data: Buffer) => {
  const { data: px, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: px };
};

export async function renderPairs(sets: string[]): Promise<PairsCache> {
  if (sets.length === 0 || sets.some((s) => s.includes("polar-mini")))
    throw new Error("give one or more development splits (never polar-mini)");
  const config = loadConfig({ env: {} });
  const sim = await createSimulator(config.simulator);
  const photos: PairsCache["photos"] = [];
  const views: PairsCache["views"] = [];
  const samples: Sample[] = [];
  for (const dir of sets) {
    const set = await loadScenarioSet(dir);
    let loaded = "";
    const seenPhoto = new Set<string>();
    for (const ep of set.acquisition) {
      const scene = set.scenes.find((s) => s.id === ep.sceneId)!;
      if (loaded !== scene.scene) {
        await sim.loadScene({ scene: scene.scene, settings: settingsFromConfig(config.simulator) });
        loaded = scene.scene;
      }
      // one photo per target object: the same object's several acquisitions add nothing new
      if (seenPhoto.has(ep.targetObjectId)) continue;
      seenPhoto.add(ep.targetObjectId);
      const p = await decode((await loadReferenceImage(setPath(set, ep.referenceImage))).data);
      const photo = photos.push({ width: p.width, height: p.height, data: p.data.toString("base64") }) - 1;
      const target = ep.placements.find((x) => x.id === ep.targetObjectId)!;
      for (const obj of ep.placements.filter((x) => x.category === target.category)) {
        const [ox, , oz] = obj.position ?? [0, 0, 0];
        for (const [dist, dir] of [
          [1.3, 0.3],
          [1.9, 1.6],
          [2.6, 2.9],
          [3.4, 4.2],
          [4.5, 5.5],
        ]) {
          const obs = await sim.reset({
            episodeId: "pairs",
            start: { position: [ox + dist * Math.cos(dir), 0, oz + dist * Math.sin(dir)], heading: 0 },
            objects: [obj],
            views: false,
          });
          const [px, , pz] = obs.pose.position;
          const heading = Math.atan2(-(ox - px), -(oz - pz));
          const r = await sim.reset({
            episodeId: "pairs",
            start: { position: [px, 0, pz], heading },
            objects: [obj],
            views: ["front"],
          });
          const seen = r.visible.front.find((v) => v.category === obj.category);
          if (!seen || seen.pixels < 20) continue;
          // the view as the heuristic sees it: raw pixels in process, decoded from a bridge's JPEG
          const img = await pixelsOf(r.imageData[0]);
          const view = views.push({ width: img.width, height: img.height, data: img.data.toString("base64") }) - 1;
          samples.push({
            set: set.name,
            episode: ep.id,
            photo,
            object: obj.id,
            same: obj.id === target.id,
            distance: seen.distance,
            pixels: seen.pixels,
            bbox: [...seen.bbox],
            view,
          });
        }
      }
    }
  }
  await sim.close();
  return { photos, views, samples };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, ...sets] = process.argv.slice(2);
  if (!out || sets.length === 0) {
    console.error("usage: appearance-pairs.ts OUT.json SET [SET…] (development splits only, never polar-mini)");
    process.exit(2);
  }
  const cache = await renderPairs(sets);
  writeFileSync(out, JSON.stringify(cache));
  const same = cache.samples.filter((s) => s.same).length;
  console.log(
    `${out}: ${cache.photos.length} photos, ${cache.views.length} views, ${same} same / ${cache.samples.length - same} other`,
  );
}
