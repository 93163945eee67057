/**
 * An episode is about its object: when everything the user said is about someone else, the
 * object still gets it as a statement (never nothing); when the user also said something of
 * the object, facts about other people stay with the user, as bridges. Phrasings written for
 * this test.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-keeps-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const config = MemoryConfig.parse({});
const embedder = new LexicalEmbedder();

describe("an episode's object keeps what the user said", () => {
  it("a fact about someone else, said alone, is kept on the object", async () => {
    const store = new SqliteMemoryStore(join(dir, "a.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
    const r = await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(extractMemoriesHeuristically),
      episode({
        userId: "u",
        episodeId: "e1",
        objectId: "boots_1",
        category: "shoes",
        instruction: "My granddaughter rides horses every weekend.",
      }),
      { at: 1000, config },
    );
    assert.deepEqual(
      r.statements.map((s) => s.about),
      ["object"],
    );
    const [m] = await store.objectMemories("u", ["boots_1"]);
    assert.ok(m.statements.some((s) => /horses/.test(s.text)));
  });

  it("beside a fact of the object, a fact about someone else stays with the user", async () => {
    const store = new SqliteMemoryStore(join(dir, "b.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
    const r = await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(() => ({
        statements: ["The user wears these boots to the stables", "Nell is the user's granddaughter's pony"],
        episodic: "ok",
      })),
      episode({ userId: "u", episodeId: "e1", objectId: "boots_1", category: "shoes", instruction: "x" }),
      { at: 1000, config },
    );
    assert.deepEqual(
      r.statements.map((s) => s.about),
      ["object", "user"],
    );
  });
});
