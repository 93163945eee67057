/**
 * Whose act a negation denies. "I never go in there", "we don't use the loft", "I'd never think to
 * look there": a negation whose subject is the speaker tells what the speaker does or would do; it
 * asks nothing of the robot, so it bans no room. Where the robot (or anyone) is named after it, the
 * speaker's negated verb is a wish about the robot ("I don't want you in the den", "we never let
 * you stop there", "I don't want anyone in the loft"), a request, and the negation stays a ban.
 */
import { negatedInPast } from "./tense.ts";

/** The speaker as a subject. */
const SPEAKER = new Set(["i", "we"]);
/** Auxiliaries and adverbs between a subject and its negation ("I would really never", "we do not"). */
const BETWEEN = new Set(
  "do does did will would can could should must might may shall am are just really still honestly usually normally ever".split(
    " ",
  ),
);
/** Only the words of a plain negation: "hate it when you …" names the robot itself. */
const NEGATION = new Set(["not", "never"]);
/** Whoever the robot is among: named after the speaker's negation, the clause is a wish about it. */
const ROBOT_OR_ANYONE = new Set([
  "you",
  "u",
  "ya",
  "yourself",
  "robot",
  "anyone",
  "anybody",
  "someone",
  "somebody",
  "everyone",
  "everybody",
  "nobody",
]);
/** Words before the speaker that make its clause a wish about the robot: "I'd rather we didn't …", "if we never …". */
const WISH_BEFORE = new Set(["rather", "prefer", "if", "wish", "better", "lets", "let", "want", "like", "hope"]);

/**
 * Verbs of the speaker's stance, not habit: negated, they judge or wish ("I didn't like it", "we don't
 * want that", "I don't trust it"), a complaint or a request however the sentence goes on.
 */
const STANCE = new Set(
  "like liked love enjoy enjoyed appreciate want wanted wish need trust approve allow let permit mind care accept".split(
    " ",
  ),
);

/** Where a sentence ends: "we don't go in, and neither should you" names the robot in the same sentence. */
const SENTENCE_END = new Set([".", "!", "?", ";"]);

/** Whether the negation at `k` of the normalised words has the speaker as its subject and its sentence names no one else. */
export function negatedBySpeaker(words: readonly string[], k: number): boolean {
  if (!NEGATION.has(words[k])) return false;
  let m = k - 1;
  while (m >= 0 && BETWEEN.has(words[m])) m--;
  if (!SPEAKER.has(words[m] ?? "")) return false;
  if (words.slice(Math.max(0, m - 4), m).some((w) => WISH_BEFORE.has(w))) return false;
  let v = k + 1;
  while (v < words.length && BETWEEN.has(words[v])) v++;
  if (STANCE.has(words[v] ?? "")) return false;
  for (let j = k + 1; j < words.length && !SENTENCE_END.has(words[j]); j++)
    if (ROBOT_OR_ANYONE.has(words[j])) return false;
  return true;
}

/** A negation that reports and forbids nothing: said in the past of what was done, or of the speaker's own acts. */
export const negationReports = (words: readonly string[], k: number): boolean =>
  negatedInPast(words, k) || negatedBySpeaker(words, k);

/** The words (normalised, one space apart) without the negations of the speaker's own acts: "i think to look there". */
export function withoutSpeakersNegation(text: string): string {
  const ws = text.split(" ");
  return ws.filter((_, k) => !negatedBySpeaker(ws, k)).join(" ");
}

/** Whether the words (normalised, one space apart) deny an act of the speaker's own: "i never look in the shed". */
export const deniesSpeakersOwn = (text: string): boolean => text.split(" ").some((_, k, ws) => negatedBySpeaker(ws, k));
