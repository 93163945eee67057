/** Counts for `polar dataset stats`: a Polar scenario set or PInNED episode files. */
import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { loadScenarioSet } from "./load-set.ts";
import { loadPinned } from "./pinned.ts";
import { SCENARIO_SET_FILE, type ScenarioSet } from "./scenario-schema.ts";

export type Counts = Record<string, number>;

export interface ScenarioSetStats {
  kind: "scenario-set";
  name: string;
  users: number;
  objects: number;
  acquisition: number;
  evaluation: number;
  perScenario: Counts;
  perCategory: Counts;
  perScene: Counts;
  goldPriors: Counts;
}

export interface PinnedStats {
  kind: "pinned";
  files: number;
  episodes: number;
  perScene: Counts;
  perCategory: Counts;
}

const bump = (c: Counts, k: string) => {
  c[k] = (c[k] ?? 0) + 1;
};
const sorted = (c: Counts): Counts => Object.fromEntries(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

export function scenarioSetStats(set: ScenarioSet): ScenarioSetStats {
  const category = new Map(set.objects.map((o) => [o.id, o.category]));
  const perScenario: Counts = {};
  const perCategory: Counts = {};
  const perScene: Counts = {};
  const goldPriors: Counts = {};
  for (const e of set.evaluation) {
    bump(perScenario, e.temporalKind ? `${e.scenario}/${e.temporalKind}` : e.scenario);
    bump(perCategory, category.get(e.targetObjectId) ?? "?");
    bump(perScene, e.sceneId);
    bump(goldPriors, String(e.goldPriorEpisodeIds.length));
  }
  return {
    kind: "scenario-set",
    name: set.name,
    users: set.users.length,
    objects: set.objects.length,
    acquisition: set.acquisition.length,
    evaluation: set.evaluation.length,
    perScenario: sorted(perScenario),
    perCategory: sorted(perCategory),
    perScene: sorted(perScene),
    goldPriors: sorted(goldPriors),
  };
}

/** Is this path a Polar scenario set (a folder with scenario-set.json, or that file)? */
export async function isScenarioSet(path: string): Promise<boolean> {
  const s = await stat(path).catch(() => null);
  if (!s) return false;
  if (s.isDirectory()) return (await stat(join(path, SCENARIO_SET_FILE)).catch(() => null)) !== null;
  return basename(path) === SCENARIO_SET_FILE;
}

export async function datasetStats(path: string): Promise<ScenarioSetStats | PinnedStats> {
  if (await isScenarioSet(path)) return scenarioSetStats(await loadScenarioSet(path));
  const data = await loadPinned(path);
  const perScene: Counts = {};
  const perCategory: Counts = {};
  for (const c of data.episodes) {
    bump(perScene, c.episode.sceneId);
    const target = c.episode.placements.find((p) => p.id === c.episode.targetObjectId);
    bump(perCategory, target?.category ?? "?");
  }
  return {
    kind: "pinned",
    files: data.files.length,
    episodes: data.episodes.length,
    perScene: sorted(perScene),
    perCategory: sorted(perCategory),
  };
}

function table(title: string, c: Counts): string[] {
  const width = Math.max(...Object.keys(c).map((k) => k.length), 8);
  return [`${title}:`, ...Object.entries(c).map(([k, v]) => `  ${k.padEnd(width)}  ${String(v).padStart(6)}`)];
}

export function formatStats(s: ScenarioSetStats | PinnedStats): string {
  if (s.kind === "pinned")
    return [
      `PInNED: ${s.episodes} episodes in ${s.files} file(s)`,
      ...table("episodes per scene", s.perScene),
      ...table("episodes per category", s.perCategory),
    ].join("\n");
  return [
    `scenario set "${s.name}": ${s.users} users, ${s.objects} objects, ${s.acquisition} acquisition and ${s.evaluation} evaluation episodes`,
    ...table("evaluation episodes per scenario", s.perScenario),
    ...table("per target category", s.perCategory),
    ...table("per scene", s.perScene),
    ...table("per number of gold prior episodes", s.goldPriors),
  ].join("\n");
}
