/**
 * A sentence that names a room's rule and asks nothing it can read ("let's rework the den rule"),
 * (or only asks for a change in words of its own), before a later sentence of the same message
 * acting on that room: it only leads into that act.
 */
import { asksForAChange, sameRoom, talksAboutARule } from "../../language/index.ts";
import type { ReadCtx, Reading } from "./clause.ts";
import { sentenceOf } from "./merge-readings.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** The rooms a reading acts on: a rule's, or a retraction's or narrowing's targets. */
function roomsActedOn(r: Reading): string[] {
  if (r.type === "rule") return "room" in r.requirement ? [r.requirement.room] : [];
  if (r.type === "retract" || r.type === "narrow") return r.targets.flatMap((t) => (t.kind === "room" ? [t.room] : []));
  if (r.type === "hours") return (r.retime?.targets ?? []).flatMap((t) => (t.kind === "room" ? [t.room] : []));
  return [];
}

/**
 * "Let's rework the den rule. It's only shut to you after nine.": a sentence that names a room's
 * rule and asks nothing it can read, before a later sentence that acts on that same room, only
 * leads into that act; it is no question of its own.
 */
export function leadsIntoChange(rc: ReadCtx, sents: Span[], r: Reading, all: readonly Reading[]): boolean {
  // ("About the den rule, please change the hours. From 9, not 8.": the request to change is no behaviour of its own)
  const change =
    r.type === "rule" && r.requirement.kind === "behavior" && asksForAChange(r.requirement.text.split(" "));
  if (r.type !== "unclear" && !change) return false;
  const i = sentenceOf(sents, r);
  const s = sents[i];
  if (!s || !talksAboutARule(rc.tokens.slice(s.a, s.b).map((t) => t.w))) return false;
  const named = roomsIn(rc.tokens, s.a, s.b, rc.house).filter((x) => !x.anaphor);
  if (named.length !== 1) return false;
  return all.some(
    (o) => o !== r && sentenceOf(sents, o) > i && roomsActedOn(o).some((room) => sameRoom(room, named[0].room)),
  );
}
