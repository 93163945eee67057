/**
 * What a retraction, a permission or a revision is about: rooms by the house's own labels, or one
 * kind of reply rule (a mention, JSON, a word limit, a word to avoid); "unknown" when it names none.
 */
import {
  CALL,
  FOUND_ROOM_TARGET,
  MENTION_TARGET,
  REPLY_FIELD,
  REPLY_FORMAT,
  REPLY_LENGTH,
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
  // "drop the room field": a field of the JSON rule, though its name is a word of mentioning
  if (re(REPLY_FIELD).test(t)) return [{ kind: "json" }];
  if (MENTION_TARGET.test(t)) return [{ kind: "mention", ...(FOUND_ROOM_TARGET.test(t) ? { what: FOUND_ROOM } : {}) }];
  if (re(REPLY_FORMAT).test(t)) return [{ kind: "json" }];
  if (re(REPLY_LENGTH).test(t)) return [{ kind: "word_limit" }];
  const quoted = ctx.tokens.slice(s.a, s.b).filter((x) => x.quoted && x.w !== "'");
  if (quoted.length || re(CALL).test(t)) return [{ kind: "avoid_text" }];
  return [{ kind: "unknown" }];
}
