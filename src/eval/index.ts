/**
 * What other parts may use of src/eval: the composition root: evaluation, runs, results, reports,
 * the wiring of simulators, backbones and memory. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces); scripts/dev/part-imports.ts keeps the list below.
 */

export { EPISODES_DIR } from "./episode-files.ts";
export { MAP_BUDGET_BYTES, MAP_IMAGE, MAP_INFO, MapInfo } from "./episode-map.ts";
export { memoryConfigFor, readStoreRecord, STORE_RECORD } from "./memory-folder.ts";
export type { PluginHost } from "./plugins.ts";
export { loadPlugins } from "./plugins.ts";
export { PROGRESS_FILE, ProgressFile } from "./progress-file.ts";
export type { EpisodeRecord } from "./record.ts";
export type { ReportOutput } from "./report/write-report.ts";
export type { ResultLine } from "./results.ts";
export { FAILURES_FILE, FailureWriter, lineMeasures, RESULTS_FILE, ResultWriter, readResults } from "./results.ts";
export { loadBank, TEST_BANK } from "./rule-phase/phrases.ts";
export { describeDifference, RunConfig, runConfigOf, runHash, writeRunFile } from "./run-config.ts";
export { ResumeMismatchError, RunLedger } from "./run-ledger.ts";
export type { BackboneRuntime, EvalPlan, EvalRuntime, Job } from "./runner.ts";
export type { Shard } from "./shard.ts";
export { parseShard, ShardSpecError } from "./shard.ts";
export { TrajectoryWriter } from "./trajectory-writer.ts";
export { tapViews } from "./view-tap.ts";
export type { MemoryFactory } from "./wiring.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./dry-run.ts (@google/genai, better-sqlite3, cli-progress, openai, sharp, ws)
 * heavy: ./evaluate.ts (@google/genai, better-sqlite3, cli-progress, neo4j-driver, openai, sharp, ws)
 * heavy: ./mcap-export.ts (@mcap/core)
 * heavy: ./memory-factory.ts (better-sqlite3, sharp)
 * heavy: ./merge.ts (sharp)
 * heavy: ./progress.ts (cli-progress)
 * heavy: ./report/write-report.ts (sharp)
 * heavy: ./runner.ts (cli-progress, sharp)
 * heavy: ./setup.ts (@google/genai, cli-progress, openai, sharp, ws)
 * heavy: ./wiring.ts (@google/genai, openai, sharp, ws)
 */
