/**
 * What other parts may use of src/eval: the evaluation (harness, run session and ledger, results,
 * measures, statistics, reports, the rule phase); src/compose builds a run of it from config.
 * Imports across parts come here (.dependency-cruiser.cjs, part-interfaces).
 */

export { EPISODES_DIR, episodeGroup } from "./episode-files.ts";
export { MAP_BUDGET_BYTES, MAP_IMAGE, MAP_INFO, MapInfo } from "./episode-map.ts";
export { runEvaluation } from "./evaluation-session.ts";
export { describeTrigger, runEpisode } from "./harness.ts";
export { ExportArgs, exportEpisode, STEP_SECONDS } from "./mcap-export.ts";
export { MeasureSet, RECORD_MEASURES, registerMeasure } from "./measures/built-in.ts";
export { checkMerge, describeCheck, MergeError, writeMerge } from "./merge.ts";
export { MEMORY_LABELS } from "./metrics.ts";
export type { Progress } from "./progress.ts";
export { stderrProgress } from "./progress.ts";
export { PROGRESS_FILE, ProgressFile } from "./progress-file.ts";
export type { EpisodeRecord } from "./record.ts";
export { formatUsd, NOT_REPORTED } from "./report/backbone-usage.ts";
export type { ReportOutput } from "./report/write-report.ts";
export { writeReport } from "./report/write-report.ts";
export { withRepresentation } from "./representation.ts";
export type { MemoryModeName, Representation, ResultLine } from "./results.ts";
export {
  FAILURES_FILE,
  FailureWriter,
  lineMeasures,
  RESULTS_FILE,
  ResultWriter,
  readResults,
} from "./results.ts";
export { scoreTable, scoreText } from "./rule-phase/labels.ts";
export type { RuleEvalLine } from "./rule-phase/line.ts";
export type { PhraseBank } from "./rule-phase/phrases.ts";
export { DEV_BANK, loadBank, TEST_BANK } from "./rule-phase/phrases.ts";
export { writeRuleEval } from "./rule-phase/report.ts";
export { sweep } from "./rule-phase/sweep.ts";
export { planRuleEval, readsNoText, runRuleEval, sceneFacts } from "./rules-eval.ts";
export { describeDifference, RunConfig, runConfigOf, runHash, writeRunFile } from "./run-config.ts";
export { ResumeMismatchError, RunLedger } from "./run-ledger.ts";
export type {
  BackboneRuntime,
  EpisodeOutcome,
  EpisodeWorker,
  EpisodeWorkers,
  EvalPlan,
  EvalRuntime,
  Job,
  RecallOutcome,
  RunOptions,
  RunSummary,
} from "./runner.ts";
export { configHash, episodeSettings, hashFile, planJobs, runKeeping, slug, toLine } from "./runner.ts";
export type { Shard } from "./shard.ts";
export { parseShard, ShardSpecError } from "./shard.ts";
export { TrajectoryWriter } from "./trajectory-writer.ts";
export { tapViews } from "./view-tap.ts";
