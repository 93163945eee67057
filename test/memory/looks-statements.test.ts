/**
 * A statement that says only how an object looks is weak evidence for a request that names no
 * looks at all (it tells the category, nothing of what the request asks), and full evidence for
 * one that describes looks.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { namesLooks, onlyLooks } from "../../src/language/index.ts";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-looks-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("statements of looks alone, and requests that name looks, are told by their words", () => {
  for (const s of [
    "the ball is teal and floral",
    "the teddy bear is grey and checkered",
    "The mug is small, green and glass",
  ])
    assert.ok(onlyLooks(s), s);
  for (const s of [
    "the user's son uses this ball",
    "the watch is the user's favorite",
    "the user keeps this red mug at the office",
  ])
    assert.ok(!onlyLooks(s), s);
  assert.ok(namesLooks("the striped one"));
  assert.ok(namesLooks("my leather wallet"));
  // sizes are left out of a request's looks: "little" is as often a child as a size
  assert.ok(!namesLooks("the one my little girl uses"));
  assert.ok(!namesLooks("the thing I only bring out for big celebrations"));
});

test("a request naming no looks is answered by the fact that shares its words before a statement of looks alone", async () => {
  const embedder = new LexicalEmbedder();
  const store = new SqliteMemoryStore(join(dir, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  const config = MemoryConfig.parse({});
  const said = [
    { objectId: "ball_1", instruction: "Find the teal ball" },
    { objectId: "ball_2", instruction: "Find the ball I throw" },
  ];
  for (const [i, e] of said.entries())
    await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(extractMemoriesHeuristically),
      episode({ userId: "u", episodeId: `e${i}`, category: "ball", ...e }),
      { at: 1000, config },
    );
  const top = async (request: string) =>
    (await retrieveDetailed(store, embedder, "u", request, { k: 5, now: 2000 })).candidates[0].objectId;
  // both share one word with it ("ball"), and the statement of looks is a little nearer by the
  // embedder (0.449 against 0.444 with the lexical one): it no longer wins
  assert.equal(await top("bring the ball along"), "ball_2");
  // a request that asks for looks takes the statement of looks at its full weight
  assert.equal(await top("bring the crimson ball along"), "ball_1");
  await store.close();
});
