/** How every job of a run is queued, and what a finished job hands back. */
import type { JobsOptions } from "bullmq";
import type { ResultLine } from "../eval/index.ts";

/**
 * Retries with backoff for episodes the infrastructure could not run (the worker throws for
 * them); finished jobs stay in Redis until the coordinator has written their lines, so a
 * coordinator that restarts finds them again.
 */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 4,
  backoff: { type: "exponential", delay: 2000 },
  removeOnComplete: false,
  removeOnFail: false,
};

export interface JobResult {
  lines: ResultLine[];
}
