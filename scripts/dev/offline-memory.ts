/**
 * What the grounding development tools share: a development split's acquisition episodes
 * memorized as if each had succeeded (the heuristic extractor's statements, the run's embedder, a
 * temporary SQLite store), then an evaluation instruction retrieved and grounded at its own time.
 * Harness-side (it reads the answer key); never polar-mini.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { loadScenarioSet } from "../../src/datasets/load-set.ts";
import { createEmbedder } from "../../src/memory/embedders/create.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { groundPolar } from "../../src/policies/heuristic/ground.ts";
import type { Category } from "../../src/sim/protocol.ts";

type ScenarioSet = Awaited<ReturnType<typeof loadScenarioSet>>;
type Acquisition = ScenarioSet["acquisition"][number];
type Evaluation = ScenarioSet["evaluation"][number];
type Memorized = Awaited<ReturnType<typeof memorizeEpisode>>;

/** The split named on the command line (or `fallback`); exits 2 on polar-mini. */
export async function devSplit(args: string[], fallback: string): Promise<ScenarioSet> {
  const dir = args.find((a) => !a.startsWith("--")) ?? fallback;
  if (dir.includes("polar-mini")) {
    console.error("development splits only, never polar-mini");
    process.exit(2);
  }
  return loadScenarioSet(dir);
}

/** Every acquisition episode memorized in time order; `seen` is told what each one wrote. */
export async function memorizeSplit(set: ScenarioSet, seen?: (ep: Acquisition, out: Memorized) => void) {
  const config = loadConfig({ env: {} });
  const embedder = await createEmbedder(config.embedder, (m) => console.error(m));
  const tmp = mkdtempSync(join(tmpdir(), "polar-dev-memory-"));
  const store = new SqliteMemoryStore(join(tmp, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  const category = new Map(set.objects.map((o) => [o.id, o.category as Category]));
  const policy = {
    memorize: async (input: Parameters<typeof extractMemoriesHeuristically>[0]) => ({
      value: extractMemoriesHeuristically(input),
      calls: [],
    }),
  };
  for (const ep of [...set.acquisition].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) {
    const out = await memorizeEpisode(
      store,
      embedder,
      policy,
      {
        userId: ep.userId,
        episodeId: ep.id,
        instruction: ep.instruction,
        objectId: ep.targetObjectId,
        category: category.get(ep.targetObjectId) ?? null,
        trajectory: { success: true, steps: 20, roomsVisited: [], roomsWithoutTarget: [], foundInRoom: null, text: "" },
      },
      { at: Date.parse(ep.timestamp), config: config.memory },
    );
    seen?.(ep, out);
  }
  /** What retrieval returns for an evaluation episode at its own time, and the object grounded. */
  const ground = async (ep: Evaluation) => {
    const now = Date.parse(ep.timestamp);
    const r = await retrieveDetailed(store, embedder, ep.userId, ep.instruction, {
      k: config.memory.topK,
      now,
      recencyWeight: config.memory.recencyWeight,
      recencyHalfLifeDays: config.memory.recencyHalfLifeDays,
    });
    return { now, r, g: groundPolar(ep.instruction, r.candidates) };
  };
  const close = async () => {
    await store.close();
    rmSync(tmp, { recursive: true, force: true });
  };
  return { store, embedder, category, ground, close };
}
