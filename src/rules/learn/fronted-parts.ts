/**
 * Parts said before a sentence's first request that are no part of the requests after it: a reason
 * or a call that says no when, where or how long, and a relative clause set off after a statement.
 * Read by clauses-in.ts when it gives each request its parts.
 */
import {
  findTimes,
  GLOBAL,
  LASTING,
  NOT_TASK_LOCAL,
  SCENE,
  TASK_LOCAL,
  WHEN_WORD,
  Words,
  withoutPresence,
} from "../../language/index.ts";
import { type ReadCtx, re } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** A part of a sentence as clauses-in.ts classifies it (its Seg, by shape: no import back to it). */
type Seg = Span & { kind: string };

/**
 * A part that is neither act nor marker and says no time, no word of when, no place, no room and
 * nothing of how long: a reason told or a call ("ela", "the day is hectic"). One holding a one-off
 * ("today is mad") is one only beside an act said to last.
 */
function saysNothingOfWhen(rc: ReadCtx, s: Seg, lasts: boolean): boolean {
  if (s.kind !== "none") return false;
  const text = new Words(rc.tokens, s.a, s.b).text;
  if (findTimes(text).length || WHEN_WORD.test(text) || roomsIn(rc.tokens, s.a, s.b, rc.house).length) return false;
  // "the plumber is here": who is present is told, no place the rule holds
  if ([SCENE, GLOBAL, LASTING, NOT_TASK_LOCAL].some((x) => re(x).test(withoutPresence(text)))) return false;
  return lasts || !re(TASK_LOCAL).test(text);
}

/** Relative pronouns that open a clause about the noun said just before them. */
const RELATIVE = new Set(["which", "who", "whom", "whose"]);

/**
 * "the gate has fresh varnish on it, which will have set by Friday, so …": a relative clause set
 * off after a statement says more of what the statement names; it tells why, never when the act
 * holds. Hours in it stay (they may be the act's: "…, which is from 1 to 3").
 */
function relativeAside(rc: ReadCtx, s: Seg, mine: readonly Seg[]): boolean {
  if (s.kind !== "none" || !RELATIVE.has(rc.tokens[s.a].w) || rc.tokens[s.a - 1]?.w !== ",") return false;
  const prev = mine.filter((x) => x.b <= s.a).at(-1);
  return prev?.kind === "none" && !findTimes(new Words(rc.tokens, s.a, s.b).text).length;
}

/** The parts before a sentence's first act that are the acts' own (a relative clause after a statement left out). */
export function frontedParts(rc: ReadCtx, mine: readonly Seg[], first: Span): Seg[] {
  return mine.filter((s) => s.b <= first.a && (s.kind === "mod" || s.kind === "none") && !relativeAside(rc, s, mine));
}

/**
 * "the day is hectic, so skip the den, and keep replies short", "oh, …": a part before the first act
 * that says no when, where or how long (a reason, a call) is the first act's; an act after another
 * takes nothing of it, nor the words between (one holding a one-off, "today is mad", stays with
 * every act but one that says it lasts: "always …"). `k`: the act's place in its sentence.
 */
export function frontedFor(rc: ReadCtx, fronted: readonly Seg[], act: Span, k: number): readonly Seg[] {
  if (k === 0) return fronted;
  const lasts = re(LASTING).test(new Words(rc.tokens, act.a, act.b).text);
  return fronted.filter((s) => !saysNothingOfWhen(rc, s, lasts));
}
