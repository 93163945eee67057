/**
 * Development tool, not part of a run: for each temporal evaluation episode of a set, what memory
 * holds at its time about every object of the target's category (each statement valid or
 * superseded, the acquisition messages it came from) and what Polar-mode grounding answers.
 * Harness-side (it reads the answer key); development splits only, never polar-mini.
 *
 *   node --import tsx scripts/dev/temporal-audit.ts datasets/voices-dev [--all] [--failures]
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
const dir = args.find((a) => !a.startsWith("--")) ?? "datasets/voices-dev";
if (dir.includes("polar-mini")) {
  console.error("development splits only, never polar-mini");
  process.exit(2);
}
const failuresOnly = args.includes("--failures");
const scenario = args.includes("--all") ? null : "temporal";
const set = await loadScenarioSet(dir);
const config = loadConfig({ env: {} });
const embedder = await createEmbedder(config.embedder, (m) => console.error(m));
const tmp = mkdtempSync(join(tmpdir(), "polar-temporal-"));
const store = new SqliteMemoryStore(join(tmp, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
const category = new Map(set.objects.map((o) => [o.id, o.category as Category]));
const policy = {
  memorize: async (input: Parameters<typeof extractMemoriesHeuristically>[0]) => ({
    value: extractMemoriesHeuristically(input),
    calls: [],
  }),
};
const said = new Map<string, string>();
for (const ep of [...set.acquisition].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) {
  said.set(ep.id, `${ep.targetObjectId}: ${ep.instruction}`);
  await memorizeEpisode(
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
}
for (const ep of set.evaluation) {
  if (scenario && ep.scenario !== scenario) continue;
  const now = Date.parse(ep.timestamp);
  const r = await retrieveDetailed(store, embedder, ep.userId, ep.instruction, {
    k: config.memory.topK,
    now,
    recencyWeight: config.memory.recencyWeight,
    recencyHalfLifeDays: config.memory.recencyHalfLifeDays,
  });
  const g = groundPolar(ep.instruction, r.candidates);
  const ok = g.objectId === ep.targetObjectId;
  if (failuresOnly && ok) continue;
  console.log(
    `${ok ? "✓" : "✗"} ${ep.id} ${ep.scenario}: "${ep.instruction}" → ${g.objectId} (want ${ep.targetObjectId})`,
  );
  for (const st of r.statements)
    console.log(
      `  ⌕ ${st.similarity.toFixed(3)} ${st.score.toFixed(3)} ${st.text} → ${st.links.map((l) => `${l.objectId}${l.superseded ? "×" : ""}`).join(",")}`,
    );
  const cat = category.get(ep.targetObjectId);
  const mems = await store.objectMemories(ep.userId);
  for (const m of mems) {
    if (category.get(m.object.objectId) !== cat && m.object.objectId !== g.objectId) continue;
    const score = r.candidates.find((c) => c.objectId === m.object.objectId)?.score;
    console.log(`  ${m.object.objectId} ${score?.toFixed(3) ?? "-"}`);
    const eps = new Set<string>();
    for (const s of m.statements) {
      if (s.at > now) continue;
      eps.add(s.episodeId);
      const gone = s.invalidAt !== null && s.invalidAt <= now;
      console.log(`    ${gone ? "×" : "·"} ${s.text}`);
    }
    for (const e of eps) console.log(`      « ${said.get(e) ?? e}`);
  }
}
await store.close();
rmSync(tmp, { recursive: true, force: true });
