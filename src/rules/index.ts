/**
 * What other parts may use of src/rules: the TellOnce rule layer: rules, libraries, the learner,
 * checks and the model path. Imports across parts come here (.dependency-cruiser.cjs, part-
 * interfaces).
 */

export { sameRoom } from "../language/index.ts";
export { countWords, hourOf } from "./check.ts";
export { RulesConfig } from "./config.ts";
export { describeRule } from "./describe.ts";
export type { OpenedInput } from "./input.ts";
export { rulesForEpisodes } from "./input.ts";
export type { Learner } from "./learner.ts";
export type { RuleLibrary } from "./library.ts";
export { RuleLibraryError } from "./library.ts";
export type { ModelRuleLayer } from "./model/layer.ts";
export { ruleLayerFor } from "./model/layer.ts";
export type { RuleSession } from "./rule-session.ts";
export type { RuleResult, RulesMethod, SessionRule } from "./session-types.ts";
export { RULE_METHODS } from "./session-types.ts";
export { defaultRulesDb, SqliteRuleLibrary } from "./sqlite-library.ts";
export { openRuleLibrary, registerRuleLibrary, ruleLibraryKind, ruleLibraryTypes } from "./stores.ts";
export type { TeachOptions, TeachResult } from "./teach.ts";
export { describeTaught, teach } from "./teach.ts";
export type { Condition, Requirement, RuleDraft, RuleVersion } from "./types.ts";
export { FOUND_ROOM, Stage, sceneScope } from "./types.ts";
