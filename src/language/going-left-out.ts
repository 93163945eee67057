/**
 * A ban said with its verb of going left out: "never inside", "you, never in there", "not
 * inside, ever", "go round it, not through" — the negation and a particle of being inside, and nothing after them but the end
 * of the clause (or "ever", "please", "again"). It is said in the words the learner reads as the
 * ban ("never go inside"), before the words are read, so the room it is said of is found as for
 * that ban. Only where the negation opens its clause (the robot may be named before it): "the cat
 * is never inside" tells, and is left as typed; and only where the words before it name exactly one
 * room of the house: said of none, or of two, which room is meant is left to be asked.
 *
 * The token put in takes the span of the particle it stands before, so quotes stay the user's own.
 */
import { namedIn } from "./rooms.ts";
import type { Token } from "./tokens.ts";

const NEGATION = new Set(["never", "not"]);
/** Particles of being inside or going through, said alone ("inside") or with a pronoun for the place ("in there", "through it"). */
const INSIDE = new Set(["inside", "in", "through"]);
/** Words that may close the clause after the particle without adding to it. */
const CLOSING = new Set(["ever", "please", "again", "pls"]);
/** Who is told: the robot named before the negation ("you, never inside"). */
const ROBOT = new Set(["you", "u", "robot"]);
/** Marks after which a clause opens. */
const OPENS = new Set([".", "!", "?", ";", ",", ":", "-", "—"]);
const SENTENCE_END = new Set([".", "!", "?", ";", ":"]);
const ENDS = new Set([".", "!", "?", ";", ",", "-", "—"]);

/** Whether the negation at `k` opens its clause, the robot (and a comma) before it allowed. */
function opens(tokens: readonly Token[], k: number): boolean {
  let j = k - 1;
  if (tokens[j]?.w === ",") j--;
  if (ROBOT.has(tokens[j]?.w ?? "")) j -= tokens[j - 1]?.w === "the" ? 2 : 1;
  return j < 0 || OPENS.has(tokens[j].w);
}

/** Words of going round a place, which "not through" after them is said against. */
const ROUND = new Set(["around", "round"]);
/** Words an imperative of going round opens with. */
const IMPERATIVE_OPEN = new Set(["go", "walk", "drive", "head", "roll", "please", "pls", "always", "just", "kindly"]);

/**
 * "go around the den, not through", "round the pantry please, never through it": after a comma, a
 * negated "through" set against going round in its own sentence is the way through that room.
 */
function contrastsRound(tokens: readonly Token[], k: number): boolean {
  if (tokens[k - 1]?.w !== "," || tokens[k + 1]?.w !== "through") return false;
  let start = k - 1;
  while (start > 0 && !SENTENCE_END.has(tokens[start - 1].w)) start--;
  const before = tokens.slice(start, k).map((t) => t.w);
  // told to the robot: named ("I'd rather you go round …") or an imperative ("go round …"), never
  // a statement of someone else ("the cat goes round the den, not through")
  const told = before.some((w) => ROBOT.has(w)) || IMPERATIVE_OPEN.has(before[0] ?? "");
  return told && before.some((w) => ROUND.has(w));
}

/** How many tokens from `k` say the particle ("inside", "in there"), when only the clause's end follows; else 0. */
function particleAt(tokens: readonly Token[], k: number): number {
  const w = tokens[k]?.w ?? "";
  if (!INSIDE.has(w)) return 0;
  // "never through it", "not through": the way through a room ("go around the den, not through")
  const pointed = tokens[k + 1]?.w === "there" || (w === "through" && tokens[k + 1]?.w === "it");
  const n = w === "in" ? (pointed ? 2 : 0) : pointed ? 2 : 1;
  if (!n) return 0;
  let j = k + n;
  if (tokens[j]?.w === ",") j++;
  while (CLOSING.has(tokens[j]?.w ?? "")) j++;
  return j >= tokens.length || ENDS.has(tokens[j].w) ? n : 0;
}

/** The tokens with every verbless "never inside" said as "never go inside" (see the module comment). */
export function withGoingLeftOut(tokens: readonly Token[], house: readonly string[]): Token[] {
  const out: Token[] = [];
  const oneRoomBefore = (k: number) => {
    const text = tokens
      .slice(0, k)
      .map((t) => t.w)
      .join(" ");
    return house.filter((room) => namedIn(text, room)).length === 1;
  };
  for (let k = 0; k < tokens.length; k++) {
    out.push(tokens[k]);
    if (!NEGATION.has(tokens[k].w) || tokens[k].quoted || !particleAt(tokens, k + 1)) continue;
    if (!opens(tokens, k) && !contrastsRound(tokens, k)) continue;
    if (!oneRoomBefore(k)) continue;
    out.push({ w: "go", start: tokens[k + 1].start, end: tokens[k + 1].end });
  }
  return out;
}
