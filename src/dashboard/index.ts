/**
 * What other parts may use of src/dashboard: the dashboard server (polar dashboard). Imports
 * across parts come here (.dependency-cruiser.cjs, part-interfaces).
 */

export { DEFAULT_MAX_LIVE_SESSIONS } from "./drive.ts";
export { startDashboard } from "./server.ts";
