/**
 * "Always mention the battery level in your replies": a thing named after a verb of telling, in a
 * clause said of the replies, is a thing every reply must mention, in the user's words. Only a
 * noun phrase after "the" of plain words (with "of" between them, "the time of day"); without the
 * replies named, "tell me the news" asks for this once and is no rule of the replies.
 */
import {
  NOT_A_LITERAL,
  PLAIN_LETTERS,
  REPLY_FORMAT,
  REPLY_LENGTH,
  SAID_OF_REPLIES,
  THING_ENDS,
} from "../../language/index.ts";
import { type ReadCtx, re } from "./reading.ts";
import type { Span } from "./segments.ts";

/** The words of the thing to mention, after a verb of telling ending at `from`, or undefined. */
export function thingToMention(ctx: ReadCtx, from: number, clause: Span): Span | undefined {
  const t = ctx.tokens;
  const said = t
    .slice(clause.a, clause.b)
    .map((x) => x.w)
    .join(" ");
  if (!SAID_OF_REPLIES.test(said) || t[from]?.w !== "the") return undefined;
  let b = from + 1;
  while (b < clause.b && b - from <= 4) {
    const w = t[b].w;
    if (w === "of" && b > from + 1 && PLAIN_LETTERS.test(t[b + 1]?.w ?? "")) {
      b += 1;
      continue;
    }
    if (!PLAIN_LETTERS.test(w) || NOT_A_LITERAL.test(w) || THING_ENDS.test(w)) break;
    b++;
  }
  if (b === from + 1 || t[b - 1].w === "of") return undefined;
  // "send me the brief form": a thing said by the reply's length or format is no thing to mention
  const thing = t
    .slice(from + 1, b)
    .map((x) => x.w)
    .join(" ");
  if (re(REPLY_LENGTH).test(thing) || re(REPLY_FORMAT).test(thing)) return undefined;
  // the thing ends the clause, or the replies are said right after it ("… in your replies")
  const next = t[b]?.w;
  return b >= clause.b || !PLAIN_LETTERS.test(next ?? "") || THING_ENDS.test(next ?? "")
    ? { a: from + 1, b }
    : undefined;
}
