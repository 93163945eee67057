/**
 * Development tool, not part of a run: counts the lookalike stops of runs kept with
 * `--trajectories` by what tells the lookalike from the object sought (size, material, colour,
 * pattern: the attributes in which the two placements differ) and by what the robot had made of
 * the object sought when it stopped (judged and passed over, seen but never judged, never seen).
 * A lookalike stop is an evaluation episode that grounded the right object and stopped at another
 * instance of its category. Harness-side (it reads the answer key): spent development runs only.
 *
 *   node --import tsx scripts/dev/lookalike-kinds.ts DATASET OUT [DATASET OUT ...] [--memory polar] [--list]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadScenarioSet } from "../../src/datasets/load-set.ts";
import { estimatePosition } from "../../src/perception/index.ts";
import type { Pose } from "../../src/sim/index.ts";
import { targetInstance } from "./target-instance.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : null;
};
const memory = flag("--memory") ?? "polar";
const list = args.includes("--list");
const pairs = args.filter((a) => a !== "--list");
if (pairs.length === 0 || pairs.length % 2) {
  console.error("usage: lookalike-kinds.ts DATASET OUT [DATASET OUT ...] [--memory polar] [--list]");
  process.exit(2);
}
if (pairs.some((p) => p.includes("polar-mini"))) throw new Error("never polar-mini");

const CAMERA = { width: 320, height: 240, hfovDeg: 90 };
const ATTRS = ["size", "material", "color", "pattern"] as const;
type Attrs = Partial<Record<(typeof ATTRS)[number], string>>;
interface Placement {
  id: string;
  category: string;
  attributes: Attrs;
  position: [number, number, number];
}

const jsonl = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

/** Where the logged views put an instance (median over its sightings). */
function whereSeen(events: Record<string, unknown>[], id: string): [number, number] | null {
  let pose: Pose | null = null;
  const xs: number[] = [];
  const zs: number[] = [];
  for (const e of events) {
    if (e.type === "pose") pose = e.pose as Pose;
    if (e.type !== "views" || !pose) continue;
    const visible = e.visible as Record<string, { id: string }[]>;
    for (const v of ["front", "left", "right"] as const)
      for (const i of visible[v] ?? []) {
        if (i.id !== id) continue;
        // biome-ignore lint/suspicious/noExplicitAny: a logged instance
        const p = estimatePosition(pose, v, i as any, CAMERA);
        xs.push(p[0]);
        zs.push(p[2]);
      }
  }
  if (xs.length === 0) return null;
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
  return [med(xs), med(zs)];
}

const kinds = new Map<string, number>();
const states = new Map<string, number>();
const hows = new Map<string, number>();
const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
let total = 0;
for (let k = 0; k < pairs.length; k += 2) {
  const set = await loadScenarioSet(pairs[k]);
  const out = pairs[k + 1];
  const episodes = new Map(set.evaluation.map((e) => [e.id, e]));
  for (const r of jsonl(join(out, "results.jsonl"))) {
    if (r.stage !== "evaluation" || r.memory !== memory || r.success || !r.grounded?.correct) continue;
    const dir = join(out, "episodes", r.backbone, r.memory, r.episodeId);
    if (!existsSync(join(dir, "events.jsonl"))) continue;
    const events = jsonl(join(dir, "events.jsonl"));
    const stop = events.find((e) => e.type === "low_level" && e.decision === "stop");
    if (!stop?.instanceId) continue;
    const ep = episodes.get(r.episodeId);
    const placements = (ep?.placements ?? []) as unknown as Placement[];
    const target = placements.find((p) => p.id === r.target.objectId);
    if (!target) continue;
    const at = whereSeen(events, stop.instanceId);
    const rivals = placements.filter((p) => p.category === target.category);
    if (!at || rivals.length < 2) continue;
    const d = (p: Placement) => Math.hypot(p.position[0] - at[0], p.position[2] - at[1]);
    const taken = rivals.reduce((a, b) => (d(a) <= d(b) ? a : b));
    if (taken.id === target.id) continue;
    const differ = ATTRS.filter((a) => (taken.attributes[a] ?? "") !== (target.attributes[a] ?? ""));
    const kind = differ.join("+") || "none";
    const tid = targetInstance(events, target.category, [target.position[0], target.position[2]]);
    let judged: { score: number; views: number } | null = null;
    for (const e of events)
      if (e.type === "low_level" && e.step <= stop.step)
        for (const c of e.candidates ?? []) if (c.instanceId === tid && c.score !== null) judged = c;
    // how it was taken: as the best of all seen once the search was over, or as a match before it
    const taking = events.filter(
      (e) => e.type === "low_level" && e.instanceId === stop.instanceId && (e.reason ?? "").includes("similarity"),
    );
    const last = taking[taking.length - 1];
    const how = !last ? "no judgment" : last.reason.includes("best of all seen") ? "settled" : "matched early";
    const unjudged = (last?.candidates ?? []).filter((c: { score: number | null }) => c.score === null).length;
    add(hows, `${how}${unjudged ? ", an instance unjudged" : ""}`);
    const state = tid === null ? "never seen" : judged ? "judged, passed over" : "seen, never judged";
    add(kinds, kind);
    add(states, `${kind} / ${state}`);
    total++;
    if (list)
      console.log(
        `${set.name} ${r.episodeId} ${target.category}: took ${taken.id} (${kind}) at ${stop.reason.slice(0, 90)}; ${how}; target ${state}${judged ? ` ${judged.score.toFixed(2)} over ${judged.views}` : ""}`,
      );
  }
}
console.log(`lookalike stops (${memory}): ${total}`);
for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
for (const [k, n] of [...states].sort()) console.log(`    ${k}: ${n}`);
for (const [k, n] of [...hows].sort()) console.log(`  taken ${k}: ${n}`);
