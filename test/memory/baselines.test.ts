import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  Bm25Retriever,
  DenseRawRetriever,
  rawInteractionsFromEpisodes,
  recallAtK,
} from "../../src/memory/baselines.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import type { RawInteraction } from "../../src/mllm/candidate.ts";

const log: RawInteraction[] = [
  {
    episodeId: "e1",
    timestamp: 1,
    instruction: "Bring me the mug I drink my morning tea from",
    objectId: "mug_1",
    trajectory: "kitchen → living room: found mug",
  },
  {
    episodeId: "e2",
    timestamp: 2,
    instruction: "Find my gym bag for basketball",
    objectId: "bag_1",
    trajectory: "bedroom: found bag",
  },
  {
    episodeId: "e3",
    timestamp: 3,
    instruction: "Get the book I read before bed",
    objectId: "book_1",
    trajectory: "bedroom: found book",
  },
  {
    episodeId: "e4",
    timestamp: 4,
    instruction: "Bring the mug for coffee at work",
    objectId: "mug_2",
    trajectory: "office: found mug",
  },
];

describe("baseline retrievers", () => {
  it("BM25 ranks by term overlap weighted by rarity", async () => {
    const r = await new Bm25Retriever(log).search("morning tea please", 2);
    assert.equal(r[0].interaction.episodeId, "e1");
    assert.ok(r[0].score > 0);
    assert.equal(r[1].score, 0);
    // "mug" appears twice, so "tea" (once) decides between the mugs
    const both = await new Bm25Retriever(log).search("mug tea", 4);
    assert.deepEqual(
      both.slice(0, 2).map((x) => x.interaction.episodeId),
      ["e1", "e4"],
    );
  });

  it("dense retrieval over raw interactions uses the embedder and says which", async () => {
    const d = new DenseRawRetriever(log, new LexicalEmbedder());
    assert.equal(d.name, "dense-raw(lexical-hash-v1)");
    const r = await d.search("basketball gym", 1);
    assert.equal(r[0].interaction.objectId, "bag_1");
  });

  it("recall@k counts the gold object within the first k", () => {
    const results = [
      { ranked: ["a", "b", "c"], gold: "a" },
      { ranked: ["b", "a"], gold: "a" },
      { ranked: [undefined, "c"], gold: "a" },
      { ranked: [], gold: "a" },
    ];
    assert.equal(recallAtK(results, 1), 0.25);
    assert.equal(recallAtK(results, 2), 0.5);
    assert.equal(recallAtK([], 5), 0);
  });

  it("turns stored episodes into raw interactions", () => {
    const raw = rawInteractionsFromEpisodes(
      [{ id: "e1", objectId: "mug_1", instruction: "i", success: true, trajectory: "t", at: 5 }],
      new Map([["mug_1", "mug"]]),
    );
    assert.deepEqual(raw, [
      { episodeId: "e1", timestamp: 5, instruction: "i", objectId: "mug_1", category: "mug", trajectory: "t" },
    ]);
  });
});
