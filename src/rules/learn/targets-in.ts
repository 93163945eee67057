/**
 * What a retraction, a permission or a revision is about: rooms by the house's own labels, or one
 * kind of reply rule (a mention, JSON, a word limit, a word to avoid); "unknown" when it names none.
 */
import {
  CALL,
  FOUND_ROOM_TARGET,
  LITERAL_NOUN,
  MENTION_TARGET,
  REPLY_FIELD,
  REPLY_FORMAT,
  REPLY_LENGTH,
  talksAboutARule,
} from "../../language/index.ts";
import { FOUND_ROOM } from "../types.ts";
import { type ReadCtx, re, type Target, words } from "./reading.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** What a retraction or a permission is about: rooms, or one kind of reply rule. */
export function targetsIn(
  ctx: ReadCtx,
  s: Span,
  antecedent: RoomRef | undefined,
  act: "enter" | "stop" | "any",
): Target[] {
  const rooms = roomsIn(ctx.tokens, s.a, s.b, ctx.house, antecedent);
  if (rooms.length) return rooms.map((r) => ({ kind: "room", room: r.room, act }));
  const t = words(ctx, s).text;
  // "the ban on the word 'literally'": a word named by its quote is that word to avoid, never the word limit
  const literal = quotedAfterLiteralNoun(ctx, s);
  if (literal) return [{ kind: "avoid_text", text: literal }];
  // "drop the room field": a field of the JSON rule, though its name is a word of mentioning
  if (re(REPLY_FIELD).test(t)) return [{ kind: "json" }];
  if (MENTION_TARGET.test(t)) return [{ kind: "mention", ...(FOUND_ROOM_TARGET.test(t) ? { what: FOUND_ROOM } : {}) }];
  if (re(REPLY_FORMAT).test(t)) return [{ kind: "json" }];
  if (re(REPLY_LENGTH).test(t)) return [{ kind: "word_limit" }];
  const quoted = ctx.tokens.slice(s.a, s.b).filter((x) => x.quoted && x.w !== "'");
  if (quoted.length || re(CALL).test(t)) return [{ kind: "avoid_text" }];
  return [{ kind: "unknown" }];
}

/** The quoted words right after a noun naming a word ("the word 'literally'"), lower case; undefined when none. */
function quotedAfterLiteralNoun(ctx: ReadCtx, s: Span): string | undefined {
  const isMark = (w: string) => w === "'" || w === '"';
  const k = ctx.tokens.slice(s.a, s.b).findIndex((x) => x.quoted && !isMark(x.w));
  if (k < 0) return undefined;
  let j = s.a + k - 1;
  while (j >= s.a && isMark(ctx.tokens[j].w)) j--;
  if (j < s.a || !LITERAL_NOUN.has(ctx.tokens[j].w)) return undefined;
  let end = s.a + k;
  while (end < s.b && ctx.tokens[end].quoted && !isMark(ctx.tokens[end].w)) end++;
  return ctx.message.slice(ctx.tokens[s.a + k].start, ctx.tokens[end - 1].end).toLowerCase();
}

/** Whether words [a, b) point at a rule without naming what it is about ("that old instruction of mine"). */
export function pointsAtRule(ctx: ReadCtx, a: number, b: number): boolean {
  return talksAboutARule(ctx.tokens.slice(a, b).map((t) => t.w));
}
