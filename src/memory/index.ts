/**
 * What other parts may use of src/memory: the memory graph: stores, embedders, memorization and
 * retrieval. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces);
 * scripts/dev/part-imports.ts keeps the list below.
 */

export type { InteractionRetriever } from "./baselines.ts";
export { Bm25Retriever, DenseRawRetriever, recallAtK } from "./baselines.ts";
export { EmbedderConfig, MemoryConfig, Neo4jConfig } from "./config.ts";
export { findBgeM3Files } from "./embedders/bge-m3.ts";
export { createEmbedder, embedderKind, planEmbedder, registerEmbedder } from "./embedders/create.ts";
export type { Embedder } from "./embedders/embedder.ts";
export { LEXICAL_NAME } from "./embedders/lexical.ts";
export { findMiniLmFiles, MINILM_NAME } from "./embedders/minilm.ts";
export {
  buildFailureText,
  buildMiniLm,
  ensureDenseEmbedder,
  MINILM_BUILD,
  readBuildFailure,
} from "./embedders/minilm-build.ts";
export { retrieve, retrieveDetailed } from "./retrieve.ts";
export type { MemoryStore, ObjectMemory } from "./store.ts";
export { MemoryScopeError, MemoryStoreError } from "./store.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./create.ts (better-sqlite3)
 * heavy: ./neo4j-connect.ts (neo4j-driver)
 * heavy: ./neo4j-time.ts (neo4j-driver)
 * heavy: ./open-existing.ts (better-sqlite3)
 * heavy: ./polar-memory.ts (better-sqlite3, sharp)
 */
