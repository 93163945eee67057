import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { GraphMemory } from "../../src/memory/polar-memory.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import type { MemorizeInput, MemorizeOutput } from "../../src/mllm/policy.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-graph-memory-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("two episodes of one user memorized at once both land, on one object node", async () => {
  const lexical = new LexicalEmbedder();
  // a model-backed embedder takes real time: the window in which two writers would interleave
  const embedder = Object.assign(Object.create(lexical) as LexicalEmbedder, {
    embed: async (texts: string[]) => {
      await new Promise((r) => setTimeout(r, 30));
      return lexical.embed(texts);
    },
  });
  const store = new SqliteMemoryStore(join(dir, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  // Without per-user ordering, both episodes read the graph before either writes, and both
  // try to create object mug_1.
  const slow = {
    async memorize(input: MemorizeInput) {
      await new Promise((r) => setTimeout(r, 5));
      const value: MemorizeOutput = extractMemoriesHeuristically(input);
      return { value, calls: [] };
    },
  };
  const memory = new GraphMemory(store, embedder, slow, MemoryConfig.parse({}));
  const base = { userId: "u", objectId: "mug_1" } as const;
  await Promise.all([
    memory.memorize({
      ...episode({ ...base, episodeId: "e1", instruction: "bring me the mug my sister gave me" }),
      timestamp: 1,
    }),
    memory.memorize({
      ...episode({ ...base, episodeId: "e2", instruction: "bring the mug I use on weekday mornings" }),
      timestamp: 2,
    }),
  ]);
  const objects = await store.objectMemories("u");
  assert.equal(objects.length, 1);
  assert.deepEqual(objects[0].instructions.map((i) => i.episodeId).sort(), ["e1", "e2"]);
  await memory.close();
});

test("a memorize whose write fails after the model answered still counts the model's call", async () => {
  const lexical = new LexicalEmbedder();
  const store = new SqliteMemoryStore(join(dir, "fails.db"), { embedder: { name: lexical.name, dim: lexical.dim } });
  // the write fails half-way, as a busy or full database does after the model has answered
  store.onWriteStep = () => {
    throw new Error("database is locked");
  };
  const call = { task: "memorize" as const, backbone: "b", model: "m", latencyMs: 5, attempts: 2 };
  const policy = {
    async memorize(input: MemorizeInput) {
      return { value: extractMemoriesHeuristically(input), calls: [call] };
    },
  };
  const memory = new GraphMemory(store, lexical, policy, MemoryConfig.parse({}));
  const counted: unknown[] = [];
  await assert.rejects(
    () =>
      memory.memorize(
        {
          ...episode({ userId: "u", objectId: "mug_1", episodeId: "e1", instruction: "bring me the red mug" }),
          timestamp: 1,
        },
        (calls) => counted.push(...calls),
      ),
    /database is locked/,
  );
  assert.deepEqual(counted, [call], "the call the model answered is counted once");
  await memory.close();
});
