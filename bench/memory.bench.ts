// Memory bench: retrieval latency (top-5) at 1k / 10k / 100k statements of ONE user on the
// embedded SQLite store, with 1024-dim vectors (BGE-M3's size), and memorization throughput.
// `npm run bench memory`. The Neo4j figures live in D2's bench file.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryConfig } from "../src/memory/config.ts";
import { type Embedder, normalize } from "../src/memory/embedders/embedder.ts";
import { LexicalEmbedder } from "../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../src/memory/memorize.ts";
import { retrieve } from "../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../src/memory/sqlite-store.ts";
import type { EpisodeWrite } from "../src/memory/store.ts";
import { extractMemoriesHeuristically } from "../src/mllm/heuristic/extract.ts";

const DIM = 1024;
const SIZES = [1_000, 10_000, 100_000];
/** statements per episode (one transaction each) while filling up to each size: realistic
 * episodes to 10k; at 100k, large transactions, so the fill does not dominate the run */
const PER_EPISODE: Record<number, number> = { 1000: 20, 10000: 20, 100000: 1000 };
/** queries per size */
const QUERIES: Record<number, number> = { 1000: 200, 10000: 200, 100000: 100 };

/** Deterministic pseudo-random unit vectors (xorshift), so runs compare. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 2 ** 32) * 2 - 1;
  };
}
function randomUnit(next: () => number): Float32Array {
  const v = new Float32Array(DIM);
  for (let i = 0; i < DIM; i++) v[i] = next();
  return normalize(v);
}

/** Maps any text to a random unit vector: isolates the store from the embedder's cost. */
class RandomEmbedder implements Embedder {
  readonly name = "bench-random";
  readonly dim = DIM;
  readonly description = "random unit vectors";
  private readonly next = rng(7);
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => randomUnit(this.next));
  }
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const round = (x: number) => Math.round(x * 100) / 100;

async function fill(
  store: SqliteMemoryStore,
  user: string,
  from: number,
  to: number,
  next: () => number,
  perEpisode = 20,
) {
  for (let i = from; i < to; i += perEpisode) {
    const n = Math.min(perEpisode, to - i);
    const w: EpisodeWrite = {
      episode: { id: `ep-${randomUUID()}`, at: i, instruction: `instruction ${i}`, success: true, trajectory: "t" },
      object: { id: `obj-${i}`, category: "mug", matchedBy: "new", detail: "" },
      instructionId: `ins-${randomUUID()}`,
      referenceImage: null,
      statements: Array.from({ length: n }, (_, j) => ({
        kind: "new" as const,
        id: `st-${randomUUID()}`,
        text: `statement ${i + j}`,
        embedding: randomUnit(next),
      })),
      episodic: { id: `epi-${randomUUID()}`, text: "summary" },
    };
    await store.writeEpisode(user, w);
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "polar-bench-memory-"));
  try {
    const embedder = new RandomEmbedder();
    const path = join(dir, "bench.db");
    const store = new SqliteMemoryStore(path, { embedder: { name: embedder.name, dim: DIM } });
    const next = rng(42);
    const user = "bench-user";
    // another user's statements share the file, as in real use
    await fill(store, "other-user", 0, 2_000, next);
    const retrieval: Record<string, unknown>[] = [];
    let have = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await fill(store, user, have, size, next, PER_EPISODE[size]);
      const insertMs = performance.now() - t0;
      have = size;
      // cold: a fresh connection loads the user's matrix from disk on its first query
      const reader = new SqliteMemoryStore(path, { embedder: { name: embedder.name, dim: DIM } });
      const c0 = performance.now();
      await reader.searchStatements(user, randomUnit(next), 5);
      const coldMs = performance.now() - c0;
      const search: number[] = [];
      const searchCpu: number[] = [];
      const full: number[] = [];
      const fullCpu: number[] = [];
      // wall time includes waiting for a core on this shared machine; CPU time (process.cpuUsage)
      // is what the query itself costs
      const cpuMs = (since: NodeJS.CpuUsage) => {
        const d = process.cpuUsage(since);
        return (d.user + d.system) / 1000;
      };
      for (let q = 0; q < QUERIES[size]; q++) {
        const v = randomUnit(next);
        const sc = process.cpuUsage();
        const s0 = performance.now();
        await reader.searchStatements(user, v, 5);
        search.push(performance.now() - s0);
        searchCpu.push(cpuMs(sc));
        const rc = process.cpuUsage();
        const r0 = performance.now();
        await retrieve(reader, embedder, user, "query", { k: 5, now: size });
        full.push(performance.now() - r0);
        fullCpu.push(cpuMs(rc));
      }
      await reader.close();
      retrieval.push({
        statements: size,
        statementsPerInsertTransaction: PER_EPISODE[size],
        insertStatementsPerSec: Math.round(
          ((size - (retrieval.length ? SIZES[retrieval.length - 1] : 0)) / insertMs) * 1000,
        ),
        coldFirstQueryMs: round(coldMs),
        queries: QUERIES[size],
        searchTop5Ms: { p50: round(percentile(search, 50)), p95: round(percentile(search, 95)) },
        searchTop5CpuMs: { p50: round(percentile(searchCpu, 50)), p95: round(percentile(searchCpu, 95)) },
        retrieveTop5WithGraphMs: { p50: round(percentile(full, 50)), p95: round(percentile(full, 95)) },
        retrieveTop5WithGraphCpuMs: { p50: round(percentile(fullCpu, 50)), p95: round(percentile(fullCpu, 95)) },
        loadAverage1m: round(loadavg()[0]),
      });
      console.log(JSON.stringify(retrieval.at(-1)));
    }
    const fileMiB = round(statSync(path).size / 2 ** 20);
    await store.close();

    // Memorization: heuristic extraction + lexical embedding + de-dup search + one transaction.
    const lexical = new LexicalEmbedder();
    const mstore = new SqliteMemoryStore(join(dir, "memorize.db"), {
      embedder: { name: lexical.name, dim: lexical.dim },
    });
    const policy = {
      memorize: async (i: Parameters<typeof extractMemoriesHeuristically>[0]) => ({
        value: extractMemoriesHeuristically(i),
        calls: [],
      }),
    };
    const config = MemoryConfig.parse({});
    const EPISODES = 300;
    const m0 = performance.now();
    for (let i = 0; i < EPISODES; i++) {
      await memorizeEpisode(
        mstore,
        lexical,
        policy,
        {
          userId: "u",
          episodeId: `e${i}`,
          instruction: `Bring me the mug number ${i} my sister gave me, which I use on weekday mornings in room ${i % 7}`,
          objectId: `mug_${i % 50}`,
          category: "mug",
          trajectory: {
            success: i % 3 !== 0,
            steps: 40,
            roomsVisited: ["hallway", "kitchen"],
            roomsWithoutTarget: ["kitchen"],
            foundInRoom: "hallway",
            text: "t",
          },
        },
        { at: i, config },
      );
    }
    const memorizeMs = performance.now() - m0;
    const stats = await mstore.stats("u");
    await mstore.close();
    return {
      store: "sqlite",
      loadAverage: loadavg().map(round),
      dim: DIM,
      retrieval,
      fileMiBAt100k: fileMiB,
      memorization: {
        embedder: lexical.name,
        policy: "heuristic extractor",
        episodes: EPISODES,
        episodesPerSec: round((EPISODES / memorizeMs) * 1000),
        msPerEpisode: round(memorizeMs / EPISODES),
        resulting: stats,
      },
      note: "search = store top-5 only; retrieve = embed (random stub) + top-20 + recency + graph walk to objects",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
