/**
 * What the episode loop needs of memory, per mode, as two small interfaces: the Polar graph
 * (retrieve top-k candidates; memorize an episode) and the raw-interaction log. The loop never
 * touches a store directly, so the graph's implementation can change without it.
 */
import type { CallRecord, MemorizeInput, MemoryCandidate, MemoryMode, RawInteraction } from "../mllm/index.ts";
import type { InteractionLog } from "./raw-interactions.ts";

export interface PolarMemory {
  /**
   * top-k object candidates for this user's instruction, best first; `now` is the episode's
   * time (ms), so recency is measured in the user's timeline, not the machine's clock
   */
  retrieve(userId: string, instruction: string, k: number, now?: number): Promise<MemoryCandidate[]>;
  /**
   * where the latest photo taken by `now` of each of this user's objects of `category` is kept
   * (a memory that keeps no photos has none to give)
   */
  photosOf?(userId: string, category: string, now: number): Promise<{ objectId: string; path: string }[]>;
  /**
   * writes one finished acquisition episode into this user's graph; its model calls go to
   * `onCalls` as they are made (so a write that fails after them still counts them), the rest
   * are returned
   */
  memorize(
    input: MemorizeInput & { timestamp: number; referenceImagePath?: string },
    onCalls?: (calls: readonly CallRecord[]) => void,
  ): Promise<{ calls: CallRecord[] }>;
}

export interface MemoryAccess {
  /** how this episode grounds its target */
  mode: MemoryMode;
  /** the memory graph: read in polar mode, written after acquisition episodes when present */
  polar?: PolarMemory;
  /** raw interactions: appended after acquisition episodes when present */
  log?: InteractionLog;
  /** top-k for polar retrieval (paper: 5) */
  topK: number;
  /**
   * raw mode: the prior interactions this baseline is shown. The harness draws them (paper: 15
   * at random, the gold ones always among them), since only it knows which are gold.
   */
  rawSample?: RawInteraction[];
}

/** Checks that the mode's memory is present before the episode starts, not in the middle. */
export function checkMemoryAccess(m: MemoryAccess): void {
  if (m.mode === "polar" && !m.polar) throw new Error("memory mode polar needs a memory graph (MemoryAccess.polar)");
  if (m.mode === "raw" && !m.rawSample)
    throw new Error("memory mode raw needs its sample of prior interactions (MemoryAccess.rawSample)");
}
