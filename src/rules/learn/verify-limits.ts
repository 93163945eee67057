/**
 * Read-back checks of what a request is limited to (learn/verify.ts runs them): a permission said
 * with a limit never ends a whole rule; a free-text rule that is only its own condition asks for
 * nothing; a room named in the act's own words that no rule of the message holds is said back.
 */
import {
  ASKS_NOTHING,
  actOf,
  EXCEPTION_MARKER,
  isWordToken,
  JOINER,
  opensWithSubject,
  sameRoom,
  Words,
} from "../../language/index.ts";
import type { RuleDraft } from "../types.ts";
import { pointedBack, withoutExplanation } from "./conditions.ts";
import type { LearnItem } from "./items.ts";
import type { ReadCtx, Reading, RuleReading } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";
import { type Span, segments, sentences } from "./segments.ts";
import type { Failure } from "./verify-changes.ts";

/**
 * (d) a permission limited in time or by a clause of when ("…, just not while she naps") that
 * became the end of the rule in force: the limit was lost, and the ban would be lifted at the
 * times the user kept it. Asked, and the rule stays.
 */
export function limitedRetraction(r: Extract<Reading, { type: "retract" }>): Failure | undefined {
  const limits = [...r.conditions, ...r.exceptions].filter((c) => c.kind === "time" || c.kind === "text");
  if (!limits.length) return undefined;
  return {
    why: "a permission said with a limit would lift the whole rule",
    ask: "Should I still keep out then, and go in at other times? Until you say, the rule stays as it is.",
  };
}

/**
 * (e) a free-text rule whose words are all its own condition ("but not when the baby is asleep")
 * asks the robot to do nothing: it is part of a request said before it, not a rule of its own.
 */
export function conditionOnly(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  d: RuleDraft,
): Failure | undefined {
  if (r.type !== "rule" || d.requirement.kind !== "behavior") return undefined;
  const limits: Span[] = [...r.conditions, ...r.exceptions];
  if (!limits.length) return undefined;
  for (const q of r.quotes)
    for (let k = q.a; k < q.b; k++)
      if (isWordToken(rc.tokens[k].w) && !limits.some((c) => c.a <= k && k < c.b) && !JOINER.test(rc.tokens[k].w))
        return undefined;
  return {
    why: "its words are only a condition, with nothing asked",
    ask: "What should I do then?",
  };
}

export function leftOutFailure(
  rc: ReadCtx,
  r: Exclude<Reading, { type: "unclear" }>,
  items: readonly LearnItem[],
): Failure | undefined {
  if (r.type !== "rule") return undefined;
  const lost = roomLeftOut(rc, r, items);
  return lost
    ? {
        why: `the ${lost}, named in its clause, is in no rule`,
        ask: `You also named the ${lost}: should it be covered too?`,
      }
    : undefined;
}

/**
 * (b) a room named in the act's own words ("…, and for today the study too") that no item of the
 * message holds: the request was read without it, so what was understood is said back.
 */
export function roomLeftOut(rc: ReadCtx, r: RuleReading, items: readonly LearnItem[]): string | undefined {
  if (!("room" in r.requirement)) return undefined;
  // from the act's own words on: a room said before them ("the stairs there are steep, so …") is its reason's
  const start = Math.min(...r.quotes.map((q) => q.a), r.clause.b);
  const act = { a: Math.max(start, r.clause.a), b: withoutExplanation(rc.tokens, r.clause).b };
  const held = items.flatMap((i) => (i.draft && "room" in i.draft.requirement ? [i.draft.requirement.room] : []));
  const words = new Words(rc.tokens, act.a, act.b);
  const except = words.first(EXCEPTION_MARKER);
  const named = roomsIn(rc.tokens, act.a, act.b, rc.house);
  const own = r.requirement.room;
  for (const m of named) {
    // "you can cross the yard to reach the shed, but don't stop in it": the route's goal is where
    // passing the rule's room leads, not a room the rule left out
    // (said in a condition of the rule, "on the way to the pantry", it bounds the rule, and is asked)
    const bounds = [...r.conditions, ...r.exceptions].some((c) => c.a <= m.a && m.a < c.b);
    if (m.goal && !bounds && named.some((x) => x.a < m.a && sameRoom(x.room, own))) continue;
    if (m.anaphor || (except && m.a >= except.a) || held.some((x) => sameRoom(x, m.room))) continue;
    // "never stop in the hall it blocks the stairs": a room in words after the act that open with a
    // subject of their own is in its reason
    const said = Math.max(...r.quotes.map((q) => q.b));
    const tail = new Words(rc.tokens, said, act.b).text;
    if (m.a >= said && (ASKS_NOTHING.test(tail) || opensWithSubject(tail))) continue;
    return m.room;
  }
  return undefined;
}

/**
 * (f) hours said inside a reason beside the act ("keep out of the den, my son studies there until
 * 5"): a statement with a subject of its own, apart from the act's words, says why; whether its
 * hours are the rule's too (and which half of the day) is the user's to say. Asked, never kept.
 */
export function reasonHours(rc: ReadCtx, r: Exclude<Reading, { type: "unclear" }>): Failure | undefined {
  if (r.type !== "rule") return undefined;
  const quotes = r.quotes;
  // "…, so keep out at that time": the request says the reason's hours are its own
  const actFrom = Math.max(r.clause.a, Math.min(...quotes.map((q) => q.a), r.clause.b));
  if (pointedBack(rc.tokens, [r.clause]).some((x) => x.a >= actFrom)) return undefined;
  for (const c of [...r.conditions, ...r.exceptions]) {
    if (c.kind !== "time") continue;
    const sent = sentences(rc.message, rc.tokens).find((s) => s.a <= c.a && c.b <= s.b);
    const seg = sent && segments(rc.tokens, sent).find((s) => s.a <= c.a && c.b <= s.b);
    if (!seg || quotes.some((q) => q.a < seg.b && seg.a < q.b)) continue;
    // the words around the hours, without them: a clause of its own with a subject ("my son studies there")
    const rest = [new Words(rc.tokens, seg.a, c.a).text, new Words(rc.tokens, c.b, seg.b).text].join(" ").trim();
    if (!opensWithSubject(rest) || actOf(rest) !== "reason") continue;
    const when = new Words(rc.tokens, c.a, c.b).text;
    return {
      why: `the hours "${when}" are said in the reason, not in the request`,
      ask: `Should it hold only then ("${when}")? Say the hours of the rule and I'll keep to them.`,
    };
  }
  return undefined;
}
