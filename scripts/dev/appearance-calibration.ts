/**
 * Development tool, not part of a run: how well the heuristic's appearance similarity
 * (src/perception/appearance.ts) tells an object from same-category others, to choose the
 * verdict thresholds of src/policies/heuristic/view-judgment.ts. Only development splits belong here:
 * polar-dev and sets generated with seeds of their own, never polar-mini.
 *
 *   node --import tsx scripts/dev/appearance-calibration.ts datasets/polar-dev [more sets]
 *   node --import tsx scripts/dev/appearance-calibration.ts --cache pairs.json   # reuse rendered views
 *
 * For every target object of a set's acquisition episodes, each same-category instance of its
 * house is seen alone from five distances and directions (scripts/dev/appearance-pairs.ts renders
 * them) and compared with the episode's reference photo. Prints, per view size: the ROC of
 * "same instance" against "another same-category instance" (AUC, and the share of each accepted
 * at each threshold); then the same per instance, with the views' scores accumulated as an
 * episode's ledger does (src/perception/ledger.ts), and how often the object is the best match
 * of its house.
 */
import { readFileSync } from "node:fs";
import { appearanceIn, photoAppearanceOf, similarity } from "../../src/perception/appearance.ts";
import { clippedByView } from "../../src/perception/geometry.ts";
import { CandidateLedger, viewReliability } from "../../src/perception/ledger.ts";
import { MIN_PIXELS_TO_JUDGE, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { type PairsCache, cachedImage as px, renderPairs } from "./appearance-pairs.ts";

const args = process.argv.slice(2);
const at = args.indexOf("--cache");
const cache: PairsCache =
  at >= 0 ? JSON.parse(readFileSync(args[at + 1], "utf8")) : await renderPairs(args.filter((a) => !a.startsWith("--")));
const photos = cache.photos.map((p) => photoAppearanceOf(px(p)));
const views = cache.views.map(px);
const rows = cache.samples
  .filter((s) => s.pixels >= MIN_PIXELS_TO_JUDGE)
  .map((s) => {
    const v = views[s.view];
    const bbox = s.bbox as [number, number, number, number];
    return {
      ...s,
      score: similarity(photos[s.photo], appearanceIn(v, bbox)),
      reliability: viewReliability(s.pixels, clippedByView(bbox, v)),
    };
  });

function auc(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return pos.length && neg.length ? s / (pos.length * neg.length) : Number.NaN;
}
const pct = (xs: number[], t: number) => (100 * xs.filter((x) => x >= t).length) / Math.max(1, xs.length);
const THRESHOLDS = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.66, 0.72, 0.75];
const table = (same: number[], other: number[]) =>
  THRESHOLDS.map((t) => `${t}: ${pct(same, t).toFixed(0)}% / ${pct(other, t).toFixed(0)}%`).join("  ");

console.log(`sets: ${[...new Set(cache.samples.map((s) => s.set))].join(", ")}; ${photos.length} photos`);
console.log("single views: AUC (same vs other), then accepted at each threshold (same % / other %)");
for (const [lo, hi] of [
  [MIN_PIXELS_TO_JUDGE, Number.POSITIVE_INFINITY],
  [MIN_PIXELS_TO_JUDGE, 100],
  [100, 400],
  [400, Number.POSITIVE_INFINITY],
]) {
  const r = rows.filter((x) => x.pixels >= lo && x.pixels < hi);
  const same = r.filter((x) => x.same).map((x) => x.score);
  const other = r.filter((x) => !x.same).map((x) => x.score);
  console.log(`  ${lo}–${hi} px: n ${same.length}/${other.length}  AUC ${auc(same, other).toFixed(3)}`);
  console.log(`    ${table(same, other)}`);
}

// Per instance: the ledger's accumulated score over that instance's views.
const byPhoto = new Map<number, Map<string, CandidateLedger>>();
const perInstance: { photo: number; same: boolean; score: number; evidence: number }[] = [];
for (const r of rows) {
  const m = byPhoto.get(r.photo) ?? new Map<string, CandidateLedger>();
  byPhoto.set(r.photo, m);
  const l = m.get(r.object) ?? new CandidateLedger();
  m.set(r.object, l);
  l.judged(r.object, String(r.view), r.score, r.reliability);
}
for (const [photo, m] of byPhoto) {
  for (const [object, l] of m) {
    const c = l.get(object)!;
    const same = rows.find((r) => r.photo === photo && r.object === object)!.same;
    if (c.score !== null) perInstance.push({ photo, same, score: c.score, evidence: c.evidence });
  }
}
const same = perInstance.filter((x) => x.same).map((x) => x.score);
const other = perInstance.filter((x) => !x.same).map((x) => x.score);
console.log(`per instance (views accumulated): n ${same.length}/${other.length}  AUC ${auc(same, other).toFixed(3)}`);
console.log(`    ${table(same, other)}`);
let best = 0;
let houses = 0;
for (const photo of byPhoto.keys()) {
  const mine = perInstance.filter((x) => x.photo === photo);
  const s = mine.filter((x) => x.same);
  const o = mine.filter((x) => !x.same);
  if (!s.length || !o.length) continue;
  houses++;
  if (Math.max(...s.map((x) => x.score)) > Math.max(...o.map((x) => x.score))) best++;
}
console.log(`the object is the best match of its house: ${best} of ${houses}`);
console.log(
  `steering's thresholds: reject below ${VERDICT.reject} (same ${(100 - pct(same, VERDICT.reject)).toFixed(0)}%, other ${(100 - pct(other, VERDICT.reject)).toFixed(0)}% of instances), ` +
    `match from ${VERDICT.match} (same ${pct(same, VERDICT.match).toFixed(0)}%, other ${pct(other, VERDICT.match).toFixed(0)}%), ` +
    `settle from ${VERDICT.settle} (same ${pct(same, VERDICT.settle).toFixed(0)}%, other ${pct(other, VERDICT.settle).toFixed(0)}%)`,
);
const small = rows.filter((r) => r.pixels < 100);
const below = (xs: typeof rows, t: number) => (100 * xs.filter((r) => r.score < t).length) / Math.max(1, xs.length);
console.log(
  `views under 100 px scoring below ${VERDICT.unlike} (ruled out from a small view): same ${below(
    small.filter((r) => r.same),
    VERDICT.unlike,
  ).toFixed(0)}%, other ${below(
    small.filter((r) => !r.same),
    VERDICT.unlike,
  ).toFixed(0)}%`,
);
