/**
 * A part with no room of its own that is said of the room named before it in the message: a bare
 * permitting predicate ("the den, ok when I ask"), or entering only on request ("the den is mine.
 * you come in there only when I call you, any other time don't"). Read with that room, it is an act
 * about it (the "asked" exception of a ban), never a condition left for the act after it.
 */
import { saysFineBare } from "../../language/index.ts";
import type { ReadCtx } from "./clause.ts";
import { conditionsIn } from "./conditions.ts";
import { pointedBackAt, type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** Whether part `g` says "only" with the user asking and names no room. */
function onRequestOnly(rc: ReadCtx, g: Span): boolean {
  if (!rc.tokens.slice(g.a, g.b).some((t) => t.w === "only")) return false;
  if (roomsIn(rc.tokens, g.a, g.b, rc.house).length) return false;
  const when = conditionsIn(rc.tokens, [g], [], true);
  return [...when.conditions, ...when.exceptions].some((c) => c.kind === "asked");
}

/** The room part `g` (its words `text`) is said of, when it is such a part. */
export function topicBefore(rc: ReadCtx, g: Span, text: string): RoomRef | undefined {
  if (!saysFineBare(text) && !onRequestOnly(rc, g)) return undefined;
  return pointedBackAt(roomsIn(rc.tokens, 0, g.a, rc.house));
}
