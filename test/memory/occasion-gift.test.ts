/**
 * "A birthday present" says the occasion, not who gave it: the giver said later is a fact of its
 * own and replaces nothing, while a giver said again still replaces the earlier giver. Phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-occasion-gift-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const config = MemoryConfig.parse({});
const embedder = new LexicalEmbedder();

async function said(file: string, instructions: string[]) {
  const store = new SqliteMemoryStore(join(dir, file), { embedder: { name: embedder.name, dim: embedder.dim } });
  for (const [i, instruction] of instructions.entries())
    await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(extractMemoriesHeuristically),
      episode({ userId: "u", episodeId: `e${i}`, objectId: "scarf_1", category: "hat", instruction }),
      { at: 1000 * (i + 1), config },
    );
  const [m] = await store.objectMemories("u", ["scarf_1"]);
  await store.close();
  return m.statements.filter((s) => s.invalidAt === null).map((s) => s.text);
}

it("an occasion's present keeps its occasion when the giver is told later", async () => {
  const held = await said("a.db", ["The knitted hat was an anniversary gift.", "The knitted hat came from my cousin."]);
  assert.ok(
    held.some((t) => /anniversary/.test(t)),
    held.join(" | "),
  );
  assert.ok(
    held.some((t) => /cousin/.test(t)),
    held.join(" | "),
  );
});

it("a giver said again still replaces the giver said before", async () => {
  const held = await said("b.db", [
    "My cousin gave me the knitted hat.",
    "Actually my neighbour gave me the knitted hat.",
  ]);
  assert.ok(!held.some((t) => /cousin/.test(t)), held.join(" | "));
});
