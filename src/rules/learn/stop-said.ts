/**
 * Stopping said other than as a negated verb before its room: after the room a verb of going
 * passes, with "without" ("walk through the hall without lingering"), or as the subject of a
 * predicate of forbidding ("stopping in the hall is not allowed", "to wait there is forbidden").
 * Either way what is forbidden is stopping in the room, never going in.
 */
import { isWordToken } from "../../language/index.ts";
import type { ReadCtx } from "./reading.ts";
import type { RoomRef } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

/** A verb read as a room act (room-acts.ts `Head`): where it is said, its kind, whether it bans. */
interface Head {
  a: number;
  b: number;
  kind: string;
  bans: boolean;
}

/**
 * "go through the hall without stopping": the stop negated by "without" right after room `r`, the
 * object of a verb of going that bans nothing (`before`), with no other verb between them.
 */
export function passedWithoutStopping(
  ctx: ReadCtx,
  hs: readonly Head[],
  r: RoomRef,
  before: Head | undefined,
): Head | undefined {
  if (before?.bans) return undefined;
  return hs.find(
    (h) =>
      h.kind === "stop" &&
      h.bans &&
      ctx.tokens[h.a]?.w === "without" &&
      h.a >= r.b &&
      !hs.some((x) => x !== h && x.a >= r.b && x.a < h.a),
  );
}

/** Words that may open a clause before its subject said as a verb: "to", a conjunction, a focusing word. */
const BEFORE_VERB_SUBJECT = new Set(["to", "but", "and", "so", "just", "simply", "even"]);

/** Whether the predicate of forbidding `h` has a verb of ending up opening its clause as its subject. */
export function stopIsSubject(ctx: ReadCtx, main: Span, hs: readonly Head[], h: Head): boolean {
  const opens = (x: Head) =>
    ctx.tokens.slice(main.a, x.a).every((t) => !isWordToken(t.w) || BEFORE_VERB_SUBJECT.has(t.w));
  return h.kind === "forbidden" && hs.some((x) => x.kind === "stop" && !x.bans && x.b <= h.a && opens(x));
}
