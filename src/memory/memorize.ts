/**
 * Memorization after an episode (paper §3.2.1): the backbone turns the episode into semantic
 * statements and an episodic summary; statements are embedded; the object is found by id, else
 * by a visually similar reference image, else created; a statement close enough to one the user
 * already has links to it instead of duplicating it. All of it is written in one transaction.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { CallRecord, MemorizeInput, MemorizeOutput, Policy } from "../mllm/policy.ts";
import type { MemoryConfig } from "./config.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { dot } from "./embedders/embedder.ts";
import { hammingDistance, imageHash } from "./image-hash.ts";
import type { EpisodeWrite, MemoryEvent, MemoryStore } from "./store.ts";

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
  /** statement texts as written, and what each became */
  statements: { text: string; outcome: "created" | "linked" | "duplicate-in-episode"; statementId: string }[];
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

async function resolveObject(
  store: MemoryStore,
  userId: string,
  input: MemorizeInput,
  hash: string | null,
  threshold: number,
): Promise<EpisodeWrite["object"]> {
  if (input.objectId && (await store.getObject(userId, input.objectId))) {
    return { id: input.objectId, category: input.category, matchedBy: "id", detail: "" };
  }
  if (hash) {
    const seen = (await store.listImageHashes(userId))
      .map((h) => ({ ...h, distance: hammingDistance(hash, h.hash) }))
      .filter((h) => h.distance <= threshold)
      .sort((a, b) => a.distance - b.distance || b.at - a.at);
    for (const h of seen) {
      // The hash sees shape, not colour: never merge objects of different categories.
      const obj = await store.getObject(userId, h.objectId);
      if (!obj) continue;
      if (input.category && obj.category && obj.category !== input.category) continue;
      // Two instances that both carry their own ids are two objects, however alike they look:
      // the hash sees shape, and same-category distractors often differ only in colour.
      if (input.objectId && !isUnnamedObjectId(obj.objectId)) continue;
      const from = input.objectId ? ` (episode named it ${input.objectId})` : "";
      return {
        id: obj.objectId,
        category: input.category,
        matchedBy: "image",
        detail: `reference image hash distance ${h.distance} to ${h.imageId}${from}`,
      };
    }
  }
  return {
    id: input.objectId ?? `${UNNAMED_PREFIX}${randomUUID()}`,
    category: input.category,
    matchedBy: "new",
    detail: "",
  };
}

const UNNAMED_PREFIX = "object-";

/** Objects first seen without an instance id get a generated one; a later id may claim them by image. */
function isUnnamedObjectId(id: string): boolean {
  return id.startsWith(UNNAMED_PREFIX);
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
  const texts = cleanStatements(parsed.data.statements);
  const hash = input.referenceImage ? await imageHash(input.referenceImage.data) : null;
  const object = await resolveObject(store, userId, input, hash, opts.config.imageHashThreshold);
  const vectors = texts.length ? await embedder.embed(texts) : [];

  const statements: EpisodeWrite["statements"] = [];
  const report: MemorizeResult["statements"] = [];
  const fresh: { id: string; vector: Float32Array }[] = [];
  for (const [i, text] of texts.entries()) {
    const v = vectors[i];
    const twin = fresh.find((f) => dot(f.vector, v) >= opts.config.dedupThreshold);
    if (twin) {
      report.push({ text, outcome: "duplicate-in-episode", statementId: twin.id });
      continue;
    }
    const [nearest] = await store.searchStatements(userId, v, 1);
    if (nearest && nearest.similarity >= opts.config.dedupThreshold) {
      statements.push({ kind: "link", id: nearest.statement.id, mergedText: text, similarity: nearest.similarity });
      report.push({ text, outcome: "linked", statementId: nearest.statement.id });
      continue;
    }
    const id = `st-${randomUUID()}`;
    statements.push({ kind: "new", id, text, embedding: v });
    fresh.push({ id, vector: v });
    report.push({ text, outcome: "created", statementId: id });
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
    episodic: { id: `epi-${randomUUID()}`, text: parsed.data.episodic },
  };
  const events = await store.writeEpisode(userId, write);
  return { objectId: object.id, matchedBy: object.matchedBy, statements: report, events, calls: decision.calls };
}
