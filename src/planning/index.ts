/**
 * What other parts may use of src/planning: scene graph, planners, controller (the heuristic
 * policy's own room choice, steering and stop rule are in src/policies/heuristic). Imports across parts come here (.dependency-cruiser.cjs,
 * part-interfaces).
 */

export type { StepOutcome } from "./body.ts";
export { Body, StepBudgetExhausted } from "./body.ts";
export type { GoToOptions, GoToStatus, StepHook } from "./controller.ts";
export { Controller, floorDistance } from "./controller.ts";
export { planRoom } from "./high-level.ts";
export type { Trigger } from "./low-level.ts";
export { askLowLevelPlanner, decisionToAction, findInstance, NoveltyTracker, viewsFor } from "./low-level.ts";
export type { SceneGraph } from "./scene-graph.ts";
export { buildSceneGraph, roomAt, SceneGraphCache } from "./scene-graph.ts";
