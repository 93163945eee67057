/**
 * Table 2's trajectory representations: the same retrieval pipeline, but what grounding and
 * planning see of each retrieved object's past episodes changes.
 *  - instruction:    the retrieved instructions (and statements) only, no trajectory;
 *  - raw_trajectory: the episodes' raw trajectory text (from the raw-interaction log);
 *  - summary:        a generic compact summary of that text (its first and last sentence:
 *                    where the search went first and how it ended), not planning-oriented;
 *  - episodic:       Polar's episodic memory, unchanged.
 * Implemented as a wrapper around the agent's PolarMemory, so the agent needs no hook.
 */

import type { InteractionLog, PolarMemory } from "../agent/index.ts";
import type { MemoryCandidate } from "../mllm/index.ts";
import type { Representation } from "./results.ts";

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function summarize(text: string): string {
  const s = sentences(text);
  if (s.length <= 2) return s.join(" ");
  return `${s[0]} … ${s[s.length - 1]}`;
}

export function representCandidate(
  c: MemoryCandidate,
  rep: Representation,
  rawText: (episodeId: string) => string | undefined,
): MemoryCandidate {
  if (rep === "episodic") return c;
  if (rep === "instruction") return { ...c, episodic: [] };
  const episodic = c.episodic.map((e) => {
    const raw = rawText(e.episodeId);
    if (raw === undefined) return e;
    return { ...e, text: rep === "raw_trajectory" ? raw : summarize(raw) };
  });
  return { ...c, episodic };
}

export function withRepresentation(memory: PolarMemory, rep: Representation, log: InteractionLog): PolarMemory {
  if (rep === "episodic") return memory;
  return {
    memorize: (input, onCalls) => memory.memorize(input, onCalls),
    ...(memory.photosOf ? { photosOf: memory.photosOf.bind(memory) } : {}),
    async retrieve(userId, instruction, k, now) {
      const candidates = await memory.retrieve(userId, instruction, k, now);
      const byId = new Map(log.list(userId).map((x) => [x.episodeId, x.trajectory]));
      return candidates.map((c) => representCandidate(c, rep, (id) => byId.get(id)));
    },
  };
}
