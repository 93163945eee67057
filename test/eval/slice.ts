/**
 * A tiny scenario set for the eval's end-to-end tests: generated with the dataset generator
 * (once, shared by the test files: generated-set.ts), then cut to a few evaluation episodes and
 * the acquisition episodes they need, so a whole run takes seconds.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { generatedSet } from "./generated-set.ts";

export async function tinySet(
  dir: string,
  opts: { evaluation?: number; extraAcquisition?: number } = {},
): Promise<string> {
  const full = await generatedSet({ scenes: 1, seed: 11, users: 1, episodesPerScene: 8, name: "eval-test" });
  const set = JSON.parse(readFileSync(join(full, "scenario-set.json"), "utf8")) as ScenarioSetFile;
  const byScenario = new Map<string, ScenarioSetFile["evaluation"][number]>();
  for (const e of set.evaluation) if (!byScenario.has(e.scenario)) byScenario.set(e.scenario, e);
  const evaluation = [...byScenario.values()].slice(0, opts.evaluation ?? 3);
  const gold = new Set(evaluation.flatMap((e) => e.goldPriorEpisodeIds));
  let extra = opts.extraAcquisition ?? 3;
  const acquisition = set.acquisition.filter(
    (a) => gold.has(a.id) || (a.userId === evaluation[0].userId && extra-- > 0),
  );
  return writeSlice(dir, full, { ...set, name: "eval-test-slice", acquisition, evaluation });
}

/**
 * Writes a cut of a generated set to DIR/slice: supersessions of episodes cut away dropped, the
 * full set's images linked. What the sharding and queue tests' multi-user cut shares with ours.
 */
export function writeSlice(dir: string, full: string, set: ScenarioSetFile): string {
  const keptIds = new Set(set.acquisition.map((a) => a.id));
  const acquisition = set.acquisition.map((a) => {
    if (!a.update) return a;
    const supersedes = a.update.supersedes.filter((s) => keptIds.has(s));
    const { update, ...rest } = a;
    return supersedes.length ? { ...rest, update: { ...update, supersedes } } : rest;
  });
  const out = join(dir, "slice");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "scenario-set.json"), JSON.stringify({ ...set, acquisition }));
  if (!existsSync(join(out, "images"))) symlinkSync(join(full, "images"), join(out, "images"));
  return out;
}
