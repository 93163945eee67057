/**
 * An embedder is one registration, chosen by `embedder.type` like stores and backbones: a run's
 * memory embeds with it, `auto` keeps its order, and an unknown type names the registered ones.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder, embedderTypes, planEmbedder, registerEmbedder } from "../../src/memory/embedders/create.ts";
import { type Embedder, normalize } from "../../src/memory/embedders/embedder.ts";
import { openGraphMemory } from "../../src/memory/polar-memory.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-embedder-registry-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Letters counted into 26 dimensions: crude, deterministic, and plainly not any built-in one. */
class LetterEmbedder implements Embedder {
  readonly name = "letters-26";
  readonly dim = 26;
  readonly description = "letter counts (test)";
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => {
      const v = new Float32Array(26);
      for (const c of t.toLowerCase()) if (c >= "a" && c <= "z") v[c.charCodeAt(0) - 97]++;
      return normalize(v);
    });
  }
}
let loads = 0;
registerEmbedder("letters", {
  name: "letters-26",
  label: "letter counts",
  missing: () => null,
  reason: () => "letters need no files",
  load: async () => {
    loads++;
    return new LetterEmbedder();
  },
});

test("a registered embedder is chosen by embedder.type, and memory embeds with it", async () => {
  assert.ok(embedderTypes().includes("letters"));
  const config = loadConfig({
    env: { POLAR_EMBEDDER__TYPE: "letters", POLAR_MEMORY__PATH: join(dir, "memory.db") },
  });
  assert.equal(planEmbedder(config.embedder).type, "letters");
  const memory = await openGraphMemory(config, {
    memorize: async (input) => ({ value: extractMemoriesHeuristically(input), calls: [] }),
  });
  try {
    assert.equal(memory.embedder.name, "letters-26");
    await memory.memorize({
      userId: "u1",
      episodeId: "e1",
      instruction: "Bring me the mug my sister gave me",
      objectId: "mug-1",
      category: "mug",
      trajectory: { success: true, steps: 3, roomsVisited: [], roomsWithoutTarget: [], foundInRoom: null, text: "" },
      timestamp: 1,
    });
    const found = await memory.retrieve("u1", "the mug from my sister", 5, 2);
    assert.equal(found[0]?.objectId, "mug-1");
  } finally {
    await memory.close();
  }
  assert.ok(loads >= 1);
});

test("auto never picks an embedder registered without a place in its order; an unknown type names the known", async () => {
  const auto = planEmbedder(loadConfig({ env: {} }).embedder);
  assert.notEqual(auto.type, "letters");
  await assert.rejects(
    createEmbedder(loadConfig({ env: { POLAR_EMBEDDER__TYPE: "word2vec" } }).embedder),
    /unknown embedder type "word2vec" \(known: .*letters.*lexical/,
  );
});
