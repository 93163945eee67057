/**
 * Development tool, not part of a run: how often Polar-mode grounding names the right object,
 * without navigating. Every acquisition episode of a set is memorized as if it had succeeded
 * (the heuristic extractor's statements, the run's embedder, a temporary SQLite store), then each
 * evaluation episode's instruction is retrieved and grounded at its own time; the answer is
 * compared with the episode's target. Harness-side (it reads the answer key); development
 * splits only, never polar-mini.
 *
 *   node --import tsx scripts/dev/grounding-check.ts datasets/polar-dev [--show] [--statements u1]
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

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--")) ?? "datasets/polar-dev";
if (dir.includes("polar-mini")) {
  console.error("development splits only, never polar-mini");
  process.exit(2);
}
const show = args.includes("--show");
const statementsOf = args.includes("--statements") ? args[args.indexOf("--statements") + 1] : null;
const set = await loadScenarioSet(dir);
const config = loadConfig({ env: {} });
const embedder = await createEmbedder(config.embedder, (m) => console.error(m));
const tmp = mkdtempSync(join(tmpdir(), "polar-grounding-"));
const store = new SqliteMemoryStore(join(tmp, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
const category = new Map(set.objects.map((o) => [o.id, o.category as Category]));
const policy = {
  memorize: async (input: Parameters<typeof extractMemoriesHeuristically>[0]) => ({
    value: extractMemoriesHeuristically(input),
    calls: [],
  }),
};
for (const ep of [...set.acquisition].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) {
  const cat = category.get(ep.targetObjectId) ?? null;
  const out = await memorizeEpisode(
    store,
    embedder,
    policy,
    {
      userId: ep.userId,
      episodeId: ep.id,
      instruction: ep.instruction,
      objectId: ep.targetObjectId,
      category: cat,
      trajectory: { success: true, steps: 20, roomsVisited: [], roomsWithoutTarget: [], foundInRoom: null, text: "" },
    },
    { at: Date.parse(ep.timestamp), config: config.memory },
  );
  if (statementsOf === ep.userId)
    console.log(`${ep.instruction}\n   → ${out.statements.map((s) => s.text).join(" | ")}`);
}
const by: Record<string, { n: number; ok: number }> = {};
for (const ep of set.evaluation) {
  const now = Date.parse(ep.timestamp);
  const r = await retrieveDetailed(store, embedder, ep.userId, ep.instruction, {
    k: config.memory.topK,
    now,
    recencyWeight: config.memory.recencyWeight,
    recencyHalfLifeDays: config.memory.recencyHalfLifeDays,
  });
  const g = groundPolar(ep.instruction, r.candidates);
  const ok = g.objectId === ep.targetObjectId;
  by[ep.scenario] ??= { n: 0, ok: 0 };
  const cell = by[ep.scenario];
  cell.n++;
  if (ok) cell.ok++;
  if (show && !ok) {
    console.log(`✗ ${ep.id} ${ep.scenario}: "${ep.instruction}" → ${g.objectId} (want ${ep.targetObjectId})`);
    for (const c of r.candidates.slice(0, 3))
      console.log(
        `    ${c.objectId} ${c.score.toFixed(3)}: ${c.statements
          .slice(0, 3)
          .map((s) => s.text)
          .join(" | ")}`,
      );
  }
}
let n = 0;
let ok = 0;
for (const [s, c] of Object.entries(by)) {
  console.log(`${s}: ${c.ok}/${c.n}`);
  n += c.n;
  ok += c.ok;
}
console.log(`all: ${ok}/${n} grounded on the target (${embedder.name})`);
await store.close();
rmSync(tmp, { recursive: true, force: true });
