/**
 * What other parts may use of src/perception: what the robot makes of its views: appearance, floor
 * geometry, judging instances, the ledger. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */

export type { Appearance } from "./appearance.ts";
export { appearanceIn, similarity } from "./appearance.ts";
export type { Camera } from "./geometry.ts";
export { apparentSize, clippedByView, estimatePosition, floorGeometry, nearestVisibleFloor } from "./geometry.ts";
export type { Candidate } from "./ledger.ts";
export { CandidateLedger, viewReliability } from "./ledger.ts";

export { photoAppearance, pixelsOf } from "./pixels.ts";
