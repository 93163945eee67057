/**
 * Each backbone's memory graph for an evaluation: one embedder for the whole run, one store
 * per backbone under its output folder (SQLite: OUT/memory/<backbone>/memory.db; Neo4j: its own
 * namespace), so reruns and backbones never mix. Also Figure 8's recall measurement.
 */

import type { InteractionLog } from "../agent/index.ts";
import type { PolarConfig } from "../config/index.ts";
import type { Embedder } from "../memory/index.ts";
import {
  Bm25Retriever,
  createEmbedder,
  createStore,
  DenseRawRetriever,
  GraphMemory,
  type InteractionRetriever,
  LEXICAL_NAME,
  recallAtK,
  retrieve,
  storeKind,
} from "../memory/index.ts";
import type { Policy } from "../mllm/index.ts";
import { memoryConfigFor, writeStoreRecord } from "./memory-folder.ts";
import type { MemoryFactory, PolarMemoryHandle } from "./wiring.ts";

/** The embedder as reports name it; the lexical one says why it was used. */
function embedderLabel(e: Embedder, type: PolarConfig["embedder"]["type"]): string {
  if (e.name !== LEXICAL_NAME) return e.name;
  return type === "lexical"
    ? `${e.name} (the lexical fallback, chosen by embedder.type: words, not meanings)`
    : `${e.name} (lexical fallback — no dense model found)`;
}

export { memoryConfigFor, readStoreRecord, STORE_RECORD, StoreRecord, writeStoreRecord } from "./memory-folder.ts";

export async function createMemoryFactory(
  config: PolarConfig,
  onNotice?: (m: string) => void,
  opts: { warm?: boolean } = {},
): Promise<MemoryFactory> {
  const embedder = await createEmbedder(config.embedder, onNotice);
  // a model embedder loads its session on the first text: done now, not in the first episode
  if (opts.warm) await embedder.embed(["warm up"]);
  return {
    store: storeKind(config.memory.store).describe(config.memory),
    embedder: embedderLabel(embedder, config.embedder.type),
    async open(dir, backbone, policy) {
      const memoryConfig = memoryConfigFor(config, dir);
      // recorded first: a store left open by a failed write would keep the process alive
      writeStoreRecord(dir, memoryConfig);
      const store = await createStore(memoryConfig, { embedder: { name: embedder.name, dim: embedder.dim } });
      return graphHandle(store, embedder, policy, memoryConfig, backbone);
    },
    async close() {
      await embedder.close?.();
    },
  };
}

function graphHandle(
  store: Awaited<ReturnType<typeof createStore>>,
  embedder: Embedder,
  policy: Pick<Policy, "memorize">,
  memoryConfig: PolarConfig["memory"],
  _backbone: string,
): PolarMemoryHandle {
  // Baseline retrievers per user, rebuilt only when that user's pool of interactions changes.
  const cache = new Map<string, { size: number; bm25: InteractionRetriever; dense: InteractionRetriever }>();
  return {
    forEpisode: (now) => new GraphMemory(store, embedder, policy, memoryConfig, () => now),
    async episodes(userId) {
      return new Set((await store.listEpisodes(userId)).map((e) => e.id));
    },
    async clearUser(userId) {
      await store.clearUser(userId);
      cache.delete(userId);
    },
    async recall({ userId, instruction, targetObjectId, before, k, log }) {
      const pool = log.list(userId, { before });
      let r = cache.get(userId);
      if (!r || r.size !== pool.length) {
        r = { size: pool.length, bm25: new Bm25Retriever(pool), dense: new DenseRawRetriever(pool, embedder) };
        cache.set(userId, r);
      }
      const objects = (hits: { interaction: { objectId?: string } }[]) => hits.map((h) => h.interaction.objectId);
      const polar = await retrieve(store, embedder, userId, instruction, {
        k,
        now: before,
        recencyWeight: memoryConfig.recencyWeight,
        recencyHalfLifeDays: memoryConfig.recencyHalfLifeDays,
      });
      const at = (ranked: (string | undefined)[]) => recallAtK([{ ranked, gold: targetObjectId }], k);
      return {
        polar: at(polar.map((c) => c.objectId)),
        bm25: pool.length ? at(objects(await r.bm25.search(instruction, k))) : null,
        dense: pool.length ? at(objects(await r.dense.search(instruction, k))) : null,
      };
    },
    async close() {
      await store.close();
    },
  };
}

export type { InteractionLog };
