/**
 * Words the user names as words in a reply rule: a quoted literal or a bare word after a verb of
 * saying ("say sorry"), a name the user is called by, a word's use permitted again, and a word
 * left out of the replies ("drop the word 'basically'").
 */
import {
  CALL,
  DISCOURSE_PARTICLE,
  FILLER,
  isWordToken,
  LEAVE_OUT_WORD,
  LIST_JOIN,
  NOT_A_LITERAL,
  PLAIN_LETTERS,
  PREPOSITION,
  SUBJECT,
  SUBORDINATOR,
  THE_WORD,
  USE_WORD,
  WORD_RULE_NOUN,
  WORD_UNIT,
  Words,
} from "../../language/index.ts";
import { type Common, type ReadCtx, type RetractReading, re, words } from "./reading.ts";
import type { Span } from "./segments.ts";

/** A quoted word without the punctuation that closes it inside the quote ("'totally!'" is "totally"). */
export function unclosed(ctx: ReadCtx, lit: Span | undefined): Span | undefined {
  if (!lit) return lit;
  let b = lit.b;
  while (b - 1 > lit.a && !isWordToken(ctx.tokens[b - 1].w)) b--;
  return { a: lit.a, b };
}

/** A literal the user quoted, or a bare word ("say sorry"); undefined for a topic ("the colour"). */
export function literalAfter(ctx: ReadCtx, from: number, to: number): Span | undefined {
  const t = ctx.tokens;
  let k = from;
  if (t[k]?.w === "the" && WORD_UNIT.test(t[k + 1]?.w ?? "")) k += 2;
  if (t[k]?.w === "'" && t[k + 1]?.quoted) {
    let j = k + 1;
    while (j < to && t[j].quoted) j++;
    return j > k + 1 ? { a: k + 1, b: j } : undefined;
  }
  if (t[k]?.quoted) {
    let j = k;
    while (j < to && t[j].quoted) j++;
    return { a: k, b: j };
  }
  // "stop calling me sir", "never use the word basically": one word, no determiner
  if (k < to && PLAIN_LETTERS.test(t[k].w) && !NOT_A_LITERAL.test(t[k].w)) return { a: k, b: k + 1 };
  return undefined;
}

/**
 * "stop calling me small boy": what the user is called is the words after the verb, up to three,
 * to the end of the clause, a word that joins another or a subordinator; quoted, the quote.
 */
export function nameAfter(ctx: ReadCtx, from: number, to: number): Span | undefined {
  const lit = literalAfter(ctx, from, to);
  if (!lit || ctx.tokens[lit.a].quoted) return lit;
  let b = lit.b;
  const t = ctx.tokens;
  while (
    b < to &&
    b - lit.a < 3 &&
    PLAIN_LETTERS.test(t[b].w) &&
    !NOT_A_LITERAL.test(t[b].w) &&
    !re(FILLER).test(t[b].w) &&
    // "stop calling me boss lah, …": a particle that closes the clause is no part of the name
    // ("Ah Boy", with a word after it, is a name)
    !(re(DISCOURSE_PARTICLE).test(t[b].w) && (b + 1 >= to || !isWordToken(t[b + 1].w))) &&
    !LIST_JOIN.test(t[b].w) &&
    // "stop calling me madam i am not your madam": a subject starts a clause of its own
    !re(SUBJECT).test(t[b].w) &&
    // "stop calling me pal while we are out": the clause after a subordinator is when, not the name
    !re(SUBORDINATOR).test(t[b].w) &&
    // "… pal at night", "… pal during dinner": nor is a phrase a preposition opens
    !PREPOSITION.test(t[b].w)
  )
    b++;
  return { a: lit.a, b };
}

/** "calling me boss is fine": a word's use said before a permission, as that word allowed again. */
export function wordAllowed(ctx: ReadCtx, common: Common, subject: Span, end: number): RetractReading | undefined {
  const use = words(ctx, subject).first(re(`(?:${CALL}|${USE_WORD})`));
  const lit = use ? unclosed(ctx, literalAfter(ctx, use.b, subject.b)) : undefined;
  if (!use || !lit) return undefined;
  return {
    type: "retract",
    ...common,
    targets: [
      { kind: "avoid_text", text: ctx.message.slice(ctx.tokens[lit.a].start, ctx.tokens[lit.b - 1].end).toLowerCase() },
    ],
    quote: { a: use.a, b: end },
    bare: common.persistence === "persistent" && !common.saidLasting,
  };
}

/**
 * "drop the word 'basically'", "leave out 'honestly'": a verb of leaving out before a word named as
 * one (quoted, or after "the word"); the verb's span and the word's. "Drop the word limit" names a
 * rule, no word, and is undefined.
 */
export function wordLeftOut(ctx: ReadCtx, span: Span): { verb: Span; lit: Span } | undefined {
  for (const m of words(ctx, span).matches(re(LEAVE_OUT_WORD))) {
    const lit = unclosed(ctx, literalAfter(ctx, m.b, span.b));
    if (!lit) continue;
    const quoted = ctx.tokens[lit.a].quoted;
    const named = quoted || THE_WORD.test(new Words(ctx.tokens, m.b, lit.a).text);
    if (!named || (!quoted && re(WORD_RULE_NOUN).test(ctx.tokens[lit.a].w))) continue;
    return { verb: { a: m.a, b: m.b }, lit };
  }
  return undefined;
}
