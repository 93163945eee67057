/**
 * Grounding by memory mode: which remembered instance the instruction means.
 *  - none:  the instruction (and reference image) alone, the no-prior baseline;
 *  - raw:   plus 15 of this user's earlier interactions as text, sampled with a seed, the gold
 *           one(s) always included;
 *  - polar: plus the memory graph's top-k candidates for the instruction.
 */
import type { MemoryCandidate, RawInteraction } from "../memory/candidate.ts";
import type { Decision, GroundInput, GroundOutput, Policy } from "../mllm/policy.ts";
import type { Image } from "../sim/simulator.ts";
import type { MemoryAccess } from "./memory-access.ts";
import { hashSeed, sampleRawInteractions } from "./raw-interactions.ts";

export interface Retrieved {
  candidates: MemoryCandidate[];
  raw: RawInteraction[];
  /** raw mode: every gold prior was in the sample; null outside raw mode or without gold */
  goldIncluded: boolean | null;
}

export interface GroundingRequest {
  episodeId: string;
  userId: string;
  instruction: string;
  /** ms since the epoch: only earlier interactions may be used */
  timestamp: number;
  goldPriorEpisodeIds: readonly string[];
  referenceImage?: Image;
}

/** Pure-ish: what memory this mode hands to grounding (reads only this user's memory). */
export async function recall(req: GroundingRequest, memory: MemoryAccess): Promise<Retrieved> {
  if (memory.mode === "polar") {
    const candidates = await memory.polar!.retrieve(req.userId, req.instruction, memory.topK, req.timestamp);
    return { candidates: candidates.filter((c) => c.userId === req.userId), raw: [], goldIncluded: null };
  }
  if (memory.mode === "raw") {
    const pool = memory.log!.list(req.userId, { before: req.timestamp });
    const sample = sampleRawInteractions(pool, {
      n: memory.rawInteractions,
      goldIds: req.goldPriorEpisodeIds,
      seed: hashSeed(req.episodeId, memory.seed),
    });
    return { candidates: [], raw: sample.interactions, goldIncluded: sample.goldIncluded };
  }
  return { candidates: [], raw: [], goldIncluded: null };
}

export function groundInput(req: GroundingRequest, mode: MemoryAccess["mode"], r: Retrieved): GroundInput {
  const input: GroundInput = { instruction: req.instruction, mode };
  if (mode === "polar") input.candidates = r.candidates;
  if (mode === "raw") input.rawInteractions = r.raw;
  if (req.referenceImage) input.referenceImage = req.referenceImage;
  return input;
}

export async function groundTarget(
  policy: Policy,
  req: GroundingRequest,
  memory: MemoryAccess,
): Promise<{ retrieved: Retrieved; decision: Decision<GroundOutput> }> {
  const retrieved = await recall(req, memory);
  const decision = await policy.ground(groundInput(req, memory.mode, retrieved));
  return { retrieved, decision };
}
