/**
 * Development tool, not part of a run: where recognition went wrong in a run kept with
 * `--trajectories`. For every evaluation episode that grounded the right object and failed,
 * each same-category instance the robot saw is named by the object it was (the nearest placed
 * object to where the views put it; the map's analysis holds the placements) with the largest
 * view it had of it and what the ledger last made of it (similarity, views judged), and the stop
 * decision is printed. Harness-side (it reads the answer key): development runs only, never
 * polar-mini or a test split.
 *
 *   node --import tsx scripts/dev/lookalike-stops.ts OUT [--all]
 *
 * `--all` lists every evaluation episode that grounded the right object, successes too.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { estimatePosition } from "../../src/perception/geometry.ts";
import type { Pose, ViewName, VisibleInstance } from "../../src/sim/protocol.ts";

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith("--"));
if (!out) {
  console.error("usage: lookalike-stops.ts OUT [--all]");
  process.exit(2);
}
const all = args.includes("--all");

interface Result {
  episodeId: string;
  stage: string;
  dataset: string;
  backbone: string;
  memory: string;
  success: boolean;
  cm: boolean;
  grounded: { correct?: boolean } | null;
}
if (!existsSync(join(out, "results.jsonl"))) {
  console.error(`${out}: no results.jsonl (give the --out folder of a run)`);
  process.exit(2);
}
const results: Result[] = readFileSync(join(out, "results.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
if (results.some((r) => /polar-mini|test/.test(r.dataset))) {
  console.error("development runs only, never polar-mini or a test split");
  process.exit(2);
}

interface Placed {
  id: string;
  position: [number, number];
}
const jsonl = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

for (const r of results) {
  if (r.stage !== "evaluation" || !r.grounded?.correct || (r.success && !all)) continue;
  const dir = join(out, "episodes", r.backbone, r.memory, r.episodeId);
  if (!existsSync(join(dir, "events.jsonl"))) continue;
  const map = JSON.parse(readFileSync(join(dir, "map.json"), "utf8"));
  const targets: Placed[] = map.analysis?.targets ?? [];
  const distractors: Placed[] = map.analysis?.distractors ?? [];
  if (targets.length === 0) continue;
  const placed = [
    ...targets.map((o) => ({ ...o, tag: "target" })),
    ...distractors.map((o) => ({ ...o, tag: "other" })),
  ];
  const category = (targets[0] as Placed & { category: string }).category;
  const events = jsonl(join(dir, "events.jsonl"));
  const poses = new Map<number, Pose>(events.filter((e) => e.type === "pose").map((e) => [e.step, e.pose]));
  const seen = new Map<string, { votes: Map<string, number>; maxPixels: number }>();
  for (const e of events) {
    if (e.type !== "views") continue;
    const pose = poses.get(e.step);
    if (!pose) continue;
    const img = e.images?.[0];
    const camera = { width: img?.width ?? 320, height: img?.height ?? 240, hfovDeg: map.hfov ?? 90 };
    for (const view of ["front", "left", "right"] as ViewName[]) {
      for (const i of (e.visible?.[view] ?? []) as VisibleInstance[]) {
        if (i.category !== category) continue;
        const [x, , z] = estimatePosition(pose, view, i, camera);
        const nearest = placed.reduce((a, b) =>
          Math.hypot(a.position[0] - x, a.position[1] - z) <= Math.hypot(b.position[0] - x, b.position[1] - z) ? a : b,
        );
        const s = seen.get(i.id) ?? { votes: new Map(), maxPixels: 0 };
        s.votes.set(`${nearest.id} (${nearest.tag})`, (s.votes.get(`${nearest.id} (${nearest.tag})`) ?? 0) + 1);
        s.maxPixels = Math.max(s.maxPixels, i.pixels);
        seen.set(i.id, s);
      }
    }
  }
  const judged = new Map<string, { score: number | null; views: number }>();
  let stop: { instanceId?: string; reason: string } | null = null;
  for (const e of events) {
    if (e.type !== "low_level") continue;
    for (const c of e.candidates ?? []) judged.set(c.instanceId, { score: c.score, views: c.views });
    if (e.decision === "stop") stop = e;
  }
  const verdict = r.success ? "success" : r.cm ? "stopped at a lookalike" : "failed";
  console.log(`${r.episodeId} (${category}): ${verdict}`);
  for (const [id, s] of seen) {
    const object = [...s.votes].sort((a, b) => b[1] - a[1])[0][0];
    const j = judged.get(id);
    const score = j?.score === null || j?.score === undefined ? "n/a" : j.score.toFixed(2);
    const mark = stop?.instanceId === id ? "  ← stopped here" : "";
    console.log(`  ${object}: largest view ${s.maxPixels} px, similarity ${score} over ${j?.views ?? 0} views${mark}`);
  }
  if (stop) console.log(`  stop: ${stop.reason}`);
}
