/**
 * A topic said first and taken up by a pronoun, or left out, in the clause after it (left
 * dislocation): "the garage matter, cancel it", "cellar rule, you can forget", "the undercroft —
 * that's fine now". What the clause does is about the topic named in a verbless part before it in
 * the same clause, when that part names what a rule is about; or in the part set off by a comma
 * before a clause whose subject is only a pronoun ("the JSON, it's over"), which the segmenter cuts
 * off as a part of its own.
 */
import {
  ABOUT_TOPIC,
  closesClause,
  isWordToken,
  LINKING,
  OBJECT_PRONOUN,
  saysNoLonger,
  talksAboutARule,
} from "../../language/index.ts";
import type { ClauseIn, ReadCtx, Target } from "./reading.ts";
import { heads } from "./room-acts.ts";
import type { Span } from "./segments.ts";
import { targetsIn } from "./targets-in.ts";

/**
 * The targets of a clause whose words [from, to) are only a pronoun, or nothing (its object left
 * out: "…, you can forget"): the topic's, when `targets` name nothing.
 */
export function topicOf(ctx: ReadCtx, c: ClauseIn, main: Span, targets: Target[], from: number, to = main.b): Target[] {
  if (targets.some((t) => t.kind !== "unknown")) return targets;
  // "…, forget it now", "…, drop it entirely": words that close the clause say nothing of its object
  const rest = ctx.tokens.slice(from, to).filter((t) => isWordToken(t.w) && !LINKING.test(t.w) && !closesClause(t.w));
  if (rest.length > 1 || (rest.length === 1 && !OBJECT_PRONOUN.test(rest[0].w))) return targets;
  const topic = c.parts.filter(
    (p) => p.b <= main.a && (!heads(ctx, p).length || ABOUT_TOPIC.test(ctx.tokens[p.a]?.w ?? "")),
  );
  const found = topic.flatMap((p) => targetsIn(ctx, p, undefined, "any")).filter((t) => t.kind !== "unknown");
  if (found.length) return found;
  // "the word cap felt tight. you could ignore it": a reply rule named by its noun in what the
  // message said before the clause, the one thing it names (a room said there is read by the
  // clause's antecedent, and beside a room which of the two is meant is asked)
  const said = { a: 0, b: main.a };
  if (!talksAboutARule(ctx.tokens.slice(said.a, said.b).map((t) => t.w))) return targets;
  const before = targetsIn(ctx, said, undefined, "any");
  return before.length === 1 && before[0].kind !== "unknown" && before[0].kind !== "room" ? before : targets;
}

/** Marks that end a sentence or set off a clause: a topic set off before a clause lies between them. */
const SENTENCE_END = new Set([".", "!", "?", ";"]);
const SET_OFF = new Set([",", "-", "—", "–", ":"]);

/**
 * The targets of a clause whose subject, the words [main.a, end), is only a pronoun ("…, it is
 * over") or nothing ("…, no longer needed"), taken from the part set off right before it when that part has no verb of its own and
 * starts its sentence: "the den rule, it's over now". Nothing when the part before acts ("stay out
 * of the den, it's over"): a pronoun is never taken to point into an act.
 */
export function setOffTopic(ctx: ReadCtx, main: Span, end: number): Target[] {
  const subject = ctx.tokens.slice(main.a, end).filter((t) => isWordToken(t.w) && !LINKING.test(t.w));
  // "the json, no longer needed": a predicate with its subject left out is said of the part set off too
  if (subject.length > 1 || (subject.length === 1 && !OBJECT_PRONOUN.test(subject[0].w))) return [];
  return setOffBefore(ctx, main);
}

/**
 * What the part set off right before a clause names, when that part starts its sentence and has no
 * verb of going or stopping of its own ("the room you found it in, …"); nothing when it names no
 * rule's object or names something unknown beside it.
 */
export function setOffBefore(ctx: ReadCtx, main: Span): Target[] {
  if (!SET_OFF.has(ctx.tokens[main.a - 1]?.w ?? "")) return [];
  let a = main.a - 1;
  while (a > 0 && !SENTENCE_END.has(ctx.tokens[a - 1].w)) a--;
  const topic = { a, b: main.a - 1 };
  if (topic.b <= topic.a) return [];
  if (heads(ctx, topic).length && !ABOUT_TOPIC.test(ctx.tokens[topic.a].w)) return [];
  const found = targetsIn(ctx, topic, undefined, "any");
  return found.length && found.every((t) => t.kind !== "unknown") ? found : [];
}

/**
 * The targets of what a need is denied of (`said`, read from the words after the verb at `from`;
 * `from` undefined: said another way): when they name nothing and the object is only a pronoun
 * ("…, I don't need it any more"), what the part set off before the clause names ("the JSON you
 * make me, I don't need it any more"). Never when the object says more than the pronoun.
 */
export function neededTargets(ctx: ReadCtx, main: Span, said: Target[], from: number | undefined): Target[] {
  if (from === undefined || said.some((t) => t.kind !== "unknown")) return said;
  const object = ctx.tokens
    .slice(from, main.b)
    .filter((t) => isWordToken(t.w) && !LINKING.test(t.w) && !closesClause(t.w) && !saysNoLonger(t.w));
  if (object.length !== 1 || !OBJECT_PRONOUN.test(object[0].w)) return said;
  const topic = setOffBefore(ctx, main);
  return topic.length ? topic : said;
}

/** What a need is denied of, [a, b) less the words closing it: "any longer" says how long, never a reply's length. */
export function deniedNeed(ctx: ReadCtx, a: number, b: number): Span {
  let end = b;
  while (end > a && (saysNoLonger(ctx.tokens[end - 1].w) || !isWordToken(ctx.tokens[end - 1].w))) end--;
  return { a, b: end };
}

/**
 * What the message's opening part names ("the room you found it in. …", "the room you found it
 * in, enough of that. …"): the words before its first comma or sentence end, when they lie before
 * the clause and have no verb of going or stopping of their own; nothing when they name no rule's
 * object or name something unknown beside it.
 */
export function openingTopic(ctx: ReadCtx, main: Span): Target[] {
  let b = 0;
  while (b < main.a && !SENTENCE_END.has(ctx.tokens[b].w) && !SET_OFF.has(ctx.tokens[b].w)) b++;
  if (b === 0 || b >= main.a || heads(ctx, { a: 0, b }).length) return [];
  const found = targetsIn(ctx, { a: 0, b }, undefined, "any");
  return found.length && found.every((t) => t.kind !== "unknown") ? found : [];
}
