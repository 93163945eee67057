/**
 * A clause that revises a rule in force in place: other hours for it ("make that the evening
 * instead of the morning"), one end of its hours moved ("should start at 8 pm", "make it 10pm"),
 * or another room ("I meant the pantry, not the kitchen"). Never a behaviour in the revision's
 * words, nor an exception that would permit the new hours; a permission or a wish is no revision.
 */
import {
  boundaryIn,
  FINE,
  isRuleNoun,
  isWordToken,
  mood,
  PART_HOURS,
  PERMITS,
  REPLACED_END,
  REVISING,
  replacedTimes,
  replacesHours,
  Words,
} from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import { type ClauseIn, type Common, type ReadCtx, type Reading, re, words } from "./reading.ts";
import { heads } from "./room-acts.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";
import { targetsIn } from "./targets-in.ts";

/** The revision a clause makes of a rule in force, or undefined when it makes none. */
export function revisionOf(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): Reading[] | undefined {
  // "make that the evening instead of the morning": a rule in force given other hours (never a
  // behaviour in the revision's words, nor an exception that would permit the new hours)
  const w0 = words(ctx, main);
  // a permission ("actually the kitchen is fine in the evening") is never new hours for the ban:
  // that would ban the hours it allows and allow the ones still banned
  // ("could we make that 11 instead?" asks, its modal leading a request permits nothing)
  const said = mood(w0.text);
  const permits = re(FINE).test(w0.text) || (PERMITS.test(w0.text) && said !== "request");
  // "I'd rather not have you in the kitchen": a wish, not a revision, though "rather" is said
  const wish = said === "wish";
  // "Correction: the pantry, not the kitchen": a room put right in verbless parts of one clause
  const reroom = verblessReroom(ctx, c, common, main);
  if (reroom) return reroom;
  // "from 4, not 3": hours said with the hours they replace change them with no verb of change,
  // read across the comma that parts them (the replaced hours are a part of the clause of their own)
  const whole: Span = { a: Math.min(...c.parts.map((p) => p.a)), b: Math.max(...c.parts.map((p) => p.b)) };
  const contrast =
    !re(REVISING).test(w0.text) && replacesHours(words(ctx, whole).text) && !heads(ctx, whole).some((h) => h.bans);
  const w = contrast ? words(ctx, whole) : w0;
  // "the den is fine by day, only not from 10 to 6": hours put against a permission are the ones
  // it leaves banned, never new hours replacing the ones it allows
  const permitsAcross = contrast && (re(FINE).test(w.text) || (PERMITS.test(w.text) && mood(w.text) !== "request"));
  if (
    (contrast || re(REVISING).test(w0.text)) &&
    !permits &&
    !permitsAcross &&
    !wish &&
    !heads(ctx, main).some((h) => h.bans)
  ) {
    const { before, ...said } = replacedTimes(w.text);
    // "move the evening rule to start at 8": hours said before a noun for a rule name the rule
    // meant, they are not new hours for it
    const now = said.now.filter((t) => {
      const [, b] = w.range(t.index, t.quote.length);
      const next = ctx.tokens.slice(b, main.b).find((x) => isWordToken(x.w));
      return !(next && isRuleNoun(next.w));
    });
    const span = (t: (typeof now)[number]): Cond => {
      const [a, b] = w.range(t.index, t.quote.length);
      return { kind: "time", from: t.from, to: t.to, a, b, ...(t.guessed ? { guessed: true } : {}) };
    };
    // "I meant the pantry, not the kitchen": one room named as the one replaced, one as the new one
    const rooms = now.length ? [] : roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent);
    const replaced = rooms.filter((r) => REPLACED_END.test(new Words(ctx.tokens, main.a, r.a).text));
    if (rooms.length === 2 && replaced.length === 1) {
      const from = replaced[0];
      const to = rooms.find((r) => r !== from)!;
      return [{ type: "reroom", ...common, to, from }];
    }
    // "should run until 8 am": the hour is one end moved, not a window of its own
    const moving = boundaryIn(w.text);
    const within = (x: { index: number; quote: string }) =>
      moving !== undefined && x.index >= moving.index && x.index + x.quote.length <= moving.index + moving.quote.length;
    if (now.length && !now.every(within))
      return [
        {
          type: "hours",
          ...common,
          conditions: now.filter((t) => !restatedAsWindow(t, now)).map(span),
          exceptions: [],
          words: [],
          retime: { before: [...before.map(span), ...namingPart(ctx, main)], targets: retimed(ctx, c, main) },
        },
      ]; // "the study one should start at 8 pm", "make it 10pm": one end of the rule's hours moved
    const moved = moving;
    if (moved) {
      const [a, b] = w.range(moved.index, moved.quote.length);
      return [
        {
          type: "hours",
          ...common,
          conditions: [],
          exceptions: [],
          words: [],
          retime: {
            before: namingPart(ctx, main),
            targets: retimed(ctx, c, main),
            boundary: {
              end: moved.end,
              hours: moved.hours,
              quote: { a, b },
              ...(moved.count === undefined ? {} : { count: moved.count }),
              ...(moved.replaced === undefined ? {} : { replaced: moved.replaced }),
            },
          },
        },
      ];
    }
  }
  return undefined;
}

/**
 * "The evening rule for the den. …": a part of the day said before a rule noun, outside the clause,
 * names which rule is meant by when it holds (its hours are the old ones, never new hours); said of
 * more than one rule in the message, none is taken.
 */
function namingPart(ctx: ReadCtx, main: Span): Cond[] {
  const named = ctx.tokens.flatMap((t, k): Cond[] => {
    const part = PART_HOURS[t.w];
    const next = ctx.tokens[k + 1]?.w;
    if (!part || !next || !isRuleNoun(next) || (k >= main.a && k < main.b)) return [];
    return [{ kind: "time", from: part.from, to: part.to, a: k, b: k + 1 }];
  });
  return named.length === 1 ? named : [];
}

/**
 * "it now starts at ten, so from ten at night to five": an hour said alone, then the
 * window it opens, is that window said twice; the hour is no window of its own.
 */
function restatedAsWindow(t: { from: number; to: number }, all: readonly { from: number; to: number }[]): boolean {
  return (t.to - t.from + 24) % 24 === 1 && all.some((u) => u !== t && u.from === t.from && u.to !== t.to);
}

/**
 * "Correction: boys' room, not girls' room": a clause with no verb whose parts name two rooms, one
 * after "not" / "instead of", and say it puts something right: the room of a rule in force, moved.
 */
function verblessReroom(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): Reading[] | undefined {
  if (heads(ctx, main).length) return undefined;
  const a = Math.min(...c.parts.map((p) => p.a));
  const b = Math.max(...c.parts.map((p) => p.b));
  const all = new Words(ctx.tokens, a, b);
  if (!re(REVISING).test(all.text) || heads(ctx, { a, b }).length) return undefined;
  const rooms = roomsIn(ctx.tokens, a, b, ctx.house, c.antecedent).filter((r) => !r.anaphor);
  const replaced = rooms.filter((r) => REPLACED_END.test(new Words(ctx.tokens, a, r.a).text));
  if (rooms.length !== 2 || replaced.length !== 1) return undefined;
  const from = replaced[0];
  const to = rooms.find((r) => r !== from)!;
  return [{ type: "reroom", ...common, clause: { a, b }, to, from }];
}

/**
 * The rule new hours are for: what the clause names, else, when the clause names nothing, the one
 * room the whole message names ("Update the den ban: new hours 9 to 5", the room said before the
 * colon). Two rooms, or none, name no rule, and which one is asked.
 */
function retimed(ctx: ReadCtx, c: ClauseIn, main: Span) {
  const own = targetsIn(ctx, main, c.antecedent, "any");
  if (own.some((x) => x.kind !== "unknown")) return own;
  const all = roomsIn(ctx.tokens, 0, ctx.tokens.length, ctx.house, undefined).filter((r) => !r.anaphor);
  const names = new Set(all.map((r) => r.room));
  return names.size === 1 ? [{ kind: "room" as const, room: all[0].room, act: "any" as const }] : own;
}
