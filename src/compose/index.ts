/**
 * What other parts may use of src/compose: a run composed from config: the plan checked before
 * the first episode, the wiring of simulators, backbones and memory, memory folders, plug-ins,
 * episode threads, and the whole evaluation from config to report (evaluate.ts), which `polar
 * eval`, `npm start`, the queue and the dashboard build on. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */

export { memoryConfigFor, memoryToRead, readStoreRecord, STORE_RECORD, StoreElsewhereError } from "./memory-folder.ts";
export type { PluginHost } from "./plugins.ts";
export { loadPlugins } from "./plugins.ts";
export type { MemoryFactory } from "./wiring.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines.
 * heavy: ./dry-run.ts (@google/genai, better-sqlite3, cli-progress, openai, sharp, ws)
 * heavy: ./evaluate.ts (@google/genai, better-sqlite3, cli-progress, neo4j-driver, openai, sharp, ws)
 * heavy: ./memory-factory.ts (better-sqlite3, sharp)
 * heavy: ./setup.ts (@google/genai, cli-progress, openai, sharp, ws)
 * heavy: ./wiring.ts (@google/genai, openai, sharp, ws)
 */
