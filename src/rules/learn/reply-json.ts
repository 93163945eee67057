/**
 * JSON asked of the robot's replies, with the fields it must carry ("keys found plus room",
 * "fields: a, b"), or JSON no longer wanted.
 */
import {
  ADDITIVE,
  ASKS_FOR_OBJECT,
  BEFORE_FIELDS,
  ENDS_JSON_BEFORE,
  FIELD_INTRO,
  FIELD_JOIN,
  FIELD_NAME,
  FIELD_NAMED,
  FIELD_NOUN,
  FIELD_NOUN_ANY,
  FIELDS_LABEL,
  FIELDS_WORD,
  GLOBAL,
  IDENTIFIER,
  JSON_ENDED,
  JSON_WORD,
  KEY_NAMED,
  LASTING,
  LIST_BRACKET,
  LIST_NUMBER,
  NAMES_IT,
  NOT_A_NAME,
  PLAIN_NOT_WANTED,
  PLAIN_REPLY,
  SCENE,
  SENTENCE_END,
  SPEAKER_WANTS,
  TAG_ASK,
  TASK_LOCAL,
  toldInPast,
  VAGUE,
  WHETHER_ASKED,
  WITHOUT_WORD,
  Words,
} from "../../language/index.ts";
import { type Common, type ReadCtx, type RuleReading, re, words } from "./reading.ts";
import { stageOf, targetIn } from "./reply-target.ts";
import type { Span } from "./segments.ts";

/** Words that are never a field's name. */
const NOT_FIELD = new Set(
  "the a an no not nothing any anything some just only extra other more less json format text word words it them this that these those me you your my our please markdown prose comment comments explanation explanations thanks thank space spaces field fields key keys property properties everything all each every in on for with to of at from as when if so and or but then also too always never reply replies answer answers response responses message messages is are be like keep give send use using include including containing plus inside within into there here a's".split(
    " ",
  ),
);

/**
 * "object, room and when.": "when" closing a list of fields after its join, with nothing after it
 * in its sentence, is a field's name as "where" is; with words after it ("… and room when I ask")
 * it opens a condition.
 */
function whenLast(t: ReadCtx["tokens"], k: number, listed: number): boolean {
  const after = t[k + 1]?.w;
  return (
    t[k].w === "when" &&
    listed > 0 &&
    (t[k - 1]?.w === "," || FIELD_JOIN.test(t[k - 1]?.w ?? "")) &&
    (after === undefined || SENTENCE_END.test(after))
  );
}

/**
 * "a field for whether it was found": the field said by the yes-or-no question it answers is named
 * by the question's last word, when that word closes the question; where it is, or undefined.
 */
function whetherField(ctx: ReadCtx, from: number, to: number): number | undefined {
  const t = ctx.tokens;
  if (t[from]?.w !== "for") return undefined;
  for (const n of [3, 4]) {
    const at = from + 1 + n;
    if (at >= to || !WHETHER_ASKED.test(new Words(t, from + 1, at).text)) continue;
    const next = t[at + 1]?.w;
    const closes = next === undefined || at + 1 >= to || next === "," || SENTENCE_END.test(next);
    return FIELD_NAME.test(t[at].w) && !NOT_FIELD.has(t[at].w) && closes ? at : undefined;
  }
  return undefined;
}

/**
 * "… one more field. Call it seen_at": the name given to a field asked for with no name of its own,
 * said by a verb of naming anywhere after it.
 */
function namedAfter(ctx: ReadCtx, from: number): { fields: string[]; a: number; b: number } | undefined {
  const t = ctx.tokens;
  for (let k = from; k + 2 < t.length; k++)
    if (NAMES_IT.test(new Words(t, k, k + 2).text)) {
      const list = fieldList(ctx, k + 2, Math.min(t.length, k + 3));
      // the verb of naming is read with the name it gives
      return list && { ...list, a: k };
    }
  return undefined;
}

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
    // "(a) object; (b) room": the letter of a list's numbering before its bracket is no article
    if (LIST_NUMBER.test(w) && LIST_BRACKET.test(t[k + 1]?.w ?? "") && LIST_BRACKET.test(t[k - 1]?.w ?? "")) {
      k += 2;
      continue;
    }
    if (
      w === "'" ||
      w === "the" ||
      w === "a" ||
      w === "an" ||
      (FIELD_JOIN.test(w) && fields.length > 0) ||
      w === "," ||
      (w === "as" && t[k + 1]?.w === "well" && t[k + 2]?.w === "as")
    ) {
      if (w === "as") k += 2;
      k++;
      continue;
    }
    const asked = !fields.length && FIELD_NOUN_ANY.test(w) ? whetherField(ctx, k + 1, to) : undefined;
    if (asked !== undefined) {
      fields.push(t[asked].w);
      [start, end] = [asked, asked + 1];
      break;
    }
    if ((FIELD_NOUN_ANY.test(w) || BEFORE_FIELDS.test(w)) && !fields.length) {
      // "a field for the time", "fields for object and room": the field's name after "for (the)"
      const forThe = t[k + 2]?.w === "the" ? 3 : 2;
      k += w !== "for" && t[k + 1]?.w === "for" && !NOT_A_NAME.test(t[k + forThe]?.w ?? "") ? forThe : 1;
      continue;
    }
    // "1) object, 2) room": the list's numbering is no field
    if (LIST_BRACKET.test(w) || (LIST_NUMBER.test(w) && LIST_BRACKET.test(t[k + 1]?.w ?? ""))) {
      k++;
      continue;
    }
    if ((w === "}" || w === "]") && fields.length) break;
    if (stop.has(k)) break;
    // "…, can?": a tag that asks for agreement closes the list
    if (TAG_ASK.test(w) && t[k - 1]?.w === "," && t[k + 1]?.w === "?") break;
    if (FIELD_NAME.test(w) && (t[k].quoted || !NOT_FIELD.has(w) || whenLast(t, k, fields.length))) {
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
  let from = PARTICLE.has(ctx.tokens[k + 1]?.w ?? "") ? k + 2 : k + 1;
  // "please add also the field colour": an adverb between the verb and what it brings
  while (from < span.b && ADVERB_AFTER_VERB.has(ctx.tokens[from].w)) from++;
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

/**
 * "fields: (i) item; (ii) place; and (iii) time": a list numbered item by item runs on past
 * the semicolons that cut the clause, to the end of its sentence.
 */
function enumeratedEnd(ctx: ReadCtx, from: number, end: number): number {
  const t = ctx.tokens;
  const numbered = (k: number) =>
    LIST_BRACKET.test(t[k]?.w ?? "") && LIST_NUMBER.test(t[k + 1]?.w ?? "") && LIST_BRACKET.test(t[k + 2]?.w ?? "");
  let k = from;
  while (k < end && (BEFORE_FIELDS.test(t[k].w) || FIELD_NOUN_ANY.test(t[k].w))) k++;
  if (!numbered(k)) return end;
  let b = end;
  while (b < t.length && !SENTENCE_END.test(t[b].w)) b++;
  return b;
}

/** "…json, just item and place, …": a list after a comma and "just" or "only", of two fields or more, joined. */
function onlyList(ctx: ReadCtx, from: number): { fields: string[]; a: number; b: number } | undefined {
  const t = ctx.tokens;
  if (t[from]?.w !== "," || !ONLY_WORD.has(t[from + 1]?.w ?? "")) return undefined;
  let end = from + 2;
  while (end < t.length && t[end].w !== "," && !SENTENCE_END.test(t[end].w)) end++;
  const list = fieldList(ctx, from + 2, end);
  if (!list || list.fields.length < 2) return undefined;
  // every word up to the list's end is a field or what joins them
  const joined = t.slice(list.a, list.b).every((x) => FIELD_JOIN.test(x.w) || list.fields.includes(x.w));
  return joined && list.b >= end - 1 ? list : undefined;
}

const ONLY_WORD = new Set(["just", "only"]);
const LEAD_IN = new Set(["and", "please", "pls", "just", "also", "then", ","]);
const PARTICLE = new Set(["in", "on", "inside", "into"]);
const ADVERB_AFTER_VERB = new Set(["also", "too", "additionally", "further", "just"]);

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
  // ("answer in JSON, glasses found and where": with JSON said in the message, "found" is a field)
  const jsonSaid = ctx.tokens.some((x) => JSON_WORD.test(x.w));
  // ("a field for whether it was found": the past of the question a field answers tells nothing)
  const whether = t
    .slice(span.a, span.b)
    .some((x, i) => FIELD_NOUN_ANY.test(x.w) && whetherField(ctx, span.a + i + 1, span.b));
  if (!jsonSaid && !whether && toldInPast(w.text.split(" "))) return undefined;
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
      let from = k + 1;
      while (from < rangeEnd && ADVERB_AFTER_VERB.has(t[from].w)) from++;
      const list = fieldList(ctx, from, enumeratedEnd(ctx, from, rangeEnd), stop);
      if (!list) continue;
      for (const f of list.fields) fields.add(f);
      quotes.push({ a: list.a, b: list.b });
      break;
    }
  }
  // "answer in json, just item and place": two or more names joined, right after a comma and a word
  // of "only", are the fields
  const bare = json && !fields.size ? onlyList(ctx, json.b) : undefined;
  if (bare) for (const f of bare.fields) fields.add(f);
  if (bare) quotes.push({ a: bare.a, b: bare.b });
  // "reply in JSON. keys: item / place": a list labelled as the fields, later in the message, is
  // this rule's when it names none of its own
  if (json && !fields.size) {
    const list = labelledFields(ctx, rangeEnd);
    if (list) for (const f of list.fields) fields.add(f);
    if (list) quotes.push({ a: list.a, b: list.b });
  }
  // "add one more field. Call it seen_at": a field asked for, named by a verb of naming after it
  if (!fields.size && FIELDS_WORD.test(w.text)) {
    const list = namedAfter(ctx, span.a);
    if (list) for (const f of list.fields) fields.add(f);
    if (list) quotes.push({ a: list.a, b: list.b });
  }
  // "thanks for finding my keys": keys with no JSON and no field named are no reply format
  if (!json && !fields.size) return undefined;
  const target = targetIn(ctx, parts);
  const additive = re(ADDITIVE).test(words(ctx, common.clause).text);
  return {
    type: "rule",
    ...common,
    requirement: { kind: "json_fields", target, fields: [...fields] },
    stage: stageOf(target),
    quotes,
    clear: true,
    ...(additive ? { additive: true } : {}),
    // fields added with no JSON said change a JSON rule in force, unless named as keys (JSON said so)
    ...(additive && !json && !KEY_NAMED.test(w.text) ? { addsField: true } : {}),
    ...(unwanted ? { unwanted } : {}),
  };
}
