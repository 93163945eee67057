/**
 * One clause read for what it asks: the act (stay out of a room, do not stop in it, a reply
 * length, a JSON reply with fields, mention something, avoid a word), its object (rooms by the
 * house's own labels, "there" as the room named before, a number, fields, a quoted word), and
 * what it changes (a permission or a retraction lifts a rule; "make that 20 words" revises one;
 * "the baby sleeps from 1 to 3" gives the hours of a condition already stored).
 *
 * The acts are built from word classes (lexicon.ts) by structure: a verb of going after a
 * negation is a room to avoid; after a permission it lifts a ban; a verb of ending up after a
 * negation is a room not to stop in. Whatever the clause asks that none of this reads stays as
 * the user's words (a `behavior`: guidance at most), or, when even that is unclear, comes back
 * as a question. Nothing unread ever widens a reading.
 */
import { numberAt } from "../grammar/numbers.ts";
import { findTimes } from "../grammar/times.ts";
import { type Token, Words } from "../grammar/tokens.ts";
import { FOUND_ROOM, type OutputTarget, type Requirement, type Stage } from "../types.ts";
import { type Cond, conditionsIn, type Lasting, persistenceOf, scopeOf, withoutExplanation } from "./conditions.ts";
import {
  ADDITIVE,
  ARTIFACT_NOUN,
  AVOID,
  alt,
  CALL,
  ENTER,
  FILLER,
  FINE,
  FORBIDDEN,
  FOUND_ROOM_OBJECT,
  GLOBAL,
  LASTING,
  NEG,
  NEG_GERUND,
  NOT_TASK_LOCAL,
  PERMIT,
  PRAISE,
  REPLY_NOUN,
  RETRACT,
  REVISING,
  SCENE,
  STOP,
  TASK_LOCAL,
  TASK_VERB,
  TELL,
  USE_WORD,
  VAGUE,
  VAGUE_BEHAVIOR,
} from "./lexicon.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

export interface ReadCtx {
  message: string;
  tokens: readonly Token[];
  /** the house's region labels, when known */
  house: readonly string[];
}

/** One clause: its main part, and every part of it in order (fronted and trailing ones included). */
export interface ClauseIn {
  main: Span;
  parts: Span[];
  antecedent?: RoomRef;
  /** what the sentence before said the robot did ("You went into the garage."), for "don't do that again" */
  narrative?: { kind: "avoid_room" | "no_stop_in_room"; room: RoomRef };
  /** ends with a question mark */
  question: boolean;
  /** parts before the act that are neither markers nor acts ("When you're in this house"): read for scope and conditions, not for how long */
  weak?: Span[];
}

export interface Common {
  persistence: Lasting;
  /** lasting because the user said so ("from now on"), not by default */
  saidLasting: boolean;
  scope: "global" | "scene";
  scopeQuote?: Span;
  conditions: Cond[];
  exceptions: Cond[];
  /** the whole clause, for the statement */
  clause: Span;
}

export interface RuleReading extends Common {
  type: "rule";
  requirement: Requirement;
  stage: Stage;
  quotes: Span[];
  clear: boolean;
  /** "make that 20 words", "actually": a new value for a rule already stored */
  revising?: boolean;
  /** "20 words is fine": a value that only loosens a stored rule */
  permissive?: boolean;
  /** "also", "too": more of the same (JSON fields) */
  additive?: boolean;
  /** "not the bathroom": no verb, only an object */
  elliptical?: boolean;
  /** "stop mentioning which room": a mention the user no longer wants */
  unwanted?: boolean;
  /** rooms read through a misspelling or named as the house does not label them */
  rooms?: RoomRef[];
}

export type Target =
  | { kind: "room"; room: string; act: "enter" | "stop" | "any" }
  | { kind: "word_limit" }
  | { kind: "json" }
  | { kind: "mention"; what?: string }
  | { kind: "avoid_text"; text?: string }
  | { kind: "unknown" };

export interface RetractReading extends Common {
  type: "retract";
  targets: Target[];
  quote: Span;
  /** a permission without a word of how long ("you can go in the garage"): asked, never guessed */
  bare: boolean;
}

export interface HoursReading extends Common {
  type: "hours";
  /** the words that say whose hours ("the baby sleeps …") */
  words: string[];
}

export interface UnclearReading {
  type: "unclear";
  reason: string;
  question: string;
  clause: Span;
}

export type Reading = RuleReading | RetractReading | HoursReading | UnclearReading;

const re = (s: string) => new RegExp(`\\b${s}\\b`);
const LEAD = `^(?:(?:${FILLER}|you can|please|just|i said|i mean) )*`;

function words(ctx: ReadCtx, s: Span): Words {
  return new Words(ctx.tokens, s.a, s.b);
}

// ---- retractions and permissions --------------------------------------------------------------

/** What a retraction or a permission is about: rooms, or one kind of reply rule. */
function targetsIn(ctx: ReadCtx, s: Span, antecedent: RoomRef | undefined, act: "enter" | "stop" | "any"): Target[] {
  const rooms = roomsIn(ctx.tokens, s.a, s.b, ctx.house, antecedent);
  if (rooms.length) return rooms.map((r) => ({ kind: "room", room: r.room, act }));
  const t = words(ctx, s).text;
  if (/\b(?:mention\w*|which room|what room|the room|where (?:it|they|things) (?:was|were|is|are))\b/.test(t))
    return [{ kind: "mention", ...(/\b(?:which|what|the) room|where\b/.test(t) ? { what: FOUND_ROOM } : {}) }];
  if (/\b(?:json|format|fields?|keys?)\b/.test(t)) return [{ kind: "json" }];
  if (/\b(?:words?|word limit|limit|length|short|shorter|brief|long|longer|concise|count)\b/.test(t))
    return [{ kind: "word_limit" }];
  const quoted = ctx.tokens.slice(s.a, s.b).filter((x) => x.quoted && x.w !== "'");
  if (quoted.length || re(CALL).test(t)) return [{ kind: "avoid_text" }];
  return [{ kind: "unknown" }];
}

function retraction(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RetractReading | undefined {
  const w = words(ctx, main);
  // "forget what I said about the kitchen", "never mind the word limit", "no more JSON"
  const forget = w.first(new RegExp(`${LEAD}(${RETRACT})\\b(?! than\\b)`));
  // "fifteen words, no more": "no more" with nothing after it drops nothing
  const object = forget !== undefined && (forget.m[1] !== "no more" || forget.b < main.b);
  if (forget && object && !re(`(?:do not|never|not) ${RETRACT}`).test(w.text)) {
    const verbAt = forget.b - forget.m[1].split(" ").length;
    return {
      type: "retract",
      ...common,
      targets: targetsIn(ctx, { a: forget.b, b: main.b }, c.antecedent, "any"),
      quote: { a: verbAt, b: main.b },
      bare: false,
    };
  }
  // "you don't have to stay out of the garage any more", "no need to tell me the room", "stop avoiding the garage"
  const release = w.first(
    /\b(?:do not have to|do not need to|no longer need to|no longer have to|need not|no need to|there is no need to|(?:can |may )?(?:stop|quit)(?= (?:avoid|skipp|bypass|stay|keep|steer|limit|capp|using json|replying in json|answering in json)))\b/,
  );
  if (release) {
    const vp = { a: release.b, b: main.b };
    const inner = directiveReadings(
      ctx,
      { ...c, main: vp, parts: [vp] },
      { ...common, conditions: [], exceptions: [] },
      true,
    );
    const targets: Target[] = inner.flatMap((r) => (r.type === "rule" ? [targetOf(r.requirement)] : []));
    return {
      type: "retract",
      ...common,
      targets: targets.length ? targets : [{ kind: "unknown" }],
      quote: { a: release.a, b: main.b },
      bare: false,
    };
  }
  // "you can call me sir again": a word allowed again
  const say = w.first(new RegExp(`\\b(?:${PERMIT}) (?:${CALL}|${USE_WORD}|say)\\b`));
  if (say && !/\bnot\b/.test(say.m[0])) {
    const lit = literalAfter(ctx, say.b, main.b);
    if (lit)
      return {
        type: "retract",
        ...common,
        targets: [
          {
            kind: "avoid_text",
            text: ctx.message.slice(ctx.tokens[lit.a].start, ctx.tokens[lit.b - 1].end).toLowerCase(),
          },
        ],
        quote: { a: say.a, b: main.b },
        bare: common.persistence === "persistent" && !common.saidLasting,
      };
  }
  // "you can go in the laundry room again", "feel free to enter the garage", "you may stop in the kitchen now"
  const permit = w.first(
    new RegExp(
      `\\b(${PERMIT})\\b(?: (?:now|again|also|still|just|even|always|actually|once again))*(?: (?:go|come))? (?:(${STOP})|(${ENTER}))\\b`,
    ),
  );
  const fine = w.first(re(FINE));
  if (
    permit &&
    !/\bnot\b/.test(permit.m[0].split(" ").slice(0, 3).join(" ")) &&
    !/\b(?:not|never)\b/.test(new Words(ctx.tokens, main.a, permit.a).text)
  ) {
    const act = permit.m[2] ? "stop" : "enter";
    const rooms = roomsIn(ctx.tokens, permit.b, main.b, ctx.house, c.antecedent);
    if (rooms.length) return permission(ctx, c, common, rooms, act, { a: main.a, b: main.b });
  }
  if (fine) {
    const before = roomsIn(ctx.tokens, main.a, fine.a, ctx.house, c.antecedent);
    const negated = /\b(?:not|never)\b/.test(new Words(ctx.tokens, main.a, fine.a).text);
    if (before.length && !negated) return permission(ctx, c, common, before, "any", { a: main.a, b: main.b });
  }
  return undefined;
}

function permission(
  ctx: ReadCtx,
  c: ClauseIn,
  common: Common,
  rooms: RoomRef[],
  act: "enter" | "stop" | "any",
  quote: Span,
): RetractReading {
  const now = /\b(?:now|after all|no longer)\b/.test(words(ctx, c.main).text);
  const limited = common.conditions.length > 0 || common.exceptions.length > 0 || common.scope === "scene";
  return {
    type: "retract",
    ...common,
    targets: rooms.map((r) => ({ kind: "room", room: r.room, act })),
    quote,
    bare: common.persistence === "persistent" && !common.saidLasting && !now && !limited,
  };
}

export function targetOf(q: Requirement): Target {
  switch (q.kind) {
    case "avoid_room":
      return { kind: "room", room: q.room, act: "enter" };
    case "no_stop_in_room":
      return { kind: "room", room: q.room, act: "stop" };
    case "word_limit":
      return { kind: "word_limit" };
    case "json_fields":
      return { kind: "json" };
    case "mention":
      return { kind: "mention", what: q.what };
    case "avoid_text":
      return { kind: "avoid_text", text: q.text };
    case "behavior":
      return { kind: "unknown" };
  }
}

// ---- rooms ------------------------------------------------------------------------------------

interface Head {
  a: number;
  b: number;
  kind: "avoid" | "stop" | "enter" | "forbidden";
  /** a prohibition (avoid / forbidden always; enter and stop when negated) */
  bans: boolean;
}

const AUX = /^(?:do|does|did|will|would|should|can|could|must|may|might|shall|are|is)$/;

function heads(ctx: ReadCtx, s: Span): Head[] {
  const w = words(ctx, s);
  const out: Head[] = [];
  // "do not", "should never": the negation starts at its auxiliary
  const negs = [...w.matches(new RegExp(`\\b(?:${NEG}|${NEG_GERUND})\\b`))].map((m) =>
    m.a > s.a && AUX.test(ctx.tokens[m.a - 1].w) ? m.a - 1 : m.a,
  );
  const negated = (at: number) => negs.some((n) => n < at);
  for (const m of w.matches(re(AVOID))) out.push({ a: m.a, b: m.b, kind: "avoid", bans: !negated(m.a) });
  for (const m of w.matches(re(FORBIDDEN)))
    out.push({
      a: m.a,
      b: m.b,
      kind: "forbidden",
      bans: !/\bnot\b/.test(m.m[0]) || /not allowed|not for|not a place/.test(m.m[0]),
    });
  for (const m of w.matches(re(STOP))) {
    // "stop going into the garage": "stop" before a gerund negates it, and is no stop itself
    if (/^(?:stop|quit)$/.test(m.m[0]) && /^\w+ing\b/.test(w.text.slice(m.m.index! + m.m[0].length + 1))) continue;
    if (out.some((h) => h.a <= m.a && m.a < h.b)) continue;
    const first = negs.filter((n) => n < m.a).at(-1);
    out.push({ a: first ?? m.a, b: m.b, kind: "stop", bans: first !== undefined });
  }
  for (const m of w.matches(re(ENTER))) {
    if (out.some((h) => h.a <= m.a && m.a < h.b)) continue;
    // "your search", "the walk": a noun, no verb
    if (/^(?:your|the|my|a|an|this|that|its)$/.test(ctx.tokens[m.a - 1]?.w ?? "")) continue;
    const first = negs.filter((n) => n < m.a).at(-1);
    out.push({ a: first ?? m.a, b: m.b, kind: "enter", bans: first !== undefined });
  }
  return out.sort((x, y) => x.b - y.b);
}

const EXCEPT_ROOM = /\b(?:except|unless|other than|apart from|but not|besides|instead of|rather than|save for)\b/;

function roomReadings(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  const hs = heads(ctx, main);
  if (!hs.some((h) => h.bans)) return [];
  let rooms = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent);
  // "The office? Off limits.", "garage: no go": the predicate said of the room just named
  if (!rooms.length && c.antecedent && hs.some((h) => h.kind === "forbidden" && h.bans && h.a === main.a))
    rooms = [{ ...c.antecedent, from: c.antecedent.from ?? { a: c.antecedent.a, b: c.antecedent.b } }];
  const w = words(ctx, main);
  const except = w.first(EXCEPT_ROOM);
  const out: RuleReading[] = [];
  const seen = new Set<string>();
  for (const r of rooms) {
    if (except && r.a >= except.a) continue;
    // the verb a room belongs to: the last one before it; "the office is off limits": the predicate after it
    const before = hs.filter((h) => h.b <= r.a).at(-1);
    const predicate = hs.find(
      (h) => h.kind === "forbidden" && h.a >= r.b && !hs.some((x) => x !== h && x.a > r.b && x.a < h.a && x.bans),
    );
    const h = before && (!predicate || before.bans) ? before : predicate;
    if (!h?.bans) continue;
    const kind = h.kind === "stop" ? "no_stop_in_room" : "avoid_room";
    const key = `${kind}:${r.room}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      type: "rule",
      ...common,
      requirement: { kind, room: r.room },
      stage: "pre_action",
      // "don't stop there": the words that named the room are part of what the rule rests on
      quotes: [{ a: h.a, b: h.b }, { a: r.a, b: r.b }, ...(r.from ? [{ a: r.from.a, b: r.from.b }] : [])],
      clear: true,
      rooms: [r],
    });
  }
  return out;
}

/** "not the bathroom this time": an object without a verb. */
function ellipticalRoom(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  const w = words(ctx, main);
  const m = w.first(/\b(?:not|no)(?: (?:in|into|inside|through))? (?:the|my|that)\b/);
  if (!m) return [];
  return roomsIn(ctx.tokens, m.b - 1, main.b, ctx.house, c.antecedent)
    .slice(0, 1)
    .map((r) => ({
      type: "rule",
      ...common,
      requirement: { kind: "avoid_room", room: r.room },
      stage: "pre_action",
      quotes: [{ a: m.a, b: r.b }],
      clear: true,
      elliptical: true,
      rooms: [r],
    }));
}

// ---- replies ----------------------------------------------------------------------------------

function targetIn(ctx: ReadCtx, parts: Span[]): OutputTarget {
  return parts.some((p) => re(ARTIFACT_NOUN).test(words(ctx, withoutExplanation(ctx.tokens, p)).text))
    ? "artifact"
    : "reply";
}
const stageOf = (t: OutputTarget): Stage => (t === "artifact" ? "artifact" : "delivery");

const STRICT_BEFORE = /\b(?:under|below|fewer than|less than|shorter than|beneath)$/;
const OVER_BEFORE = /\b(?:more than|longer than|over|above|past|beyond|exceed|exceeding)$/;
const LIMIT_WORD = new RegExp(
  `\\b(?:under|below|fewer|less|max|maximum|most|no more|limit\\w*|cap\\w*|keep|stick|up to|within|tops|only|just|short\\w*|exceed\\w*|over|longer|trim|cut|${REPLY_NOUN}|${ARTIFACT_NOUN}|please|make (?:that|it)|answer|reply|respond|write|use)\\b`,
);
const PAST = /\b(?:you (?:used|wrote|gave|said|sent|replied|answered)|that was|those were|it was|this was)\b/;

function wordLimit(ctx: ReadCtx, common: Common, span: Span, parts: Span[]): RuleReading | undefined {
  const ws = ctx.tokens.map((t) => t.w);
  const w = words(ctx, span);
  const all = words(ctx, common.clause).text;
  if (PAST.test(w.text)) return undefined;
  for (let k = span.a; k < span.b; k++) {
    let n = numberAt(ws, k);
    let a = k;
    let b = n?.end ?? k;
    // "a word limit of 12", "word count: twelve"
    if (!n && ws[k] === "word" && /^(?:limit|count|cap|max|maximum)$/.test(ws[k + 1] ?? "")) {
      let j = k + 2;
      while (j < span.b && /^(?:of|is|at|to|:|=|be|should|would|will|must)$/.test(ws[j])) j++;
      n = numberAt(ws, j);
      if (n) b = n.end;
    } else if (n && /^words?$/.test(ws[n.end] ?? "")) b = n.end + 1;
    else if (
      n &&
      /\bwords?\b/.test(all) &&
      /^(?:at most|at the most|max|maximum|tops|or less|or fewer)\b/.test(
        new Words(ctx.tokens, n.end, Math.min(span.b, n.end + 3)).text,
      )
    )
      b = n.end; // "a few words, say ten at most"
    else continue;
    if (!n || n.value < 1) continue;
    const before = new Words(ctx.tokens, Math.max(span.a, a - 3), a).text;
    const negated = /\b(?:not|no|never)\b/.test(new Words(ctx.tokens, span.a, a).text);
    let max = n.value;
    if (STRICT_BEFORE.test(before)) max = n.value - 1;
    else if (OVER_BEFORE.test(before)) {
      if (!negated) continue;
      a = Math.max(span.a, a - 2);
    }
    if (max < 1) continue;
    const after = new Words(ctx.tokens, b, Math.min(span.b, b + 4)).text;
    // "20 words is fine" loosens a stored limit; "twelve words is plenty" sets one
    const permissive = /^(?:is|are|would be|should be|will be|'s) (?:fine|ok|good|alright|all right|acceptable)\b/.test(
      after,
    );
    const plenty = /^(?:is|are|would be|should be|will be|'s) (?:enough|plenty|sufficient)\b/.test(after);
    if (!LIMIT_WORD.test(w.text) && !permissive && !plenty) continue;
    const target = targetIn(ctx, parts);
    const tail =
      /^(?:at (?:the )?(?:very )?most|at max|max(?:imum)?|tops|or (?:less|fewer)|and no more|no more|at the outside)\b/.exec(
        after,
      );
    if (tail) b += tail[0].split(" ").length;
    return {
      type: "rule",
      ...common,
      requirement: { kind: "word_limit", target, maxWords: max },
      stage: stageOf(target),
      quotes: [{ a: STRICT_BEFORE.test(before) ? Math.max(span.a, a - 1) : a, b }],
      clear: true,
      ...(permissive ? { permissive } : {}),
      ...(re(REVISING).test(all) ? { revising: true } : {}),
    };
  }
  return undefined;
}

/** Words that are never a field's name. */
const NOT_FIELD = new Set(
  "the a an no not nothing any anything some just only extra other more less json format text word words it them this that these those me you your my our please markdown prose comment comments explanation explanations space spaces field fields key keys property properties everything all each every in on for with to of at from as when if so and or but then also too always never reply replies answer answers response responses message messages is are be like keep give send use using include including containing plus a's".split(
    " ",
  ),
);
const FIELD_INTRO =
  /^(?:with|containing|contains|including|includes|include|add|put|keys|fields|properties|having|holding|listing|:|incl|of|plus|has|have|holds|like|\{|\[)$/;
/** what may stand between an intro and the first field: "the keys should be found, …", "two fields, found and room" */
const BEFORE_FIELDS =
  /^(?:should|be|are|is|must|will|would|called|named|like|one|two|three|four|five|six|\d+|\{|\[|:)$/;

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
    if ((/^(?:keys|fields|properties|key|field|property)$/.test(w) || BEFORE_FIELDS.test(w)) && !fields.length) {
      k++;
      continue;
    }
    if ((w === "}" || w === "]") && fields.length) break;
    if (stop.has(k)) break;
    if (/^[a-z_][a-z0-9_]{0,63}$/.test(w) && (t[k].quoted || !NOT_FIELD.has(w))) {
      fields.push(w);
      if (start < 0) start = k;
      end = k + 1;
      k++;
      if (/^(?:field|key|property)$/.test(t[k]?.w ?? "")) k++;
      continue;
    }
    break;
  }
  return fields.length ? { fields, a: start, b: end } : undefined;
}

function jsonReading(
  ctx: ReadCtx,
  common: Common,
  span: Span,
  parts: Span[],
  rangeEnd: number,
): RuleReading | undefined {
  const t = ctx.tokens;
  const w = words(ctx, span);
  const json = w.first(/\bjson\b/);
  const quoted = t
    .slice(span.a, rangeEnd)
    .map((x, i) => ({ x, i: span.a + i }))
    .filter(({ x }) => x.quoted && x.w !== "'" && /^[a-z_][a-z0-9_]*$/.test(x.w));
  const fieldWord = /\b(?:fields?|keys?|properties)\b/.test(w.text);
  // "include the object key too": a field named as one, JSON implied
  const named = /\b[a-z_][a-z0-9_]* (?:field|key|property)\b|\b(?:fields?|keys?) (?:called |named )?[a-z_]/.test(
    w.text,
  );
  if (!json && !(fieldWord && (quoted.length || named))) return undefined;
  // "no json, just plain text", "don't answer in JSON": JSON not wanted
  const unwanted =
    json !== undefined && /\b(?:no|not|never|without)\b/.test(new Words(ctx.tokens, span.a, json.a).text);
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

/** A literal the user quoted, or a bare word ("say sorry"); undefined for a topic ("the colour"). */
function literalAfter(ctx: ReadCtx, from: number, to: number): Span | undefined {
  const t = ctx.tokens;
  let k = from;
  if (t[k]?.w === "the" && /^words?$/.test(t[k + 1]?.w ?? "")) k += 2;
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
  if (
    k < to &&
    /^[a-z]+$/.test(t[k].w) &&
    !/^(?:the|a|an|my|your|any|that|this|those|these|it|them|me|so|such|more|less|too|about|what|which|where|how|things?|stuff)$/.test(
      t[k].w,
    )
  )
    return { a: k, b: k + 1 };
  return undefined;
}

function tellReadings(ctx: ReadCtx, c: ClauseIn, common: Common, span: Span, parts: Span[]): RuleReading[] {
  const w = words(ctx, span);
  // the verb itself is part of the test: "stop" negates only before a gerund ("stop calling me …")
  const negated = (at: number) =>
    re(`(?:${NEG}|${NEG_GERUND}|do not|never)`).test(new Words(ctx.tokens, span.a, Math.min(span.b, at + 1)).text);
  const target = targetIn(ctx, parts);
  // "stop calling me 'sir'", "never use the word 'basically'", "stop saying 'no problem'"
  for (const m of [...w.matches(re(CALL)), ...w.matches(re(USE_WORD)), ...w.matches(re(TELL))]) {
    if (!negated(m.a)) continue;
    const lit = literalAfter(ctx, m.b, span.b);
    const isCall = re(CALL).test(m.m[0]);
    // "don't say sorry" names a word; "don't use emojis" a kind of thing, no word to look for
    const named =
      lit && (ctx.tokens[lit.a].quoted || /^(?:the|a) words?$/.test(new Words(ctx.tokens, m.b, lit.a).text));
    if (lit && (isCall || named || /^(?:say|saying)$/.test(m.m[0]))) {
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
  const tell = w.first(re(TELL));
  if (!tell) return [];
  const neg = negated(tell.a);
  const rest = new Words(ctx.tokens, tell.b, span.b);
  const room = rest.first(re(FOUND_ROOM_OBJECT));
  // "tell me which room you are going to search first": about what it will do now, not where it found something
  if (
    room &&
    /\b(?:going to|gonna|will|are you|you are|about to|next(?! time)|first)\b/.test(
      new Words(ctx.tokens, room.b, span.b).text,
    )
  )
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
    const now = c.question && !common.saidLasting && /\b(?:was|were|is|are)\b/.test(rest.text);
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
  const lit = literalAfter(ctx, tell.b, span.b);
  if (lit && ctx.tokens[lit.a].quoted && !neg) {
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

// ---- behaviour, and what is no correction -----------------------------------------------------

const STOPWORDS = new Set(
  "a an the and or but to of in on at for with by from do does did done doing not no never always again ever please you your i me my it that this those these so like way be is are was were any more from now on future going forward every each whenever make sure just also can could would should will want need really".split(
    " ",
  ),
);

const DIRECTIVE = new RegExp(
  `(?:${LEAD}(?:keep|stay|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make|be|limit|stop|start|wait|park|cap|send|write|put|let|leave|greet|speak|talk|try|remember|call|address|show|add|sound|shorten|explain|describe|list|report|ask|check|turn|close|open|knock|announce|warn|beep|slow|move|drive|come back|return|bring|go)\\b)|\\b(?:${NEG}|do not|never|please|make sure|be sure|remember to|i (?:want|need|would like|would prefer|would rather|prefer|like|do not want) (?:you|it)|(?:i|we) (?:would like|would prefer|prefer|want) (?!(?:my|the|some|a|an|our|his|her|their|to)\\b)\\w+|you (?:should|must|need to|have to|ought to|are to)|${LASTING})\\b`,
);
export const VAGUE_QUESTION = "What exactly should I do differently?";
const REQUEST = new RegExp(
  `${LEAD}(?:(?:(?:can|could|would|will) you (?:please )?)?(?:${TASK_VERB})\\b|(?:can|could|would|will) you (?:please )?(?:check|look|search|go|see|tell me where)\\b|(?:i|we) (?:want|need|would like|am looking for|are looking for) (?:my|the|some|a|an|our|his|her|their)\\b)`,
);

function behaviour(ctx: ReadCtx, common: Common, span: Span): RuleReading | UnclearReading | undefined {
  const w = words(ctx, span);
  if (!DIRECTIVE.test(w.text) || REQUEST.test(w.text)) return undefined;
  const text = ctx.message.slice(ctx.tokens[span.a].start, ctx.tokens[span.b - 1].end).replace(/[.!?,;:\s]+$/, "");
  // what is asked, without the words that only say for how long ("every time", "this time")
  const asked = w.text.replace(new RegExp(`\\b(?:${LASTING}|${TASK_LOCAL})\\b`, "g"), " ");
  const content = asked.split(/\s+/).filter((x) => /^[a-z]/.test(x) && !STOPWORDS.has(x));
  const vague = content.filter((x) => re(VAGUE_BEHAVIOR).test(x)).length;
  if (content.length - vague < 2 || vague > 0)
    return {
      type: "unclear",
      reason: `what to do differently is not said ("${text}")`,
      question: VAGUE_QUESTION,
      clause: span,
    };
  const stage: Stage = re(ARTIFACT_NOUN).test(w.text)
    ? "artifact"
    : /\b(?:say|tell|repl|answer|respond|talk|speak|messages?|words?|detail|detailed|short|brief|long|longer|shorter|mention|call|greet|polite|politely|formal|tone|explain|describe|voice|beep|announce|emoji|jargon|slang|exclamation|abbreviation|swear|curs|text|json|format)\w*/.test(
          w.text,
        )
      ? "delivery"
      : "pre_action";
  return {
    type: "rule",
    ...common,
    requirement: { kind: "behavior", text },
    stage,
    quotes: [span],
    clear: true,
  };
}

/** Thanks, praise, a request for an object, a question: no correction at all. */
export function isNoCorrection(ctx: ReadCtx, s: Span): boolean {
  const w = words(ctx, s);
  if (re(`(?:${NEG}|do not|never|${LASTING}|json|words?|off limits|stay out|keep out)`).test(w.text)) return false;
  if (REQUEST.test(w.text)) return true;
  // "go to the kitchen and get my mug": where to go and what to fetch, nothing about how
  const movesOnly = w.text.replace(/\b(?:be|being|been)\b/g, " ");
  if (
    !/\b(?:not|never|no)\b/.test(w.text) &&
    !re(VAGUE_BEHAVIOR).test(w.text) &&
    re(`(?:${ENTER}|${TASK_VERB})`).test(movesOnly)
  )
    return true;
  if (/^(?:where|what|which|who|how|when)\b/.test(w.text)) return true;
  // thanks and praise with nothing asked ("Great, you found my keys")
  return re(PRAISE).test(w.text);
}

// ---- one clause -------------------------------------------------------------------------------

/** Readings of a directive part: rooms, replies, behaviour. `inner`: a part read for a retraction. */
function directiveReadings(ctx: ReadCtx, c: ClauseIn, common: Common, inner = false): Reading[] {
  const main = withoutExplanation(ctx.tokens, c.main);
  const end = Math.max(
    main.b,
    ...c.parts.filter((p) => p.a >= c.main.a).map((p) => withoutExplanation(ctx.tokens, p).b),
  );
  const out: Reading[] = [];
  // in a retraction, "stay out of the garage" is read as if said positively
  const positive = inner ? { ...common } : common;
  out.push(...roomReadings(ctx, c, positive, main));
  if (inner && !out.length) {
    const rooms = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent);
    const hs = heads(ctx, main);
    for (const r of rooms) {
      const h = hs.filter((x) => x.b <= r.a).at(-1);
      if (!h) continue;
      out.push({
        type: "rule",
        ...common,
        requirement: { kind: h.kind === "stop" ? "no_stop_in_room" : "avoid_room", room: r.room },
        stage: "pre_action",
        quotes: [{ a: h.a, b: r.b }],
        clear: true,
      });
    }
  }
  const limit = wordLimit(ctx, common, main, c.parts);
  if (limit) out.push(limit);
  const json = jsonReading(ctx, common, main, c.parts, end);
  if (json) out.push(json);
  if (!json) out.push(...tellReadings(ctx, c, common, main, c.parts));
  if (!out.length && !inner) {
    // "don't do that again" after "You went into the garage."
    const w = words(ctx, main);
    if (c.narrative && /\b(?:do not|never|stop) (?:ever )?(?:do|doing) (?:that|this|it)\b|\bnever again\b/.test(w.text))
      out.push({
        type: "rule",
        ...common,
        requirement: { kind: c.narrative.kind, room: c.narrative.room.room },
        stage: "pre_action",
        quotes: [main, { a: c.narrative.room.a, b: c.narrative.room.b }],
        clear: true,
      });
  }
  if (!out.length && !inner) out.push(...ellipticalRoom(ctx, c, common, main));
  if (!out.length && !inner) {
    const hs = heads(ctx, main);
    if (
      hs.some((h) => h.bans && h.kind !== "enter") ||
      hs.some((h) => h.bans && /\b(?:there|it|that)\b/.test(words(ctx, { a: h.b, b: main.b }).text))
    )
      out.push({
        type: "unclear",
        reason: "a room to avoid, but which room is not said",
        question: "Which room do you mean?",
        clause: main,
      });
  }
  if (!out.length && !inner) {
    // "go through the office if you must", "go through the hallway instead": where to go now, no habit
    const hs = heads(ctx, main);
    const goes =
      hs.some(
        (h) =>
          !h.bans && (h.kind === "enter" || h.kind === "stop") && !/^(?:be|being|been)$/.test(ctx.tokens[h.b - 1].w),
      ) && roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent).length > 0;
    const b = goes ? undefined : behaviour(ctx, common, main);
    if (b) out.push(b);
  }
  return out;
}

const PREP = /^(?:on|during|over|at|around|with|without|for|in|after|before|until|by|near|throughout|except)$/;
/** What a trailing phrase names that is no condition: the reply it is about, the user, emphasis. */
const NOT_A_CONDITION = new RegExp(
  `^(?:(?:in|on|for|to|at|with|per|into|of) (?:(?:your|my|the|each|every|all|any|a) )?(?:${REPLY_NOUN}|${ARTIFACT_NOUN}|json|it|them|that|this)\\b|(?:to|for) (?:me|you|us)\\b|at all\\b|for any reason\\b|by yourself\\b|(?:in|on) (?:there|here)\\b|for me\\b|in general\\b|(?:at|in|to) (?:the )?(?:very )?(?:end|start|beginning|top|bottom|front)\\b|in (?:the )?(?:first|last) (?:line|sentence|word)\\b)`,
);

/**
 * A phrase after the requirement that the learner does not read ("… on weekends", "… with
 * muddy wheels") may be a condition: it is kept as one (only people can tell when it holds),
 * so the rule is narrower, never broader, than what was said. A phrase that introduces the
 * object ("into the", "out of my") or names the reply ("in your answers") is none.
 */
function leftoverConditions(ctx: ReadCtx, c: ClauseIn, main: Span, readings: RuleReading[], common: Common): Cond[] {
  const p = withoutExplanation(ctx.tokens, main);
  const hard = new Set<number>();
  for (const r of readings) for (const q of r.quotes) for (let k = q.a; k < q.b; k++) hard.add(k);
  const soft = new Set<number>();
  for (const x of [...common.conditions, ...common.exceptions, ...(common.scopeQuote ? [common.scopeQuote] : [])])
    for (let k = x.a; k < x.b; k++) soft.add(k);
  const w = words(ctx, p);
  for (const src of [TASK_LOCAL, LASTING, VAGUE, NOT_TASK_LOCAL, SCENE, GLOBAL])
    for (const m of w.matches(re(src))) for (let k = m.a; k < m.b; k++) soft.add(k);
  for (let k = p.a; k < p.b; k++)
    if (!/[a-z0-9]/.test(ctx.tokens[k].w) || re(FILLER).test(ctx.tokens[k].w)) soft.add(k);
  const last = Math.max(-1, ...hard);
  const out: Cond[] = [];
  for (let k = Math.max(p.a, last + 1); k < p.b; k++) {
    if (hard.has(k) || soft.has(k)) continue;
    let b = k;
    while (b < p.b && !hard.has(b) && !soft.has(b)) b++;
    const text = new Words(ctx.tokens, k, b).text;
    if (PREP.test(ctx.tokens[k].w) && b - k >= 2 && !NOT_A_CONDITION.test(text)) out.push({ kind: "text", a: k, b });
    k = b;
  }
  void c;
  return out;
}

export function readClause(ctx: ReadCtx, c: ClauseIn): Reading[] {
  const weak = new Set((c.weak ?? []).map((s) => s.a));
  const { persistence, said } = persistenceOf(
    ctx.tokens,
    c.parts.filter((p) => !weak.has(p.a)),
  );
  const scope = scopeOf(ctx.tokens, c.parts);
  const main = withoutExplanation(ctx.tokens, c.main);
  const clause: Span = { a: c.parts[0].a, b: c.parts[c.parts.length - 1].b };
  // the act itself is no condition: its verb's span is passed so "as long as you don't stop there" stays the act
  const hs = heads(ctx, main).filter((h) => h.bans);
  const when = conditionsIn(
    ctx.tokens,
    c.parts,
    hs.map((h) => ({ a: h.a, b: h.b })),
    true,
  );
  const common: Common = {
    persistence,
    saidLasting: said && persistence === "persistent",
    scope: scope.scope,
    ...(scope.quote ? { scopeQuote: scope.quote } : {}),
    conditions: when.conditions,
    exceptions: when.exceptions,
    clause,
  };
  const r = retraction(ctx, c, common, main);
  // "you can pass through the den as long as you don't linger there": the permission and the rule
  const alsoBans =
    r?.targets.every((t) => t.kind === "room") &&
    heads(ctx, main).some((h) => h.bans && h.a > r.quote.a && h.kind === "stop");
  if (r && !alsoBans) return [r];
  const out = [...(r ? [r] : []), ...directiveReadings(ctx, c, common)];
  // reply rules have no "unless I ask" room exception: it is theirs as text
  for (const x of out) {
    if (x.type !== "rule" || x.requirement.kind === "avoid_room" || x.requirement.kind === "no_stop_in_room") continue;
    x.exceptions = x.exceptions.map((e) => (e.kind === "asked" ? { kind: "text", a: e.a, b: e.b } : e));
  }
  const rules = out.filter((x): x is RuleReading => x.type === "rule" && x.requirement.kind !== "behavior");
  if (rules.length) {
    const extra = leftoverConditions(ctx, c, main, rules, common);
    for (const x of rules) x.conditions = [...x.conditions, ...extra];
  }
  if (out.length) return out;
  // "the baby sleeps from 1 to 3": the hours of a condition only people know
  const w = words(ctx, main);
  const times = findTimes(w.text);
  if (times.length && !c.question)
    return [
      {
        type: "hours",
        ...common,
        words: w.text.split(" ").filter((x) => /^[a-z]{3,}$/.test(x) && !STOPWORDS.has(x)),
      },
    ];
  return [];
}

export { alt };
