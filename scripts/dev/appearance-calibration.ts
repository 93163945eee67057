/**
 * Development tool, not part of a run: how the heuristic's appearance similarity separates an
 * object from same-category others. For every acquisition episode of a scenario set, each
 * same-category instance of the house is looked at alone from 1.5–3.5 m, and compared with the
 * episode's reference photo. Prints the score distributions of "same instance" and "other
 * instance" pairs, to choose LOOKS_LIKE on a development split (never on polar-mini).
 *
 *   node --import tsx scripts/dev/appearance-calibration.ts datasets/polar-dev
 */
import { loadReferenceImage } from "../../src/agent/reference-image.ts";
import { loadConfig } from "../../src/config/load.ts";
import { loadScenarioSet, setPath } from "../../src/datasets/load.ts";
import { createSimulator } from "../../src/eval/simulators.ts";
import { appearanceIn, photoAppearance, pixelsOf, similarity } from "../../src/mllm/heuristic/appearance.ts";
import { MIN_PIXELS_TO_JUDGE } from "../../src/mllm/heuristic/low-level.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";

const set = await loadScenarioSet(process.argv[2] ?? "datasets/polar-dev");
const config = loadConfig({ env: {} });
const sim = await createSimulator(config.simulator);
const same: number[] = [];
const other: number[] = [];
/** the same scores, NaN where the instance showed fewer than BIG pixels */
const BIG = Number(process.env.BIG ?? 200);
const sameBig: number[] = [];
const otherBig: number[] = [];
let loaded = "";
for (const ep of set.acquisition) {
  const scene = set.scenes.find((s) => s.id === ep.sceneId)!;
  if (loaded !== scene.scene) {
    await sim.loadScene({ scene: scene.scene, settings: settingsFromConfig(config.simulator) });
    loaded = scene.scene;
  }
  const photo = await photoAppearance(await loadReferenceImage(setPath(set, ep.referenceImage)));
  const target = ep.placements.find((p) => p.id === ep.targetObjectId)!;
  for (const obj of ep.placements.filter((p) => p.category === target.category)) {
    const [ox, , oz] = obj.position ?? [0, 0, 0];
    for (const [dist, dir] of [
      [1.5, 0],
      [2.5, 2],
      [3.5, 4],
    ]) {
      const ax = ox + dist * Math.cos(dir);
      const az = oz + dist * Math.sin(dir);
      const obs = await sim.reset({
        episodeId: "calib",
        start: { position: [ax, 0, az], heading: 0 },
        objects: [obj],
        views: false,
      });
      const [px, , pz] = obs.pose.position;
      const heading = Math.atan2(-(ox - px), -(oz - pz));
      const r = await sim.reset({
        episodeId: "calib",
        start: { position: [px, 0, pz], heading },
        objects: [obj],
        views: ["front"],
      });
      const seen = r.visible.front.find((v) => v.category === obj.category && v.pixels >= MIN_PIXELS_TO_JUDGE);
      if (!seen) continue;
      const s = similarity(photo, appearanceIn(await pixelsOf(r.imageData[0]), seen.bbox));
      (obj.id === target.id ? same : other).push(s);
      (obj.id === target.id ? sameBig : otherBig).push(seen.pixels >= BIG ? s : Number.NaN);
      if (process.env.VERBOSE && obj.id === target.id && s < 0.4)
        console.log(
          `low: ${ep.id} ${obj.id} ${JSON.stringify(obj.attributes)} d=${dist} px=${seen.pixels} s=${s.toFixed(2)}`,
        );
    }
  }
}
await sim.close();
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]?.toFixed(3);
for (const [name, xs] of [
  ["same instance", same],
  ["other instance", other],
] as const)
  console.log(
    `${name}: n=${xs.length} p5 ${q(xs, 0.05)} p25 ${q(xs, 0.25)} p50 ${q(xs, 0.5)} p75 ${q(xs, 0.75)} p95 ${q(xs, 0.95)}`,
  );
const big = (xs: number[]) => xs.filter((x) => !Number.isNaN(x));
console.log(`views of at least ${BIG} pixels: same ${big(sameBig).length}, other ${big(otherBig).length}`);
for (const t of [0.5, 0.55, 0.6, 0.65]) {
  const tp = big(sameBig).filter((x) => x >= t).length / big(sameBig).length;
  const fp = big(otherBig).filter((x) => x >= t).length / Math.max(1, big(otherBig).length);
  console.log(`  threshold ${t}: same accepted ${(100 * tp).toFixed(0)}%, other accepted ${(100 * fp).toFixed(0)}%`);
}
for (const t of [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75]) {
  const tp = same.filter((x) => x >= t).length / same.length;
  const fp = other.filter((x) => x >= t).length / Math.max(1, other.length);
  console.log(`threshold ${t}: same accepted ${(100 * tp).toFixed(0)}%, other accepted ${(100 * fp).toFixed(0)}%`);
}
