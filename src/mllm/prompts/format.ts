/** Small text helpers shared by the prompt builders. */

import type { Image } from "../../sim/index.ts";
import type { ImagePart } from "../chat-model.ts";

/** Epoch milliseconds read as dates; small numbers are taken as logical clock ticks. */
export function formatTime(t: number): string {
  return t > 1e11 ? new Date(t).toISOString().replace(".000Z", "Z") : `t=${t}`;
}

/** A prompt takes bytes: a raw in-process view is encoded first (encodedImage, src/sim/image-bytes.ts). */
export function imagePart(image: Image): ImagePart {
  if (image.format === "rgb") throw new Error(`view ${image.view}: raw pixels reached a prompt; encode it first`);
  return { type: "image", data: image.data, mediaType: image.format === "png" ? "image/png" : "image/jpeg" };
}

export const quote = (s: string) => JSON.stringify(s);

/** Why the user's rules are framed so: a rule learned earlier must not override what the user asks now. */
export const RULES_PRECEDENCE = "The current instruction takes precedence over learned rules.";

/**
 * The user's standing rules as a prompt block, verbatim, one a line; undefined when there are
 * none, so a prompt without rules is exactly what it was before rules existed.
 */
export function guidanceBlock(guidance: readonly string[] | undefined): string | undefined {
  const rules = (guidance ?? []).map((g) => g.trim()).filter(Boolean);
  if (rules.length === 0) return undefined;
  return `User's standing rules (${RULES_PRECEDENCE})\n${rules.map((r) => `- ${r}`).join("\n")}`;
}
