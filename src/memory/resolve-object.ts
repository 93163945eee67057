/**
 * Which stored object an episode is about: the one with its id, else one whose reference image
 * hashes close to this episode's (same category, and never two instances that both carry ids),
 * else a new one.
 */
import { randomUUID } from "node:crypto";
import type { MemorizeInput } from "../mllm/index.ts";
import { hammingDistance } from "./image-hash.ts";
import type { EpisodeWrite, MemoryStore } from "./store.ts";

const UNNAMED_PREFIX = "object-";

/** Objects first seen without an instance id get a generated one; a later id may claim them by image. */
function isUnnamedObjectId(id: string): boolean {
  return id.startsWith(UNNAMED_PREFIX);
}

export async function resolveObject(
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
