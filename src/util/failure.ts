/**
 * Infrastructure failure or agent outcome? An evaluation has to tell "the model, the API or the
 * simulator could not be used" (a transport problem: rerun the episode once it is back; it says
 * nothing about the agent) from "the agent ran and got it wrong" (an episode result that counts
 * against the agent, e.g. a model that answered but never fit the schema).
 *
 * The errors that know which one they are (BackboneError and ChatModelError in src/mllm,
 * SimError in src/sim) carry `infrastructure: boolean`. This module sits below both parts, so it
 * reads that field by shape instead of importing their classes.
 */

/** What a classified error carries; `status` and `url` are there when the failure had them. */
export interface FailureInfo {
  /** true: transport or service failure (not the agent's doing); false: an agent outcome or a bug */
  readonly infrastructure: boolean;
  /** HTTP status of the last response, when there was one */
  readonly status?: number;
  /** the endpoint that failed (never with credentials in it) */
  readonly url?: string;
}

/**
 * True when `e`, or an error it wraps (`cause`, followed a few levels), says it is an
 * infrastructure failure, or is the disk failing: a full disk or quota, a read-only or broken
 * file system (Node's ENOSPC, EDQUOT, EROFS, EIO; SQLite's SQLITE_FULL, SQLITE_IOERR…,
 * SQLITE_READONLY…). A memory that could not be written says nothing about the agent, and an
 * episode whose memorization failed must be run again, not kept as a result a rerun trusts.
 * Anything unclassified (a plain Error, a thrown string) is false: an unknown error is treated
 * as the run's own problem, which is the conservative reading for an evaluation (it is
 * reported, not silently rerun).
 */
export function isInfrastructureFailure(e: unknown): boolean {
  let current: unknown = e;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const flag = (current as { infrastructure?: unknown }).infrastructure;
    if (typeof flag === "boolean") return flag;
    if (isDiskFailure(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO", "SQLITE_FULL"]);

/** The error code of a disk that cannot take a write (Node's or SQLite's). */
export function isDiskFailure(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return DISK_CODES.has(code) || code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_READONLY");
}
