/**
 * Opening a store that must already exist: what reading commands (`polar memory show`,
 * `search`, `forget`) use, so a misspelled memory.path says so instead of creating folders and
 * an empty database there.
 */
import type { MemoryConfig } from "./config.ts";
import { createStore, storeKind } from "./create.ts";
import type { MemoryStore, StoreOptions } from "./store.ts";

export async function openExistingStore(config: MemoryConfig, opts: StoreOptions = {}): Promise<MemoryStore> {
  storeKind(config.store).checkExists?.(config);
  return createStore(config, opts);
}
