/**
 * The deterministic rule learner: the offline path of TellOnce's learner (paper §4.1, appendix
 * B.1), for when no model backbone is configured. It reads structure, not phrases:
 *
 * 1. the message is normalised once (src/language/tokens.ts: case, contractions, slang, "9pm"), and
 *    cut into sentences, segments (learn/segments.ts) and clauses (learn/clauses-in.ts): one thing
 *    asked, with the parts around it that only say when, where, for how long or why;
 * 2. each clause is read for its act, object, conditions, persistence and scope
 *    (learn/clause.ts, learn/conditions.ts) from small word classes (src/language/*-words.ts), rooms
 *    by the house's own labels (src/language/rooms.ts), numbers and times by one grammar (src/language/),
 *    and one request said in parts made one reading (learn/merge-readings.ts);
 * 3. each reading is resolved against the user's rules in force (learn/resolve.ts): reuse,
 *    revise, replace, add, retract, or a condition given its hours; a rule in learn/rule-item.ts,
 *    a retraction or permission in learn/retract.ts, a change to a rule in force in
 *    learn/revisions.ts, all worded by learn/said.ts.
 *
 * It fails safe: what it cannot read makes the result narrower or a question, never broader. A
 * one-off ("on this one", "just this search") is never stored; a condition it cannot compute
 * ("when the baby is asleep") stays on the rule as text (guidance, with the condition, until
 * the user gives hours); a room is stored as named, never as a wider room; a permission that
 * does not say for how long, a vague habit, a value for a rule that does not exist come back
 * as a question (`LearnItem.question`), not a silent drop.
 */
import {
  ADDITIVE,
  actOf,
  asksForAmount,
  bounded,
  CARRIES_OVER,
  CONTRAST,
  DESCRIBED_ONE,
  DETERMINER,
  EDGE_PUNCTUATION,
  EXPLAIN,
  FILLER,
  findTimes,
  isWordToken,
  judgesConduct,
  LASTING,
  LINKING,
  NEG,
  NOT_FOR_YOU,
  opensWithSubject,
  PRAISE,
  REFERENCE,
  read,
  reportsSuccess,
  sameRoom,
  saysRobotOverdoes,
  talksAboutARule,
  tokenize,
  Words,
  withGoingLeftOut,
  withNoOneEntering,
  withoutBeats,
  withoutCounterfactual,
  withoutHesitations,
  withoutIntensifiers,
  withoutQuotedNegation,
  withoutReassurance,
  withoutSpeakersNegation,
  withTopicSubject,
} from "../../language/index.ts";
import { describeRule } from "../describe.ts";
import type { Condition, Requirement, RuleDraft, RuleVersion } from "../types.ts";
import { withoutSpeakersRoomApposition } from "./apposition.ts";
import {
  isNoCorrection,
  POINTS_BACK,
  type ReadCtx,
  type Reading,
  type RetractReading,
  type RuleReading,
  readClause,
  VAGUE_QUESTION,
} from "./clause.ts";
import { classify, clauses, type Seg } from "./clauses-in.ts";
import { withoutExplanation } from "./conditions.ts";
import { echoedWords } from "./echoed.ts";
import { askFreeBesideActs } from "./free-beside.ts";
import { hoursNamedApart } from "./hours-named-apart.ts";
import { hoursSaidNoAfterPermission } from "./hours-said-no.ts";
import type { LearnContext, LearnItem, LearnOutcome } from "./items.ts";
import { leadsIntoChange } from "./leads-into.ts";
import { byWindow, dropCovered, jsonFollowUp, mergeJson, sameInSentence, sentenceOf } from "./merge-readings.ts";
import { narrowedTwice } from "./narrowed-twice.ts";
import { oneChangePerRule } from "./one-change.ts";
import { oneOffSaidBefore } from "./one-off-before.ts";
import { ownConditions } from "./own-conditions.ts";
import { noExceptionAgainstBan } from "./permits-banned.ts";
import { reasonTimes } from "./reason-times.ts";
import { requirementKey, resolveDraft } from "./resolve.ts";
import { retractItems } from "./retract.ts";
import { hoursItems, narrowItems, reroomItem } from "./revisions.ts";
import { askBansWithRobotLetIn } from "./robot-let-in.ts";
import { roomsIn } from "./rooms-in.ts";
import { ruleItem } from "./rule-item.ts";
import { type Said, sourceOf, statementOf } from "./said.ts";
import { saidAgain } from "./said-again.ts";
import { type Span, sentences } from "./segments.ts";
import { withoutSelfRepairs } from "./self-repair.ts";
import { firmDespiteSoftener } from "./softened.ts";
import { withSpeakersRuleRoom } from "./speakers-rule.ts";
import { withoutRetractedTopic } from "./topic-one-off.ts";
import { onRequest, onRequestBan, unclearAbout } from "./unclear-about.ts";
import { doLess, unreadCues } from "./unread.ts";
import { verifyItems } from "./verify.ts";
import { completeWindows } from "./window-end.ts";

export type { LearnContext, LearnDecision, LearnItem, LearnOutcome } from "./items.ts";
export { requirementKey } from "./resolve.ts";

const re = bounded;

/** The message's words as a listener hears them: past hesitations, beats and intensifiers, with the shapes said in other words restored. */
function heard(original: string, house: readonly string[]) {
  const plain = withoutQuotedNegation(withoutBeats(withoutIntensifiers(withoutHesitations(tokenize(original)))));
  return withTopicSubject(withGoingLeftOut(withNoOneEntering(plain), house), house);
}

/** A rule's conditions by value: hours as hours ("mornings" and "in the morning" name one window). */
const when = (cs: Condition[]) => cs.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.quote));

/**
 * What a sentence tells once the words that ask nothing of the robot are left out: "I'll see to it,
 * don't worry" (the reassurance says how to feel), what would have happened ("I'd never have …"),
 * and the speaker's own habit negated ("I never bother checking the loft" forbids the robot nothing).
 */
const toldOnly = (text: string) => withoutSpeakersNegation(withoutCounterfactual(withoutReassurance(text)));

/**
 * Reads one user message against the rules in force for that user. Pure: nothing is written;
 * see teach.ts for compiling and storing what it decides.
 */
export function learn(message: string, rules: RuleVersion[], ctx: LearnContext = {}): LearnOutcome {
  const original = message.normalize("NFC");
  // read as a listener hears it: past the hesitations, and with what the speaker took back left out
  const ruleRooms = rules.flatMap((v) =>
    v.status === "active" && "room" in v.rule.requirement ? [v.rule.requirement.room] : [],
  );
  const house = ctx.rooms ?? [];
  const repairs = withoutSelfRepairs(withoutSpeakersRoomApposition(heard(original, house), house), house, ruleRooms);
  const tokens = withSpeakersRuleRoom(repairs.tokens, house, rules);
  const rc: ReadCtx = { message: original, tokens, house: ctx.rooms ?? [] };
  const said: Said = { message: original, tokens };
  const sents = sentences(original, tokens);
  const segs = reasonTimes(rc, echoedWords(rc, classify(rc, sents)));
  const cs = clauses(rc, segs, sents);
  let readings: Reading[] = [];
  let jsonBefore: RuleReading | undefined;
  for (const c of cs) {
    const rs = jsonFollowUp(rc, c, readClause(rc, c), jsonBefore);
    jsonBefore ??= rs.find((r): r is RuleReading => r.type === "rule" && r.requirement.kind === "json_fields");
    readings.push(...rs);
  }
  readings = withoutRetractedTopic(rc, settled(rc, sents, readings));
  const stopRooms = new Set(
    readings.flatMap((r) =>
      r.type === "rule" && r.requirement.kind === "no_stop_in_room" ? [r.requirement.room] : [],
    ),
  );
  const items: LearnItem[] = [];
  /** the reading each item came from */
  const origin: Reading[] = [];
  for (const r of readings) {
    if (r.type === "rule")
      items.push(withRationale(said, ruleItem(said, r, rules, ctx), reasonFor(rc, segs, sents, r)));
    else if (r.type === "retract") items.push(...retractItems(said, r, rules, ctx, stopRooms));
    else if (r.type === "hours") items.push(...hoursItems(said, r, rules, ctx));
    else if (r.type === "narrow") items.push(...narrowItems(said, r, rules, ctx));
    else if (r.type === "reroom") items.push(reroomItem(said, r, rules, ctx));
    else
      items.push({ decision: "unclear", reason: r.reason, clause: statementOf(said, r.clause), question: r.question });
    while (origin.length < items.length) origin.push(r);
  }
  askBack(rc, sents, readings, items, origin, repairs.unresolved);
  // the safety net: a cue of when, how long, where or what to change that no reading took
  const cues = unreadCues(
    rc,
    segs,
    readings,
    items.some((i) => CHANGE_DECISIONS.has(i.decision)),
  );
  doLess(items, origin, cues, sents, rc.tokens);
  for (const ask of [askFreeBesideActs, askBansWithRobotLetIn]) ask(items);
  // the read-back: what each rule holds, checked against the clause it came from
  verifyItems(rc, items, origin, rules);
  permittedAgainst(rc, segs, items);
  items.splice(0, items.length, ...narrowedTwice(items));
  // two readings of one message about the same requirement: keep the first; a rule the message
  // retracts takes no other change from it ("that rule, cancel it. she mops in the afternoon now")
  const seen = new Set<string>();
  const retracted = new Set(items.flatMap((it) => (it.decision === "retract" && it.ruleId ? [it.ruleId] : [])));
  const lifted = new Set<string>();
  const filtered = items.filter((it) => {
    if (it.ruleId && retracted.has(it.ruleId) && it.decision !== "retract") return false;
    // "the den's ok now. you can go in": one rule taken back twice in a message is taken back once
    if (it.decision === "retract" && it.ruleId) {
      if (lifted.has(it.ruleId)) return false;
      lifted.add(it.ruleId);
    }
    if (!it.draft || it.decision === "task_local") return true;
    const k = `${requirementKey(it.draft.requirement)}|${it.draft.scope}|${it.decision}|${JSON.stringify(when(it.draft.conditions))}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const kept = oneChangePerRule(noExceptionAgainstBan(filtered), rules);
  const all = new Words(rc.tokens, 0, rc.tokens.length).text;
  // "… sorry, that wasn't for you", "just chatting": said to someone else, or only talk; where
  // nothing was read but questions, and nothing the robot did is told, it corrects nothing
  const aside = re(NOT_FOR_YOU).test(all) && !segs.some((s) => s.kind === "narrative");
  if (aside && kept.every((it) => it.decision === "unclear" && !it.draft))
    return { message: original, signal: false, items: [] };
  if (kept.length) return { message: original, signal: true, items: kept };
  const same = sameFor(said, rc, rules, ctx);
  if (same) return { message: original, signal: true, items: [same] };
  const onlyAsked = onRequestBan(rc);
  if (onlyAsked) return { message: original, signal: true, items: [ruleItem(said, onlyAsked, rules, ctx)] };
  // nothing read: a request, thanks, a question — or a correction that says too little, asked back
  // "You went into the garage." says something went wrong; "You found it, thanks!" does not
  // "Thanks, that was quick. You found them in the hall.": a report beside thanks, with no negation or
  // contrast of its own, tells what went well
  const thanked = re(PRAISE).test(new Words(rc.tokens, 0, rc.tokens.length).text);
  const complaint = segs.some((s) => {
    const text = new Words(rc.tokens, sents[s.sentence].a, sents[s.sentence].b).text;
    // "you found my scarf in the attic": the search's success told, whatever room it names
    const praised = re(PRAISE).test(text) || reportsSuccess(text) || (thanked && !re(CONTRAST).test(text));
    return s.kind === "narrative" && !(praised && !re(NEG).test(text));
  });
  // "the den is the room next to the kitchen": a statement that forbids nothing tells, it corrects nothing
  const tells = (s: Span) => {
    const text = toldOnly(new Words(rc.tokens, s.a, s.b).text);
    if (!text) return true;
    const act = actOf(text);
    // hours in a statement may be a condition's ("she naps from 1 to 3"), asked; hours in a
    // reason said as one ("I work nights, that's why …", "because …") say why, and ask nothing
    return (
      (act === "reason" || act === "not-a-correction") &&
      !asksForAmount(text) &&
      !re(`(?:${NEG}|${LASTING}|${REFERENCE})`).test(text.replace(DESCRIBED_ONE, " ")) &&
      ((act === "reason" && re(EXPLAIN).test(text)) || !findTimes(text).length)
    );
  };
  // "that ban is too strict", "change it so …": about a rule, though how is not read: asked, never let pass
  const aboutRule = talksAboutARule(tokens.map((t) => t.w)) && !WH_START.has(tokens[0]?.w ?? "");
  // "you linger far too long in the attic", "you've been sloppy lately": a complaint, asked back
  const overdoes = (saysRobotOverdoes(all) || judgesConduct(all)) && !re(PRAISE).test(all);
  const quiet =
    !aboutRule && !complaint && !overdoes && !onRequest(rc) && sents.every((s) => isNoCorrection(rc, s) || tells(s));
  if (quiet || !tokens.length) return { message: original, signal: false, items: [] };
  return { message: original, signal: true, items: [unclearAbout(rc, segs, original)] };
}

/**
 * The readings of one message made one set: one request said in parts made one, windows split,
 * a window's end said alone joined to it, what only points back at a request dropped, and what a
 * permission beside a ban or a retraction says carried to it.
 */
function settled(rc: ReadCtx, sents: Span[], read: Reading[]): Reading[] {
  let readings = sameInSentence(dropCovered(mergeJson(ownConditions(rc, read))), sents).flatMap((r) => byWindow(rc, r));
  readings = completeWindows(rc, sents, readings);
  // "… during her lesson. Her lesson is 4 to 5 pm.": the hours said apart are the condition's
  readings = hoursNamedApart(rc, sents, readings);
  // "…, so tell me": a fragment left unclear beside what the same sentence says clearly is part of it
  readings = readings.filter(
    (r) =>
      r.type !== "unclear" ||
      r.question !== VAGUE_QUESTION ||
      !readings.some((o) => o !== r && o.type !== "unclear" && sentenceOf(sents, o) === sentenceOf(sents, r)),
  );
  // "Keep out of the den. I mean it, not a foot in there.": pointing back at a request said before is that request again
  readings = readings.filter(
    (r) =>
      r.type !== "unclear" ||
      !r.reason.startsWith(POINTS_BACK) ||
      !readings.some((o) => o.type !== "unclear" && o.clause.b <= r.clause.a),
  );
  readings = hoursSaidNoAfterPermission(rc, saidAgain(rc.message, readings));
  readings = readings.filter((r) => !leadsIntoChange(rc, sents, r, readings));
  // "After 10 pm you're free to go through the den, just don't stop in it": the hours of the permission are the rule's
  for (const r of readings) {
    if (r.type !== "rule" || r.requirement.kind !== "no_stop_in_room" || r.conditions.some((c) => c.kind === "time"))
      continue;
    const room = r.requirement.room;
    const permit = readings.find(
      (p): p is RetractReading =>
        p.type === "retract" &&
        sentenceOf(sents, p) === sentenceOf(sents, r) &&
        p.targets.some((t) => t.kind === "room" && t.room === room),
    );
    if (permit) r.conditions.push(...permit.conditions.filter((c) => c.kind === "time"));
  }
  // "you can go into the den. Drop that rule.": a retraction pointing back at a rule, beside a
  // permission naming its room, is about that room's rule, and says the permission lasts
  const pointing = readings.filter(
    (r): r is RetractReading => r.type === "retract" && r.targets.every((t) => t.kind === "unknown"),
  );
  const permits = readings.filter(
    (r): r is RetractReading =>
      r.type === "retract" && r.targets.length > 0 && r.targets.every((t) => t.kind === "room"),
  );
  if (pointing.length && permits.length) {
    for (const p of permits) p.bare = false;
    readings = readings.filter((r) => !pointing.includes(r as RetractReading));
  }
  // "Not in the bedroom. And don't stop on the porch.": a room said alone beside a room rule said in
  // full lasts as that rule does; alone, whether it lasts is asked (rule-item.ts)
  const roomRule = (r: Reading): r is RuleReading =>
    r.type === "rule" && (r.requirement.kind === "avoid_room" || r.requirement.kind === "no_stop_in_room");
  if (readings.some((r) => roomRule(r) && !r.elliptical && r.persistence === "persistent"))
    for (const r of readings) if (roomRule(r) && r.elliptical && r.persistence === "persistent") r.elliptical = false;
  // "this time, go the other way. Not the den.": a one-off said before a room said alone is the room's
  return oneOffSaidBefore(rc.tokens, readings);
}

/**
 * Items of a sentence the user is not sure of ("maybe stay out of the cellar? not sure"), or took
 * part of back in a way that cannot be told ("the den after 9, sorry, I mean the attic"), made
 * questions: read back, never kept.
 */
function askBack(
  rc: ReadCtx,
  sents: Span[],
  readings: Reading[],
  items: LearnItem[],
  origin: Reading[],
  unresolved: Span[],
) {
  const hedged = new Set(sents.flatMap((s, i) => (actOf(new Words(rc.tokens, s.a, s.b).text) === "hedge" ? [i] : [])));
  const whole = new Words(rc.tokens, 0, rc.tokens.length).text;
  const retold = new Set(unresolved.map((u) => sents.findIndex((s) => s.a <= u.a && u.a < s.b)));
  for (const [k, it] of items.entries()) {
    const i = sentenceOf(sents, origin[k]);
    if (!it.draft || it.decision === "reuse") continue;
    if (retold.has(i)) {
      items[k] = {
        decision: "unclear",
        reason: "part of the request was taken back, and what replaces it cannot be told",
        clause: it.clause,
        persistence: it.persistence,
        draft: it.draft,
        question: `You took back part of "${it.clause}": what exactly should I keep to?`,
      };
      continue;
    }
    const near =
      (hedged.has(i) && !firmDespiteSoftener(whole, it)) ||
      (hedged.has(i + 1) && !readings.some((o) => o.type !== "unclear" && sentenceOf(sents, o) === i + 1));
    if (!near || it.decision === "task_local") continue;
    items[k] = {
      decision: "unclear",
      reason: "a hedged request: kept only once the user confirms it",
      clause: it.clause,
      persistence: it.persistence,
      draft: it.draft,
      question: `Shall I keep to this from now on: ${lowerFirst(describeRule(it.draft))}?`,
    };
  }
}

/**
 * The reason a rule was given, in the user's words: an explanation ("because …", "that's when …")
 * or a statement that asks nothing ("it blocks the door"), in the rule's sentence or, when that
 * sentence says nothing else, the sentence after it ("Stay out of the garage. My tools are there.").
 */
function reasonFor(rc: ReadCtx, segs: Seg[], sents: Span[], r: RuleReading): string | undefined {
  const i = sentenceOf(sents, r);
  const isReason = (s: Seg) => {
    const text = new Words(rc.tokens, s.a, s.b).text;
    return (
      s.kind === "explain" ||
      ((s.kind === "none" || s.kind === "mod") && actOf(text) === "reason") ||
      (s.kind === "none" && opensWithSubject(text))
    );
  };
  // an explanation inside the act's own segment ("stay out … because …") starts at its marker
  const inner = segs
    .filter((s) => s.sentence === i && s.kind === "act" && s.a <= r.clause.a && r.clause.a < s.b)
    .flatMap((s) => {
      const p = withoutExplanation(rc.tokens, s);
      return p.b < s.b ? [{ a: p.b, b: s.b }] : [];
    });
  // up to the next act of the sentence: a reason after that is the next act's
  const stop = segs.find((s) => s.sentence === i && s.kind === "act" && s.a > r.clause.a && s.a >= r.clause.b)?.a;
  const own = [
    ...inner,
    ...segs.filter((s) => s.sentence === i && s.a >= r.clause.a && (stop === undefined || s.a < stop) && isReason(s)),
  ];
  const next = segs.filter((s) => s.sentence === i + 1);
  const parts: Span[] = own.length
    ? own
    : next.length && next.every((s) => s.kind !== "act" && s.kind !== "narrative")
      ? next.filter(isReason)
      : [];
  if (!parts.length) return undefined;
  // a reason says something ("the dog eats there"); "nice", "thanks" say nothing of why
  const text = parts
    .map((s) => verbatimSpan(rc, s))
    .filter((x) => x && read(x).tokens.some((k) => k.pos === "VERB" || k.pos === "AUX"));
  return text.length ? text.join(" … ") : undefined;
}

const verbatimSpan = (rc: ReadCtx, s: Span) =>
  s.b > s.a ? rc.message.slice(rc.tokens[s.a].start, rc.tokens[s.b - 1].end).replace(EDGE_PUNCTUATION, "") : "";

function withRationale(t: Said, item: LearnItem, rationale: string | undefined): LearnItem {
  if (!rationale || !item.draft || !t.message.includes(rationale)) return item;
  return { ...item, draft: { ...item.draft, rationale } };
}

/**
 * "The same goes for the cellar": the rule said last, about a room, said again of the room named
 * here, with its conditions and exceptions; with no such rule in force, which one is asked.
 */
function sameFor(t: Said, rc: ReadCtx, rules: RuleVersion[], ctx: LearnContext): LearnItem | undefined {
  // "the same goes for the cellar", "and the cellar too", "that goes for the cellar as well"
  const w = new Words(rc.tokens, 0, rc.tokens.length);
  const rooms = roomsIn(rc.tokens, 0, rc.tokens.length, rc.house).filter((r) => !r.anaphor); // "…, I sleep there"
  // "that shed rule goes for the loft too": a room said with a word for its rule names the rule carried over
  const named = rooms.length === 2 && re(REFERENCE).test(rc.tokens[rooms[0].b]?.w ?? "") ? rooms[0].room : undefined;
  if (rooms.length !== 1 && !named) return undefined;
  const to = rooms[rooms.length - 1];
  if (!rc.tokens.some((x) => x.w === "same")) {
    // "also" alone is no reference: only a message that is the room and words carrying a rule over
    const additive = [...w.matches(re(ADDITIVE))];
    const carried = rc.tokens.every(
      (t, k) =>
        rooms.some((r) => r.a <= k && k < r.b) ||
        additive.some((m) => m.a <= k && k < m.b) ||
        !isWordToken(t.w) ||
        re(FILLER).test(t.w) ||
        DETERMINER.test(t.w) ||
        LINKING.test(t.w) ||
        CARRIES_OVER.test(t.w),
    );
    if (!additive.length || !carried) return undefined;
  }
  const last = rules
    .filter(
      (v) =>
        v.status === "active" &&
        (v.rule.requirement.kind === "avoid_room" || v.rule.requirement.kind === "no_stop_in_room") &&
        (!named || sameRoom(v.rule.requirement.room, named)),
    )
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  const clause = t.message.trim();
  if (!last)
    return {
      decision: "unclear",
      reason: "the same as a rule, but there is none",
      clause,
      question: "The same as which rule?",
    };
  const q = last.rule.requirement as Extract<Requirement, { kind: "avoid_room" | "no_stop_in_room" }>;
  if (sameRoom(q.room, to.room)) return undefined;
  const draft: RuleDraft = {
    ...last.rule,
    statement: clause,
    quotes: [clause],
    requirement: { kind: q.kind, room: to.room },
    persistence: "persistent",
    conditions: last.rule.conditions.map((c) => ({ ...c })),
    exceptions: last.rule.exceptions.map((c) => ({ ...c })),
    source: sourceOf(t, ctx),
  };
  // the earlier rule's reason was for its own room
  delete draft.rationale;
  return resolveDraft(draft, clause, rules, {});
}

const CHANGE_DECISIONS = new Set(["revise", "replace", "retract", "nothing_to_retract"]);

/**
 * "keep out of the den after 8, after 10 you can go in": hours permitted that the ban beside them
 * holds. Which hours the ban keeps cannot be told, so no rule or change is kept; it is asked.
 */
function permittedAgainst(rc: ReadCtx, segs: Seg[], items: LearnItem[]): void {
  const part = segs.find((s) => s.kind === "contradicts");
  if (!part) return;
  const said = rc.message.slice(rc.tokens[part.a].start, rc.tokens[part.b - 1].end);
  for (const [k, it] of items.entries())
    if (it.decision === "add" || it.decision === "revise" || it.decision === "replace")
      items[k] = {
        ...it,
        decision: "unclear",
        reason: `"${said}" permits hours the rule beside it holds`,
        question: `You said "${said}": at which hours exactly should I keep to it?`,
      };
}

/** Words that open a question about the rules ("what rules do I have?"), which asks nothing to change. */
const WH_START = new Set(["what", "which", "how", "do", "does", "are", "is", "can", "could"]);

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
