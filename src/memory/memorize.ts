/**
 * Memorization after an episode (paper §3.2.1): the backbone turns the episode into semantic
 * statements and an episodic summary; statements are embedded; the object is found by id, else
 * by a visually similar reference image, else created; a statement close enough to one the user
 * already has links to it instead of duplicating it. All of it is written in one transaction.
 *
 * Temporal updates: "the latest valid interaction wins" is decided here, once, for whatever
 * backbone wrote the statements (heuristic or model), from the statements' own words
 * (statement-kind.ts): a statement of a kind an object holds one value of (giver, occasion, owner,
 * place, preference) supersedes O's earlier statements of that kind, however differently they
 * were worded; an object has many routines and seasons at once, so a new one adds to them, and
 * only one said as a change supersedes, and only the fact it changes (the closest in value of
 * the object's usage facts; none when the same message already took the old fact back); for an
 * exclusive kind (routine, preference),
 * or a statement worded as a change ("instead", "these days"), the same value held by another
 * object moves here; a statement that takes a fact back ("no longer …") supersedes the facts it
 * names and is not stored. Superseding marks the old edges with this episode's time (the store
 * keeps them, and the history says why), so retrieval at an earlier time still sees them.
 *
 * Facts about someone else ("Rex is the user's neighbour's dog") hang off the user, not the
 * object: stored on the object, they matched queries about that someone and outranked objects'
 * own statements. Retrieval follows them as bridges instead (retrieve.ts).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { categoryNamed, contentWords, glossed, insteadOf, namedAlike, namesOf, wordSet } from "../language/index.ts";
import type { CallRecord, MemorizeInput, MemorizeOutput, Policy } from "../mllm/index.ts";
import { encodedImage, PINNED_CATEGORIES } from "../sim/index.ts";
import { carriedRoles } from "./carried-role.ts";
import type { MemoryConfig } from "./config.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { dot } from "./embedders/embedder.ts";
import { endedBy, usageHeld } from "./ended-role.ts";
import { imageHash } from "./image-hash.ts";
import { resolveObject } from "./resolve-object.ts";
import { retractedElsewhere } from "./retracted-elsewhere.ts";
import {
  carryReferentChange,
  EXCLUSIVE_KINDS,
  namesPartOf,
  readStatement,
  type StatementInfo,
  valueOverlap,
  valueWords,
} from "./statement-kind.ts";
import type { EpisodeWrite, MemoryEvent, MemoryStore, ObjectMemory } from "./store.ts";

/** Two statements of one kind name the same value when their value words overlap this much… */
const SAME_VALUE_WORDS = 0.5;
/** …or when their embeddings are this close (paraphrases that share no content word). */
const SAME_VALUE_SIMILARITY = 0.85;
/**
 * A value said as a change ("now", "from now on") of a kind one object holds at a time moves from
 * another object when the two statements are this close with their objects named alike: the
 * paraphrase of a moved context ("likes it best of all" → "it is the user's favourite") shares
 * few words, and the object's own name makes same-category statements look closer than they are.
 */
const MOVED_VALUE_SIMILARITY = 0.62;
/** How many nearest statements are checked for a value held by another object. */
const MOVE_SEARCH = 20;
/** Usage-like kinds a statement worded as a change replaces one another within ("instead"). */
const USAGE = new Set(["routine", "place", "season"]);
/** Kinds an object holds many values of at once: a new one adds, only a change replaces. */
const MANY_VALUED = new Set(["routine", "season"]);

export const MemorizeOutputSchema = z.strictObject({
  statements: z.array(z.string()).max(50),
  episodic: z.string().trim().min(1, "the episodic summary is empty"),
});

export interface MemorizeOptions {
  /** episode time (ms): every edge written gets it */
  at: number;
  config: Pick<MemoryConfig, "dedupThreshold" | "imageHashThreshold">;
  /** where the reference image was saved, if it was */
  referenceImagePath?: string;
}

export interface MemorizeResult {
  objectId: string;
  matchedBy: "new" | "id" | "image";
  /**
   * statement texts as written, and what each became; a retraction ("no longer …") stores
   * nothing (statementId ""), it only supersedes; "carried": a fact this episode took off another
   * object, written on this one (carried-role.ts)
   */
  statements: {
    text: string;
    outcome: "created" | "linked" | "duplicate-in-episode" | "retracted" | "carried";
    statementId: string;
    /** "user": a fact about the user or another entity, tied to no object */
    about: "object" | "user";
    kind: StatementInfo["kind"];
  }[];
  /** edges this episode superseded: statement, the object it was on (null: the user), why */
  superseded: { statementId: string; objectId: string | null; reason: string }[];
  events: MemoryEvent[];
  calls: CallRecord[];
}

/** Trims, drops empties and exact repeats (case-insensitive), keeps order. */
export function cleanStatements(statements: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of statements) {
    const t = s.trim().replace(/\s+/g, " ");
    const key = t.toLowerCase().replace(/[.!]+$/, "");
    if (!t || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

/** "the user's other mug (the striped one) got a chip": a fact about another of the user's objects. */
function isAside(text: string): boolean {
  return /^(?:the user's|their) other\b/i.test(text.trim());
}

export async function memorizeEpisode(
  store: MemoryStore,
  embedder: Embedder,
  policy: Pick<Policy, "memorize">,
  input: MemorizeInput,
  opts: MemorizeOptions,
): Promise<MemorizeResult> {
  const userId = input.userId;
  const decision = await policy.memorize(input);
  const parsed = MemorizeOutputSchema.safeParse(decision.value satisfies MemorizeOutput);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new Error(`memorize output of backbone at ${i.path.join(".") || "(top)"}: ${i.message}`);
  }
  const raw = cleanStatements(parsed.data.statements);
  // an episode is about its object: when no statement names it, what the user said of someone
  // ("my son plays football on Saturdays") is what the object is for, kept on it, never nothing
  const read = raw.map((t) => readStatement(t, input.category));
  const onObject = read.some((i) => i.about === "object");
  const infos = carryReferentChange(
    read.map((i) => (onObject || isAside(i.text) ? i : { ...i, about: "object" as const })),
  );
  const hash = input.referenceImage ? await imageHash((await encodedImage(input.referenceImage)).data) : null;
  const object = await resolveObject(store, userId, input, hash, opts.config.imageHashThreshold);
  const vectors = infos.length ? await embedder.embed(infos.map((i) => glossed(i.text))) : [];

  const statements: EpisodeWrite["statements"] = [];
  const report: MemorizeResult["statements"] = [];
  const fresh: { id: string; vector: Float32Array; about: "object" | "user" }[] = [];
  const facts: { info: StatementInfo; id: string; vector: Float32Array }[] = [];
  const retractions: { info: StatementInfo; vector: Float32Array }[] = [];
  for (const [i, info] of infos.entries()) {
    const text = raw[i];
    const v = vectors[i];
    const about = info.about === "entity" ? "user" : "object";
    // taking back a fact of the user's other object retracts nothing here: it is kept about the user
    if (info.retracts && info.about !== "entity") {
      retractions.push({ info, vector: v });
      report.push({ text, outcome: "retracted", statementId: "", about, kind: info.kind });
      continue;
    }
    const twin = fresh.find((f) => f.about === about && dot(f.vector, v) >= opts.config.dedupThreshold);
    if (twin) {
      report.push({ text, outcome: "duplicate-in-episode", statementId: twin.id, about, kind: info.kind });
      continue;
    }
    const [nearest] = await store.searchStatements(userId, v, 1);
    if (nearest && nearest.similarity >= opts.config.dedupThreshold) {
      // a fact about the object never merges into a fact about someone else, nor the reverse
      const links = await store.statementLinks(userId, [nearest.statement.id]);
      const nearestAbout = links.some((l) => l.objectId !== null) ? "object" : "user";
      if (nearestAbout === about) {
        const id = nearest.statement.id;
        statements.push({ kind: "link", id, mergedText: text, similarity: nearest.similarity, about });
        report.push({ text, outcome: "linked", statementId: id, about, kind: info.kind });
        facts.push({ info, id, vector: v });
        continue;
      }
    }
    const id = `st-${randomUUID()}`;
    statements.push({ kind: "new", id, text: info.text, embedding: v, about });
    fresh.push({ id, vector: v, about });
    report.push({ text, outcome: "created", statementId: id, about, kind: info.kind });
    facts.push({ info, id, vector: v });
  }
  const invalidate = await supersessions(store, embedder, userId, object, opts.at, facts, retractions);
  const said = facts.map((f) => f.vector);
  const carried = await carriedRoles(store, embedder, userId, object, invalidate, said, opts.config.dedupThreshold);
  for (const c of carried) {
    statements.push(
      c.id === c.from
        ? { kind: "link", id: c.id, mergedText: c.text, similarity: 1, about: "object" }
        : { kind: "new", id: c.id, text: c.text, embedding: c.embedding, about: "object" },
    );
    report.push({
      text: c.text,
      outcome: "carried",
      statementId: c.id,
      about: "object",
      kind: readStatement(c.text, object.category).kind,
    });
  }

  const write: EpisodeWrite = {
    episode: {
      id: input.episodeId,
      at: opts.at,
      instruction: input.instruction,
      success: input.trajectory.success,
      trajectory: input.trajectory.text,
    },
    object,
    instructionId: `ins-${randomUUID()}`,
    referenceImage: hash ? { id: `img-${randomUUID()}`, hash, path: opts.referenceImagePath ?? null } : null,
    statements,
    invalidate,
    episodic: { id: `epi-${randomUUID()}`, text: parsed.data.episodic },
  };
  const events = await store.writeEpisode(userId, write);
  return {
    objectId: object.id,
    matchedBy: object.matchedBy,
    statements: report,
    superseded: invalidate.map((i) => ({ statementId: i.id, objectId: i.objectId, reason: i.reason })),
    events,
    calls: decision.calls,
  };
}

type Invalidation = NonNullable<EpisodeWrite["invalidate"]>[number];

/** Another object's fact a change may move, and how close it is. */
type Candidate = { statementId: string; objectId: string; similarity: number } | null;

/** `next` when it qualifies and is closer than `best`, else `best`. */
function closer(best: Candidate, next: NonNullable<Candidate>, qualifies: boolean): Candidate {
  return qualifies && next.similarity > (best?.similarity ?? Number.NEGATIVE_INFINITY) ? next : best;
}

/** "the user brings this hat hiking" → "the user brings it hiking": the object named alike, change markers off. */
export function objectNeutral(text: string): string {
  return namedAlike(text, PINNED_CATEGORIES);
}

/** Words of a description that say it is not this object but one the user had before, or another. */
const FORMER = new Set(["old", "other", "previous", "former"]);
/** Words of a description that tell no object apart ("the old one", "the other mug"). */
const NOT_TELLING = new Set([
  "old",
  "other",
  "previous",
  "former",
  "first",
  "last",
  "one",
  "ones",
  "pair",
  "set",
  "usual",
]);

/**
 * The one other object of the user's that a description names ("striped mug": the mug whose
 * statements or instructions say striped; "my old key": the user's one other keys, when they
 * have exactly one), or null when none or several do: when unsure, no object is changed.
 */
async function replacedObject(
  store: MemoryStore,
  userId: string,
  object: EpisodeWrite["object"],
  description: string,
): Promise<ObjectMemory | null> {
  // "the yellow dotted ball" names an object of its own category; "the striped one", of this one's
  const said = categoryNamed(description);
  const category = said ?? object.category;
  const names = category ? namesOf(category) : new Set<string>();
  const words = contentWords(description);
  const telling = words.filter((w) => !names.has(w) && !NOT_TELLING.has(w));
  // "my old key", "the previous one": a word of before or other says only that it is not this one
  if (telling.length === 0 && !words.some((w) => FORMER.has(w))) return null;
  const others = (await store.objectMemories(userId)).filter(
    (m) =>
      m.object.objectId !== object.id &&
      (category === null || m.object.category === null || m.object.category === category),
  );
  if (telling.length === 0) return others.length === 1 && category !== null ? others[0] : null;
  const named = others.filter((m) => {
    const words = wordSet([...m.statements.map((s) => s.text), ...m.instructions.map((i) => i.text)].join(" "));
    return telling.every((w) => words.has(w));
  });
  if (named.length <= 1) return named[0] ?? null;
  // several: words said of an object only to tell it from another ("the leather one, not the
  // canvas one"; "… instead of the canvas backpack") describe that other one, not it
  const own = named.filter((m) => {
    const said = [
      ...m.statements.map((s) => insteadOf(s.text).text),
      ...m.instructions.map((i) => i.text.replace(CONTRASTED, " ")),
    ];
    const words = wordSet(said.join(" "));
    return telling.every((w) => words.has(w));
  });
  return own.length === 1 ? own[0] : null;
}

/** A contrasted description in a request: "not the canvas one", "rather than the big mug". */
const CONTRASTED = /\b(?:not|instead of|rather than)\s+(?:the|my|our|that|this|those|these|a|an)\s+[^,.;:!?]*/giu;

/**
 * The facts of `from` that a change of referent takes over: its statements of the new fact's
 * kind that held at `at` (see closestFacts). A fact of no kind takes nothing over.
 */
async function changedFacts(
  embedder: Embedder,
  from: ObjectMemory,
  fact: StatementInfo,
  at: number,
  category: string | null,
): Promise<string[]> {
  if (fact.kind === null) return [];
  // a fact of no kind said of the old object ("for the market") is the one changed when it names the change's value
  const changes = (s: { text: string }) => {
    const read = readStatement(s.text, category);
    return read.kind === fact.kind || (read.kind === null && valueOverlap(read.value, fact.value) > 0);
  };
  const held = from.statements.filter((s) => s.at <= at && s.invalidAt === null && changes(s));
  return closestFacts(embedder, fact, held);
}

/**
 * The facts a change of referent takes off the object the user's words describe, with that
 * object's id: the one it changes (changedFacts), or, when the words say that object broke or was
 * lost, everything it was used for (it ends with the object).
 */
async function fromReplaced(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  object: EpisodeWrite["object"],
  facts: readonly { info: StatementInfo }[],
  fact: StatementInfo,
  at: number,
): Promise<[string, string][]> {
  if (fact.replaces === null) return [];
  const from = await replacedObject(store, userId, object, fact.replaces);
  if (!from) return [];
  const ids = endedBy(facts, fact.replaces)
    ? usageHeld(from, at, object.category)
    : await changedFacts(embedder, from, fact, at, object.category);
  return ids.map((id) => [id, from.object.objectId]);
}

/**
 * Of `held`, the facts a change in `fact` replaces: those close to it with both objects named
 * alike, else the closest one (a change replaces one fact, not every fact of its kind).
 */
async function closestFacts(
  embedder: Embedder,
  fact: StatementInfo,
  held: readonly { id: string; text: string }[],
): Promise<string[]> {
  if (held.length === 0) return [];
  if (held.length === 1) return [held[0].id];
  const [mine, ...theirs] = await embedder.embed([objectNeutral(fact.text), ...held.map((s) => objectNeutral(s.text))]);
  const scored = held.map((s, i) => ({ id: s.id, similarity: dot(mine, theirs[i]) }));
  const close = scored.filter((s) => s.similarity >= MOVED_VALUE_SIMILARITY).map((s) => s.id);
  return close.length ? close : [scored.reduce((a, b) => (b.similarity > a.similarity ? b : a)).id];
}

/**
 * The edges this episode's statements supersede (see the header). Only edges that held at `at`
 * and were made before it; never an edge to a statement this episode itself states.
 */
async function supersessions(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  object: EpisodeWrite["object"],
  at: number,
  facts: { info: StatementInfo; id: string; vector: Float32Array }[],
  retractions: { info: StatementInfo; vector: Float32Array }[],
): Promise<Invalidation[]> {
  const out = new Map<string, Invalidation>();
  const stated = new Set(facts.map((f) => f.id));
  const add = (id: string, objectId: string, reason: string) => {
    const key = `${id}\u0000${objectId}`;
    // what this episode states about its own object holds; the same node elsewhere may move
    if ((objectId === object.id && stated.has(id)) || out.has(key)) return;
    out.set(key, { id, objectId, reason });
  };
  const holds = (l: { at: number; invalidAt: number | null }) => l.at <= at && l.invalidAt === null;
  const category = object.category;

  // what the object held when this episode began
  const own =
    object.matchedBy === "new"
      ? []
      : ((await store.objectMemories(userId, [object.id]))[0]?.statements ?? []).filter(holds);
  const ownInfo = new Map(own.map((s) => [s.id, readStatement(s.text, category)]));

  for (const f of facts) {
    if (f.info.about === "entity" || f.info.kind === null) continue;
    const k = f.info.kind;
    const sameKind = (other: StatementInfo) =>
      other.kind === k || (f.info.update && other.kind !== null && USAGE.has(k) && USAGE.has(other.kind));
    // 1. a later statement of a one-valued kind about the same object replaces the earlier one;
    // a routine or season adds to the object's others unless said as a change, and then replaces
    // only the fact it changes (a role that moved here from another object changes nothing else
    // of this one's; a change whose old fact the message took back replaces nothing more)
    const mine = own.filter((s) => {
      const other = ownInfo.get(s.id);
      return other !== undefined && other.about === "object" && other.kind !== null;
    });
    if (!MANY_VALUED.has(k)) {
      for (const s of mine) {
        if (ownInfo.get(s.id)?.kind === k) add(s.id, object.id, `by "${f.info.text}" (same object, ${k})`);
      }
    }
    if (USAGE.has(k) && f.info.update && f.info.replaces === null && retractions.length === 0) {
      const usage = mine.filter((s) => sameKind(ownInfo.get(s.id) as StatementInfo));
      for (const id of await closestFacts(embedder, f.info, usage)) {
        add(id, object.id, `by "${f.info.text}" (same object, changed ${k})`);
      }
    }
    // 1b. a change of referent: the fact moves from the object the user's words describe
    for (const [id, from] of await fromReplaced(store, embedder, userId, object, facts, f.info, at)) {
      add(id, from, `by "${f.info.text}" on ${object.id} (instead of the ${f.info.replaces})`);
    }
    // 2. an exclusive value (or one said as a change) moves here from any other object
    if (!EXCLUSIVE_KINDS.includes(k) && !f.info.update) continue;
    const near = await store.searchStatements(userId, f.vector, MOVE_SEARCH);
    const similar = new Map(near.map((h) => [h.statement.id, h]));
    const links = await store.statementLinks(userId, [...new Set([f.id, ...similar.keys()])]);
    // said as a change of an exclusive kind: compare values with the objects named alike
    const moved = new Map<string, number>();
    if (f.info.update && EXCLUSIVE_KINDS.includes(k) && near.length) {
      const [mine, ...theirs] = await embedder.embed([
        objectNeutral(f.info.text),
        ...near.map((h) => objectNeutral(h.statement.text)),
      ]);
      for (const [i, h] of near.entries()) moved.set(h.statement.id, dot(mine, theirs[i]));
    }
    const why = EXCLUSIVE_KINDS.includes(k) ? `${k} is one object's at a time` : "said as a change";
    // a paraphrase of the value (close only with the objects named alike) is weaker evidence: one
    // value moves from one object, so only the closest such fact moves, and none beside a sure one
    let paraphrase: Candidate = null;
    // a change naming part of a held value ("… is for running now" of "… for running on
    // Tuesdays") moves that fact too, but as weak evidence: only the nearest such one
    let within: Candidate = null;
    let sure = false;
    for (const l of links) {
      if (l.objectId === null || l.objectId === object.id || !holds(l)) continue;
      const h = similar.get(l.statementId);
      const kindFits = h !== undefined && sameKind(readStatement(h.statement.text, null));
      const same =
        l.statementId === f.id ||
        (h !== undefined &&
          kindFits &&
          (valueOverlap(f.info.value, valueWords(h.statement.text, category)) >= SAME_VALUE_WORDS ||
            h.similarity >= SAME_VALUE_SIMILARITY));
      if (same) {
        sure = true;
        add(l.statementId, l.objectId, `by "${f.info.text}" on ${object.id} (moved: ${why})`);
        continue;
      }
      const close = kindFits ? (moved.get(l.statementId) ?? 0) : 0;
      const at = { statementId: l.statementId, objectId: l.objectId };
      paraphrase = closer(paraphrase, { ...at, similarity: close }, close >= MOVED_VALUE_SIMILARITY);
      const partly = kindFits && namesPartOf(f.info, h?.statement, category);
      within = closer(within, { ...at, similarity: h?.similarity ?? 0 }, partly);
    }
    const weak = paraphrase ?? within;
    if (weak && !sure) add(weak.statementId, weak.objectId, `by "${f.info.text}" on ${object.id} (moved: ${why})`);
  }
  // 3b. "no longer … on the laptop", said of the object shown: the facts it names of the laptop
  for (const r of retractions) for (const i of await retractedElsewhere(store, userId, object, r.info, at)) add(...i);
  // 3. "no longer …": the object's facts that name the same thing stop holding
  for (const r of retractions) {
    const near = new Map((await store.searchStatements(userId, r.vector, MOVE_SEARCH)).map((h) => [h.statement.id, h]));
    for (const [id, other] of ownInfo) {
      const overlap = valueOverlap(r.info.value, other.value);
      if (overlap >= SAME_VALUE_WORDS || (near.get(id)?.similarity ?? 0) >= SAME_VALUE_SIMILARITY) {
        add(id, object.id, `(retracted: "${r.info.text}")`);
      }
    }
  }
  return [...out.values()];
}
