/**
 * Heuristic grounding, one function per memory mode. polar: the top retrieved candidate (memory's
 * ranking already lets the latest valid interaction win). raw: the prior interaction sharing most words with the
 * instruction, newest on ties. none: only a category guessed from the instruction.
 */

import { categoriesNamed, conceptCoverage, conceptsIn, describedPart, glossed } from "../../language/index.ts";
import { roomsFoundIn } from "../../planning/index.ts";
import type { Category } from "../../sim/index.ts";
import type { GroundOutput, MemoryCandidate, RawInteraction } from "../index.ts";
import { guessCategory, isCategory } from "./categories.ts";
import { coverage, wordSet } from "./text.ts";

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
  return [...valid(c)].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || b.timestamp - a.timestamp)[0];
}

/** The object's statements that still hold at the request. */
const valid = (c: MemoryCandidate) => c.statements.filter((s) => !s.superseded);

/** The comparative step over near-tied objects: coverage of the request, then the newest word, then score. */
function compared(instruction: string, close: MemoryCandidate[]): MemoryCandidate {
  const described = describedPart(instruction);
  const concepts = conceptsIn(described);
  const words = wordSet(glossed(described));
  const judged = close.map((c) => {
    const texts = valid(c).map((s) => s.text);
    return {
      c,
      covers: conceptCoverage(concepts, texts) + coverage(words, wordSet(glossed(texts.join(" ")))),
      newest: Math.max(0, ...valid(c).map((s) => s.timestamp)),
    };
  });
  // the best-scored object keeps its place unless another covers clearly more of the request:
  // word and concept coverage is cruder than retrieval's own per-part scores, so it only
  // overturns them when the difference is plain
  const top = judged[0];
  const better = judged.filter((j) => j.covers >= top.covers + CLEARLY_MORE);
  if (better.length === 0) return top.c;
  better.sort((a, b) => b.covers - a.covers || b.newest - a.newest || b.c.score - a.c.score);
  return better[0].c;
}

/**
 * Candidates whose scores are within this of the best are a near tie: retrieval scores differ by
 * a few hundredths on wording alone, so the comparative step decides, not the first by a hair.
 */
const NEAR_TIE = 0.05;
/** How much more of the request a near-tied object's valid statements must cover to overturn the order. */
const CLEARLY_MORE = 0.25;

/**
 * Grounding by object. The request's named category is a constraint (a request for "my specs"
 * is never answered by a book) when memory holds an object of it. The best-scored object wins
 * unless others are within NEAR_TIE; then they are compared on all of their statements that
 * still hold (superseded ones do not count): one whose statements cover clearly more of what
 * the request describes takes the place of the best-scored (the newest word among equals).
 */
export function groundPolar(instruction: string, candidates: MemoryCandidate[]): GroundOutput {
  if (candidates.length === 0)
    return { ...groundNone(instruction), reason: "no memory retrieved; guessed from the instruction" };
  const named = categoriesNamed(describedPart(instruction)).find((c) => candidates.some((x) => x.category === c));
  const pool = named ? candidates.filter((c) => c.category === named) : candidates;
  const ranked = [...pool].sort((a, b) => b.score - a.score);
  const close = ranked.filter((c) => ranked[0].score - c.score <= NEAR_TIE);
  const chosen = close.length > 1 ? compared(instruction, close) : ranked[0];
  const category = isCategory(chosen.category) ? chosen.category : guessCategory(instruction);
  const episodes = [...chosen.episodic].sort((a, b) => b.timestamp - a.timestamp);
  return {
    objectId: chosen.objectId,
    category,
    description: describe(category, instruction),
    reason: `${close.length > 1 ? `compared ${close.length} near-tied candidates on their valid statements; chose` : "top retrieved candidate"}${named ? ` of the named category ${named}` : ""} (score ${chosen.score.toFixed(3)}): "${bestStatement(chosen)?.text ?? ""}"`,
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
