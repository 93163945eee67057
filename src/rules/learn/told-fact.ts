/**
 * A part after an act that tells, never says when the act holds: a statement with a subject of its
 * own ("the dog gets in when the door is open"), what asks nothing, hours named after the act's
 * own, and a person's own fact ("never enter the pantry in the evenings, i bake at night"): a
 * part that opens with a person (a pronoun, never the robot) and their verb, a statement saying
 * nothing of the robot, is the act's reason, so a time in it is no second window. Beside an act
 * with no hours before it, hours a person's fact tells may be the act's ("keep out of the den, she
 * naps from 1 to 3"), and it is read with the act as before.
 */
import {
  ASKS_NOTHING,
  findTimes,
  NAMES_HOURS_SAID,
  opensWithSubject,
  personTells,
  Words,
} from "../../language/index.ts";
import type { ReadCtx } from "./clause.ts";
import type { Span } from "./segments.ts";

type Part = Span & { kind: string };

/** Whether part `s` after `act` tells (its sentence opening at `from`): it is the act's reason, no part of when. */
export function toldAfter(rc: ReadCtx, act: Span, from: number, s: Part): boolean {
  const text = new Words(rc.tokens, s.a, s.b).text;
  const namesHours = NAMES_HOURS_SAID.test(text) && findTimes(new Words(rc.tokens, act.a, s.a).text).length > 0;
  if (s.kind === "none" && (ASKS_NOTHING.test(text) || opensWithSubject(text) || namesHours)) return true;
  return factAfter(rc, from, s, text);
}

/** A person's own fact in part `s`, with hours before it in its sentence (from `from`) or none in it. */
function factAfter(rc: ReadCtx, from: number, s: Part, text: string): boolean {
  if ((s.kind !== "none" && s.kind !== "mod") || !personTells(text)) return false;
  return !findTimes(text).length || findTimes(new Words(rc.tokens, from, s.a).text).length > 0;
}
