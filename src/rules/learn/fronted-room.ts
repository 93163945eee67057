/**
 * The room a verb of going limited by "only" acts on when the verb has no object of its own: the
 * room said before it, fronted as the place ("into the den you go only if I say so") or as the topic
 * of the message ("the den: you enter it only once I have asked"), or spoken of in a statement before it. Read only when nothing but a particle, a
 * filler, "only" or a pronoun for the place stands between the verb and its "only"-part, and the clause
 * names that one room and no other: which room is meant is never guessed.
 */
import { DETERMINER, FILLER, GOING_PARTICLE, isWordToken } from "../../language/index.ts";
import { spokenOfBefore } from "./permit-acts.ts";
import { type ClauseIn, type ReadCtx, re } from "./reading.ts";
import type { Head } from "./room-acts.ts";
import { topicRoom } from "./room-acts.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** Words that may follow a verb of going with no object: "go in there", "you go only when …". */
const NO_OBJECT = new Set(["there", "here", "only"]);

export function frontedRoom(ctx: ReadCtx, c: ClauseIn, main: Span, h: Head, end: number): RoomRef[] {
  const bare = ctx.tokens
    .slice(h.b, end)
    .every((t) => !isWordToken(t.w) || re(FILLER).test(t.w) || GOING_PARTICLE.test(t.w) || NO_OBJECT.has(t.w));
  if (!bare) return [];
  // the clause as said, a topic set off before it included ("the den - only go in …")
  const named = roomsIn(ctx.tokens, Math.min(main.a, ...c.parts.map((p) => p.a)), main.b, ctx.house).filter(
    (r) => !r.anaphor,
  );
  if (new Set(named.map((r) => r.room)).size > 1) return [];
  // "in the den you go …": the clause's one room, said before its verb
  if (named.length) return named[0].b <= h.a ? [named[0]] : [];
  // "the den - only go in …": a room said alone before the clause, as the message's topic
  // "the shed is mine now. you go in there only if I call": the one room a statement before the
  // clause spoke of, as a permission with no place said takes it (never one beside a directive)
  const topic = topicRoom(ctx, c, main) ?? saidAlone(ctx, main.a) ?? spokenOfBefore(ctx, main)?.room;
  return topic ? [{ ...topic, from: topic.from ?? { a: topic.a, b: topic.b } }] : [];
}

/** The one room the words before `end` name, with nothing else said there but articles, a preposition of place, fillers and punctuation. */
function saidAlone(ctx: ReadCtx, end: number): RoomRef | undefined {
  const rs = roomsIn(ctx.tokens, 0, end, ctx.house);
  if (rs.length !== 1 || rs[0].anaphor) return undefined;
  const r = rs[0];
  const aside = (w: string) => !isWordToken(w) || DETERMINER.test(w) || GOING_PARTICLE.test(w) || re(FILLER).test(w);
  return ctx.tokens.slice(0, end).every((t, k) => (k >= r.a && k < r.b) || aside(t.w)) ? r : undefined;
}
