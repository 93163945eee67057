/**
 * What other parts may use of src/queue: distributed evaluation on BullMQ/Redis: coordinator,
 * workers, rate limits. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces).
 */

export { QueueUrlError } from "./connection.ts";
export { QueueRunError, runQueued } from "./coordinator.ts";
export { QueueUnreachableError } from "./errors.ts";
export type { RateLimit } from "./rate-limit.ts";
export { parseRateLimits, RateLimitSpecError } from "./rate-limit.ts";
export { runWorker } from "./worker.ts";
