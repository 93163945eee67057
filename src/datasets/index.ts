/**
 * What other parts may use of src/datasets: scenario sets: their schema, loading, the PInNED
 * importer and the generator. Imports across parts come here (.dependency-cruiser.cjs, part-
 * interfaces).
 */
export { DatasetError } from "./dataset-errors.ts";
export { buildAuthoredSet, readAuthoredSet } from "./generate/authored.ts";
export { generateScenarioSet } from "./generate/build.ts";
export { checkScenarioSet } from "./generate/checks.ts";
export { writeScenarioSet } from "./generate/write.ts";
export { importPinned } from "./import-pinned.ts";
export { scenarioSetJsonSchema } from "./json-schema.ts";
export { loadScenarioSet, priorEpisodes, scenarioSetFile } from "./load-set.ts";
export type { AcquisitionEpisode, Episode, EvaluationEpisode, ScenarioSet } from "./scenario-schema.ts";
export { SCENARIO_SET_FILE } from "./scenario-schema.ts";
export { datasetStats, formatStats } from "./stats.ts";
