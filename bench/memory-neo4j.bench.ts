// Retrieval latency of the Neo4j memory store (native vector index) at 1k / 10k / 100k statements
// of one user, top-5, and memorization throughput through the store's own write path.
// Needs a server at $NEO4J_URI (default bolt://127.0.0.1:7687; `bash .ci/neo4j.sh start`);
// without one it reports that it skipped. Insertion stops at BENCH_NEO4J_INSERT_BUDGET_S
// (default 120 s) and says which sizes it reached. Vectors are random unit vectors of
// BENCH_NEO4J_DIM (default 1024, BGE-M3's size).
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { Neo4jConfig } from "../src/memory/config.ts";
import { connectNeo4j } from "../src/memory/neo4j-connect.ts";
import { dropNamespace, openNeo4jStore } from "../src/memory/neo4j-store.ts";
import type { EpisodeWrite } from "../src/memory/store.ts";

const SIZES = [1_000, 10_000, 100_000];
const BATCH = 500;
const QUERIES = 60;
const WARMUP = 5;

function unitVector(dim: number): Float32Array {
  const v = new Float32Array(dim);
  let n = 0;
  for (let i = 0; i < dim; i++) {
    // sum of uniforms: roughly Gaussian, so directions are roughly uniform on the sphere
    const x = Math.random() + Math.random() + Math.random() - 1.5;
    v[i] = x;
    n += x * x;
  }
  n = Math.sqrt(n);
  for (let i = 0; i < dim; i++) v[i] /= n;
  return v;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run(): Promise<Record<string, unknown>> {
  const uri = process.env.NEO4J_URI || "bolt://127.0.0.1:7687";
  const dim = Number(process.env.BENCH_NEO4J_DIM ?? 1024);
  const budgetS = Number(process.env.BENCH_NEO4J_INSERT_BUDGET_S ?? 120);
  const namespace = `polar-bench-${randomUUID().slice(0, 8)}`;
  const cfg = Neo4jConfig.parse({ uri, namespace, retries: 0 });
  let store: Awaited<ReturnType<typeof openNeo4jStore>>;
  try {
    store = await openNeo4jStore(cfg, { embedder: { name: "bench-random-unit", dim } });
  } catch (e) {
    return { skipped: `no Neo4j to measure: ${(e as Error).message}` };
  }
  const user = "bench-user";
  const sizes: Record<string, unknown>[] = [];
  let inserted = 0;
  let insertMs = 0;
  let stoppedEarly: string | null = null;
  try {
    for (const target of SIZES) {
      while (inserted < target) {
        if (insertMs / 1000 > budgetS) break;
        const n = Math.min(BATCH, target - inserted);
        const w: EpisodeWrite = {
          episode: { id: randomUUID(), at: Date.now(), instruction: "bench", success: true, trajectory: "" },
          object: { id: `obj-${inserted}`, category: "mug", matchedBy: "new", detail: "" },
          instructionId: randomUUID(),
          referenceImage: null,
          statements: Array.from({ length: n }, (_, i) => ({
            kind: "new" as const,
            id: randomUUID(),
            text: `statement ${inserted + i}`,
            embedding: unitVector(dim),
          })),
          episodic: { id: randomUUID(), text: "bench episode" },
        };
        const t0 = performance.now();
        await store.writeEpisode(user, w);
        insertMs += performance.now() - t0;
        inserted += n;
      }
      if (inserted < target) {
        stoppedEarly = `insertion budget of ${budgetS} s spent at ${inserted} statements; ${target} not reached`;
        break;
      }
      // Let the vector index catch up before timing queries against it.
      const c = await connectNeo4j(cfg);
      const s = c.driver.session();
      await s.run("CALL db.awaitIndexes(300)");
      await s.close();
      await c.driver.close();
      const times: number[] = [];
      for (let q = 0; q < WARMUP + QUERIES; q++) {
        const v = unitVector(dim);
        const t0 = performance.now();
        const hits = await store.searchStatements(user, v, 5);
        const ms = performance.now() - t0;
        if (hits.length !== 5) throw new Error(`expected 5 hits at ${target} statements, got ${hits.length}`);
        if (q >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      sizes.push({
        statements: target,
        top5P50Ms: Number(percentile(times, 50).toFixed(2)),
        top5P95Ms: Number(percentile(times, 95).toFixed(2)),
        queries: QUERIES,
        insertSecondsSoFar: Number((insertMs / 1000).toFixed(1)),
      });
      console.log(`neo4j: ${target} statements, ${JSON.stringify(sizes.at(-1))}`);
    }
  } finally {
    await store.close();
    const c = await connectNeo4j(cfg);
    await dropNamespace(c, namespace);
    await c.driver.close();
  }
  return {
    store: "neo4j",
    uri,
    dim,
    batchStatementsPerEpisode: BATCH,
    memorizationStatementsPerSecond: Number((inserted / (insertMs / 1000)).toFixed(0)),
    inserted,
    sizes,
    // this machine is shared: figures mean little without the load they were taken under
    loadAverageAtEnd: loadavg().map((x) => Number(x.toFixed(1))),
    ...(stoppedEarly ? { stoppedEarly } : {}),
  };
}
