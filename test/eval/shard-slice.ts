/**
 * A small scenario set with several users for the sharding and queue tests: generated (once,
 * shared by the test files: generated-set.ts), then cut per user to a couple of evaluation
 * episodes and the acquisition episodes they need, so a whole run takes seconds and still has a
 * user per shard.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { generatedSet } from "./generated-set.ts";
import { writeSlice } from "./slice.ts";

export async function multiUserSet(
  dir: string,
  opts: { users?: number; evaluationPerUser?: number; extraAcquisitionPerUser?: number } = {},
) {
  const users = opts.users ?? 3;
  const full = await generatedSet({ scenes: 1, seed: 12, users, episodesPerScene: 8 * users, name: "shard-test" });
  const set = JSON.parse(readFileSync(join(full, "scenario-set.json"), "utf8")) as ScenarioSetFile;
  const evaluation: ScenarioSetFile["evaluation"] = [];
  for (const u of set.users) {
    const mine = set.evaluation.filter((e) => e.userId === u.id);
    const seen = new Set<string>();
    for (const e of mine)
      if (!seen.has(e.scenario) && seen.size < (opts.evaluationPerUser ?? 2)) {
        seen.add(e.scenario);
        evaluation.push(e);
      }
  }
  const gold = new Set(evaluation.flatMap((e) => e.goldPriorEpisodeIds));
  const extra = new Map<string, number>();
  const kept = set.acquisition.filter((a) => {
    if (gold.has(a.id)) return true;
    const n = extra.get(a.userId) ?? 0;
    extra.set(a.userId, n + 1);
    return n < (opts.extraAcquisitionPerUser ?? 2);
  });
  return writeSlice(dir, full, { ...set, name: "shard-test-slice", acquisition: kept, evaluation });
}
