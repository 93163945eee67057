/**
 * What other parts may use of src/perception: what the robot makes of its views: appearance, floor
 * geometry, judging instances, the ledger. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces); scripts/dev/part-imports.ts keeps the list below.
 */

export type { Appearance } from "./appearance.ts";
export { appearanceIn, similarity } from "./appearance.ts";
export type { Camera } from "./geometry.ts";
export { clippedByView, estimatePosition, floorGeometry, nearestVisibleFloor } from "./geometry.ts";
export type { Candidate } from "./ledger.ts";
export { CandidateLedger, viewReliability } from "./ledger.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./pixels.ts (sharp)
 */
