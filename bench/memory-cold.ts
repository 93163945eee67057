// The memory bench's cold query, in a process of its own: what a user waits for when a fresh
// `polar` process opens a memory file and asks its first question. Run by memory.bench.ts, which
// checks the answer against its exact scan; measured here because the bench's own process holds
// every vector it wrote (400 MB at 100k), whose garbage collection a real process does not pay.
//   node --import tsx bench/memory-cold.ts FILE USER DIM QUERY.f32   → one JSON line on stdout
import { readFileSync } from "node:fs";
import { SqliteMemoryStore } from "../src/memory/sqlite-store.ts";

const [path, user, dimText, queryFile] = process.argv.slice(2);
const dim = Number(dimText);
const bytes = readFileSync(queryFile);
const query = new Float32Array(bytes.buffer, bytes.byteOffset, dim);
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const store = new SqliteMemoryStore(path, { embedder: { name: "bench-random", dim } });
const openMs = performance.now() - t0;
const hits = await store.searchStatements(user, query, 5);
const coldMs = performance.now() - t0;
const addedRssMiB = (process.memoryUsage().rss - rss0) / 2 ** 20;
const source = store.lastIndexSource;
// the index file a load from the blocks leaves is written once the answer is out: before exit
await new Promise((r) => setImmediate(r));
console.log(JSON.stringify({ openMs, coldMs, addedRssMiB, source, top5: hits.map((h) => h.statement.id) }));
await store.close();
