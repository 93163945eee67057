/**
 * A joint request: the object whose valid statements cover every part beats one that matches
 * one part better and the other only in passing. Hand-written phrasings, the lexical embedder;
 * the scoring rule itself on part scores shaped like a near tie seen on development sets.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieve } from "../../src/memory/retrieve.ts";
import { combineParts } from "../../src/memory/retrieve-parts.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-joint-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const embedder = new LexicalEmbedder();
const DAY = 86_400_000;

test("covering both parts of a request beats matching one of them a little better", async () => {
  const store = new SqliteMemoryStore(join(dir, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  const facts: [string, string][] = [
    ["cup_both", "the user's neighbour Ravi gave them this mug"],
    ["cup_both", "the user rinses this mug after yoga class"],
    ["cup_one", "the user's neighbour Ravi brought this mug back from Oaxaca"],
    ["cup_one", "the user rinses this mug in the sink"],
  ];
  for (const [i, [objectId, statement]] of facts.entries()) {
    await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(() => ({ statements: [statement], episodic: "found it" })),
      episode({ userId: "u", episodeId: `e${i}`, objectId, category: "mug" }),
      { at: (i + 1) * DAY, config: MemoryConfig.parse({}) },
    );
  }
  const got = await retrieve(
    store,
    embedder,
    "u",
    "Find the mug my neighbour Ravi brought back from Oaxaca and that I rinse after yoga class",
    { k: 5, now: 30 * DAY },
  );
  assert.equal(got[0].objectId, "cup_both", got.map((c) => `${c.objectId} ${c.score.toFixed(3)}`).join(", "));
  await store.close();
});

test("an object that covers one part only in passing does not win on the whole request's score", () => {
  // "one": the best statement for the whole request and for part 1, a passing match for part 2;
  // "both": a fair match for part 1 and the best for part 2
  const whole = new Map([
    ["one", 0.64],
    ["both", 0.46],
    ["neither", 0.4],
  ]);
  const parts = [
    new Map([
      ["one", 0.6],
      ["both", 0.45],
    ]),
    new Map([
      ["one", 0.15],
      ["both", 0.5],
    ]),
  ];
  const ranked = [...combineParts(whole, parts)].sort((a, b) => b[1] - a[1]).map(([o]) => o);
  assert.deepEqual(ranked, ["both", "one", "neither"]);
  // a one-part request is not this rule's: with a single part the coverage is the part's score
  const single = combineParts(new Map([["a", 0.5]]), [new Map([["a", 0.5]])]);
  assert.equal(single.get("a"), 0.5);
});
