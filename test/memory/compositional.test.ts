/**
 * Compositional requests: an object that every part of the request describes beats one that a
 * single part describes strongly. Hand-written phrasings, the lexical embedder.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { descriptiveClauses } from "../../src/language/index.ts";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieve } from "../../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-compositional-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const embedder = new LexicalEmbedder();
const DAY = 86_400_000;

test("a request is cut into its descriptive parts; a plain request stays whole", () => {
  assert.deepEqual(
    descriptiveClauses("Could you find the scarf I knitted last winter, which my aunt admired and that I wear skiing?"),
    ["Could you find the scarf I knitted last winter", "which my aunt admired", "that I wear skiing"],
  );
  assert.equal(descriptiveClauses("Please fetch the umbrella I take hiking.").length, 1);
  assert.equal(descriptiveClauses("Take me to it.").length, 0);
  // a part headed by the object ("the one …", "Zoë's thing") describes it with one content word
  assert.deepEqual(descriptiveClauses("the thing I won at the fair, the one for travel"), [
    "the thing I won at the fair",
    "the one for travel",
  ]);
  assert.deepEqual(descriptiveClauses("Zoë's thing that we keep at the beach hut"), [
    "Zoë's thing",
    "we keep at the beach hut",
  ]);
});

test("the object every part describes outranks one that a single part describes strongly", async () => {
  const store = new SqliteMemoryStore(join(dir, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  const facts: [string, string, string][] = [
    ["watch_1", "e1", "the user bought this watch on a trip to Lisbon"],
    ["watch_1", "e2", "the user wears this watch to choir rehearsal"],
    ["watch_1", "e3", "the user's grandfather repaired this watch"],
    ["watch_2", "e4", "the user wears this watch to choir rehearsal and to rehearsal dinners and every rehearsal"],
    ["keys_1", "e5", "the user's grandfather made a copy of these keys"],
  ];
  for (const [i, [objectId, episodeId, statement]] of facts.entries()) {
    await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(() => ({ statements: [statement], episodic: "found it" })),
      episode({ userId: "u", episodeId, objectId, category: objectId.startsWith("keys") ? "keys" : "watch" }),
      { at: (i + 1) * DAY, config: MemoryConfig.parse({}) },
    );
  }
  const got = await retrieve(
    store,
    embedder,
    "u",
    "Bring me the watch I bought in Lisbon, that I wear to choir rehearsal and that my grandfather repaired",
    { k: 5, now: 30 * DAY },
  );
  assert.equal(got[0].objectId, "watch_1", got.map((c) => `${c.objectId} ${c.score.toFixed(3)}`).join(", "));
  await store.close();
});
