/**
 * A message cut into the parts the learner reads: sentences, then segments (cut at commas,
 * dashes, colons and at "and"/"but" where a new directive starts), then clauses: one segment
 * that asks for something, with the segments around it that only say when, where, for how
 * long or why ("When the baby is asleep, stay out of the nursery" is one clause; so is "Stay
 * out of the garage, always").
 */
import {
  afterFrontedOccasion,
  afterLeadingHowLong,
  afterLeadingRest,
  afterLeadOpener,
  bareNo,
  bounded,
  clockAbbreviationEnds,
  continuesReason,
  DIRECTIVE,
  DIRECTIVE_START,
  dislocatedInfinitive,
  EXPLAIN,
  FIELD_NAME_PART,
  FIELD_NAMES,
  findTimes,
  isWordToken,
  LEADING_JOIN,
  LISTS_FIELDS,
  leadEndsBefore,
  opensConsequence,
  opensNobodyGoing,
  opensWordLimit,
  PROVISO_START,
  permissionRunsOn,
  read,
  refusedByClosingNo,
  SIGN_NO,
  SIGN_NOUN,
  SIGN_STOP_NOUN,
  SUBORDINATE,
  stopVerbsJoined,
  type Token,
  Words,
} from "../../language/index.ts";

export interface Span {
  /** token range [a, b) */
  a: number;
  b: number;
}

const SENTENCE_END = new Set([".", "!", "?", ";"]);
const SEGMENT_END = new Set([",", "—", "–", ":", "(", ")", "…"]);

/** Sentences: at . ! ? ; and line breaks, never inside a quotation. */
export function sentences(message: string, tokens: readonly Token[]): Span[] {
  const out: Span[] = [];
  let a = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1];
    const lineBreak = next !== undefined && message.slice(t.end, next.start).includes("\n");
    // "… from 10 p.m. The end is the same.": the clock's period before a capital ends the sentence too
    const closedAbbreviation =
      next !== undefined &&
      clockAbbreviationEnds(t.w, message.slice(t.start, t.end), message.slice(next.start, next.end));
    if ((SENTENCE_END.has(t.w) && !t.quoted) || lineBreak || closedAbbreviation) {
      const b = SENTENCE_END.has(t.w) ? k : k + 1;
      if (b > a) out.push({ a, b });
      a = k + 1;
    }
  }
  if (a < tokens.length) out.push({ a, b: tokens.length });
  return out;
}

/**
 * Segments of a sentence: at commas, dashes and colons, and at a conjunction before a new directive
 * (or before a room fronted as the topic of one, `fronted`: "… and the attic always you stay out").
 */
export function segments(tokens: readonly Token[], s: Span, fronted?: (from: number) => number | undefined): Span[] {
  const out: Span[] = [];
  let a = s.a;
  const cut = (b: number) => {
    if (b > a) out.push({ a, b });
  };
  let depth = 0;
  for (let k = s.a; k < s.b; k++) {
    const w = tokens[k].w;
    if (tokens[k].quoted) continue;
    // "{found, room, object}" is one list, whatever its commas
    if (w === "{" || w === "[") depth++;
    if ((w === "}" || w === "]") && depth > 0) depth--;
    if (depth > 0) continue;
    // "no entry: the attic", "no access — the loft": a sign and the room it is put on are one part
    const sign =
      (w === ":" || w === "-" || w === "—" || w === "–") &&
      k === a + 2 &&
      SIGN_NO.test(tokens[a].w) &&
      (SIGN_NOUN.test(tokens[a + 1].w) || SIGN_STOP_NOUN.test(tokens[a + 1].w));
    // "but wait there, no": a bare "no" closing the sentence is the act's refusal, no part of its own
    const refusal =
      w === "," &&
      bareNo(tokens.slice(k + 1, s.b).map((t) => t.w)) &&
      refusedByClosingNo(tokens.slice(a, s.b).map((t) => t.w)) !== undefined;
    // "…, as long as you don't stop there": a proviso stays with the request it binds
    const proviso = w === "," && k > a && PROVISO_START.test(new Words(tokens, k + 1, Math.min(s.b, k + 5)).text);
    // "don't wait, linger or stay there": verbs of ending up listed with commas are one act, as with "and"
    const joiner = tokens[k + 1]?.w === "or" || tokens[k + 1]?.w === "and" ? 2 : 1;
    const listed = w === "," && k > a && stopVerbsJoined(tokens[k - 1].w, tokens[k + joiner]?.w ?? "");
    if (!sign && !refusal && !proviso && !listed && (SEGMENT_END.has(w) || (w === "-" && k > s.a))) {
      cut(k);
      a = k + 1;
      continue;
    }
    // "unless i am home do not go in the garage": a lead said without its comma ends where the request starts
    if ((w === "do" || w === "never") && k > a + 1 && runOnLeadEnds(tokens, a, k)) {
      cut(k);
      a = k;
      continue;
    }
    // "after 10pm keep off the landing and …": hours opening the sentence with no comma before the
    // request are a part of their own, as with a comma, so they are every request's of the sentence
    // ("when the baby naps keep out of …": a whole when-lead with a clause of its own, the same)
    const opening = a === s.a && k > a && DIRECTIVE_START.test(new Words(tokens, k, s.b).text);
    if (opening && (hoursOnly(tokens, a, k) || leadBefore(tokens, a, k))) {
      cut(k);
      a = k;
      continue;
    }
    // "i can't read all that ten words max": a limit run on after a reason is a part of its own
    if (limitAfterReason(tokens, a, k, s.b)) {
      cut(k);
      a = k;
      continue;
    }
    // "… that's fine now you may go back in": a permission run on after a predicate that allows
    if (k > a + 2 && permissionRunsOn(new Words(tokens, a, k).text, new Words(tokens, k, s.b).text)) {
      cut(k);
      a = k;
      continue;
    }
    // "… mended the shed door so you may go in there again": "so" before a directive to the one spoken to
    // opens it, the consequence ("so keep out of it" stays in the clause it closes)
    // ("… sleeps till nine so nobody goes in there": a ban on everyone after "so" is a directive too)
    const nobody = w === "so" && opensNobodyGoing(tokens.slice(k + 1, k + 4).map((t) => t.w));
    const so = (w === "so" && opensConsequence(tokens[k + 1]?.w, tokens[k + 2]?.w)) || nobody;
    if ((w === "and" || w === "but" || w === "then" || w === "plus" || w === "also" || so) && k > a) {
      const rest = new Words(tokens, k + 1, s.b).text;
      // "… the study also never park …" starts a new directive; "and this time also skip …" does not,
      // since what comes before "also" asks nothing yet
      const before = new Words(tokens, a, k).text;
      const asked = w !== "also" || DIRECTIVE.test(before) || DIRECTIVE_START.test(before);
      // "… and this time skip the hall": a marker of how long before the new directive is its own
      const marked = afterLeadingHowLong(rest);
      // "… and for this game only keep off the porch": an occasion the task words do not name, the same
      const occasion = afterFrontedOccasion(tokens, k + 1, s.b);
      // "… and the other times you stay out": the hours a permission leaves, before the directive for them
      const left = afterLeadingRest(rest);
      // "… and the attic always you stay out": a room fronted as the topic of the directive after it
      const topic = fronted?.(k + 1);
      const said = topic === undefined ? "" : new Words(tokens, topic, s.b).text;
      // "… and when you find it tell me the room": a whole when-lead said without its comma before the
      // directive it belongs to opens that directive
      // ("and then when …": the lead after "then"; a part of joining words alone is never cut off)
      const f = tokens[k + 1]?.w === "then" ? k + 2 : k + 1;
      const led =
        SUBORDINATE.test(new Words(tokens, f, s.b).text) &&
        directiveAfterLead(tokens, f, s.b) &&
        tokens.slice(a, k).some((t) => !LEADING_JOIN.test(t.w));
      const directs =
        DIRECTIVE_START.test(rest) ||
        (topic !== undefined && (DIRECTIVE_START.test(said) || DIRECTIVE_START.test(afterLeadingHowLong(said)))) ||
        (left !== rest && DIRECTIVE_START.test(left)) ||
        (marked !== rest && DIRECTIVE_START.test(marked)) ||
        (occasion !== undefined && DIRECTIVE_START.test(new Words(tokens, occasion, s.b).text)) ||
        led ||
        nobody;
      const oneAct = stopVerbsJoined(tokens[k - 1].w, tokens[k + 1]?.w ?? "");
      if (asked && directs && !oneAct && !continuesReason(before, rest)) {
        cut(k);
        a = k;
      }
    }
  }
  cut(s.b);
  return joinDislocated(tokens, mergeLists(tokens, out));
}

/**
 * A count of words said as a limit ("ten words maximum") at `k`, run on with no comma after a part
 * that says why ("… i can't scroll through all that"): the reason's words end before it, so the limit is
 * not cut off with the reason.
 */
function limitAfterReason(tokens: readonly Token[], a: number, k: number, b: number): boolean {
  if (k <= a || !opensWordLimit(tokens.slice(k, b).map((t) => t.w))) return false;
  return new Words(tokens, a, k).first(bounded(EXPLAIN)) !== undefined;
}

/** "to wait there, it is forbidden": an infinitive taken up by "it" after it is one part with its clause. */
function joinDislocated(tokens: readonly Token[], segs: Span[]): Span[] {
  const out: Span[] = [];
  for (let k = 0; k < segs.length; k++) {
    const n = dislocatedInfinitive(segs.slice(k, k + 4).map((s) => new Words(tokens, s.a, s.b).text));
    out.push(n ? { a: segs[k].a, b: segs[k + n - 1].b } : segs[k]);
    if (n) k += n - 1;
  }
  return out;
}

/**
 * Whether the words [from, end) open with a fronted when-lead that holds a clause of its own (a verb
 * after its opener: "when you find my keys") and a directive follows it with no comma or joining
 * word ("tell me …").
 */
function directiveAfterLead(tokens: readonly Token[], from: number, end: number): boolean {
  for (let j = from + 2; j < end; j++) {
    if (!DIRECTIVE_START.test(new Words(tokens, j, end).text)) continue;
    // "if you scuff it she'll be cross so don't go in": the lead's own clause goes on to a
    // consequence; the directive after "so" is that sentence's, not the lead's
    if (LEADING_JOIN.test(tokens[j].w)) return false;
    const rest = afterLeadOpener(new Words(tokens, from, j).text);
    return rest !== "" && read(rest).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
  }
  return false;
}

/** Whether the words [a, k) say hours and nothing else ("after 9pm", "between ten and six"). */
function hoursOnly(tokens: readonly Token[], a: number, k: number): boolean {
  const w = new Words(tokens, a, k);
  const times = findTimes(w.text);
  if (!times.length) return false;
  const covered = times.map((t) => w.range(t.index, t.quote.length));
  return tokens.slice(a, k).every((t, j) => !isWordToken(t.w) || covered.some(([x, y]) => x <= a + j && a + j < y));
}

/** Whether the part [a, k) is a subordinate when-lead with a verb of its own and a directive starts at k. */
function leadBefore(tokens: readonly Token[], a: number, k: number): boolean {
  const lead = new Words(tokens, a, k).text;
  if (k < a + 2 || !SUBORDINATE.test(lead)) return false;
  const rest = afterLeadOpener(lead);
  return rest !== "" && read(rest).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/** Whether the part [a, k) is a whole fronted lead (when, why) and a negated imperative starts at k. */
function runOnLeadEnds(tokens: readonly Token[], a: number, k: number): boolean {
  const n = tokens[k].w === "do" ? 3 : 2;
  if (k + n > tokens.length) return false;
  const lead = new Words(tokens, a, k).text;
  if (!leadEndsBefore(lead, new Words(tokens, k, k + n).text)) return false;
  // the lead holds a clause of its own: a verb after its opener
  const rest = afterLeadOpener(lead);
  return rest !== "" && read(rest).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/** "JSON with found, room, object": a list cut at its commas is one segment again. */
function mergeLists(tokens: readonly Token[], segs: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of segs) {
    const prev = out.at(-1);
    const text = new Words(tokens, s.a, s.b).text;
    const listing = prev && LISTS_FIELDS.test(new Words(tokens, prev.a, prev.b).text);
    if (prev && listing && (FIELD_NAME_PART.test(text) || FIELD_NAMES.test(text)) && !DIRECTIVE_START.test(text)) {
      out[out.length - 1] = { a: prev.a, b: s.b };
      continue;
    }
    out.push(s);
  }
  return out;
}
