/**
 * One clause read for what it asks: the act (stay out of a room, do not stop in it, a reply
 * length, a JSON reply with fields, mention something, avoid a word), its object (rooms by the
 * house's own labels, "there" as the room named before, a number, fields, a quoted word), and
 * what it changes (a permission or a retraction lifts a rule; "make that 20 words" revises one;
 * "the baby sleeps from 1 to 3" gives the hours of a condition already stored).
 *
 * The acts are built from word classes (src/language/*-words.ts) by structure: a verb of going after a
 * negation is a room to avoid; after a permission it lifts a ban; a verb of ending up after a
 * negation is a room not to stop in. Whatever the clause asks that none of this reads stays as
 * the user's words (a `behavior`: guidance at most), or, when even that is unclear, comes back
 * as a question. Nothing unread ever widens a reading.
 */
import {
  BACK_REFERENCE,
  COPULA,
  DONT_DO_THAT,
  FILLER,
  FORGET_VERB,
  FREE_CHOICE,
  FREQUENCY,
  findTimes,
  GERUND,
  HEDGE,
  isPlainWord,
  isWordToken,
  LINKING,
  NEED_NOT_OBJECT,
  NO_LONGER_NEEDED,
  NOT_NEEDED,
  ONLY_BEFORE,
  PLACE,
  RELEASE_VERB,
  RETRACT,
  RULE_ONLY,
  TOLD_BEFORE,
  talksAboutARule,
  Words,
} from "../../language/index.ts";
import { behaviour, STOPWORDS } from "./behavior.ts";
import { closingThen, pointedAcross } from "./closing-then.ts";
import { type Cond, conditionsIn, persistenceOf, pointedBack, scopeOf, withoutExplanation } from "./conditions.ts";
import { frontedRoom } from "./fronted-room.ts";
import { leftoverConditions } from "./leftover-conditions.ts";
import { wordLeftOut } from "./literal-words.ts";
import { limitedToWhen } from "./only-when.ts";
import { permissionReading } from "./permit-acts.ts";
import {
  type ClauseIn,
  type Common,
  type ReadCtx,
  type Reading,
  type RetractReading,
  type RuleReading,
  re,
  type Target,
  targetOf,
  words,
} from "./reading.ts";
import { releasedTargets } from "./released.ts";
import { jsonReading } from "./reply-json.ts";
import { wordLimit } from "./reply-limit.ts";
import { tellReadings } from "./reply-tell.ts";
import { revisionOf } from "./revision-acts.ts";
import { ellipticalRoom, exceptedRooms, heads, roomReadings } from "./room-acts.ts";
import { roomsIn } from "./rooms-in.ts";
import { daysSaidOnce, partRepeatedWithin, restatedByHours } from "./said-twice.ts";
import type { Span } from "./segments.ts";
import { stretchSaidByExceptedHours, stretchSaidByHours } from "./stretch-hours.ts";
import { pointsAtRule, targetsIn } from "./targets-in.ts";
import { deniedNeed, neededTargets, setOffTopic, topicOf } from "./topic.ts";

export { isNoCorrection, POINTS_BACK, VAGUE_QUESTION } from "./behavior.ts";
export type {
  ClauseIn,
  NarrowReading,
  ReadCtx,
  Reading,
  ReroomReading,
  RetractReading,
  RuleReading,
  Target,
} from "./reading.ts";
export { targetOf } from "./reading.ts";

// ---- retractions and permissions --------------------------------------------------------------

function retraction(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RetractReading | undefined {
  const w = words(ctx, main);
  // "forget my rule about the pantry", "never mind the word limit", "no more JSON"
  // "drop the word 'basically'" leaves a word out of the replies, it drops no rule
  const forget = wordLeftOut(ctx, main) ? undefined : w.first(FORGET_VERB);
  // "fifteen words, no more": "no more" with nothing after it drops nothing
  // "no more going in the pantry" bans going there; "no more JSON" drops a rule
  const object =
    forget !== undefined &&
    (forget.m[1] !== "no more" || forget.b < main.b) &&
    !(forget.m[1] === "no more" && GERUND.test(ctx.tokens[forget.b]?.w ?? ""));
  if (forget && object && !re(`(?:do not|never|not) ${RETRACT}`).test(w.text)) {
    const verbAt = forget.b - forget.m[1].split(" ").length;
    return {
      type: "retract",
      ...common,
      targets: topicOf(ctx, c, main, targetsIn(ctx, { a: forget.b, b: main.b }, c.antecedent, "any"), forget.b),
      quote: { a: verbAt, b: main.b },
      bare: false,
    };
  }
  // "you don't have to stay out of the garage any more", "you needn't name the room", "stop avoiding the garage"
  const release = w.first(RELEASE_VERB);
  if (release) {
    const vp = { a: release.b, b: main.b };
    const inner = directiveReadings(
      ctx,
      { ...c, main: vp, parts: [vp] },
      { ...common, conditions: [], exceptions: [] },
      true,
    );
    const targets: Target[] = inner.flatMap((r) =>
      r.type === "rule" && r.requirement.kind !== "behavior" ? [targetOf(r.requirement)] : [],
    );
    return {
      type: "retract",
      ...common,
      targets: releasedTargets(ctx, c, main, vp, targets),
      quote: { a: release.a, b: main.b },
      bare: false,
    };
  }
  // "the JSON format is not needed any more": the rule named before the predicate goes
  const unneeded = w.first(NO_LONGER_NEEDED);
  if (unneeded) {
    // "the den rule, it's over": a pronoun takes up the topic said before; "that instruction is withdrawn": pointed at
    const named = targetsIn(ctx, { a: main.a, b: unneeded.a }, c.antecedent, "any");
    const topic = named.every((t) => t.kind === "unknown") ? setOffTopic(ctx, main, unneeded.a) : [];
    const targets = topic.length ? topic : named;
    if (targets.length && (targets.every((t) => t.kind !== "unknown") || pointsAtRule(ctx, main.a, unneeded.a)))
      return { type: "retract", ...common, targets, quote: { a: main.a, b: main.b }, bare: false };
  }
  // "the JSON isn't needed for this one", "you don't need the word cap today": the rule named is
  // suspended for as long as the clause says; with no word of how long, whether it lasts is asked
  const notNeeded = w.first(NOT_NEEDED);
  const needNot = notNeeded ? undefined : w.first(NEED_NOT_OBJECT);
  const named = notNeeded ? { a: main.a, b: notNeeded.a } : needNot ? deniedNeed(ctx, needNot.b, main.b) : undefined;
  if (named) {
    const targets = neededTargets(ctx, main, targetsIn(ctx, named, c.antecedent, "any"), needNot?.b);
    if (targets.length && targets.every((t) => t.kind !== "unknown"))
      return {
        type: "retract",
        ...common,
        targets,
        quote: { a: main.a, b: main.b },
        bare: common.persistence === "persistent" && !common.saidLasting,
      };
  }
  return permissionReading(ctx, c, common, main);
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
  const rooms = roomReadings(ctx, c, positive, main);
  // a clause read whole pairs its conditions once the leftover ones are in (readClause)
  out.push(...(inner ? pairConditions(main, rooms) : rooms));
  if (!out.length && !inner) out.push(...onlyRooms(ctx, c, common, main));
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
    if (c.narrative && DONT_DO_THAT.test(w.text))
      out.push({
        type: "rule",
        ...common,
        requirement: { kind: c.narrative.kind, room: c.narrative.room.room },
        stage: "pre_action",
        quotes: [main, { a: c.narrative.room.a, b: c.narrative.room.b }],
        clear: true,
      });
  }
  if (!out.length && !inner) {
    // "go wherever you like, just not the nursery": the rooms left out of free choice, which lasts as it does
    const free = c.parts.some((p) => p.b <= main.a && re(FREE_CHOICE).test(words(ctx, p).text));
    // "how many times … not the lounge": a standing instruction said again
    const again = re(TOLD_BEFORE).test(words(ctx, { a: 0, b: ctx.tokens.length }).text);
    for (const r of ellipticalRoom(ctx, c, common, main)) {
      // "You went in the lounge again. No lounge.": said of what the robot did, as "don't do that
      // again" is, so it holds from now on; without that, only this time or always is asked
      const told = c.narrative?.room.room === (r.requirement as { room: string }).room;
      out.push(told || free || again ? { ...r, elliptical: false } : r);
    }
  }
  if (!out.length && !inner) {
    // "don't go upstairs after 10": which rooms that is, only the user knows
    const place = words(ctx, main).first(re(PLACE));
    if (place && heads(ctx, main).some((h) => h.bans && h.b <= place.a)) {
      const said = ctx.message.slice(ctx.tokens[place.a].start, ctx.tokens[place.b - 1].end);
      out.push({
        type: "unclear",
        reason: `"${said}" names no room of this house`,
        question: `Which rooms do you mean by "${said}"? Name them and I'll keep to it.`,
        clause: main,
      });
    }
  }
  if (!out.length && !inner) {
    const hs = heads(ctx, main);
    if (
      hs.some((h) => h.bans && h.kind !== "enter") ||
      hs.some((h) => h.bans && BACK_REFERENCE.test(words(ctx, { a: h.b, b: main.b }).text))
    )
      out.push({
        type: "unclear",
        reason: "a room to avoid, but which room is not said",
        question: "Which room do you mean?",
        clause: main,
      });
  }
  if (!out.length && !inner) {
    // "go through the office if you must", "go through the hallway instead": where to go now, no habit;
    // "…, just pass through if you must": the room said before is where
    const hs = heads(ctx, main);
    const goes =
      hs.some((h) => !h.bans && (h.kind === "enter" || h.kind === "stop") && !COPULA.test(ctx.tokens[h.b - 1].w)) &&
      (roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent).length > 0 || c.antecedent !== undefined);
    const b = goes ? undefined : behaviour(ctx, common, main);
    if (b) out.push(b);
  }
  return out;
}

/**
 * "keep off the landing at dawn and the den after dark", "the nursery while the baby
 * sleeps and the study after 6": each window or condition is the room's it follows, not every
 * room's. Said after the last room alone, or before them all, it is the whole list's ("the den
 * and the attic after 9"). When some rooms have their own and others none ("the den at night, the
 * attic and the study after 9"), which goes with which cannot be told, and it is asked.
 */
function pairConditions(main: Span, readings: RuleReading[]): Reading[] {
  const at = (r: RuleReading) => r.rooms?.[0]?.a ?? -1;
  if (readings.length < 2 || readings.some((r) => at(r) < 0)) return readings;
  const first = Math.min(...readings.map(at));
  const own = (x: Cond) => (x.kind === "time" || x.kind === "text") && x.a > first;
  const said = [...readings[0].conditions, ...readings[0].exceptions].filter(own);
  if (!said.length) return readings;
  const owner = (x: Cond) => readings.filter((r) => at(r) < x.a).at(-1);
  const owners = new Set(said.map(owner));
  const last = readings.reduce((x, y) => (at(y) > at(x) ? y : x));
  if (owners.size === 1 && owners.has(last)) return readings;
  if (readings.every((r) => owners.has(r)))
    return readings.map((r) => ({
      ...r,
      conditions: r.conditions.filter((x) => !own(x) || owner(x) === r),
      exceptions: r.exceptions.filter((x) => !own(x) || owner(x) === r),
    }));
  const rooms = readings.map((r) => (r.requirement as { room: string }).room);
  return [
    {
      type: "unclear",
      reason: "rooms said with hours or conditions of their own, but not each room with its own",
      question: `Which of the times you gave goes with which room (${rooms.join(", ")})? Until you say, I'll keep to none of it.`,
      clause: main,
    },
  ];
}

/**
 * "only enter the pantry when I ask", "only stop in the hallway in the morning": the room is off limits, and what
 * "only" is said with is when it is not. Without that part, "only" says nothing of when, and nothing is read.
 */
function onlyRooms(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RuleReading[] {
  if (!common.conditions.length) return [];
  const out: RuleReading[] = [];
  const limited = common.conditions.filter((x) => limitedToWhen(ctx, main, x));
  for (const h of heads(ctx, main)) {
    // "the study is to be entered only when I ask": a passive verb of going, said of the room before it
    const passive = h.kind === "forbidden" && !h.bans && limited.length > 0;
    if (h.bans || (h.kind !== "enter" && h.kind !== "stop" && !passive)) continue;
    const before = new Words(ctx.tokens, Math.max(main.a, h.a - 3), h.a).text;
    if (!ONLY_BEFORE.test(before) && !limited.length) continue;
    const next = heads(ctx, main).find((x) => x.a > h.a)?.a ?? main.b;
    const said = ctx.tokens.slice(main.a, h.a).findLastIndex((t) => t.w === "only");
    const only = said < 0 ? h.a : said + main.a;
    const end = limited.find((x) => x.a >= h.b)?.a ?? next;
    const after = passive ? [] : roomsIn(ctx.tokens, h.b, next, ctx.house, c.antecedent).filter((r) => r.b <= end);
    // with no object of its own, the verb is quoted with the particles and "only" after it ("come in only")
    const bareTo = common.conditions.find((x) => x.a >= h.b)?.a ?? end;
    const rooms = passive
      ? roomsIn(ctx.tokens, main.a, h.a, ctx.house, c.antecedent)
      : after.length
        ? after
        : frontedRoom(ctx, c, main, h, bareTo);
    for (const r of rooms)
      out.push({
        type: "rule",
        ...common,
        conditions: [],
        exceptions: [...common.exceptions, ...common.conditions],
        requirement: { kind: h.kind === "stop" ? "no_stop_in_room" : "avoid_room", room: r.room },
        stage: "pre_action",
        quotes: [
          { a: only, b: passive || after.length ? h.b : bareTo },
          { a: r.a, b: r.b },
        ],
        clear: true,
        rooms: [r],
      });
  }
  return out.length ? out : onlyAskedRoom(ctx, c, common, main, limited);
}

/**
 * "the loft is only for when I call you": a room said with "only" and the user asking, and no verb of going: the
 * room gives way on request and is kept out of otherwise, a ban with the asked exception. Not with another room,
 * condition or verb of going; with a question mark or a hedge anywhere in the message, it is asked back.
 */
function onlyAskedRoom(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span, limited: Cond[]): RuleReading[] {
  const [asked] = limited;
  const when = [...common.conditions, ...common.exceptions];
  if (limited.length !== 1 || asked.kind !== "asked" || when.length !== 1) return [];
  if (heads(ctx, main).some((h) => h.a < asked.a)) return [];
  const all = words(ctx, { a: 0, b: ctx.tokens.length }).text;
  if (ctx.tokens.some((t) => t.w === "?") || re(HEDGE).test(all)) return [];
  const rooms = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent);
  const r = rooms[0];
  if (rooms.length !== 1 || r.b > asked.a) return [];
  return [
    {
      type: "rule",
      ...common,
      conditions: [],
      exceptions: [asked],
      requirement: { kind: "avoid_room", room: r.room },
      stage: "pre_action",
      quotes: [
        { a: r.a, b: r.b },
        { a: asked.a, b: asked.b },
      ],
      clear: true,
      rooms: [r],
    },
  ];
}

/**
 * A clause that is "only" and when ("only at night though", "just on weekends then"): no act, no
 * room, no value; every other word is a filler or a word that links it to what was said before.
 */
function onlyWhen(ctx: ReadCtx, main: Span, common: Common): boolean {
  const when = [...common.conditions, ...common.exceptions];
  if (!when.length || common.persistence !== "persistent") return false;
  const toks = ctx.tokens.slice(main.a, main.b);
  if (!toks.some((t) => t.w === "only")) return false;
  return toks.every(
    (t, k) =>
      when.some((x) => x.a <= main.a + k && main.a + k < x.b) ||
      !isWordToken(t.w) ||
      re(FILLER).test(t.w) ||
      LINKING.test(t.w),
  );
}

/**
 * "the den rule, only after nine": the rule a sentence names in the part before the clause, and
 * nothing else; undefined when that part names none.
 */
function ruleNamedBefore(ctx: ReadCtx, main: Span): Target[] | undefined {
  let a = main.a;
  while (a > 0 && !SENTENCE_MARK.has(ctx.tokens[a - 1].w)) a--;
  if (a === main.a || !talksAboutARule(ctx.tokens.slice(a, main.a).map((t) => t.w))) return undefined;
  return targetsIn(ctx, { a, b: main.a }, undefined, "any");
}
const SENTENCE_MARK = new Set([".", "!", "?", ";"]);

export function readClause(ctx: ReadCtx, c: ClauseIn): Reading[] {
  const weak = new Set((c.weak ?? []).map((s) => s.a));
  const { persistence, said } = persistenceOf(
    ctx.tokens,
    c.parts.filter((p) => !weak.has(p.a)),
    c.main,
    roomsIn(ctx.tokens, c.parts[0].a, c.parts[c.parts.length - 1].b, ctx.house),
    pointedBack(ctx.tokens, c.parts),
  );
  const scope = scopeOf(
    ctx.tokens,
    c.parts,
    roomsIn(ctx.tokens, c.parts[0].a, c.parts[c.parts.length - 1].b, ctx.house),
  );
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
    // "just not between 7 and 9 while we have breakfast": the hours say when the meal is, for a permission too
    ...stretchSaidByExceptedHours(ctx, restatedByHours(ctx, when.conditions), when.exceptions),
    clause,
  };
  const w0 = words(ctx, main);
  const revised = revisionOf(ctx, c, common, main);
  if (revised) return revised;
  // "the study rule is only for weekends", "that limit only applies at night": a stored rule narrowed
  const rule = w0.first(RULE_ONLY);
  if (rule && (common.conditions.length || common.exceptions.length) && !heads(ctx, main).some((h) => h.bans)) {
    const targets = targetsIn(ctx, { a: main.a, b: rule.b }, c.antecedent, "any");
    return [{ type: "narrow", ...common, targets }];
  }
  // "only at night though", said after a rule: when the rule in force holds, and nothing else
  if (!c.question && onlyWhen(ctx, main, common))
    return [{ type: "narrow", ...common, targets: ruleNamedBefore(ctx, main) ?? [{ kind: "unknown" }] }];
  const everywhereBut = exceptedRooms(ctx, c, common, main);
  if (everywhereBut.length) return everywhereBut;
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
  // "don't go in the garage so often": how often is left open, so when it applies is asked
  if (re(FREQUENCY).test(words(ctx, main).text))
    for (const x of out)
      if (x.type === "rule" && (x.requirement.kind === "avoid_room" || x.requirement.kind === "no_stop_in_room"))
        x.persistence = "defer";
  // "stay out of the office when I tell you to": the user asking as a condition of a ban is theirs to judge
  for (const x of out)
    if (x.type === "rule") x.conditions = x.conditions.map((e) => (e.kind === "asked" ? { ...e, kind: "text" } : e));
  const rules = out.filter((x): x is RuleReading => x.type === "rule" && x.requirement.kind !== "behavior");
  if (rules.length) {
    const extra = leftoverConditions(ctx, c, main, rules, common);
    for (const x of rules) {
      const conds = partRepeatedWithin(ctx, restatedByHours(ctx, [...x.conditions, ...extra]));
      const ban = x.requirement.kind === "avoid_room" || x.requirement.kind === "no_stop_in_room";
      x.conditions = daysSaidOnce(ctx, pointedAcross(ctx, clause, ban ? stretchSaidByHours(ctx, conds) : conds));
    }
    // "… Don't go in the den then.": the time said before, never all day
    const then = closingThen(ctx, clause);
    if (then) for (const x of rules) if (!x.conditions.length && !x.exceptions.length) x.conditions.push(then);
  }
  const roomRules = rules.filter((x) => x.rooms?.length);
  const paired = pairConditions(main, roomRules);
  if (paired !== roomRules)
    return out.flatMap((x) => (x === roomRules[0] ? paired : roomRules.includes(x as RuleReading) ? [] : [x]));
  if (out.length) return out;
  // "the baby sleeps from 1 to 3": the hours of a condition only people know
  const w = words(ctx, main);
  const times = findTimes(w.text);
  if (times.length && !c.question)
    return [
      {
        type: "hours",
        ...common,
        words: w.text.split(" ").filter((x) => isPlainWord(x) && !STOPWORDS.has(x)),
      },
    ];
  return [];
}
