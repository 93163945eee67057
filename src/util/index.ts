/**
 * What other parts may use of src/util: shared helpers: randomness, locks, failures, redaction,
 * the Registry (reading English is src/language). Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */
export type { DataFileOptions, DataFileProblem } from "./data-file.ts";
export {
  DATA_FILE_MAX_BYTES,
  DataFileError,
  openDataFile,
  readDataFile,
  readDataHead,
  readDataText,
} from "./data-file.ts";
export type { ClaimedDir } from "./dir-lock.ts";
export { claimDir, LockHeldError } from "./dir-lock.ts";
export { diskFailureIn, diskProblem, withPath, writing } from "./disk-write.ts";
export { ensureDir, reason, removeIfEmpty } from "./ensure-dir.ts";
export { createExclusiveFile } from "./exclusive-file.ts";
export type { FailureInfo } from "./failure.ts";
export { isDiskFailure, isInfrastructureFailure } from "./failure.ts";
export { capText, FREE_TEXT_CAP, forTerminal, keptValue } from "./free-text.ts";
export {
  bullmqPackage,
  cliProgressPackage,
  ioredisPackage,
  mcapPackage,
  neo4jPackage,
  sqlitePackage,
  wsPackage,
} from "./lazy-package.ts";
export { loadSharp } from "./lazy-sharp.ts";
export { handshakeAllowed, hostAllowed, isLoopback, originAllowed } from "./origin.ts";
export { duration, Pace } from "./pace.ts";
export { asSegment, checkSegment, PathSegmentError, segmentProblem } from "./path-segment.ts";
export { processAlive } from "./process-alive.ts";
export { fnv1a, mulberry32, Rng } from "./random.ts";
export { redact, redactDeep, redactKnown, rememberSecret } from "./redact.ts";
export { missingFrom, Registry, registeredNames, UnknownEntryError } from "./registry.ts";
