/**
 * The read-back verifier: the last step of learning (issue 30, "fail safe everywhere"). Before a
 * rule is kept, what it holds is checked against the clause it came from, by structure, never by
 * phrase. A rule may hold only what its clause says, and everything its clause says that limits it:
 *
 * (a) attested: its room is named in its clause (or is the message's one named room, referred
 *     back to), and not said there as someone's ("nan's bedroom" is no licence for "bedroom");
 *     each of its hours is given by a time expression of the message or kept from the rule in force;
 * (b) represented: every part of the act's own words that says when (a time, a clock number, a
 *     when-word with a clause after it) lies inside a condition or exception the rule holds;
 * (c) how long: a one-off marker in the act's clause, or one just before it that the previous act
 *     may own, never yields a lasting rule;
 * (d) a change to a rule in force changes only what its reading names: the kind of rule stays,
 *     and what the change does not name (the room of a change of hours, the hours of a change of
 *     room) is as it was; a free-text rule that restates a value of a rule in force is a change
 *     not understood, not a new rule;
 * (e) no rule comes from a clause whose act is a reason, a hedge or not a correction.
 *
 * A check that fails makes the item a question with what was understood read back (a one-off
 * found: kept for this task only, and asked), never a rule. Unread parts of a message are the
 * safety net's (learn/unread.ts); this reads what was read, against what was said.
 */
import {
  actOf,
  bounded,
  canonical,
  covers,
  DIGIT_HOUR,
  EVEN_BEFORE,
  EXCEPTION_MARKER,
  FOUR_DIGIT_CLOCK,
  findTimes,
  HOUR_PREPOSITION,
  hoursOf,
  JOINER,
  NOT_TASK_LOCAL,
  POSSESSIVE_MARK,
  permittedHours,
  read as readNlp,
  roomKey,
  SENTENCE_END,
  sameRoom,
  TASK_LOCAL,
  type Token,
  tellsWhatHappened,
  UNDOING,
  UNTIL_LIFTED,
  VAGUE,
  WHEN_OPENER,
  Words,
} from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import type { Condition, RuleDraft, RuleVersion } from "../types.ts";
import { doingsOf, notCondition, pointedBack, withoutExplanation } from "./conditions.ts";
import type { LearnItem } from "./items.ts";
import { oneOffDraft } from "./one-off-aside.ts";
import type { ReadCtx, Reading } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";
import { firmDespiteSoftener } from "./softened.ts";
import { besideUnsettled, changeFailure, contradicted, type Failure, restatedValue } from "./verify-changes.ts";
import { conditionOnly, leftOutFailure, limitedRetraction, reasonHours, roomLeftOut } from "./verify-limits.ts";

const KEEPS = new Set<LearnItem["decision"]>(["add", "revise", "replace"]);

/** Acts that never make a rule of their own (src/language/acts.ts). */
const NO_RULE_ACTS = new Set(["reason", "hedge", "not-a-correction"]);

/**
 * Checks every item that would keep a rule against the clause of the reading it came from
 * (`origin[k]` for `items[k]`), and makes each that fails a question or a one-off. In place.
 */
export function verifyItems(
  rc: ReadCtx,
  items: LearnItem[],
  origin: readonly Reading[],
  rules: readonly RuleVersion[],
): void {
  const named = distinctRooms(rc);
  for (const [k, it] of items.entries()) {
    const r = origin[k];
    const d = it.draft;
    if (it.decision === "retract" && r?.type === "retract") {
      const f = limitedRetraction(r);
      if (f) items[k] = { decision: "unclear", reason: `read-back: ${f.why}`, clause: it.clause, question: f.ask };
      continue;
    }
    if (r && r.type === "rule" && d && it.decision === "task_local" && !it.question) {
      const lost = roomLeftOut(rc, r, items);
      if (lost)
        items[k] = { ...it, question: `I'll keep to it for this task. You also named the ${lost}: what about it?` };
      continue;
    }
    if (!r || r.type === "unclear" || !d || !KEEPS.has(it.decision)) continue;
    const old = it.ruleId ? rules.find((v) => v.ruleId === it.ruleId && v.status === "active")?.rule : undefined;
    const f = failure(rc, r, d, it, old, named, rules, items, origin);
    if (!f) continue;
    if (f.oneOff && it.decision === "add") {
      items[k] = {
        decision: "task_local",
        reason: `read-back: ${f.why}`,
        clause: it.clause,
        persistence: "task_local",
        draft: r.type === "rule" ? oneOffDraft(rc.tokens, r, d) : { ...d, persistence: "task_local", scope: "task" },
        question: f.ask,
      };
      continue;
    }
    items[k] = {
      decision: "unclear",
      reason: `read-back: ${f.why}: nothing is kept until the user says`,
      clause: it.clause,
      persistence: it.persistence,
      draft: d,
      question: `I understood: ${describeRule(d)}. ${f.ask}`,
    };
  }
}

function failure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  d: RuleDraft,
  it: LearnItem,
  old: RuleDraft | undefined,
  named: readonly string[],
  rules: readonly RuleVersion[],
  items: readonly LearnItem[],
  origin: readonly Reading[],
): Failure | undefined {
  const act = actPart(rc, r.clause);
  return (
    actFailure(rc, r, act, it) ??
    leftOutFailure(rc, r, items) ??
    conditionOnly(rc, r, d) ??
    oneOffFailure(rc, r, act, items, origin) ??
    roomFailure(rc, r, d, old, named) ??
    takenBack(rc, r, act) ??
    hoursFailure(rc, r, d, old) ??
    reasonHours(rc, r) ??
    exceptionScope(rc, r) ??
    unrepresented(rc, r, act, d, old, origin) ??
    changeFailure(r, d, old) ??
    restatedValue(rc, d, it, rules) ??
    besideUnsettled(d, it, rules, items) ??
    contradicted(rc, d, it, items)
  );
}

/** The act's own words: its clause without the explanation it trails ("…, because …"). */
function actPart(rc: ReadCtx, clause: Span): Span {
  return withoutExplanation(rc.tokens, clause);
}

const text = (rc: ReadCtx, s: Span) => new Words(rc.tokens, s.a, s.b).text;

/**
 * (e) a hedge asks for nothing to be kept yet; a reason or a statement of no correction, read as a
 * rule in free text, is the user's words made a rule nobody asked for. A room or a limit read from
 * such a clause has a reader of its own that found what is asked (room-acts.ts, the reply-*.ts
 * readers), whatever the clause's mood says.
 */
function actFailure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  act: Span,
  it: LearnItem,
): Failure | undefined {
  // a change to a rule in force is read by its own shapes (revision-acts.ts); the act table is for requests
  if (r.type !== "rule" || r.revising || r.permissive) return undefined;
  const said = actOf(text(rc, act));
  const free = r.requirement.kind === "behavior";
  if (said === "hedge" && firmDespiteSoftener(text(rc, { a: 0, b: rc.tokens.length }), it)) return undefined;
  if (said !== "hedge" && !(free && NO_RULE_ACTS.has(said))) return undefined;
  return {
    why: `its clause reads as ${said === "not-a-correction" ? "no correction" : `a ${said}`}`,
    ask: "Is that something I should keep to from now on?",
  };
}

/** (c) a one-off marker in the act's words, or one right before them that the act before may own. */
function oneOffFailure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  act: Span,
  items: readonly LearnItem[],
  origin: readonly Reading[],
): Failure | undefined {
  if (r.persistence === "task_local") return undefined;
  const lastingSaid = r.saidLasting;
  const w = new Words(rc.tokens, act.a, act.b);
  const not = [...w.matches(bounded(NOT_TASK_LOCAL))];
  // "…, keep out in this time": a time pointing back at the hours the reading holds is no one-off
  const timed = [...r.conditions, ...r.exceptions].some((c) => c.kind === "time");
  const pointers = timed ? pointedBack(rc.tokens, [r.clause]) : [];
  const own = [...w.matches(bounded(TASK_LOCAL))].find(
    (m) => ![...not, ...pointers].some((n) => n.a <= m.a && m.b <= n.b),
  );
  if (own)
    return {
      why: `a one-off ("${own.m[0]}") in its own clause`,
      ask: `You said "${own.m[0]}": should I keep to it after this task too?`,
      oneOff: true,
    };
  // "avoid the attic and - only this one time - the cellar": a marker between two acts, taken by the first,
  // may be the second's; nothing but punctuation and joining words between it and this act
  // "…, but always stay out of the loft": an act that says it lasts owns no one-off before it
  if (lastingSaid) return undefined;
  for (const [j, o] of origin.entries()) {
    if (o === r || o.type === "unclear" || items[j]?.decision !== "task_local" || o.clause.b > r.clause.a) continue;
    const before = new Words(rc.tokens, o.clause.a, o.clause.b);
    const found = [...before.matches(bounded(TASK_LOCAL))];
    const m = found.at(-1);
    const between = m && onlyJoiners(rc.tokens, m.b, r.clause.a) && onlyJoiners(rc.tokens, m.b, o.clause.b);
    // "today avoid the garage and stay out of the den": a one-off that opens the sentence, with no
    // comma after it, may be said of all of it
    const first = found[0];
    const opens =
      first !== undefined &&
      first.a === o.clause.a &&
      sameSentence(rc.tokens, o.clause.a, r.clause.a) &&
      // of the same kind of request: "this time skip the cellar, and keep replies short" is two
      o.type === "rule" &&
      r.type === "rule" &&
      o.stage === r.stage &&
      !JOINER.test(rc.tokens[first.b]?.w ?? "");
    const said = between ? m : opens ? first : undefined;
    if (!said) continue;
    return {
      why: `a one-off ("${said.m[0]}") said ${between ? "between two requests" : "first in the sentence"} may be this one's`,
      ask: `You said "${said.m[0]}": does that go for this one too, or should I keep to it from now on?`,
      oneOff: true,
    };
  }
  return undefined;
}

/** No end of a sentence between two tokens. */
function sameSentence(tokens: readonly Token[], a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (SENTENCE_END.test(tokens[k].w)) return false;
  return true;
}

function onlyJoiners(tokens: readonly Token[], a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (!JOINER.test(tokens[k].w)) return false;
  return true;
}

/** The rooms the message names itself (an anaphor names none), one each. */
function distinctRooms(rc: ReadCtx): string[] {
  const out: string[] = [];
  for (const m of roomsIn(rc.tokens, 0, rc.tokens.length, rc.house))
    if (!m.anaphor && !out.some((x) => sameRoom(x, m.room))) out.push(m.room);
  return out;
}

/** (a) the rule's room is said in its clause, as that room, or is the one room the message names. */
function roomFailure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  d: RuleDraft,
  old: RuleDraft | undefined,
  named: readonly string[],
): Failure | undefined {
  const q = d.requirement;
  if (!("room" in q)) return undefined;
  // a change of hours or limits keeps the room of the rule in force: it was attested when taught
  if (old && "room" in old.requirement && sameRoom(old.requirement.room, q.room)) return undefined;
  // rooms read over the whole message, so "there" in the clause stands for the room named before it
  const inClause = roomsIn(rc.tokens, 0, rc.tokens.length, rc.house).filter(
    (m) => r.clause.a <= m.a && m.b <= r.clause.b && sameRoom(m.room, q.room),
  );
  const said = inClause.filter((m) => !m.anaphor);
  if (!inClause.length && !(named.length === 1 && sameRoom(named[0], q.room)))
    return {
      why: `the room "${q.room}" is not named in the clause it came from`,
      ask: "Which room do you mean?",
    };
  // "nan's bedroom": someone's room, narrower than the room stored
  // (a house whose one room of that name is the one stored has no other for it to be)
  const labelled = rc.house.some((l) => roomKey(l) === roomKey(q.room));
  const owned = said.find((m) => m.a > 0 && POSSESSIVE_MARK.test(rc.tokens[m.a - 1].w) && !labelled);
  if (owned && said.every((m) => m === owned) && inClause.every((m) => !m.anaphor))
    return {
      why: `the room is said as someone's ("${text(rc, { a: owned.a - 1, b: owned.b })}"), not the ${q.room}`,
      ask: `Do you mean the whole ${q.room}, or which room is it?`,
    };
  return undefined;
}

const times = (cs: readonly Condition[]) =>
  cs.flatMap((c) => (c.kind === "time" ? [canonical({ fromHour: c.fromHour, toHour: c.toHour })] : []));

/** Marks that close a part of a clause: the stretch a permission of hours is said in. */
const PART_END = new Set([",", ".", ";", ":", "!", "?"]);

/**
 * "by day it's fine now, just stay out after ten": hours said permitted, in a part of their own,
 * outside every window the ban holds are what the ban leaves out, no window it lost.
 */
function permittedOutside(rc: ReadCtx, at: number, t: { from: number; to: number }, d: RuleDraft): boolean {
  const bans = times(d.conditions);
  if (!bans.length) return false;
  let a = at;
  while (a > 0 && !PART_END.has(rc.tokens[a - 1].w)) a--;
  let b = at;
  while (b < rc.tokens.length && !PART_END.has(rc.tokens[b].w)) b++;
  if (!permittedHours(text(rc, { a, b }))) return false;
  const banned = new Set(bans.flatMap((h) => hoursOf(h.fromHour, h.toHour)));
  return hoursOf(t.from, t.to).every((h) => !banned.has(h));
}

type Window = ReturnType<typeof canonical>;
const sameWindow = (a: Window, b: Window) => a.fromHour === b.fromHour && a.toHour % 24 === b.toHour % 24;

/** (a) every hour the rule holds is given by a time expression of the message, or kept from the rule in force. */
function hoursFailure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  d: RuleDraft,
  old: RuleDraft | undefined,
): Failure | undefined {
  // new hours for a rule in force ("make it 10pm", "the evening instead") are read by the grammar
  // of revisions (revisions.ts), which the time grammar of requests does not hold; (d) checks them
  if (r.type === "hours") return undefined;
  const kept = old ? [...times(old.conditions), ...times(old.exceptions)] : [];
  const found = findTimes(text(rc, { a: 0, b: rc.tokens.length })).map((t) =>
    canonical({ fromHour: t.from, toHour: t.to }),
  );
  const ends = new Set(found.flatMap((t) => [t.fromHour, t.toHour % 24]));
  // "…after 8 in the evening. Till about 5.": an end said as a number of the clock alone (window-end.ts joins it)
  for (const t of rc.tokens)
    if (DIGIT_HOUR.test(t.w)) {
      const h = Number.parseInt(t.w, 10) % 12;
      ends.add(h);
      ends.add(h + 12);
    }
  for (const w of [...times(d.conditions), ...times(d.exceptions)]) {
    if (kept.some((x) => sameWindow(x, w)) || found.some((x) => sameWindow(x, w))) continue;
    // a window joined from ends said apart ("from 9 … until 6") has each end said
    if (ends.has(w.fromHour) && ends.has(w.toHour % 24)) continue;
    // ends kept from the rule in force, one moved ("start it at 8 instead")
    const keptEnds = new Set(kept.flatMap((x) => [x.fromHour, x.toHour % 24]));
    if ((ends.has(w.fromHour) || keptEnds.has(w.fromHour)) && (ends.has(w.toHour % 24) || keptEnds.has(w.toHour % 24)))
      continue;
    return {
      why: `the hours ${w.fromHour}–${w.toHour % 24} are not said in the message`,
      ask: "Which hours exactly should it hold?",
    };
  }
  return undefined;
}

/**
 * (a) an exception's hours are the exception's only when the exception marker governs them: in
 * "anywhere but the cellar before 7am" the marker takes the room, and the hours say when that
 * room is barred; a ban that gives way at those hours would permit what was banned.
 */
function exceptionScope(rc: ReadCtx, r: Exclude<Reading, { type: "unclear" }>): Failure | undefined {
  for (const e of r.exceptions) {
    if (e.kind !== "time") continue;
    const inside = new Words(rc.tokens, e.a, e.b);
    const t = findTimes(inside.text)[0];
    const at = t ? inside.tokenAt(t.index) : e.a;
    const w = new Words(rc.tokens, r.clause.a, at);
    const marker = [...w.matches(EXCEPTION_MARKER)].at(-1);
    if (!marker) continue;
    const between = roomsIn(rc.tokens, marker.b, at, rc.house).filter((m) => !m.anaphor);
    if (!between.length) continue;
    return {
      why: `the hours of the exception follow the room it names ("${text(rc, { a: marker.a, b: Math.min(r.clause.b, at + 3) })}")`,
      ask: `Should I keep out of the ${between[0].room} only at those hours, or keep out of it except at those hours?`,
    };
  }
  return undefined;
}

/**
 * (b) what the act's own words say of when: a time expression, a number of the clock, a when-word
 * opening a clause. Each must lie inside a condition or exception the reading took, and a time
 * expression's hours must be in the rule (kept from the rule in force, or said now).
 */
function unrepresented(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  act: Span,
  d: RuleDraft,
  old: RuleDraft | undefined,
  origin: readonly Reading[],
): Failure | undefined {
  // a reading of hours is all about when: its words are its conditions (revisions.ts reads them)
  if (r.type === "hours" || r.type === "narrow") return undefined;
  // "in the morning or at night": one window a reading, both of one clause; a time any reading took is read
  const spans: Span[] = origin.flatMap((o) => (o.type === "unclear" ? [] : [...o.conditions, ...o.exceptions]));
  const inside = (k: number) => spans.some((s) => s.a <= k && k < s.b);
  const held = [...times(d.conditions), ...times(d.exceptions), ...(old ? times(old.conditions) : [])];
  const w = new Words(rc.tokens, act.a, act.b);
  // the words of a time expression the rule holds are read, its numbers with them
  const read: Span[] = [];
  for (const t of findTimes(w.text, { repeats: true })) {
    const [at, end] = w.range(t.index, t.quote.length);
    const c = canonical({ fromHour: t.from, toHour: t.to });
    const holds = held.some((h) => sameWindow(h, c) || covers(h, c) || covers(c, h));
    if (holds) read.push({ a: at, b: end });
    if (inside(at) || holds || permittedOutside(rc, at, t, d)) continue;
    return {
      why: `the time "${t.quote}" of its clause is not in the rule`,
      ask: `Does it hold only ${t.quote}? Say it again with the hours and I'll keep to it.`,
    };
  }
  // a number beside hours the rule holds is those hours said again ("from 8 till 10 pm, yes, 8 till 10")
  const hasHours = held.length > 0;
  for (let k = act.a; k < act.b && !hasHours; k++) {
    if (inside(k) || read.some((x) => x.a <= k && k < x.b)) continue;
    const word = rc.tokens[k].w;
    // a number of the clock: "between 2200 and 0500", "7 to 9" left as no condition
    const counted = "maxWords" in d.requirement && word === String(d.requirement.maxWords);
    const clock =
      FOUR_DIGIT_CLOCK.test(word) || (DIGIT_HOUR.test(word) && k > 0 && HOUR_PREPOSITION.test(rc.tokens[k - 1].w));
    if (!counted && clock) {
      return {
        why: `the number "${word}" beside the act may be an hour the rule does not hold`,
        ask: `Does it hold only at the hours you said ("${text(rc, { a: Math.max(act.a, k - 2), b: Math.min(act.b, k + 3) })}")? Say them again and I'll keep to it.`,
      };
    }
  }
  return whenUnheld(rc, act, origin);
}

/**
 * (b) "when …", "unless …", "until …" opening a clause of its own inside the act's words, that no
 * condition or exception took: the rule would hold at times the user did not mean.
 */
function whenUnheld(rc: ReadCtx, act: Span, origin: readonly Reading[]): Failure | undefined {
  // what any reading took: its conditions, exceptions, scope, its act's words ("I'd like it if you didn't go")
  const took: Span[] = origin.flatMap((o) =>
    o.type === "unclear"
      ? []
      : [
          ...o.conditions,
          ...o.exceptions,
          ...(o.scopeQuote ? [o.scopeQuote] : []),
          ...(o.type === "rule" ? o.quotes : []),
          ...doingsOf(rc.tokens, o),
        ],
  );
  const taken = (k: number) => took.some((s) => s.a <= k && k < s.b);
  // "during those hours" opens no clause of its own where a reading holds the one window it points at
  const pointers = origin.flatMap((o) =>
    o.type !== "unclear" && [...o.conditions, ...o.exceptions].some((c) => c.kind === "time")
      ? pointedBack(rc.tokens, [o.clause])
      : [],
  );
  // "until further notice": the rule lasts till lifted, its "until" opens no clause of when
  const w = new Words(rc.tokens, act.a, act.b);
  const oneOffs = [...w.matches(bounded(TASK_LOCAL)), ...w.matches(bounded(UNTIL_LIFTED)), ...pointers];
  for (let k = act.a; k < act.b; k++) {
    if (!WHEN_OPENER.test(rc.tokens[k].w) || oneOffs.some((m) => m.a <= k && k < m.b)) continue;
    // the clause it opens runs to the next mark of punctuation
    let end = k + 1;
    while (end < act.b && !JOINER.test(rc.tokens[end].w)) end++;
    if (end === k + 1) continue;
    const clause = text(rc, { a: k, b: end });
    let read = false;
    for (let j = k; j < end; j++) if (taken(j)) read = true;
    // "if you could", "when you were looking for it yesterday": politeness, the robot's own doing, what happened
    // "if needed" leaves when open (asked elsewhere); "even when …", "not even if …" say the act holds then too
    const even = k > act.a && EVEN_BEFORE.test(rc.tokens[k - 1].w);
    // "until 10 at night": a time expression, the time check's (above)
    if (findTimes(clause).length) continue;
    if (read || even || notCondition(clause) || tellsWhatHappened(clause) || bounded(VAGUE).test(clause)) continue;
    if (!readNlp(text(rc, { a: k + 1, b: end })).tokens.some((t) => CONTENT.has(t.pos))) continue;
    // "I've said this before to the old robot": a when-word with a preposition right after it opens
    // no clause and names no time; it is the adverb ("earlier"), and says nothing of when to keep out
    if (readNlp(clause).tokens[1]?.pos === "ADP") continue;
    return {
      why: `"${clause}" says when, and the rule does not hold it`,
      ask: `Does it hold only ${clause}? Tell me when exactly and I'll keep to it.`,
    };
  }
  return undefined;
}

const CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);

/**
 * (c) a word that takes back what was just said ("wait, no", "sorry, I mean") after the act,
 * inside its own clause: the act may be what was taken back.
 */
function takenBack(rc: ReadCtx, r: Exclude<Reading, { type: "unclear" }>, act: Span): Failure | undefined {
  if (r.type !== "rule") return undefined;
  const quoted = r.quotes.reduce((b, q) => Math.max(b, q.b), r.clause.a);
  const w = new Words(rc.tokens, quoted, act.b);
  const m = w.first(bounded(UNDOING));
  if (!m) return undefined;
  return {
    why: `"${m.m[0]}" after it may take it back`,
    ask: "You took part of that back: what exactly should I keep to?",
  };
}
