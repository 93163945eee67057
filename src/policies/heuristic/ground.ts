/**
 * Heuristic grounding, one function per memory mode. polar: by object (groundPolar: the named
 * category as a constraint, retrieval's ranking, a comparative step on near ties). raw: the prior interaction sharing most words with the
 * instruction, newest on ties. none: only a category guessed from the instruction.
 */

import {
  capitalisedNamesIn,
  conceptsIn,
  coverage,
  describedPart,
  descriptiveClauses,
  glossed,
  looksNamed,
  looksOfInstance,
  namesApart,
  namesOf,
  onlyLooks,
  roomsFoundIn,
  type SaidSize,
  saidSize,
  saysChange,
  valueWithin,
  valueWords,
  wordSet,
  wornCategories,
} from "../../language/index.ts";
import type { GroundOutput, MemoryCandidate, RawInteraction } from "../../mllm/index.ts";
import type { Category } from "../../sim/index.ts";
import { callsIt, guessCategory, isCategory, namedCategories } from "./categories.ts";
import { episodeRooms } from "./episodic-rooms.ts";
import { withoutParted } from "./parted-with.ts";
import { FACETS, NEAR_TIE, RECENT_SHARE } from "./thresholds.ts";

/**
 * The size the user gave the object, in the request or when they asked for it before; sizes
 * that disagree (said of a different object, or changed) give none.
 */
function sizeSaid(category: Category | null, texts: string[]): { size?: SaidSize } {
  if (!category) return {};
  const names = [...namesOf(category)];
  const said = texts.map((t) => saidSize(t, names)).filter((s) => s !== null);
  const sizes = new Set(said.map((s) => s.is));
  if (sizes.size !== 1) return {};
  return { size: { is: said[0].is, contrasted: said.some((s) => s.contrasted) } };
}

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
    ...sizeSaid(category, [instruction]),
  };
}

function bestStatement(c: MemoryCandidate) {
  return [...c.statements].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || b.timestamp - a.timestamp)[0];
}

/**
 * A candidate is named by the request's category when it is of it, or the user calls it so ("my
 * commute bag", said of a backpack). A statement that names the candidate's own category apart
 * from it speaks of two things ("moved to the red rucksack, the old handbag retired"): the
 * other name is the other object's.
 */
function fitsNamedCategory(c: MemoryCandidate, named: Category): boolean {
  const own = isCategory(c.category) ? c.category : null;
  return (
    c.category === named ||
    c.statements.some((s) => !s.superseded && callsIt(s.text, named) && !(own && namesApart(s.text, own, named)))
  );
}

/**
 * A request that names no category but says its object is worn ("what do I put on my feet",
 * "what do I wear for …") asks for one of the categories worn so: the candidates of them, none
 * when memory retrieved none (then the ranking stands).
 */
function wornFitting(instruction: string, ranked: MemoryCandidate[]): MemoryCandidate[] {
  const worn = wornCategories(describedPart(instruction));
  return worn ? ranked.filter((c) => c.category !== undefined && worn.includes(c.category)) : [];
}

/** How many of the request's parts the candidate's valid statements cover (summed word coverage, each part at its best statement). */
function partCoverage(parts: Set<string>[], c: MemoryCandidate): number {
  const held = c.statements.filter((s) => !s.superseded).map((s) => wordSet(glossed(s.text)));
  return parts.reduce((sum, p) => sum + Math.max(0, ...held.map((h) => coverage(p, h))), 0);
}

/** When the statements that led retrieval to the candidate were told: the newest of them still valid. */
function toldAt(c: MemoryCandidate): number {
  return Math.max(
    -Infinity,
    ...c.statements.filter((s) => s.score !== undefined && !s.superseded).map((s) => s.timestamp),
  );
}

/** The values the statements that led retrieval to the candidate name (what it is for, when, where). */
function ledValues(c: MemoryCandidate, categories: string[]): Set<string>[] {
  return c.statements.filter((s) => s.score !== undefined && !s.superseded).map((s) => valueWords(s.text, categories));
}

/** Two candidates hold the same role: a statement that led to one names the value of one that led to the other (valueWithin). */
function sameRole(a: MemoryCandidate, b: MemoryCandidate): boolean {
  const cats = [a.category, b.category].filter((c) => c !== undefined);
  const vb = ledValues(b, cats);
  return ledValues(a, cats).some((x) => vb.some((y) => valueWithin(x, y) || valueWithin(y, x)));
}

/**
 * The later candidate's memory speaks of the other object: a statement of its own that is not
 * only its looks names the other's category, when that is another, or names an instance of it by
 * a colour, pattern or material the other's statements say ("the brass one's bent", "the
 * laptop's speaker is useless"): the user told what took over from it in the same breath.
 */
function speaksOf(later: MemoryCandidate, other: MemoryCandidate): boolean {
  const own = later.statements.filter((s) => !s.superseded && !onlyLooks(s.text)).map((s) => s.text);
  const looks = new Set(other.statements.flatMap((s) => [...looksNamed(s.text)]));
  const names = other.category ? namesOf(other.category) : new Set<string>();
  const another = other.category !== undefined && other.category !== later.category;
  return own.some(
    (t) =>
      [...looksOfInstance(t, names)].some((w) => looks.has(w)) ||
      (another && [...wordSet(t)].some((w) => names.has(w))),
  );
}

/**
 * A request that says what holds since a change ("which coat is mine these days", "…now") asks for
 * whatever took the role last: among the candidates close to the top (RECENT_SHARE of its score)
 * that hold its role or whose memory speaks of it (speaksOf), the one whose matching statements
 * were told last, when that is later than the top's.
 */
function latestHolder(pool: MemoryCandidate[]): MemoryCandidate | null {
  const close = pool.filter(
    (c) => c.score >= RECENT_SHARE * pool[0].score && (c === pool[0] || sameRole(pool[0], c) || speaksOf(c, pool[0])),
  );
  const latest = close.reduce((a, b) => (toldAt(b) > toldAt(a) ? b : a));
  return toldAt(latest) > toldAt(pool[0]) ? latest : null;
}

/** The facts a request names that a small sentence embedder hears little in: its everyday concepts and its names. */
function factsAsked(description: string): { concepts: string[]; names: string[] } {
  return { concepts: conceptsIn(description), names: [...capitalisedNamesIn(description)] };
}

/** The valid statements' concepts and words of each candidate. */
function heldBy(c: MemoryCandidate): { concepts: Set<string>; words: Set<string> } {
  const texts = c.statements.filter((s) => !s.superseded).map((s) => s.text);
  return { concepts: new Set(texts.flatMap(conceptsIn)), words: wordSet(texts.join(" ")) };
}

/**
 * Grounding by the object's coverage of the request's facts: among the candidates scoring at
 * least FACETS.share of the top, the best scored of those whose valid statements hold the most of
 * the facts asked (a concept said in any words, a name spelt the same), when that is more than
 * the top holds. An object matching one fact strongly (the same giver, the same season) no longer
 * beats the one its user said every fact of; the embedder's order decides among those that hold
 * as many.
 */
function byFacts(description: string, pool: MemoryCandidate[]): { c: MemoryCandidate; held: number } | null {
  const asked = factsAsked(description);
  if (asked.concepts.length + asked.names.length === 0) return null;
  const counted = pool
    .filter((c) => c.score >= FACETS.share * pool[0].score)
    .map((c) => {
      const h = heldBy(c);
      const names = asked.names.filter((n) => h.words.has(n)).length;
      return { c, held: asked.concepts.filter((x) => h.concepts.has(x)).length + FACETS.nameWeight * names };
    });
  const most = counted.reduce((a, b) => (b.held > a.held ? b : a));
  return most.held > counted[0].held ? most : null;
}

/**
 * Polar's grounding, by object: an object the request says the user parted with is out
 * (parted-with.ts); the category the request names is a constraint (another
 * category's object is chosen only when memory holds none of the named one); among the rest,
 * retrieval's ranking (which already scores each object on all its valid statements and on
 * every part of a joint request); an object close behind whose valid statements hold more of
 * the facts the request names (its everyday concepts and names: byFacts) goes before one that
 * matches a single fact strongly; and a near tie goes to the object whose valid statements cover
 * more of the request's parts, not to the first by a hair. A request said as a change ("…these
 * days") goes to the candidate of the same role, or one whose memory speaks of the top, told of
 * last (latestHolder): a role that moved
 * is often worded unlike the old fact the request echoes, and the old fact outranks the new; the
 * facts step is left out there, since the old holder holds the same facts.
 */
export function groundPolar(instruction: string, candidates: MemoryCandidate[], sceneId?: string): GroundOutput {
  if (candidates.length === 0)
    return { ...groundNone(instruction), reason: "no memory retrieved; guessed from the instruction" };
  const ranked = withoutParted(instruction, candidates).sort((a, b) => b.score - a.score);
  const named = namedCategories(instruction);
  const fitting = named.length
    ? ranked.filter((c) => named.some((n) => fitsNamedCategory(c, n)))
    : wornFitting(instruction, ranked);
  const pool = fitting.length ? fitting : ranked;
  const tied = pool.filter((c) => pool[0].score - c.score < NEAR_TIE * pool[0].score);
  let chosen = pool[0];
  let how = `top retrieved candidate (score ${chosen.score.toFixed(3)})`;
  const change = saysChange(describedPart(instruction));
  const latest = change ? latestHolder(pool) : null;
  // a request said as a change asks for the role's latest holder, whose facts the old holder shares
  const facts = change ? null : byFacts(describedPart(instruction), pool);
  if (latest && latest !== chosen) {
    chosen = latest;
    how = `the request asks what holds now: the candidate told of last among those within ${RECENT_SHARE} of the top (score ${chosen.score.toFixed(3)})`;
  } else if (facts) {
    chosen = facts.c;
    how = `its statements hold ${facts.held} of the facts the request names, more than the top's (score ${chosen.score.toFixed(3)})`;
  } else if (tied.length > 1) {
    const description = describedPart(instruction);
    const clauses = descriptiveClauses(description);
    const parts = (clauses.length ? clauses : [description]).map((p) => wordSet(glossed(p)));
    const covered = tied.map((c) => ({ c, n: partCoverage(parts, c) }));
    const best = covered.reduce((a, b) => (b.n > a.n ? b : a));
    chosen = best.c;
    how = `near tie of ${tied.length} (scores ${tied.map((c) => c.score.toFixed(3)).join(", ")}), decided by coverage of the request's parts (${best.n.toFixed(2)})`;
  }
  if (fitting.length && fitting.length < ranked.length)
    how += named.length
      ? `; only ${named.join(" or ")} candidates (the request names it)`
      : "; only things worn (the request says it is worn)";
  const category = isCategory(chosen.category) ? chosen.category : guessCategory(instruction);
  const episodes = [...chosen.episodic].sort((a, b) => b.timestamp - a.timestamp);
  const { here, elsewhere } = byScene(episodes, sceneId);
  return {
    objectId: chosen.objectId,
    category,
    description: describe(category, instruction),
    reason: `${how}: "${bestStatement(chosen)?.text ?? ""}"`,
    hints: episodes.slice(0, 3).map((e) => e.text),
    likelyRooms: habitualRooms(elsewhere.filter((e) => e.success).map((e) => roomsFoundIn(e.text))),
    ...(here.length ? { roomsHere: roomsOf(here) } : {}),
    ...sizeSaid(category, [instruction, ...chosen.instructions.map((i) => i.text)]),
  };
}

type Episode = MemoryCandidate["episodic"][number];

/**
 * Episodes whose memory names the rooms of this scene by id, and the rest (another house, or a
 * text that names rooms by label only: those count by label, as before).
 */
function byScene(episodes: Episode[], sceneId: string | undefined) {
  const here: { e: Episode; rooms: NonNullable<ReturnType<typeof episodeRooms>> }[] = [];
  const elsewhere: Episode[] = [];
  for (const e of episodes) {
    const rooms = sceneId ? episodeRooms(e.text) : null;
    if (rooms && rooms.sceneId === sceneId) here.push({ e, rooms });
    else elsewhere.push(e);
  }
  return { here, elsewhere };
}

/** This scene's rooms by id: where it was found (habit first), and rooms searched without it that it never was found in. */
function roomsOf(here: ReturnType<typeof byScene>["here"]): { found: string[]; searched: string[] } {
  const found = habitualRooms(
    here.filter(({ e }) => e.success).map(({ rooms }) => (rooms.foundInRoomId ? [rooms.foundInRoomId] : [])),
  );
  const searched = unique(here.flatMap(({ rooms }) => rooms.roomIdsWithoutTarget)).filter((id) => !found.includes(id));
  return { found, searched };
}

/**
 * Rooms past episodes found the object in, the room it was found in most often first (where it
 * usually is), the more recent first among equals. `found` is newest episode first.
 */
export function habitualRooms(found: string[][]): string[] {
  const times = new Map<string, number>();
  for (const rooms of found) for (const r of unique(rooms)) times.set(r, (times.get(r) ?? 0) + 1);
  const recency = unique(found.flat());
  const rank = new Map(recency.map((r, i) => [r, i]));
  return [...recency].sort(
    (a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
  );
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
    ...sizeSaid(category, [instruction, r.instruction]),
  };
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
