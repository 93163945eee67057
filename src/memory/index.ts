/**
 * What other parts may use of src/memory: the memory graph: stores, embedders, memorization and
 * retrieval. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces).
 */

export type { InteractionRetriever } from "./baselines.ts";
export { Bm25Retriever, DenseRawRetriever, recallAtK } from "./baselines.ts";
export { EmbedderConfig, MemoryConfig, Neo4jConfig } from "./config.ts";
export { createStore, registerStore, storeKind, storeNames } from "./create.ts";
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
export { connectNeo4j, errorText } from "./neo4j-connect.ts";
export { neoDateTime } from "./neo4j-time.ts";

export { openExistingStore } from "./open-existing.ts";
export { GraphMemory } from "./polar-memory.ts";
export { retrieve, retrieveDetailed } from "./retrieve.ts";
export type { MemoryStore, ObjectMemory } from "./store.ts";
export { MemoryScopeError, MemoryStoreError } from "./store.ts";
