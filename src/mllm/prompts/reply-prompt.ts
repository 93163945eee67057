/**
 * The reply prompt: what the robot tells the user at the end of an episode, written from what
 * it believes happened, keeping to the user's standing rules; on a revision, the previous reply
 * and every violation found in it, so one answer fixes them all. No images: the reply is about
 * the outcome, which is already in words.
 */
import type { ChatMessage } from "../chat-model.ts";
import type { ReplyInput, ReplyRequirement } from "../policy.ts";
import { guidanceBlock, quote } from "./format.ts";

const SYSTEM =
  "You are a household robot speaking to its user at the end of a task. In `text`, tell the user what you found " +
  "and where, or that you did not find it, where you searched and why you stopped. Say only what the outcome " +
  "below states; do not invent rooms or objects. Be brief and plain unless the user's rules ask otherwise. When " +
  "a rule asks for a format (for example JSON), `text` holds exactly that format.";

/** A requirement in words, for the model; the rule's own text is shown next to it. */
export function requirementText(r: ReplyRequirement): string {
  switch (r.kind) {
    case "max_words":
      return `at most ${r.maxWords} words`;
    case "mention":
      return `must contain ${quote(r.text)}`;
    case "json":
      return r.fields.length
        ? `must be one JSON object with the keys ${r.fields.map(quote).join(", ")}`
        : "must be one JSON object";
    case "avoid_text":
      return `must not contain ${quote(r.text)}`;
  }
}

function outcomeText(o: ReplyInput["outcome"]): string {
  const lines = [
    o.stopped
      ? `You stopped where you believe the target is${o.certain === false ? ", without being sure it is the right object" : ""}.`
      : "You did not find the target.",
    `Target: ${o.description || "unknown"}.`,
    `Room you believe you found it in: ${o.stopped && o.foundRoom ? o.foundRoom : "none"}.`,
    `Rooms searched, in order: ${o.roomsSearched.join(", ") || "none"}.`,
    `Steps taken: ${o.steps}; steps left: ${o.stepsLeft}.`,
  ];
  if (o.note?.trim()) lines.push(`Note: ${o.note.trim()}`);
  if (o.byRules?.keptOut.length)
    lines.push(`The user's rules kept you out of: ${o.byRules.keptOut.join(", ")} (say so).`);
  if (o.byRules?.notStoppedIn.length)
    lines.push(`The user's rules kept you from stopping in: ${o.byRules.notStoppedIn.join(", ")} (say so).`);
  return lines.join("\n");
}

export function replyMessages(input: ReplyInput): ChatMessage[] {
  const blocks: (string | undefined)[] = [
    `Instruction: ${quote(input.instruction)}`,
    `What you believe happened:\n${outcomeText(input.outcome)}`,
    guidanceBlock(input.guidance),
  ];
  const r = input.revision;
  if (r) {
    const violations = r.violations.map(
      (v) =>
        `- rule: ${v.rule}; problem: ${v.reason}${v.requirement ? `; requirement: ${requirementText(v.requirement)}` : ""}`,
    );
    blocks.push(
      `Your previous reply: ${quote(r.previous)}`,
      `It broke these rules. Write a revised reply that fixes all of them at once and keeps what was right:\n${violations.join("\n")}`,
    );
  }
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: blocks.filter((b) => b !== undefined).join("\n\n") },
  ];
}
