/**
 * The photos memory keeps of a user's objects of one category, as the robot may compare a
 * candidate with them: the latest of each object's photos taken by a given time, that user's only.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { GraphMemory } from "../../src/memory/polar-memory.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, pngImage } from "./helpers.ts";
import { objectImage } from "./image-fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-photos-of-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A graph memory in its own file, written by the offline extractor. */
function graphMemory(file: string): GraphMemory {
  const embedder = new LexicalEmbedder();
  const store = new SqliteMemoryStore(join(dir, file), { embedder: { name: embedder.name, dim: embedder.dim } });
  const heuristic = {
    memorize: async (i: Parameters<typeof extractMemoriesHeuristically>[0]) => ({
      value: extractMemoriesHeuristically(i),
      calls: [],
    }),
  };
  return new GraphMemory(store, embedder, heuristic, MemoryConfig.parse({}));
}

test("each of the user's objects of the category, with its latest photo known by then", async () => {
  const memory = graphMemory("m.db");
  const shown = async (
    userId: string,
    episodeId: string,
    objectId: string,
    category: "mug" | "book",
    colour: string,
    at: number,
  ) =>
    memory.memorize({
      ...episode({
        userId,
        episodeId,
        objectId,
        category,
        instruction: `this ${category} is mine, the ${colour} one`,
        referenceImage: pngImage(await objectImage(category === "mug" ? "mug" : "book", colour)),
      }),
      timestamp: at,
      referenceImagePath: `/photos/${episodeId}.png`,
    });
  await shown("u", "e1", "mug_1", "mug", "#c0392b", 1);
  await shown("u", "e2", "book_1", "book", "#2255aa", 2);
  await shown("u", "e3", "mug_2", "mug", "#22aa55", 3);
  await shown("u", "e4", "mug_1", "mug", "#c0392b", 4);
  await shown("u", "e5", "mug_3", "mug", "#e0c020", 10);
  await shown("v", "e6", "mug_9", "mug", "#8844cc", 1);
  const byObject = (xs: { objectId: string; path: string }[]) =>
    [...xs].sort((a, b) => a.objectId.localeCompare(b.objectId));
  assert.deepEqual(byObject(await memory.photosOf("u", "mug", 5)), [
    { objectId: "mug_1", path: "/photos/e4.png" },
    { objectId: "mug_2", path: "/photos/e3.png" },
  ]);
  assert.deepEqual(byObject(await memory.photosOf("u", "mug", 3.5)), [
    { objectId: "mug_1", path: "/photos/e1.png" },
    { objectId: "mug_2", path: "/photos/e3.png" },
  ]);
  assert.deepEqual(await memory.photosOf("u", "keys", 100), []);
  await memory.close();
});

test("a candidate retrieved at a time carries only the photos taken by then", async () => {
  const memory = graphMemory("r.db");
  for (const [episodeId, colour, at] of [
    ["f1", "#c0392b", 1],
    ["f2", "#22aa55", 20],
  ] as const)
    await memory.memorize({
      ...episode({
        userId: "u",
        episodeId,
        objectId: "mug_1",
        category: "mug",
        instruction: "this mug is the one my brother painted",
        referenceImage: pngImage(await objectImage("mug", colour)),
      }),
      timestamp: at,
      referenceImagePath: `/photos/${episodeId}.png`,
    });
  const [atTen] = await memory.retrieve("u", "the mug my brother painted", 5, 10);
  assert.deepEqual(
    atTen?.referenceImages?.map((r) => r.path),
    ["/photos/f1.png"],
  );
  const [later] = await memory.retrieve("u", "the mug my brother painted", 5, 30);
  assert.deepEqual(
    later?.referenceImages?.map((r) => r.path),
    ["/photos/f2.png", "/photos/f1.png"],
  );
  await memory.close();
});
