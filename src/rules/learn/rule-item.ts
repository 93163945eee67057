/**
 * A rule read from a message, as a decision: kept, for this task only, or a question. It fails
 * safe because a rule kept wrongly steers every later episode: a house that cannot be told, a
 * one-off or lasting that cannot be told, a room the house does not have, a rule no longer wanted
 * with several candidates, all come back as a question rather than a guess.
 */
import {
  canonicalRoom,
  PART_OF_DAY_PLURAL,
  roomKey,
  roomName,
  roomsOfKind,
  SENTENCE_END,
  sameRoom,
  VOWEL_START,
} from "../../language/index.ts";
import type { RuleDraft, RuleVersion } from "../types.ts";
import { type RuleReading, targetOf } from "./clause.ts";
import type { LearnContext, LearnItem } from "./items.ts";
import { withoutOneOffAside } from "./one-off-aside.ts";
import { hits, requirementKey, resolveDraft } from "./resolve.ts";
import type { RoomRef } from "./rooms-in.ts";
import { draftOf, type Said, statementOf, verbatim } from "./said.ts";

export function ruleItem(t: Said, reading: RuleReading, rules: RuleVersion[], ctx: LearnContext): LearnItem {
  const r = withoutOneOffAside(t.tokens, reading);
  const clause = statementOf(t, r.clause);
  const draft = draftOf(t, r, ctx);
  if (typeof draft === "string")
    return {
      decision: "unclear",
      reason: draft,
      clause,
      persistence: r.persistence,
      question: "Which house do you mean?",
    };
  if (r.persistence === "task_local")
    return { decision: "task_local", reason: "for this task only", clause, persistence: "task_local", draft };
  if (r.persistence === "defer")
    return {
      decision: "defer",
      reason: "when it applies is left open",
      clause,
      persistence: "defer",
      draft,
      question: "When exactly should I do this? Tell me when, and I'll keep to it.",
    };
  if (r.elliptical && !r.saidLasting && !onSchedule(r, t.tokens))
    return {
      decision: "unclear",
      reason: "only the room is said: for this task or from now on cannot be told",
      clause,
      persistence: "persistent",
      draft,
      question: "Only this time, or from now on?",
    };
  if (r.unwanted) return unwantedItem(r, rules, clause, draft);
  const asked = roomAsked(t, r, ctx, clause, draft);
  if (asked) return asked;
  const unknown = unknownRooms(r, ctx);
  const item = resolveDraft(draft, clause, rules, r);
  if (!unknown.length) return item;
  // the house's rooms of the kind said ("the washroom" with two of them) are offered by name
  const said = verbatim(t, unknown[0]);
  const kin = roomsOfKind(said, ctx.rooms ?? []);
  const question =
    kin.length && kin.length <= 4
      ? `Which room is "${said}": ${kin.map((l) => `the ${l}`).join(", ")}, or another one?`
      : `I don't know ${VOWEL_START.test(unknown[0].room) ? "an" : "a"} ${unknown[0].room} in this house: which room is it?`;
  // a room the house does not have is an unresolved reference: a new rule on it is asked back,
  // never kept (it would name a place the robot can never find, or one meant as another room);
  // a change to a rule already stored on that room acts on that rule as said
  if (item.decision !== "add") return { ...item, question: item.question ?? question };
  return {
    decision: "unclear",
    reason: `the house has no ${unknown[0].room}`,
    clause,
    persistence: r.persistence,
    draft,
    question,
  };
}

/**
 * A rule said to be no longer wanted ("no more JSON"): the stored rule it names is dropped, or,
 * with none stored, what the user wants instead is kept in their words.
 */
function unwantedItem(r: RuleReading, rules: RuleVersion[], clause: string, draft: RuleDraft): LearnItem {
  const stored = rules.filter(
    (v) => v.status === "active" && requirementKey(v.rule.requirement) === requirementKey(r.requirement),
  );
  if (stored.length)
    return {
      decision: "retract",
      reason: `retracts ${stored[0].ruleId}`,
      clause,
      persistence: "persistent",
      ruleId: stored[0].ruleId,
      base: stored[0].versionId,
      quote: clause,
    };
  // "quit telling me the room, I see it on the map": a rule of that kind is stored, said of
  // another reply; it is the one to drop, or, with several, which one is asked. A behaviour in
  // the user's words beside it would leave the rule they asked to end in force
  const kin = rules.filter((v) => v.status === "active" && hits(targetOf(r.requirement), v));
  if (kin.length === 1)
    return {
      decision: "retract",
      reason: `retracts ${kin[0].ruleId}`,
      clause,
      persistence: "persistent",
      ruleId: kin[0].ruleId,
      base: kin[0].versionId,
      quote: clause,
    };
  if (kin.length > 1)
    return {
      decision: "unclear",
      reason: "a rule no longer wanted, but more than one could be meant",
      clause,
      question: `Which should I drop: ${kin.map((v) => `"${v.rule.statement}"`).join(" or ")}?`,
    };
  // "no json, just plain text": nothing stored to drop, so it is what the user wants, in their words
  return resolveDraft(
    { ...draft, requirement: { kind: "behavior", text: draft.statement.replace(SENTENCE_END, "") } },
    clause,
    rules,
    r,
  );
}

/** The rooms named that this house does not have, by its own labels. */
function unknownRooms(r: RuleReading, ctx: LearnContext): RoomRef[] {
  return (r.rooms ?? []).filter(
    (x) => ctx.rooms?.length && !ctx.rooms.some((l) => roomName(l) === x.room || roomKey(l) === x.room),
  );
}

/** A room said that cannot be told from the house's rooms: which one is meant is asked. */
function roomAsked(
  t: Said,
  r: RuleReading,
  ctx: LearnContext,
  clause: string,
  draft: RuleDraft,
): LearnItem | undefined {
  // "the back bedroom" in a house whose labels say only "bedroom", "guest bedroom": which one
  // it is cannot be told, and the wider room would be broader than what was said
  const house = ctx.rooms ?? [];
  const picked = (r.rooms ?? []).find((x) => x.qualified && house.some((l) => sameRoom(l, x.qualified!.head)));
  if (picked) {
    const said = verbatim(t, picked);
    const kinds = house.filter((l) => sameRoom(l, picked.qualified!.head));
    return {
      decision: "unclear",
      reason: `"${said}" is none of this house's rooms exactly`,
      clause,
      persistence: r.persistence,
      draft,
      question: `Which room is "${said}": ${kinds.map((l) => `the ${l}`).join(", ")}, or another one?`,
    };
  }
  const unknown = unknownRooms(r, ctx);
  // "occupied rooms", "rooms with closed doors": no room of this house and no kind of room either,
  // so nothing is kept about a room made of the words around it; what is meant is asked
  const noRoom = unknown.find((x) => canonicalRoom(x.room) === undefined);
  if (noRoom)
    return {
      decision: "unclear",
      reason: `"${verbatim(t, noRoom)}" names no room of this house`,
      clause,
      persistence: r.persistence,
      draft,
      question: `Which rooms do you mean by "${verbatim(t, noRoom)}"? Name them and I'll keep to it.`,
    };
  return undefined;
}

/**
 * "No porch from 10 pm. Till 6.": a ban said with both ends of its hours on the clock keeps to a
 * schedule, which recurs: it lasts as "the porch is off limits then" does. One end assumed, or
 * the half of the day guessed, and whether it lasts is still asked. So does a part of the day said
 * in the plural, as a habit ("evenings"): it recurs as a schedule does.
 */
const onSchedule = (r: RuleReading, tokens: Said["tokens"]) =>
  r.conditions.some(
    (c) =>
      c.kind === "time" &&
      ((c.clock === true && !c.open && !c.guessed) ||
        // "mornings, the workshop: no": a part of the day said in the plural comes round each day
        tokens.slice(c.a, c.b).some((k) => PART_OF_DAY_PLURAL.test(k.w))),
  );
