/** Small text helpers shared by the prompt builders. */

import type { Image } from "../../sim/simulator.ts";
import type { ImagePart } from "../chat-model.ts";

/** Epoch milliseconds read as dates; small numbers are taken as logical clock ticks. */
export function formatTime(t: number): string {
  return t > 1e11 ? new Date(t).toISOString().replace(".000Z", "Z") : `t=${t}`;
}

export function imagePart(image: Image): ImagePart {
  return { type: "image", data: image.data, mediaType: image.format === "png" ? "image/png" : "image/jpeg" };
}

export const quote = (s: string) => JSON.stringify(s);
