/**
 * Opening a store that must already exist: what reading commands (`polar memory show`,
 * `search`, `forget`) use, so a misspelled memory.path says so instead of creating folders and
 * an empty database there.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { MemoryConfig } from "./config.ts";
import { createStore } from "./create.ts";
import { type MemoryStore, MemoryStoreError, type StoreOptions } from "./store.ts";

export async function openExistingStore(config: MemoryConfig, opts: StoreOptions = {}): Promise<MemoryStore> {
  if (config.store === "sqlite" && config.path !== ":memory:") {
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
  }
  return createStore(config, opts);
}
