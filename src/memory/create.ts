/** Opens the store a config names: the embedded SQLite file, or Neo4j (loaded only when used). */
import type { MemoryConfig } from "./config.ts";
import { SqliteMemoryStore } from "./sqlite-store.ts";
import type { MemoryStore, StoreOptions } from "./store.ts";

export async function createStore(config: MemoryConfig, opts: StoreOptions = {}): Promise<MemoryStore> {
  switch (config.store) {
    case "sqlite":
      return new SqliteMemoryStore(config.path, opts);
    case "neo4j": {
      const { openNeo4jStore } = await import("./neo4j-store.ts");
      return openNeo4jStore(config.neo4j, opts);
    }
  }
}
