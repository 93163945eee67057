/**
 * For grounding tests: a remembered object as retrieval hands it over, its statements all told on
 * day `at`, the first scored as the object is.
 */
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";

const day = 86_400_000;

export const datedCandidate = (
  objectId: string,
  category: string,
  score: number,
  at: number,
  statements: string[],
): MemoryCandidate => ({
  userId: "u1",
  objectId,
  category,
  score,
  statements: statements.map((text, i) => ({
    id: `${objectId}-${i}`,
    text,
    timestamp: at * day,
    score: i === 0 ? score : undefined,
  })),
  instructions: [],
  episodic: [],
});
