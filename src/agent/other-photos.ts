/**
 * The photos the robot holds of the user's other objects of the grounded object's category: the
 * mug a routine used to belong to, the other pair of shoes. Seen in the house, one of those looks
 * more like its own photo than like the photo of the one sought, and is then not taken for it.
 * Each memory mode gives what it holds itself: the graph every object of the user it has a photo
 * of by then; the raw baseline the photos of its own sampled interactions. Nothing comes from the
 * harness's answer key.
 */
import type { GroundOutput } from "../mllm/index.ts";
import type { Image } from "../sim/index.ts";
import type { Retrieved } from "./grounding.ts";
import type { MemoryAccess } from "./memory-access.ts";
import { loadReferenceImage } from "./reference-image.ts";
import type { Task } from "./task.ts";

/** The photos of the user's other objects of `target`'s category; none without a photo of the target itself. */
export async function otherPhotos(
  task: Task,
  memory: MemoryAccess,
  target: GroundOutput,
  retrieved: Retrieved,
  photo: Image | undefined,
): Promise<Image[]> {
  const category = target.category;
  if (!photo || category === null) return [];
  const others: Image[] = [];
  if (memory.mode === "polar" && memory.polar?.photosOf) {
    for (const p of await memory.polar.photosOf(task.userId, category, task.timestamp)) {
      if (p.objectId === target.objectId) continue;
      // a photo that has gone missing is not worth failing the episode over
      const image = await loadReferenceImage(p.path).catch(() => null);
      if (image) others.push(image);
    }
  }
  if (memory.mode === "raw") {
    const ids = new Set(
      retrieved.raw.filter((r) => r.category === category && r.objectId && r.objectId !== target.objectId),
    );
    for (const r of ids) {
      const image = retrieved.images.get(r.objectId as string);
      if (image && !others.includes(image)) others.push(image);
    }
  }
  // the same picture under another object (the user showed one photo for two) tells nothing apart
  return others.filter((o) => !o.data.equals(photo.data));
}
