/**
 * What a reply must say or never say: the room a thing was found in, a quoted word, a name
 * ("stop calling me 'sir'").
 */
import {
  CALL,
  COPULA_TENSE,
  DETERMINER,
  FOUND_ROOM_OBJECT,
  FUTURE_MARKER,
  NEG,
  NEG_GERUND,
  PUT_FIRST_OR_LAST,
  SAY_VERB,
  TELL,
  THE_WORD,
  USE_WORD,
  WHEN_ANY_THING,
  Words,
} from "../../language/index.ts";
import { FOUND_ROOM } from "../types.ts";
import { literalAfter, nameAfter, unclosed, wordLeftOut } from "./literal-words.ts";
import { thingToMention } from "./mention-thing.ts";
import { type ClauseIn, type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";
import { stageOf, targetIn } from "./reply-target.ts";
import type { Span } from "./segments.ts";

export function tellReadings(ctx: ReadCtx, c: ClauseIn, common: Common, span: Span, parts: Span[]): RuleReading[] {
  const w = words(ctx, span);
  // the verb itself is part of the test: "stop" negates only before a gerund ("stop calling me …")
  const negated = (at: number) =>
    re(`(?:${NEG}|${NEG_GERUND}|do not|never)`).test(new Words(ctx.tokens, span.a, Math.min(span.b, at + 1)).text);
  const target = targetIn(ctx, parts);
  const left = wordLeftOut(ctx, span);
  if (left && !negated(left.verb.a))
    return [
      {
        type: "rule",
        ...common,
        requirement: {
          kind: "avoid_text",
          target,
          text: ctx.message.slice(ctx.tokens[left.lit.a].start, ctx.tokens[left.lit.b - 1].end).toLowerCase(),
        },
        stage: stageOf(target),
        quotes: [{ a: left.verb.a, b: left.lit.b }],
        clear: true,
      },
    ];
  // "stop calling me 'sir'", "never use the word 'basically'", "stop saying 'no problem'"
  // "stop ending your messages with '…'": a quoted phrase not to open or close a reply with
  const placed = [...w.matches(re(PUT_FIRST_OR_LAST))];
  for (const m of [...w.matches(re(CALL)), ...w.matches(re(USE_WORD)), ...w.matches(re(TELL)), ...placed]) {
    if (!negated(m.a)) continue;
    const isCall = re(CALL).test(m.m[0]);
    const lit = unclosed(ctx, isCall ? nameAfter(ctx, m.b, span.b) : literalAfter(ctx, m.b, span.b));
    // a formula of words is said nowhere else, so it is avoided everywhere; one word ("so", "sure")
    // is said elsewhere too, and avoiding it everywhere would be broader than asked: kept as said
    if (placed.includes(m) && !(lit && ctx.tokens[lit.a].quoted && lit.b - lit.a >= 2)) continue;
    // "don't say sorry" names a word; "don't use emojis" a kind of thing, no word to look for
    const named = lit && (ctx.tokens[lit.a].quoted || THE_WORD.test(new Words(ctx.tokens, m.b, lit.a).text));
    if (lit && (isCall || named || SAY_VERB.test(m.m[0]))) {
      const text = ctx.message.slice(ctx.tokens[lit.a].start, ctx.tokens[lit.b - 1].end).toLowerCase();
      return [
        {
          type: "rule",
          ...common,
          requirement: { kind: "avoid_text", target, text },
          stage: stageOf(target),
          quotes: [{ a: m.a, b: lit.b }],
          clear: true,
        },
      ];
    }
  }
  // "what's the name of the room?", "the report": a word of telling after a determiner is a noun
  const tell = [...w.matches(re(TELL))].find((m) => !DETERMINER.test(ctx.tokens[m.a - 1]?.w ?? ""));
  if (!tell) return [];
  const neg = negated(tell.a);
  const rest = new Words(ctx.tokens, tell.b, span.b);
  const room = rest.first(re(FOUND_ROOM_OBJECT));
  // "tell me which room you are going to search first": about what it will do now, not where it found something
  if (room && FUTURE_MARKER.test(new Words(ctx.tokens, room.b, span.b).text))
    return [
      {
        type: "rule",
        ...common,
        persistence: "task_local",
        requirement: {
          kind: "behavior",
          text: ctx.message.slice(ctx.tokens[span.a].start, ctx.tokens[span.b - 1].end),
        },
        stage: "delivery",
        quotes: [span],
        clear: true,
      },
    ];
  if (room && !neg) {
    // "can you tell me which room it was in?": a question about this result, not a habit
    // "when you find something, could you tell me …?": asked of every thing found, a habit
    const habit = WHEN_ANY_THING.test(words(ctx, common.clause).text);
    const now = c.question && !common.saidLasting && !habit && COPULA_TENSE.test(rest.text);
    return [
      {
        type: "rule",
        ...common,
        ...(now ? { persistence: "task_local" as const } : {}),
        requirement: { kind: "mention", target, what: FOUND_ROOM },
        stage: stageOf(target),
        quotes: [{ a: tell.a, b: room.b }],
        clear: true,
      },
    ];
  }
  if (neg && room) {
    // "stop telling me which room": a mention no longer wanted (a retraction when one is stored)
    return [
      {
        type: "rule",
        ...common,
        requirement: { kind: "mention", target, what: FOUND_ROOM },
        stage: stageOf(target),
        quotes: [{ a: tell.a, b: room.b }],
        clear: true,
        unwanted: true,
      },
    ];
  }
  const thing = neg || rest.first(re(FOUND_ROOM_OBJECT)) ? undefined : thingToMention(ctx, tell.b, common.clause);
  const lit = thing ?? literalAfter(ctx, tell.b, span.b);
  if (lit && (thing || ctx.tokens[lit.a].quoted) && !neg) {
    const text = ctx.message.slice(ctx.tokens[lit.a].start, ctx.tokens[lit.b - 1].end);
    return [
      {
        type: "rule",
        ...common,
        requirement: { kind: "mention", target, what: text },
        stage: stageOf(target),
        quotes: [{ a: tell.a, b: lit.b }],
        clear: true,
      },
    ];
  }
  return [];
}
