/**
 * The readings of one message, made into the rules it asks for before they meet the rules in
 * force. One request is often said in parts or twice ("Answer in JSON. Include found and room."),
 * and stored as read it would be two rules, each read back and checked; two windows said as
 * alternatives would be one rule that holds only when both hold at once, so they are split.
 */
import {
  ARTICLE_START,
  FIELD_SEPARATOR,
  FIELD_WORD_END,
  FIELDS_FOLLOW_UP,
  isIdentifier,
  REPLY_FORMAT,
  REPLY_LENGTH,
  twoWindowsSaid,
  UP_TO_FIELDS,
  Words,
} from "../../language/index.ts";
import type { Requirement } from "../types.ts";
import { type ClauseIn, type ReadCtx, type Reading, type RuleReading, readClause } from "./clause.ts";
import type { Cond } from "./conditions.ts";
import { re } from "./reading.ts";
import { fieldsBrought } from "./reply-json.ts";
import { requirementKey } from "./resolve.ts";
import type { Span } from "./segments.ts";

/**
 * "I want to know where things were, so say which room at nighttime": one sentence that asks
 * for the same thing twice asks for it once, under what either part says of when.
 */
export function sameInSentence(readings: Reading[], sents: Span[]): Reading[] {
  const out: Reading[] = [];
  for (const r of readings) {
    const twin =
      r.type === "rule" && r.requirement.kind !== "behavior"
        ? out.find(
            (o): o is RuleReading =>
              o.type === "rule" &&
              sentenceOf(sents, o) === sentenceOf(sents, r) &&
              o.persistence === r.persistence &&
              requirementKey(o.requirement) === requirementKey(r.requirement),
          )
        : undefined;
    if (!twin || r.type !== "rule") {
      out.push(r);
      continue;
    }
    const fresh = (xs: Cond[], ys: Cond[]) => ys.filter((c) => !xs.some((x) => x.a === c.a && x.b === c.b));
    twin.conditions = [...twin.conditions, ...fresh(twin.conditions, r.conditions)];
    twin.exceptions = [...twin.exceptions, ...fresh(twin.exceptions, r.exceptions)];
    twin.quotes.push(...r.quotes);
    twin.clause = { a: Math.min(twin.clause.a, r.clause.a), b: Math.max(twin.clause.b, r.clause.b) };
  }
  return out;
}

/**
 * "in the morning or at night": two windows are either one, never both at once. A check holds
 * every condition together, so each window is a rule of its own.
 */
export function byWindow(rc: ReadCtx, r: Reading): Reading[] {
  if (r.type !== "rule") return [r];
  // "don't go in from one to four … yeah one to four": the same hours said again, with no negation
  // of their own, are the window read first; the rule is as it would be without them
  const again = (x: Cond, y: Cond) =>
    x.kind === "time" && y.kind === "time" && !y.negated && x.from === y.from && x.to % 24 === y.to % 24;
  const repeats = r.conditions.filter((c, k) => r.conditions.slice(0, k).some((x) => again(x, c)));
  r.conditions = r.conditions.filter((c) => !repeats.includes(c));
  // its words are read, as the rule's own
  r.quotes.push(...repeats.map((c) => ({ a: c.a, b: c.b })));
  const times = r.conditions.filter((c) => c.kind === "time").sort((x, y) => x.a - y.a);
  if (times.length < 2) return [r];
  // two windows with nothing joining them are one said in a way not fully read: asked, never two rules
  const apart = times.slice(1).every((t, k) => twoWindowsSaid(new Words(rc.tokens, times[k].b, t.a).text));
  if (!apart) {
    const said = times.map((t) => `"${rc.message.slice(rc.tokens[t.a].start, rc.tokens[t.b - 1].end)}"`).join(" and ");
    return [
      {
        type: "unclear",
        reason: `two windows read for one request (${said}), nothing joining them`,
        question: `You said "${rc.message.slice(rc.tokens[r.clause.a].start, rc.tokens[r.clause.b - 1].end)}": I read ${said} as its hours and can't tell which you meant. Which hours should it hold?`,
        clause: r.clause,
      },
    ];
  }
  const rest = r.conditions.filter((c) => c.kind !== "time");
  return times.map((t) => ({ ...r, conditions: [...rest, t] }));
}

export const sentenceOf = (sents: Span[], r: Reading) => sents.findIndex((s) => s.a <= r.clause.a && r.clause.a < s.b);

/** "Answer in JSON. Include found and room.": one JSON requirement, its fields from both. */
export function mergeJson(readings: Reading[]): Reading[] {
  const jsons = readings.filter((r): r is RuleReading => r.type === "rule" && r.requirement.kind === "json_fields");
  if (jsons.length < 2) return readings;
  const [first, ...rest] = jsons;
  const req = first.requirement as Extract<Requirement, { kind: "json_fields" }>;
  const drop = new Set<Reading>();
  for (const j of rest) {
    const other = j.requirement as Extract<Requirement, { kind: "json_fields" }>;
    // "answers in JSON, fields found and room": fields said after a JSON rule that named
    // none, in words that name no output of their own, are that rule's, never a reply rule beside it
    const ownTarget = other.target === req.target || (!req.fields.length && other.target === "reply");
    if (!ownTarget || j.persistence !== first.persistence) continue;
    req.fields = [...new Set([...req.fields, ...other.fields])];
    first.quotes.push(...j.quotes);
    // "on the json rule: add a key, …": fields added in one part are added to the rule's
    if (j.additive) first.additive = true;
    // the hours said with the fields are the JSON rule's
    first.conditions = [...first.conditions, ...j.conditions.filter((c) => !first.conditions.some((x) => x.a === c.a))];
    first.exceptions = [...first.exceptions, ...j.exceptions.filter((c) => !first.exceptions.some((x) => x.a === c.a))];
    first.clause = { a: Math.min(first.clause.a, j.clause.a), b: Math.max(first.clause.b, j.clause.b) };
    drop.add(j);
  }
  return readings.filter((r) => !drop.has(r));
}

/**
 * "Keep it short — 10 words max": a behaviour that only says in words what a structured reading
 * of the same message says exactly (length, format) is part of it, not a second rule.
 */
export function dropCovered(readings: Reading[]): Reading[] {
  const has = (k: Requirement["kind"]) => readings.some((r) => r.type === "rule" && r.requirement.kind === k);
  return readings.filter((r) => {
    if (r.type !== "rule" || r.requirement.kind !== "behavior") return true;
    const t = r.requirement.text.toLowerCase();
    if (has("word_limit") && re(REPLY_LENGTH).test(t)) return false;
    if (has("json_fields") && re(REPLY_FORMAT).test(t)) return false;
    return true;
  });
}

/** "Answer in JSON. Include found and room.": a follow-up naming fields, read as JSON's. */
export function jsonFollowUp(
  rc: ReadCtx,
  c: ClauseIn,
  readings: Reading[],
  jsonBefore: RuleReading | undefined,
): Reading[] {
  if (!jsonBefore) return readings;
  // "Reply as JSON, include the item and where it was": what a later clause brings into a JSON
  // reply with no fields yet are its fields, never rules of their own beside it
  const brought = jsonBefore.requirement.kind === "json_fields" && !jsonBefore.requirement.fields.length;
  const list = brought ? fieldsBrought(rc, c.main) : undefined;
  if (list && readings.every((r) => r.type !== "rule" || r.requirement.kind === "mention"))
    return [
      {
        ...jsonBefore,
        requirement: { kind: "json_fields", target: "reply", fields: list.fields },
        stage: "delivery",
        quotes: [c.main],
        clause: c.main,
        clear: true,
      },
    ];
  if (readings.some((r) => r.type === "rule" && r.requirement.kind !== "behavior")) return readings;
  const text = new Words(rc.tokens, c.main.a, c.main.b).text;
  if (!FIELDS_FOLLOW_UP.test(text)) return readings;
  // read as if it said JSON: the fields it names
  const names = text
    .replace(UP_TO_FIELDS, "")
    .split(FIELD_SEPARATOR)
    .map((x) => x.replace(ARTICLE_START, "").replace(FIELD_WORD_END, "").trim())
    .filter((x) => isIdentifier(x));
  if (!names.length) return readings;
  const common = readings.find((r): r is RuleReading => r.type === "rule");
  // "Reply in JSON. Fields: object, room.": a list with no verb of its own is the JSON rule's, as that rule lasts
  const base =
    common ??
    readClause(rc, c).find((r): r is RuleReading => r.type === "rule") ??
    (jsonBefore && { ...jsonBefore, conditions: [], exceptions: [], clause: c.main });
  if (!base) return readings;
  return [
    {
      ...base,
      requirement: { kind: "json_fields", target: "reply", fields: names },
      stage: "delivery",
      quotes: [c.main],
      clear: true,
    },
  ];
}
