/** The queue's errors, apart from its Redis client: the CLI classifies them without loading ioredis. */

/** Redis did not answer in time: a service to start or a URL to fix (exit 4, README). */
export class QueueUnreachableError extends Error {
  readonly infrastructure = true;
  readonly userFacing = true;
}
