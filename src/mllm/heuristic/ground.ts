/**
 * Heuristic grounding, one function per memory mode. polar: the top retrieved candidate (memory's
 * ranking already lets the latest valid interaction win). raw: the prior interaction sharing most words with the
 * instruction, newest on ties. none: only a category guessed from the instruction.
 */

import { coverage, glossed, wordSet } from "../../language/index.ts";
import { roomsFoundIn } from "../../planning/index.ts";
import type { Category } from "../../sim/index.ts";
import type { GroundOutput, MemoryCandidate, RawInteraction } from "../index.ts";
import { guessCategory, isCategory } from "./categories.ts";

function describe(category: Category | null, instruction: string): string {
  return category ? `a ${category} (from: "${instruction}")` : `the object meant by: "${instruction}"`;
}

export function groundNone(instruction: string): GroundOutput {
  const category = guessCategory(instruction);
  return {
    objectId: null,
    category,
    description: describe(category, instruction),
    reason: category
      ? `no memory; category ${category} guessed from the instruction's words`
      : "no memory; no category named or implied",
    hints: [],
    likelyRooms: [],
  };
}

function bestStatement(c: MemoryCandidate) {
  return [...c.statements].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || b.timestamp - a.timestamp)[0];
}

export function groundPolar(instruction: string, candidates: MemoryCandidate[]): GroundOutput {
  if (candidates.length === 0)
    return { ...groundNone(instruction), reason: "no memory retrieved; guessed from the instruction" };
  // Memory's ranking already weighs time: a statement a later one superseded ranks at half, and
  // an exclusive context moved with the later statement. Re-deciding "newest wins" here on word
  // overlap overrode compositional matches (two objects that share one context, only one of which
  // has the others), so the top candidate stands.
  const chosen = [...candidates].sort((a, b) => b.score - a.score)[0];
  const category = isCategory(chosen.category) ? chosen.category : guessCategory(instruction);
  const episodes = [...chosen.episodic].sort((a, b) => b.timestamp - a.timestamp);
  return {
    objectId: chosen.objectId,
    category,
    description: describe(category, instruction),
    reason: `top retrieved candidate (score ${chosen.score.toFixed(3)}): "${bestStatement(chosen)?.text ?? ""}"`,
    hints: episodes.slice(0, 3).map((e) => e.text),
    likelyRooms: unique(episodes.filter((e) => e.success).flatMap((e) => roomsFoundIn(e.text))),
  };
}

export function groundRaw(instruction: string, interactions: RawInteraction[]): GroundOutput {
  // words and the everyday concepts they name, so "the cold months" meets "…in the winter"
  const query = wordSet(glossed(instruction));
  const guessed = guessCategory(instruction);
  let best: { r: RawInteraction; score: number } | null = null;
  for (const r of interactions) {
    const words = wordSet(glossed(`${r.instruction} ${r.trajectory}`));
    const score = coverage(query, words) + (guessed && r.category === guessed ? 1 : 0);
    if (score > 0 && (!best || score > best.score || (score === best.score && r.timestamp > best.r.timestamp))) {
      best = { r, score };
    }
  }
  if (!best) return { ...groundNone(instruction), reason: "no prior interaction shares words with the instruction" };
  const { r } = best;
  const category = isCategory(r.category) ? r.category : guessed;
  return {
    objectId: r.objectId ?? null,
    category,
    description: describe(category, instruction),
    reason: `prior interaction ${r.episodeId} overlaps most with the instruction: "${r.instruction}"`,
    hints: [r.trajectory],
    likelyRooms: roomsFoundIn(r.trajectory),
  };
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
