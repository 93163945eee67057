/**
 * Grounding by memory mode: which remembered instance the request means.
 *  - none:  the instruction (and, for an explicit request, the user's photo) alone: no-prior;
 *  - raw:   plus the prior interactions the harness sampled for this baseline, as they
 *           happened: the instruction, the trajectory as text, the photo the user showed;
 *  - polar: plus the memory graph's top-k candidates for the instruction, with the user's
 *           photos of each, so a backbone that takes images can compare looks.
 * An explicit request names its object: grounding then keeps the user's name for it.
 */
import type { GroundInput, GroundOutput, MemoryCandidate, RawInteraction } from "../mllm/index.ts";
import type { Image } from "../sim/index.ts";
import type { MemoryAccess } from "./memory-access.ts";
import { loadReferenceImage } from "./reference-image.ts";
import type { Task } from "./task.ts";

export interface Retrieved {
  candidates: MemoryCandidate[];
  raw: RawInteraction[];
  /** the first readable photo of each candidate (polar) or interaction's object (raw) that has one, by object id */
  images: Map<string, Image>;
}

/** What memory this mode hands to grounding (reads only this user's memory, nothing after the task's time). */
export async function recall(task: Task, memory: MemoryAccess): Promise<Retrieved> {
  if (memory.mode === "polar") {
    const found = await memory.polar!.retrieve(task.userId, task.instruction, memory.topK, task.timestamp);
    const candidates = found.filter((c) => c.userId === task.userId);
    return { candidates, raw: [], images: await candidatePhotos(candidates) };
  }
  if (memory.mode === "raw") {
    const raw = (memory.rawSample ?? []).filter((r) => r.timestamp < task.timestamp);
    return { candidates: [], raw, images: await interactionPhotos(raw) };
  }
  return { candidates: [], raw: [], images: new Map() };
}

/** A photo that has gone missing is not worth failing the episode over: that candidate goes without. */
async function candidatePhotos(candidates: readonly MemoryCandidate[]): Promise<Map<string, Image>> {
  const out = new Map<string, Image>();
  for (const c of candidates) {
    for (const ref of c.referenceImages ?? []) {
      const img = await loadReferenceImage(ref.path).catch(() => null);
      if (img) {
        out.set(c.objectId, img);
        break;
      }
    }
  }
  return out;
}

/** The photo each sampled interaction's object was shown with, newest first; an unreadable one is skipped. */
async function interactionPhotos(raw: readonly RawInteraction[]): Promise<Map<string, Image>> {
  const out = new Map<string, Image>();
  for (const r of [...raw].sort((a, b) => b.timestamp - a.timestamp)) {
    if (!r.objectId || !r.imagePath || out.has(r.objectId)) continue;
    const img = await loadReferenceImage(r.imagePath).catch(() => null);
    if (img) out.set(r.objectId, img);
  }
  return out;
}

export function groundInput(task: Task, mode: MemoryAccess["mode"], r: Retrieved): GroundInput {
  const input: GroundInput = { instruction: task.instruction, mode, sceneId: task.sceneId };
  if (mode === "polar") {
    input.candidates = r.candidates;
    const images = r.candidates.flatMap((c) => {
      const image = r.images.get(c.objectId);
      return image ? [{ objectId: c.objectId, image }] : [];
    });
    if (images.length) input.candidateImages = images;
  }
  if (mode === "raw") {
    input.rawInteractions = r.raw;
    const images = r.raw.flatMap((x) => {
      const image = x.objectId ? r.images.get(x.objectId) : undefined;
      return image ? [{ episodeId: x.episodeId, image }] : [];
    });
    if (images.length) input.interactionImages = images;
  }
  if (task.referent?.image) input.referenceImage = task.referent.image;
  return input;
}

/** The user named the object of an explicit request: their name and category stand. */
export function withReferent(task: Task, g: GroundOutput): GroundOutput {
  const ref = task.referent;
  if (!ref) return g;
  return {
    ...g,
    objectId: ref.objectId,
    category: ref.category ?? g.category,
    reason: `the user showed it (${ref.objectId}); ${g.reason}`,
  };
}

/** The photo to recognise the grounded object by: the user's own for an explicit request, else memory's. */
export function targetPhoto(task: Task, g: GroundOutput, r: Retrieved): Image | undefined {
  if (task.referent?.image) return task.referent.image;
  return g.objectId !== null ? r.images.get(g.objectId) : undefined;
}
