/**
 * The question back for a message read as a correction from which no requirement could be read:
 * about a rule, a room that gives way on request, a room named in what went wrong, or a reply's
 * length; otherwise what to do differently.
 */
import { HEDGE, bounded as re, STOP, TOO_LONG, talksAboutARule, Words } from "../../language/index.ts";
import type { ReadCtx } from "./clause.ts";
import type { Seg } from "./clauses-in.ts";
import { type Cond, conditionsIn } from "./conditions.ts";
import type { LearnItem } from "./items.ts";
import type { RuleReading } from "./reading.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";

/** What a message says of the user asking: the first room it names, and its conditions read once. */
interface Requested {
  room: string | undefined;
  asked: Cond[];
  other: Cond[];
}

function requested(rc: ReadCtx): Requested | undefined {
  if (!rc.tokens.some((t) => t.w === "only")) return undefined;
  const when = conditionsIn(rc.tokens, [{ a: 0, b: rc.tokens.length }], [], true);
  const all = [...when.conditions, ...when.exceptions];
  const asked = all.filter((c) => c.kind === "asked");
  if (!asked.length) return undefined;
  const room = roomsIn(rc.tokens, 0, rc.tokens.length, rc.house)[0]?.room;
  return { room, asked, other: all.filter((c) => c.kind !== "asked") };
}

/**
 * A room said with "only" and the user asking ("the garage is only for when I say"), read as no
 * rule: a ban that gives way on request may be meant, so it is asked, never let pass. The room.
 */
export function onRequest(rc: ReadCtx): string | undefined {
  return requested(rc)?.room;
}

/**
 * The same, with the room set off in a clause or sentence of its own before the "only" ("the
 * loft: only when I send you up", "the den is ok for you. only if I ask though"), which the clause
 * grammar (clause.ts, onlyAskedRoom) reads in no one clause, and nothing else said of it: a ban
 * with the asked exception, lasting, as the question back reads it. Said with a hedge or as a
 * question, with another room or with any other condition (an hour, a state), it stays that question.
 */
export function onRequestBan(rc: ReadCtx): RuleReading | undefined {
  const r = requested(rc);
  const text = new Words(rc.tokens, 0, rc.tokens.length).text;
  if (!r?.room || rc.tokens.some((t) => t.w === "?") || re(HEDGE).test(text)) return undefined;
  const rooms = new Set(roomsIn(rc.tokens, 0, rc.tokens.length, rc.house).map((x) => x.room));
  if (rooms.size !== 1 || r.other.length || r.asked.length !== 1) return undefined;
  return {
    type: "rule",
    requirement: { kind: "avoid_room", room: r.room },
    stage: "pre_action",
    quotes: [],
    clear: true,
    persistence: "persistent",
    saidLasting: false,
    scope: "global",
    conditions: [],
    exceptions: r.asked,
    clause: { a: 0, b: rc.tokens.length },
  };
}

/** The question back for a message that says something is wrong but not what to do. */
export function unclearAbout(rc: ReadCtx, segs: Seg[], message: string): LearnItem {
  const narrative = segs.find((s) => s.kind === "narrative");
  const text = narrative ? new Words(rc.tokens, narrative.a, narrative.b).text : "";
  const room: RoomRef | undefined = narrative
    ? roomsIn(rc.tokens, narrative.a, narrative.b, rc.house).at(-1)
    : undefined;
  let question = "What should I do differently next time?";
  const asked = onRequest(rc);
  if (talksAboutARule(rc.tokens.map((t) => t.w)))
    question = "Which rule do you mean, and what should change about it? Until you say, it stays as it is.";
  else if (asked) question = `Should I stay out of the ${asked} from now on, unless you ask me to go there?`;
  else if (room)
    question = re(STOP).test(text)
      ? `Should I never stop in the ${room.room} from now on?`
      : `Should I stay out of the ${room.room} from now on?`;
  else if (TOO_LONG.test(text)) question = "How many words should my replies have at most?";
  return { decision: "unclear", reason: "a correction, but no requirement could be read", clause: message, question };
}
