/**
 * Which store a memory folder is: memory.db inside it (SQLite), or a Neo4j namespace, recorded in
 * the folder's store.json when the store was opened (uri, database, namespace; never a password),
 * so `polar memory --memory-dir`, the dashboard and a rerun find the graph again.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { PolarConfig } from "../config/index.ts";
import { storeKind } from "../memory/index.ts";
import { readDataText } from "../util/index.ts";

/** the file in a memory folder that says where a Neo4j memory of it lives (never a password) */
export const STORE_RECORD = "store.json";

export const StoreRecord = z.strictObject({
  store: z.literal("neo4j"),
  uri: z.string(),
  database: z.string().optional(),
  namespace: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
});
export type StoreRecord = z.infer<typeof StoreRecord>;

/** The Neo4j store a memory folder records, or null (none recorded, or a file that does not parse). */
export function readStoreRecord(dir: string): StoreRecord | null {
  try {
    // a regular file only, and a small one: a FIFO there must not block a reader
    const r = StoreRecord.safeParse(JSON.parse(readDataText(join(dir, STORE_RECORD), { maxBytes: 64 * 1024 })));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * A memory folder's store: memory.db inside it (SQLite), or a Neo4j namespace named after it:
 * the one its store.json records (so a folder moved, or read from another checkout, finds its
 * graph), else the config's namespace and a hash of the folder's path.
 */
export function memoryConfigFor(config: PolarConfig, dir: string): PolarConfig["memory"] {
  const placed = storeKind(config.memory.store).placeIn(config.memory, dir);
  const recorded = readStoreRecord(dir);
  if (!recorded || recorded.store !== config.memory.store) return placed;
  return { ...placed, neo4j: { ...placed.neo4j, namespace: recorded.namespace } };
}

/**
 * The store to READ a memory folder from (`polar memory --memory-dir`, the dashboard): the Neo4j
 * graph its store.json records, whatever store the reader's own config names (the folder says
 * where its memory is), on the server that config connects to, else its memory.db. A record
 * naming another server is refused: the config's password goes only to the server the user
 * configured, never to one a file names.
 */
export function memoryToRead(config: PolarConfig, dir: string, label = dir): PolarConfig["memory"] {
  const record = readStoreRecord(dir);
  if (!record) return memoryConfigFor(config, dir);
  if (record.uri !== config.memory.neo4j.uri)
    throw new StoreElsewhereError(
      `${label} is a Neo4j memory at ${record.uri} (namespace ${record.namespace}); this config connects to ` +
        `${config.memory.neo4j.uri}: use a config whose memory.neo4j.uri is ${record.uri} ` +
        `(or POLAR_MEMORY__NEO4J__URI=${record.uri})`,
    );
  return {
    ...config.memory,
    store: "neo4j",
    neo4j: {
      ...config.memory.neo4j,
      namespace: record.namespace,
      ...(record.database ? { database: record.database } : {}),
    },
  };
}

/** A memory folder whose graph is on a server the reader's config does not connect to. */
export class StoreElsewhereError extends Error {
  override name = "StoreElsewhereError";
}

/** Records a Neo4j memory's place in its folder, for `polar memory --memory-dir` and the dashboard. */
export function writeStoreRecord(dir: string, memory: PolarConfig["memory"]): StoreRecord | null {
  // a store kept in the folder's own file needs no record of where it is
  if (storeKind(memory.store).local) return null;
  const record: StoreRecord = {
    store: "neo4j",
    uri: memory.neo4j.uri,
    ...(memory.neo4j.database ? { database: memory.neo4j.database } : {}),
    namespace: memory.neo4j.namespace,
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, STORE_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}
