/**
 * A bare "no" that closes a clause after a comma refuses the act the clause opens with: "but
 * wait there, no", "to keep sitting in the hall, no", "you park by the door, no". It is read so
 * only when the clause opens with that act, said to the robot in the present: after at most a
 * joining word, "just", "to", or "you" (with "keep" or "stay" before a verb of stopping). A
 * "no" that answers a question ("can you stop there? no"), or closes a report ("you stood
 * there, no") or a statement about someone else ("she waits there, no"), refuses nothing.
 *
 * Sign-language gloss and clipped notes put the negation last with no comma at all ("WAIT NO.",
 * "YOU GO IN NEVER."): a clause that is only the act, a word of place after it at most, and a
 * closing "no" or "never" refuses that act the same way.
 */
import { ENTER, STOP } from "./act-words.ts";
import { toldInPast } from "./tense.ts";

/** A verb of the robot's going in or stopping, at the start of the words. */
const ROBOT_ACT = new RegExp(`^(?:${STOP}|${ENTER})\\b`);

/** Words a refused clause may open with before its act. */
const OPENER = new Set(["but", "and", "so", "just", "only", "to", "you", "then", "also"]);
/** Verbs that keep up the act after them ("stay standing", "keep waiting"): part of the act. */
const KEEPING = new Set(["stay", "keep", "remain"]);
/** Politeness or emphasis after the refusal: it is still a bare refusal. */
const AFTER_NO = new Set(["please", "thanks", "thank", "sorry", "ok", "okay", "!", "."]);

/**
 * The index (into `words`, one sentence's or clause's normalised tokens, punctuation included)
 * of the verb of going in or stopping a closing ", no" refuses, or undefined when it refuses none.
 */
export function refusedByClosingNo(words: readonly string[]): number | undefined {
  if (words.includes("?")) return undefined;
  let end = words.length;
  while (end > 0 && AFTER_NO.has(words[end - 1])) end--;
  if (end >= 2 && words[end - 2] !== ",") return glossRefusal(words, end);
  if (end < 3 || words[end - 1] !== "no" || words[end - 2] !== ",") return undefined;
  let k = 0;
  while (k < end - 2 && OPENER.has(words[k])) k++;
  // "the hall, you may pass, but wait there, no": the refused act's clause starts after the last comma before it
  const comma = words.lastIndexOf(",", end - 3);
  if (comma >= 0) {
    k = comma + 1;
    while (k < end - 2 && OPENER.has(words[k])) k++;
  }
  if (KEEPING.has(words[k]) && k + 1 < end - 2) k++;
  if (k >= end - 2 || toldInPast([words[k]])) return undefined;
  return ROBOT_ACT.test(words.slice(k, end - 2).join(" ")) ? k : undefined;
}

/** The words after a comma are a bare "no" and what may close it ("no", "no please"). */
export function bareNo(words: readonly string[]): boolean {
  return words[0] === "no" && words.slice(1).every((w) => AFTER_NO.has(w));
}

/** Words of place a glossed act may carry before its closing negation ("park there no"). */
const GLOSS_PLACE = new Set(["there", "here", "in", "inside", "into", "it"]);

/** "wait no", "you enter never", "park there no": a clause of the act and its closing negation alone. */
function glossRefusal(words: readonly string[], end: number): number | undefined {
  if (words[end - 1] !== "no" && words[end - 1] !== "never") return undefined;
  let k = 0;
  while (k < end - 1 && OPENER.has(words[k])) k++;
  if (KEEPING.has(words[k]) && k + 1 < end - 1) k++;
  const act = words.slice(k, end - 1);
  if (!act.length || act.length > 3 || toldInPast([act[0]])) return undefined;
  const m = ROBOT_ACT.exec(act.join(" "));
  if (!m) return undefined;
  const rest = act.join(" ").slice(m[0].length).trim().split(" ").filter(Boolean);
  return rest.every((w) => GLOSS_PLACE.has(w)) ? k : undefined;
}
