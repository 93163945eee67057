/**
 * What other parts may use of src/queue: distributed evaluation on BullMQ/Redis: coordinator,
 * workers, rate limits. Imports across parts come here (.dependency-cruiser.cjs, part-interfaces);
 * scripts/dev/part-imports.ts keeps the list below.
 */
export { QueueUnreachableError } from "./errors.ts";
export type { RateLimit } from "./rate-limit.ts";
export { parseRateLimits, RateLimitSpecError } from "./rate-limit.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./connection.ts (ioredis)
 * heavy: ./coordinator.ts (@google/genai, better-sqlite3, bullmq, cli-progress, ioredis, openai, sharp, ws)
 * heavy: ./worker.ts (@google/genai, better-sqlite3, bullmq, cli-progress, ioredis, openai, sharp, ws)
 */
