/**
 * What a clause asks of the robot's replies: a length ("twelve-word replies", "make that 20
 * words"), JSON with fields ("keys found plus room"), mentioning the room or a quoted word, never
 * saying a word ("stop calling me 'sir'").
 */
import {
  ACCEPTABLE_AFTER,
  ADDITIVE,
  ARTIFACT_NOUN,
  ASKS_FOR_OBJECT,
  AT_MOST_AFTER,
  AT_MOST_TAIL,
  aside,
  BEFORE_FIELDS,
  CALL,
  COPULA_TENSE,
  COUNT_BOUND,
  changedTo,
  DETERMINER,
  ENDS_JSON_BEFORE,
  ENOUGH_AFTER,
  FIELD_INTRO,
  FIELD_NAME,
  FIELD_NAMED,
  FIELD_NOUN,
  FIELD_NOUN_ANY,
  FIELDS_LABEL,
  FIELDS_WORD,
  FINE_AFTER_VALUE,
  FOUND_ROOM_OBJECT,
  FUTURE_MARKER,
  GLOBAL,
  IDENTIFIER,
  JSON_ENDED,
  JSON_WORD,
  LASTING,
  LIMIT_NOUN,
  LIMIT_WORD,
  LINKING_WORD,
  LIST_BRACKET,
  LIST_NUMBER,
  NEG,
  NEG_GERUND,
  NEGATION,
  numberAt,
  OVER_BEFORE,
  PLAIN_NOT_WANTED,
  PLAIN_REPLY,
  PUT_FIRST_OR_LAST,
  RANGE_JOIN,
  REVISING,
  SAID_BEFORE,
  SAID_OF_REPLIES,
  SAY_VERB,
  SCENE,
  SET_VALUE_BEFORE,
  SPEAKER_WANTS,
  STRICT_BEFORE,
  TASK_LOCAL,
  TELL,
  THE_WORD,
  TIME_PREPOSITION_END,
  TOO_OR_NOT_AFTER,
  toldInPast,
  USE_WORD,
  VAGUE,
  valueAfterJudged,
  WITHOUT_WORD,
  WORD_UNIT,
  WORD_UNIT_IN,
  Words,
} from "../../language/index.ts";
import { FOUND_ROOM, type OutputTarget, type Stage } from "../types.ts";
import { withoutExplanation } from "./conditions.ts";
import { literalAfter, nameAfter, unclosed, wordLeftOut } from "./literal-words.ts";
import { thingToMention } from "./mention-thing.ts";
import { type ClauseIn, type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";

import type { Span } from "./segments.ts";

// ---- replies ----------------------------------------------------------------------------------

function targetIn(ctx: ReadCtx, parts: Span[]): OutputTarget {
  return parts.some((p) => re(ARTIFACT_NOUN).test(words(ctx, withoutExplanation(ctx.tokens, p)).text))
    ? "artifact"
    : "reply";
}
const stageOf = (t: OutputTarget): Stage => (t === "artifact" ? "artifact" : "delivery");

export function wordLimit(ctx: ReadCtx, common: Common, span: Span, parts: Span[]): RuleReading | undefined {
  const ws = ctx.tokens.map((t) => t.w);
  const w = words(ctx, span);
  const all = words(ctx, common.clause).text;
  if (SAID_BEFORE.test(w.text)) return undefined;
  for (let k = span.a; k < span.b; k++) {
    let n = numberAt(ws, k);
    let a = k;
    let b = n?.end ?? k;
    let bare = false;
    let judged = false;
    const to = n && changedTo(ws, k, n.end);
    if (n && to) {
      // "from 40 words to 15", "35 -> 10": the value it is changed from is the old one, the new one is set
      n = numberAt(ws, to);
      b = (n?.end ?? to) + (WORD_UNIT.test(ws[n?.end ?? to] ?? "") ? 1 : 0);
      bare = true;
    } else if (!n && ws[k] === "word" && LIMIT_NOUN.test(ws[k + 1] ?? "")) {
      let j = k + 2;
      while (j < span.b && LINKING_WORD.test(ws[j])) j++;
      n = numberAt(ws, j);
      if (n) b = n.end;
      // "word limit 30 -> 12": the new value
      const next = n && changedTo(ws, j, n.end);
      if (next) {
        n = numberAt(ws, next);
        b = n?.end ?? next;
        bare = true;
      }
    } else if (n && WORD_UNIT.test(ws[n.end] ?? "")) b = n.end + 1;
    else if (
      n &&
      WORD_UNIT_IN.test(all) &&
      AT_MOST_AFTER.test(new Words(ctx.tokens, n.end, Math.min(span.b, n.end + 3)).text)
    )
      b = n.end; // "a few words, say ten at most"
    else if (
      n &&
      ACCEPTABLE_AFTER.test(new Words(ctx.tokens, n.end, Math.min(span.b, n.end + 3)).text) &&
      !TIME_PREPOSITION_END.test(new Words(ctx.tokens, span.a, k).text)
    ) {
      // "ok 25 is fine actually": a bare number is only ever a new value for a limit already stored
      b = n.end;
      bare = true;
    } else if (n && SET_VALUE_BEFORE.test(new Words(ctx.tokens, span.a, k).text)) {
      // "bump the limit up to 40", "make it 35": the same, said of the limit
      b = n.end;
      bare = true;
    } else if (n && valueAfterJudged(new Words(ctx.tokens, 0, k).text, new Words(ctx.tokens, n.end, span.b).text)) {
      // "fifteen is too few: thirty, please": the same, the count said wrong just before
      b = n.end;
      bare = true;
      judged = true;
    } else continue;
    if (!n || n.value < 1) continue;
    // "make it 4 to 6": a number that opens a range is an hour, unless the range is of words
    const next = numberAt(ws, n.end + 1);
    if (RANGE_JOIN.test(ws[n.end] ?? "") && next && !WORD_UNIT.test(ws[next.end] ?? "")) continue;
    // "20 words is too short, make it 35": the number said to be wrong is no limit
    if (TOO_OR_NOT_AFTER.test(new Words(ctx.tokens, b, Math.min(span.b, b + 7)).text)) continue;
    const before = new Words(ctx.tokens, Math.max(span.a, a - 3), a).text;
    const negated = NEGATION.test(new Words(ctx.tokens, span.a, a).text);
    let max = n.value;
    if (STRICT_BEFORE.test(before)) max = n.value - 1;
    else if (OVER_BEFORE.test(before)) {
      if (!negated) continue;
      a = Math.max(span.a, a - 2);
    }
    if (max < 1) continue;
    const after = new Words(ctx.tokens, b, Math.min(span.b, b + 4)).text;
    // "20 words is fine" loosens a stored limit; "twelve words is plenty" sets one
    const permissive = FINE_AFTER_VALUE.test(after);
    const plenty = ENOUGH_AFTER.test(after);
    // "make it 30": a number alone set as a value, too big for an hour, is a limit's new count (only a
    // stored limit takes it); one that could be an hour is weighed against the rules in force (revisions.ts)
    const said = aside(ws, span);
    if (said && !COUNT_BOUND.test(said.inside) && !SAID_OF_REPLIES.test(said.around)) continue;
    if (!LIMIT_WORD.test(w.text) && !permissive && !plenty && !judged && !(bare && n.value > 24)) continue;
    const target = targetIn(ctx, parts);
    const tail = AT_MOST_TAIL.exec(after);
    if (tail) b += tail[0].split(" ").length;
    return {
      type: "rule",
      ...common,
      requirement: { kind: "word_limit", target, maxWords: max },
      stage: stageOf(target),
      quotes: [{ a: STRICT_BEFORE.test(before) ? Math.max(span.a, a - 1) : a, b }],
      clear: true,
      ...(permissive ? { permissive } : {}),
      ...(re(REVISING).test(all) || bare ? { revising: true } : {}),
    };
  }
  return undefined;
}

/** Words that are never a field's name. */
const NOT_FIELD = new Set(
  "the a an no not nothing any anything some just only extra other more less json format text word words it them this that these those me you your my our please markdown prose comment comments explanation explanations space spaces field fields key keys property properties everything all each every in on for with to of at from as when if so and or but then also too always never reply replies answer answers response responses message messages is are be like keep give send use using include including containing plus inside within into there here a's".split(
    " ",
  ),
);

function fieldList(
  ctx: ReadCtx,
  from: number,
  to: number,
  stop: ReadonlySet<number> = new Set(),
): { fields: string[]; a: number; b: number } | undefined {
  const t = ctx.tokens;
  let k = from;
  const fields: string[] = [];
  let start = -1;
  let end = -1;
  while (k < to) {
    const w = t[k].w;
    if (
      w === "'" ||
      w === "the" ||
      w === "a" ||
      w === "an" ||
      w === "," ||
      w === "and" ||
      w === "plus" ||
      w === "/" ||
      w === "or" ||
      (w === "as" && t[k + 1]?.w === "well" && t[k + 2]?.w === "as")
    ) {
      if (w === "as") k += 2;
      k++;
      continue;
    }
    if ((FIELD_NOUN_ANY.test(w) || BEFORE_FIELDS.test(w)) && !fields.length) {
      k++;
      continue;
    }
    // "1) object, 2) room": the list's numbering is no field
    if (LIST_BRACKET.test(w) || (LIST_NUMBER.test(w) && LIST_BRACKET.test(t[k + 1]?.w ?? ""))) {
      k++;
      continue;
    }
    if ((w === "}" || w === "]") && fields.length) break;
    if (stop.has(k)) break;
    if (FIELD_NAME.test(w) && (t[k].quoted || !NOT_FIELD.has(w))) {
      // "found_room": the tokens split a name at its underscores, and a field keeps its name as written
      if (start < 0) start = k;
      let name = w;
      for (;;) {
        const [u, v] = [t[k + 1], t[k + 2]];
        if (u?.w === "_" && u.start === t[k].end && v?.start === u.end) {
          name += `_${v.w}`;
          k += 2;
        } else if (u && u.start === t[k].end + 1 && ctx.message[t[k].end] === "_") name += `_${t[++k].w}`;
        else break;
      }
      fields.push(name);
      end = k + 1;
      k++;
      if (FIELD_NOUN.test(t[k]?.w ?? "")) k++;
      continue;
    }
    break;
  }
  return fields.length ? { fields, a: start, b: end } : undefined;
}

/**
 * "include the item and where it was", "add the room": a clause whose verb brings things into
 * the reply, read as the fields it lists (after a JSON rule said before it in the same message).
 */
export function fieldsBrought(ctx: ReadCtx, span: Span): { fields: string[]; a: number; b: number } | undefined {
  let k = span.a;
  while (k < span.b && LEAD_IN.has(ctx.tokens[k].w)) k++;
  // "…, we'd like the keys place and item": the speaker wanting them brings them too
  const wants = [2, 3, 4].find((n) => SPEAKER_WANTS.test(new Words(ctx.tokens, k, Math.min(span.b, k + n)).text));
  if (wants) return fieldList(ctx, k + wants, span.b);
  if (k >= span.b || !FIELD_INTRO.test(ctx.tokens[k].w)) return undefined;
  // "put in the object", "add on the room": a particle after the verb
  const from = PARTICLE.has(ctx.tokens[k + 1]?.w ?? "") ? k + 2 : k + 1;
  return fieldList(ctx, from, span.b);
}

/**
 * "no json", "stop the json", "json done, plain sentences again": JSON not wanted, said before it
 * in its clause, or by plain words asked for with a word of ending anywhere in the message.
 */
function jsonUnwanted(ctx: ReadCtx, span: Span, at: number): boolean {
  const before = new Words(ctx.tokens, span.a, at).text;
  if (WITHOUT_WORD.test(before) || ENDS_JSON_BEFORE.test(before)) return true;
  const all = new Words(ctx.tokens, 0, ctx.tokens.length);
  const plain = all.first(PLAIN_REPLY);
  return (
    plain !== undefined &&
    !PLAIN_NOT_WANTED.test(new Words(ctx.tokens, Math.max(0, plain.a - 3), plain.a).text) &&
    JSON_ENDED.test(all.text)
  );
}

/** "fields: a, b", "keys = [a, b]" from `from` on: the first list labelled as fields, read to its end. */
function labelledFields(ctx: ReadCtx, from: number): { fields: string[]; a: number; b: number } | undefined {
  const t = ctx.tokens;
  for (let k = from; k + 1 < t.length; k++)
    if (FIELD_NOUN_ANY.test(t[k].w) && FIELDS_LABEL.test(t[k + 1].w)) return fieldList(ctx, k + 2, t.length);
  return undefined;
}

const LEAD_IN = new Set(["and", "please", "pls", "just", "also", "then", ","]);
const PARTICLE = new Set(["in", "on", "inside", "into"]);

export function jsonReading(
  ctx: ReadCtx,
  common: Common,
  span: Span,
  parts: Span[],
  rangeEnd: number,
): RuleReading | undefined {
  const t = ctx.tokens;
  const w = words(ctx, span);
  const json = w.first(JSON_WORD);
  const quoted = t
    .slice(span.a, rangeEnd)
    .map((x, i) => ({ x, i: span.a + i }))
    .filter(({ x }) => x.quoted && x.w !== "'" && IDENTIFIER.test(x.w));
  const fieldWord = FIELDS_WORD.test(w.text);
  // "include the object key too": a field named as one, JSON implied
  const named = FIELD_NAMED.test(w.text);
  if (!json && !(fieldWord && (quoted.length || named))) return undefined;
  // "find my keys before 9": a task's object, not a JSON key
  if (!json && ASKS_FOR_OBJECT.test(w.text)) return undefined;
  // "the keys were right where you said": keys in a report of what happened are the object, and a
  // reply's fields are asked for, never narrated
  // ("reply in JSON, keys found plus room": with JSON said in the message, "found" is a field)
  const jsonSaid = ctx.tokens.some((x) => JSON_WORD.test(x.w));
  if (!jsonSaid && toldInPast(w.text.split(" "))) return undefined;
  // "no json, just plain text", "don't answer in JSON": JSON not wanted
  const unwanted = json !== undefined && jsonUnwanted(ctx, span, json.a);
  const fields = new Set<string>();
  const quotes: Span[] = json ? [{ a: json.a, b: json.b }] : [];
  for (const q of quoted) {
    fields.add(q.x.w);
    quotes.push({ a: q.i, b: q.i + 1 });
  }
  if (!quoted.length) {
    // "found, room and object between noon and 5 pm": the list ends where the hours begin
    const stop = new Set<number>();
    for (const c of [...common.conditions, ...common.exceptions]) for (let k = c.a; k < c.b; k++) stop.add(k);
    const marks = words(ctx, { a: span.a, b: rangeEnd });
    for (const src of [LASTING, TASK_LOCAL, VAGUE, SCENE, GLOBAL])
      for (const m of marks.matches(re(src))) for (let k = m.a; k < m.b; k++) stop.add(k);
    for (let k = span.a; k < rangeEnd; k++) {
      if (!FIELD_INTRO.test(t[k].w)) continue;
      const list = fieldList(ctx, k + 1, rangeEnd, stop);
      if (!list) continue;
      for (const f of list.fields) fields.add(f);
      quotes.push({ a: list.a, b: list.b });
      break;
    }
  }
  // "reply in JSON. keys: item / place": a list labelled as the fields, later in the message, is
  // this rule's when it names none of its own
  if (json && !fields.size) {
    const list = labelledFields(ctx, rangeEnd);
    if (list) for (const f of list.fields) fields.add(f);
    if (list) quotes.push({ a: list.a, b: list.b });
  }
  // "thanks for finding my keys": keys with no JSON and no field named are no reply format
  if (!json && !fields.size) return undefined;
  const target = targetIn(ctx, parts);
  return {
    type: "rule",
    ...common,
    requirement: { kind: "json_fields", target, fields: [...fields] },
    stage: stageOf(target),
    quotes,
    clear: true,
    ...(re(ADDITIVE).test(words(ctx, common.clause).text) ? { additive: true } : {}),
    ...(unwanted ? { unwanted } : {}),
  };
}

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
    const now = c.question && !common.saidLasting && COPULA_TENSE.test(rest.text);
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
