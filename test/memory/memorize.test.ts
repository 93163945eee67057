import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import type { Embedder } from "../../src/memory/embedders/embedder.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { episode, pngImage, scriptedPolicy } from "./helpers.ts";
import { objectImage, reencoded } from "./image-fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-memorize-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const config = MemoryConfig.parse({});
const embedder = new LexicalEmbedder();
let n = 0;
const open = () =>
  new SqliteMemoryStore(join(dir, `m${n++}.db`), { embedder: { name: embedder.name, dim: embedder.dim } });
const heuristic = scriptedPolicy(extractMemoriesHeuristically);

describe("memorizeEpisode", () => {
  it("writes the backbone's statements and episodic summary under the object", async () => {
    const store = open();
    const policy = scriptedPolicy(() => ({
      statements: [
        "the user's sister gave them this mug",
        "  used on weekday mornings ",
        "",
        "Used on weekday mornings.",
      ],
      episodic: "Succeeded; found in the living room; the kitchen was unpromising.",
    }));
    const r = await memorizeEpisode(store, embedder, policy, episode({ userId: "u", episodeId: "e1" }), {
      at: 1000,
      config,
    });
    assert.equal(r.objectId, "mug_1");
    assert.equal(r.matchedBy, "new");
    assert.deepEqual(
      r.statements.map((s) => [s.text, s.outcome]),
      [
        ["the user's sister gave them this mug", "created"],
        ["used on weekday mornings", "created"],
      ],
    );
    const [mem] = await store.objectMemories("u");
    assert.equal(mem.object.category, "mug");
    assert.deepEqual(
      mem.episodic.map((e) => e.text),
      ["Succeeded; found in the living room; the kitchen was unpromising."],
    );
    assert.equal(mem.instructions[0].text, "bring me the mug my sister gave me");
    assert.equal(policy.seen[0].episodeId, "e1");
  });

  it("links by object id and de-duplicates close statements into one node", async () => {
    const store = open();
    await memorizeEpisode(store, embedder, heuristic, episode({ userId: "u", episodeId: "e1" }), { at: 1, config });
    const r = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({ userId: "u", episodeId: "e2", instruction: "Find the mug my sister gave me, I drink tea from it" }),
      { at: 2, config },
    );
    assert.equal(r.matchedBy, "id");
    const outcomes = Object.fromEntries(r.statements.map((s) => [s.text, s.outcome]));
    assert.equal(outcomes["the user's sister gave them this mug"], "linked");
    assert.equal(outcomes["the user drinks tea from this mug"], "created");
    const st = await store.stats("u");
    assert.equal(st.objects, 1);
    assert.equal(st.statements, 2);
    assert.equal(st.statementLinks, 3);
    const hist = await store.history("u");
    assert.ok(hist.some((e) => e.kind === "statement_linked" && e.episodeId === "e2"));
  });

  it("a statement below the threshold is a new node", async () => {
    const store = open();
    const strict: Embedder = embedder;
    const cfg = { ...config, dedupThreshold: 0.999 };
    const policy = scriptedPolicy((i) => ({
      statements: [
        i.episodeId === "e1" ? "the user's sister gave them this mug" : "the user's sister gave them this red mug",
      ],
      episodic: "ok",
    }));
    await memorizeEpisode(store, strict, policy, episode({ userId: "u", episodeId: "e1" }), { at: 1, config: cfg });
    const r = await memorizeEpisode(store, strict, policy, episode({ userId: "u", episodeId: "e2" }), {
      at: 2,
      config: cfg,
    });
    assert.equal(r.statements[0].outcome, "created");
    assert.equal((await store.stats("u")).statements, 2);
  });

  it("links by a similar reference image, and never across categories", async () => {
    const store = open();
    const mug = await objectImage("mug", "#c0392b");
    const first = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({ userId: "u", episodeId: "e1", objectId: null, referenceImage: pngImage(mug) }),
      { at: 1, config, referenceImagePath: "/images/e1.png" },
    );
    assert.equal(first.matchedBy, "new");
    assert.match(first.objectId, /^object-/);
    // the same mug, photographed as a smaller JPEG, under a new instance id
    const again = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({
        userId: "u",
        episodeId: "e2",
        objectId: "mug_7",
        referenceImage: pngImage(await reencoded(mug, { width: 120, quality: 50 })),
      }),
      { at: 2, config },
    );
    assert.equal(again.matchedBy, "image");
    assert.equal(again.objectId, first.objectId);
    const linked = again.events.find((e) => e.kind === "object_linked");
    assert.match(linked?.detail ?? "", /image hash distance \d+ .*mug_7/);
    // a book is another object
    const book = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({
        userId: "u",
        episodeId: "e3",
        objectId: null,
        category: "book",
        referenceImage: pngImage(await objectImage("book")),
      }),
      { at: 3, config },
    );
    assert.equal(book.matchedBy, "new");
    // same picture, but the episode says it is a cup of another category: not merged
    const other = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({ userId: "u", episodeId: "e4", objectId: null, category: "bag", referenceImage: pngImage(mug) }),
      { at: 4, config },
    );
    assert.equal(other.matchedBy, "new");
    const mem = await store.objectMemories("u", [first.objectId]);
    assert.equal(mem[0].images.length, 2);
    assert.equal(mem[0].images[1].path, "/images/e1.png");
  });

  it("never merges two named instances by image: same-shaped distractors differ in colour", async () => {
    const store = open();
    const red = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({
        userId: "u",
        episodeId: "e1",
        objectId: "mug_1",
        referenceImage: pngImage(await objectImage("mug", "#c0392b")),
      }),
      { at: 1, config },
    );
    const blue = await memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({
        userId: "u",
        episodeId: "e2",
        objectId: "mug_2",
        referenceImage: pngImage(await objectImage("mug", "#2e86de")),
      }),
      { at: 2, config },
    );
    assert.equal(red.matchedBy, "new");
    assert.equal(blue.matchedBy, "new");
    assert.equal(blue.objectId, "mug_2");
    assert.equal((await store.objectMemories("u")).length, 2);
  });

  it("writes nothing when the backbone, the embedder or the store fails half-way", async () => {
    const store = open();
    const u = "atomic-user";
    const empty = await store.stats(u);
    const badOutput = scriptedPolicy(() => ({ statements: ["x"], episodic: "  " }));
    await assert.rejects(
      () => memorizeEpisode(store, embedder, badOutput, episode({ userId: u, episodeId: "e1" }), { at: 1, config }),
      /episodic/,
    );
    const broken: Embedder = {
      name: embedder.name,
      dim: embedder.dim,
      description: "fails",
      embed: async () => {
        throw new Error("embedder crashed");
      },
    };
    await assert.rejects(
      () => memorizeEpisode(store, broken, heuristic, episode({ userId: u, episodeId: "e1" }), { at: 1, config }),
      /embedder crashed/,
    );
    let steps = 0;
    store.onWriteStep = (step) => {
      if (step === "statement" && ++steps === 2) throw new Error("killed mid-write");
    };
    const twoFacts = scriptedPolicy(() => ({
      statements: ["fact one about tea", "fact two about gym"],
      episodic: "ok",
    }));
    await assert.rejects(
      () => memorizeEpisode(store, embedder, twoFacts, episode({ userId: u, episodeId: "e1" }), { at: 1, config }),
      /killed mid-write/,
    );
    assert.deepEqual(await store.stats(u), empty);
    store.onWriteStep = undefined;
    await memorizeEpisode(store, embedder, twoFacts, episode({ userId: u, episodeId: "e1" }), { at: 1, config });
    assert.equal((await store.stats(u)).statements, 2);
  });
});
