/**
 * Development tool, not part of a run: how often the photos of a user's other objects of the
 * category tell an instance apart from the one sought (the ledger's `other` against its `score`,
 * src/perception/ledger.ts), to choose VERDICT.otherMargin and otherEvidence. Reads the cache of
 * rendered views that appearance-pairs.ts writes; development splits only, never polar-mini.
 *
 *   node --import tsx scripts/dev/other-photos-calibration.ts pairs.json
 *
 * For each photo (one per acquisition target), every same-category instance of its house is
 * judged as an episode's ledger would, against that photo and against the photos of the house's
 * other targets of the category (a user's remembered objects). Prints, per margin and evidence,
 * how often the instance sought would be ruled out as another object (must be rare), and how often
 * an instance that has a photo of its own would (the lookalike this catches).
 */
import { readFileSync } from "node:fs";
import { appearanceIn, photoAppearanceOf, similarity } from "../../src/perception/appearance.ts";
import { clippedByView } from "../../src/perception/geometry.ts";
import { CandidateLedger, viewReliability } from "../../src/perception/ledger.ts";
import { MIN_PIXELS_TO_JUDGE } from "../../src/policies/heuristic/thresholds.ts";
import { type PairsCache, cachedImage as px } from "./appearance-pairs.ts";

const file = process.argv[2];
if (!file || file.includes("polar-mini")) {
  console.error("usage: other-photos-calibration.ts pairs.json (development splits only)");
  process.exit(2);
}
const cache: PairsCache = JSON.parse(readFileSync(file, "utf8"));
const photos = cache.photos.map((p) => photoAppearanceOf(px(p)));
const views = cache.views.map(px);
const samples = cache.samples.filter((s) => s.pixels >= MIN_PIXELS_TO_JUDGE);

// whose photo each is, and which objects share a house and category with it
const owner = new Map<number, string>();
for (const s of samples) if (s.same) owner.set(s.photo, `${s.set}/${s.object}`);
const photoOf = new Map([...owner].map(([p, o]) => [o, p]));
const housemates = new Map<number, Set<string>>();
for (const s of samples) {
  const h = housemates.get(s.photo) ?? new Set<string>();
  h.add(`${s.set}/${s.object}`);
  housemates.set(s.photo, h);
}

interface Judged {
  same: boolean;
  /** the instance has a photo of its own among the others */
  remembered: boolean;
  gap: number;
  evidence: number;
}
const judged: Judged[] = [];
for (const [photo, objects] of housemates) {
  const mine = owner.get(photo);
  if (!mine) continue;
  const others = [...objects].filter((o) => o !== mine && photoOf.has(o)).map((o) => photoOf.get(o) as number);
  if (others.length === 0) continue;
  for (const object of objects) {
    const ledger = new CandidateLedger();
    for (const s of samples.filter((x) => x.photo === photo && `${x.set}/${x.object}` === object)) {
      const v = views[s.view];
      const bbox = s.bbox as [number, number, number, number];
      const seen = appearanceIn(v, bbox);
      ledger.judged(
        object,
        String(s.view),
        similarity(photos[photo], seen),
        viewReliability(s.pixels, clippedByView(bbox, v)),
        others.map((o) => similarity(photos[o], seen)),
      );
      const c = ledger.get(object);
      if (c?.score == null || c.other === null) continue;
      judged.push({
        same: object === mine,
        remembered: photoOf.has(object) && object !== mine,
        gap: c.other - c.score,
        evidence: c.evidence,
      });
    }
  }
}

const pct = (xs: Judged[], f: (j: Judged) => boolean) =>
  `${((100 * xs.filter(f).length) / Math.max(1, xs.length)).toFixed(1)}%`;
console.log(`${photos.length} photos; ledger states after each view (an instance is counted once per view)`);
for (const evidence of [0.5, 1, 1.5, 2]) {
  const at = judged.filter((j) => j.evidence >= evidence);
  const same = at.filter((j) => j.same);
  const remembered = at.filter((j) => j.remembered);
  const rest = at.filter((j) => !j.same && !j.remembered);
  console.log(
    `evidence ≥ ${evidence}: n sought ${same.length}, remembered others ${remembered.length}, others ${rest.length}`,
  );
  for (const m of [0, 0.05, 0.1, 0.15, 0.2])
    console.log(
      `  margin ${m}: sought ruled out ${pct(same, (j) => j.gap >= m)}, remembered others ${pct(remembered, (j) => j.gap >= m)}, others ${pct(rest, (j) => j.gap >= m)}`,
    );
}
