/**
 * What other parts may use of src/planning: scene graph, planners, controller, the heuristic's
 * room choice, steering and stop rule. Imports across parts come here (.dependency-cruiser.cjs,
 * part-interfaces); scripts/dev/part-imports.ts keeps the list below.
 */

export type { StepOutcome } from "./body.ts";
export { Body, StepBudgetExhausted } from "./body.ts";
export type { GoToOptions, GoToStatus, StepHook } from "./controller.ts";
export { Controller, floorDistance } from "./controller.ts";
export { chooseRoom } from "./explore.ts";
export { planRoom } from "./high-level.ts";
export type { Trigger } from "./low-level.ts";
export { askLowLevelPlanner, decisionToAction, findInstance, NoveltyTracker, viewsFor } from "./low-level.ts";
export { roomsFoundIn } from "./room-priors.ts";
export type { SceneGraph } from "./scene-graph.ts";
export { buildSceneGraph, roomAt, SceneGraphCache } from "./scene-graph.ts";
export type { StopRule } from "./stop-rule.ts";
export { DEFAULT_STOP_RULE, stopRuleFor } from "./stop-rule.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./steering.ts (sharp)
 */
