/** Grounding prompts, one per memory mode (paper §3.2.2 for polar, §4 baselines for none/raw). */
import type { ChatMessage, ContentPart } from "../chat-model.ts";
import type { GroundInput } from "../policy.ts";
import { formatTime, imagePart, quote } from "./format.ts";

const SYSTEM =
  "You are the memory module of a household robot that fetches personal objects for one user. " +
  "The user's instruction may refer to an object only implicitly (by its history, owner, or use). " +
  "Work out which object is meant and what the robot should look for. " +
  "Categories: backpack, bag, ball, book, camera, cellphone, eyeglasses, hat, headphones, keys, laptop, mug, " +
  "shoes, teddy bear, toy, visor, wallet, watch.";

function memoryText(input: GroundInput): { text: string; rule: string } {
  if (input.mode === "polar") {
    const candidates = input.candidates ?? [];
    if (candidates.length === 0) return { text: "Retrieved memory: none.", rule: "objectId must be null." };
    const blocks = candidates.map((c, i) => {
      const lines = [
        `[${i + 1}] object ${c.objectId}${c.category ? ` (${c.category})` : ""}, retrieval score ${c.score.toFixed(3)}`,
      ];
      for (const s of c.statements) lines.push(`  statement (${formatTime(s.timestamp)}): ${quote(s.text)}`);
      for (const x of c.instructions)
        lines.push(`  past instruction (${formatTime(x.timestamp)}, episode ${x.episodeId}): ${quote(x.text)}`);
      for (const e of c.episodic) {
        lines.push(
          `  episode memory (${formatTime(e.timestamp)}, ${e.success ? "succeeded" : "failed"}): ${quote(e.text)}`,
        );
      }
      return lines.join("\n");
    });
    return {
      text: `Candidate objects retrieved from memory, best match first:\n${blocks.join("\n")}`,
      rule:
        "Pick the candidate the instruction means. When memories conflict (the same context now points to another " +
        "object, or the object's context changed), the latest valid interaction wins: trust the newest timestamp. " +
        "Take hints and likelyRooms from the chosen object's episode memories.",
    };
  }
  if (input.mode === "raw") {
    const raw = input.rawInteractions ?? [];
    if (raw.length === 0) return { text: "Prior interactions: none.", rule: "objectId must be null." };
    const lines = raw.map(
      (r) =>
        `- episode ${r.episodeId} (${formatTime(r.timestamp)}): instruction ${quote(r.instruction)}; ` +
        `target ${r.objectId ?? "unknown"}${r.category ? ` (${r.category})` : ""}; trajectory: ${r.trajectory}`,
    );
    return {
      text: `Prior interactions with this user, oldest first:\n${lines.join("\n")}`,
      rule: "Pick the target of the interaction the instruction refers to; when interactions conflict, the latest valid one wins.",
    };
  }
  return {
    text: "There is no memory of prior interactions.",
    rule: "objectId must be null; infer the category from the instruction alone.",
  };
}

export function groundMessages(input: GroundInput): ChatMessage[] {
  const { text, rule } = memoryText(input);
  const parts: ContentPart[] = [
    { type: "text", text: `Instruction: ${quote(input.instruction)}\n\n${text}\n\n${rule}` },
  ];
  for (const c of input.candidateImages ?? []) {
    parts.push({ type: "text", text: `The user's photo of object ${c.objectId}:` }, imagePart(c.image));
  }
  for (const c of input.interactionImages ?? []) {
    parts.push({ type: "text", text: `The photo the user showed in episode ${c.episodeId}:` }, imagePart(c.image));
  }
  if (input.referenceImage) {
    parts.push({ type: "text", text: "Reference image of the target:" }, imagePart(input.referenceImage));
  }
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: parts },
  ];
}
