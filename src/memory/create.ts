/**
 * Memory stores by name: `memory.store` in config picks a registered kind. Built in: the
 * embedded SQLite file and Neo4j (its driver loaded only when used); a plug-in calls
 * registerStore.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { Registry } from "../util/index.ts";
import type { MemoryConfig } from "./config.ts";
import { SqliteMemoryStore } from "./sqlite-store.ts";
import { type MemoryStore, MemoryStoreError, type StoreOptions } from "./store.ts";

/**
 * What a store kind can do, declared by the kind itself: nothing outside this registration tests
 * a store's name (the queue, the evaluation and the dashboard ask these instead).
 */
export interface StoreKind {
  open(config: MemoryConfig, opts: StoreOptions): Promise<MemoryStore>;
  /** how results and reports name the store */
  describe(config: MemoryConfig): string;
  /** kept on this machine's disk: a queue worker on another host cannot share it */
  local: boolean;
  /**
   * The store of one memory folder (an evaluation's backbone, a `polar run --memory-dir`): each
   * folder its own, so reruns and backbones never mix.
   */
  placeIn(config: MemoryConfig, dir: string): MemoryConfig;
  /** throws MemoryStoreError when the store the config names does not exist yet (reading commands) */
  checkExists?(config: MemoryConfig): void;
}

const STORES = new Registry<StoreKind>("memory store");

export function registerStore(name: string, kind: StoreKind): void {
  STORES.register(name, kind);
}

/** The registered store names, for config checks that must list them. */
export function storeNames(): string[] {
  return STORES.names();
}

export function storeKind(name: string): StoreKind {
  return STORES.get(name);
}

export async function createStore(config: MemoryConfig, opts: StoreOptions = {}): Promise<MemoryStore> {
  return STORES.get(config.store).open(config, opts);
}

registerStore("sqlite", {
  open: async (config, opts) => new SqliteMemoryStore(config.path, opts),
  describe: () => "sqlite (embedded)",
  local: true,
  placeIn: (config, dir) => ({ ...config, path: join(dir, "memory.db") }),
  checkExists(config) {
    if (config.path === ":memory:") return;
    const path = resolve(config.path);
    let isFile: boolean;
    try {
      isFile = statSync(path).isFile();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR")
        throw new MemoryStoreError(
          `no memory store at ${path} (memory.path): check the path, or build one with polar eval / polar run`,
        );
      throw new MemoryStoreError(`cannot read the memory store at ${path}: ${(e as Error).message}`);
    }
    if (!isFile) throw new MemoryStoreError(`memory.path ${path} is a folder, not a SQLite file`);
  },
});

registerStore("neo4j", {
  async open(config, opts) {
    const { openNeo4jStore } = await import("./neo4j-store.ts");
    return openNeo4jStore(config.neo4j, opts);
  },
  describe: (config) => `neo4j (${config.neo4j.uri})`,
  local: false,
  // a namespace per folder, named by its absolute path: the same folder always finds its own
  placeIn: (config, dir) => ({
    ...config,
    neo4j: {
      ...config.neo4j,
      namespace: `${config.neo4j.namespace}.${createHash("sha256").update(resolve(dir)).digest("hex").slice(0, 10)}`,
    },
  }),
});
