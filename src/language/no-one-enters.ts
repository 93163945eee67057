/**
 * A clause saying no one may enter a room ("nobody in the den after nine", "no one is allowed
 * into the loft", "nobody may enter the shed", "nobody wants you in the study") bans the room for
 * the robot too: the robot is one of "anyone". The learner already reads the plain shape
 * "nobody goes in …" as that ban; the other shapes are said in its words here, before the words
 * are read, so one reader serves them all:
 * - the verb left out: "nobody in the den", "no one inside the loft";
 * - a permission or a modal: "no one is allowed/permitted (to go) in", "nobody may/can/should go in",
 *   "no one may enter", "nobody is to set foot in";
 * - a wish of no one's: "nobody wants/needs you in".
 * Said with an exception ("… except you", "… but the robot"), the robot may be the one let in: the
 * clause is left as typed, and what it asks stays unread (a question, not a ban).
 *
 * The tokens put in take the span of the words they stand for, so quotes stay the user's own.
 */
import type { Token } from "./tokens.ts";

/** The subject no one: "nobody", "noone", and "no one" / "no-one" (two tokens). */
const NOBODY = new Set(["nobody", "noone"]);
/** Prepositions of being inside a room. */
const INSIDE = new Set(["in", "into", "inside"]);
/** Copulas and modals that, with a permission or a verb of going after them, say who may enter. */
const MAY = new Set(["may", "can", "could", "should", "must", "shall", "will"]);
const COPULA = new Set(["is", "are", "'s"]);
const ALLOWED = new Set(["allowed", "permitted", "let"]);
/** Verbs of going in that take the room after "in"; "enter" takes it straight after. */
const GO = new Set(["go", "come", "be", "walk", "step"]);
/** A wish of no one's that the robot be in a room. */
const WANT = new Set(["wants", "needs"]);
const ROBOT = new Set(["you", "u", "robots"]);
/** Words that make an exception to "no one": the robot may be it. */
const EXCEPT = new Set(["except", "but", "besides", "apart", "other", "save", "excluding", "unless"]);
const SENTENCE_END = new Set([".", "!", "?", ";"]);

/** How many tokens from `k` say "no one"; 0 when they do not. */
function nobodyAt(tokens: readonly Token[], k: number): number {
  if (NOBODY.has(tokens[k].w)) return 1;
  return tokens[k].w === "no" && tokens[k + 1]?.w === "one" ? 2 : 0;
}

/** Words after which a clause opens. */
const CLAUSE_OPEN = new Set([".", "!", "?", ";", ",", ":", "-", "so", "then", "and", "ok", "okay", "please"]);

/** Whether the subject before token `k` (whose words end at `k - 1`) opens its clause. */
function opensClause(tokens: readonly Token[], k: number): boolean {
  let j = k - 1;
  while (j >= 0 && (tokens[j].w === "one" || tokens[j].w === "no" || NOBODY.has(tokens[j].w))) j--;
  if (j < 0) return true;
  // "and" opens a clause only after a comma: "… and nobody in there answered" runs on a report
  return CLAUSE_OPEN.has(tokens[j].w) && (tokens[j].w !== "and" || tokens[j - 1]?.w === ",");
}

/** Whether the sentence from `k` makes an exception to "no one". */
function excepts(tokens: readonly Token[], k: number): boolean {
  for (let j = k; j < tokens.length && !SENTENCE_END.has(tokens[j].w); j++) if (EXCEPT.has(tokens[j].w)) return true;
  return false;
}

/**
 * After the subject at `k` (its words `n`): how many tokens say the entering and what they are
 * said as ("goes" before the "in" kept, or "goes into" for a verb that takes the room straight after).
 */
function entering(tokens: readonly Token[], k: number): { used: number; said: string[] } | undefined {
  const w = (j: number) => tokens[k + j]?.w ?? "";
  // the verb left out only where "no one" opens its clause: "… and nobody in there answered" reports
  if (INSIDE.has(w(0))) return opensClause(tokens, k - 1) ? { used: 0, said: ["goes"] } : undefined;
  let j = 0;
  if (MAY.has(w(0))) j = 1;
  else if (COPULA.has(w(0)) && ALLOWED.has(w(1))) j = 2;
  else if (COPULA.has(w(0)) && w(1) === "to") j = 2;
  else if (WANT.has(w(0)) && ROBOT.has(w(1)) && INSIDE.has(w(2))) return { used: 2, said: ["goes"] };
  else if (WANT.has(w(0)) && w(1) === "the" && w(2) === "robot" && INSIDE.has(w(3))) return { used: 3, said: ["goes"] };
  else return undefined;
  if (j === 2 && ALLOWED.has(w(1)) && INSIDE.has(w(2))) return { used: 2, said: ["goes"] };
  if (j === 2 && ALLOWED.has(w(1)) && w(2) === "to") j = 3;
  if (GO.has(w(j)) && INSIDE.has(w(j + 1))) return { used: j + 1, said: ["goes"] };
  if (w(j) === "enter") return { used: j + 1, said: ["goes", "into"] };
  if (w(j) === "set" && w(j + 1) === "foot" && INSIDE.has(w(j + 2))) return { used: j + 2, said: ["goes"] };
  return undefined;
}

/** The tokens with every "no one may enter" shape said as "nobody goes in" (see the module comment). */
export function withNoOneEntering(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const n = nobodyAt(tokens, k);
    const e = n ? entering(tokens, k + n) : undefined;
    if (!e || excepts(tokens, k + n)) {
      out.push(tokens[k]);
      continue;
    }
    const subject = tokens[k];
    const last = tokens[k + n - 1];
    out.push({ w: "nobody", start: subject.start, end: last.end });
    const span = e.used ? { start: tokens[k + n].start, end: tokens[k + n + e.used - 1].end } : last;
    for (const w of e.said) out.push({ w, start: span.start, end: span.end });
    k += n + e.used - 1;
  }
  return out;
}

/** Words after an exception word that lead to whom it lets in: "apart from you", "other than the robot". */
const EXCEPT_LINK = new Set(["from", "than", "for", "of"]);
/** Who the robot is, after an exception word. */
const THE_ROBOT = new Set(["you", "u", "yourself", "robot", "robots"]);

/**
 * Whether a "no one" in `text` is excepted for the robot ("nobody goes in the study except you",
 * "no one but the robot enters the loft", "apart from you, nobody in the den"): the robot is the
 * one let in, so the sentence bans nothing it may do. `text` is one clause or sentence.
 */
export function robotExceptedFromNoOne(tokens: readonly Token[]): boolean {
  const nobody = tokens.some((_, k) => nobodyAt(tokens, k) > 0);
  if (!nobody) return false;
  for (let k = 0; k < tokens.length; k++) {
    if (!EXCEPT.has(tokens[k].w) || tokens[k].w === "unless") continue;
    let j = k + 1;
    while (j < tokens.length && (EXCEPT_LINK.has(tokens[j].w) || tokens[j].w === "the" || tokens[j].w === "this")) j++;
    if (THE_ROBOT.has(tokens[j]?.w ?? "")) return true;
  }
  return false;
}
