/**
 * Where an evaluation's steps go, from a run kept with --trajectories (development sets only):
 * per memory mode, steps before the target instance was first in view, after it until the end,
 * collisions on each side, and rooms searched again. The target's opaque instance id is found
 * from the harness's map.json (the instance whose estimated position lies nearest the target).
 *   npx tsx scripts/dev/step-waste.ts RUN_DIR [mode…]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { estimatePosition } from "../../src/perception/index.ts";
import type { Pose } from "../../src/sim/index.ts";

interface Line {
  stage: string;
  memory: string;
  representation: string;
  episodeId: string;
  success: boolean;
  spl: number;
  steps: number;
  pathLength: number;
  shortestPath: number;
  target: { category: string };
  grounded?: { correct: boolean | null };
  measures: { stopped: boolean };
}

const CAMERA = { width: 320, height: 240, hfovDeg: 90 };
const VIEWS = ["front", "left", "right"] as const;
const [dir, ...modesArg] = process.argv.slice(2);
const modes = modesArg.length ? modesArg : ["none", "raw", "polar"];
const results = new Map<string, Line>();
for (const l of readFileSync(join(dir, "results.jsonl"), "utf8").split("\n").filter(Boolean)) {
  const r = JSON.parse(l) as Line;
  if (r.stage === "evaluation" && r.representation === "episodic") results.set(`${r.memory}|${r.episodeId}`, r);
}
for (const mode of modes) {
  const base = join(dir, "episodes", "heuristic", mode);
  if (!existsSync(base)) continue;
  const t = {
    n: 0,
    succ: 0,
    steps: 0,
    before: 0,
    after: 0,
    never: 0,
    collBefore: 0,
    collAfter: 0,
    revisits: 0,
    plans: 0,
    budgetSeen: 0,
    budgetSeenGR: 0,
    spl: 0,
    ratio: [] as number[],
  };
  for (const ep of readdirSync(base)) {
    const r = results.get(`${mode}|${ep}`);
    if (!r) continue;
    const events = readFileSync(join(base, ep, "events.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const map = JSON.parse(readFileSync(join(base, ep, "map.json"), "utf8"));
    const target = map.analysis.targets[0].position as [number, number];
    let pose: Pose | null = null;
    const near = new Map<string, number[]>();
    const stepsSeen = new Map<string, number>();
    for (const e of events) {
      if (e.type === "pose") pose = e.pose;
      if (e.type !== "views" || !pose) continue;
      for (const v of VIEWS)
        for (const i of e.visible[v] ?? []) {
          if (i.category !== r.target.category) continue;
          const p = estimatePosition(pose, v, i, CAMERA);
          const d = Math.hypot(p[0] - target[0], p[2] - target[1]);
          near.set(i.id, [...(near.get(i.id) ?? []), d]);
          if (i.pixels >= 40 && !stepsSeen.has(i.id)) stepsSeen.set(i.id, e.step);
        }
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    let id: string | null = null;
    let best = 1.5;
    for (const [k, ds] of near) if (med(ds) < best) [id, best] = [k, med(ds)];
    const first = id ? (stepsSeen.get(id) ?? null) : null;
    const steps = r.steps as number;
    t.n++;
    t.steps += steps;
    if (r.success) {
      t.succ++;
      t.ratio.push(r.pathLength / Math.max(r.shortestPath, 1e-6));
    }
    t.spl += r.spl;
    if (first === null) {
      t.never++;
      t.before += steps;
    } else {
      t.before += first;
      t.after += steps - first;
    }
    if (first !== null && !r.measures.stopped) {
      t.budgetSeen++;
      if (r.grounded?.correct) t.budgetSeenGR++;
    }
    const visited = new Set<string>();
    for (const e of events) {
      if (e.type === "action" && e.collided) {
        if (first === null || e.step <= first) t.collBefore++;
        else t.collAfter++;
      }
      if (e.type === "plan") {
        t.plans++;
        if (visited.has(e.roomId)) t.revisits++;
        for (const v of e.visited) visited.add(v);
      }
    }
  }
  const ratio = t.ratio.sort((a, b) => a - b);
  console.log(
    `${mode}: ${t.n} episodes, SR ${((100 * t.succ) / t.n).toFixed(1)}, SPL ${((100 * t.spl) / t.n).toFixed(1)}, ` +
      `median path/shortest of successes ${ratio.length ? ratio[Math.floor(ratio.length / 2)].toFixed(1) : "-"}; ` +
      `steps ${t.steps}: before target first in view ${t.before} (${t.never} episodes never saw it), after ${t.after}; ` +
      `collisions before ${t.collBefore}, after ${t.collAfter}; room plans ${t.plans}, of rooms already searched ${t.revisits}; ` +
      `ran out of steps after seeing the target: ${t.budgetSeen} (${t.budgetSeenGR} grounded right)`,
  );
}
