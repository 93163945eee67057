/**
 * A ban said with its verb of going left out: "never inside", "you, never in there", "not
 * inside, ever" — the negation and a particle of being inside, and nothing after them but the end
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
/** Particles of being inside, said alone ("inside") or with a pronoun for the place ("in there"). */
const INSIDE = new Set(["inside", "in"]);
/** Words that may close the clause after the particle without adding to it. */
const CLOSING = new Set(["ever", "please", "again", "pls"]);
/** Who is told: the robot named before the negation ("you, never inside"). */
const ROBOT = new Set(["you", "u", "robot"]);
/** Marks after which a clause opens. */
const OPENS = new Set([".", "!", "?", ";", ",", ":", "-", "—"]);
const ENDS = new Set([".", "!", "?", ";", ",", "-", "—"]);

/** Whether the negation at `k` opens its clause, the robot (and a comma) before it allowed. */
function opens(tokens: readonly Token[], k: number): boolean {
  let j = k - 1;
  if (tokens[j]?.w === ",") j--;
  if (ROBOT.has(tokens[j]?.w ?? "")) j -= tokens[j - 1]?.w === "the" ? 2 : 1;
  return j < 0 || OPENS.has(tokens[j].w);
}

/** How many tokens from `k` say the particle ("inside", "in there"), when only the clause's end follows; else 0. */
function particleAt(tokens: readonly Token[], k: number): number {
  const w = tokens[k]?.w ?? "";
  if (!INSIDE.has(w)) return 0;
  const n = w === "in" ? (tokens[k + 1]?.w === "there" ? 2 : 0) : 1;
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
    if (!NEGATION.has(tokens[k].w) || tokens[k].quoted || !opens(tokens, k) || !particleAt(tokens, k + 1)) continue;
    if (!oneRoomBefore(k)) continue;
    out.push({ w: "go", start: tokens[k + 1].start, end: tokens[k + 1].end });
  }
  return out;
}
