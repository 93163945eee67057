/**
 * Retractions and permissions against the rules in force. Lifting a rule is where a misreading
 * costs most: a permission read too broadly lets the robot back into a room the user still bans.
 * So a rule is dropped only when nothing limits the permission; hours, a house or an exception it
 * is said with keep the rule for what it leaves out, and what cannot be read is asked.
 */
import {
  EXCEPTION_LEAD,
  EXCEPTION_WORD,
  FIELD_LIST_JOIN,
  hoursOf,
  inForce,
  meetsAsRestOfDay,
  minus,
  NAMED_FIELDS,
  NOT_A_FIELD,
  overlap,
  REVISING,
  ROBOT_ANY_TIME,
  saysEveryHour,
  timeCandidates,
  WHEN_LEAD,
  Words,
} from "../../language/index.ts";
import { type Condition, type Requirement, type RuleVersion, sceneScope } from "../types.ts";
import type { RetractReading, RuleReading } from "./clause.ts";
import type { Cond } from "./conditions.ts";
import type { LearnContext, LearnItem } from "./items.ts";
import { passesOnly } from "./pass-only.ts";
import { re } from "./reading.ts";
import { hits } from "./resolve.ts";
import { revisionOf } from "./revisions.ts";
import { ruleItem } from "./rule-item.ts";
import { conditionOf, type Said, statementOf, verbatim } from "./said.ts";

/** One retraction or permission as said: what every step that answers it reads. */
interface Retraction {
  t: Said;
  r: RetractReading;
  ctx: LearnContext;
  clause: string;
  quote: string;
  pass: boolean; // it only allows passing through rooms the message bans stopping in (pass-only.ts)
}

/** The hours a permission is said beside, which keep the ban in force for them. */
interface HoursLeftOut {
  /** the permission says hours of its own */
  ownHours: boolean;
  /** hours said under a negation, when nothing else in the clause says a time */
  notThen: Cond[];
  /** what the permission leaves out: its exceptions, with the hours it says no to */
  leftOut: Cond[];
  /** permitted hours that only restate the day less `notThen`: no window of their own */
  restated: Cond[];
  /** every window said under a negation of its own */
  saidNo: Cond[];
}

/** What the permission allows and bans, weighed once for every rule it touches. */
interface Weighed extends HoursLeftOut {
  banned: Extract<Cond, { kind: "time" }>[];
  times: Cond[];
  scene: string | undefined;
  named: string[];
}

const onlyRooms = (r: RetractReading) => r.targets.every((x) => x.kind === "room");

/**
 * A retraction or a permission against the rules in force: each rule it names is dropped, given
 * an exception, or asked about; with none in force, what it leaves out can still be a ban.
 */
export function retractItems(
  t: Said,
  r: RetractReading,
  rules: RuleVersion[],
  ctx: LearnContext,
  passOnly: Set<string>,
): LearnItem[] {
  const x: Retraction = {
    t,
    r,
    ctx,
    clause: statementOf(t, r.clause),
    quote: statementOf(t, r.quote),
    pass: passesOnly(r, rules, passOnly),
  };
  const early = beforeTheRules(x);
  if (early) return early;
  const found = rulesMeant(x, rules);
  const hours = hoursLeftOut(x);
  if (!found.length) return noRuleInForce(x, hours, rules);
  // "actually, X is fine": a permission said as a change of mind about a rule in force that forbids
  // it takes that rule back for good; without a word of change, this time or always is asked
  const changesMind = r.bare && re(REVISING).test(new Words(t.tokens, r.clause.a, r.clause.b).text);
  if ((r.bare || r.persistence === "defer") && !x.pass && !changesMind)
    return [
      {
        decision: "unclear",
        reason: "a permission that does not say for how long",
        clause: x.clause,
        quote: x.quote,
        question: "Just this time, or from now on?",
      },
    ];
  const w: Weighed = {
    ...hours,
    ...permittedWindows(x, hours.ownHours),
    scene: r.scope === "scene" ? ctx.sceneId : undefined,
    // "no need for the object field", "drop the room key": those fields go, the JSON rule stays
    named: namedFields(new Words(t.tokens, r.quote.a, r.quote.b).text),
  };
  const asked = unreadableHours(x, w) ?? missingFields(x, found, w.named);
  if (asked) return [asked];
  return found.map(
    (v) => droppedFields(x, v, w.named) ?? stillBanned(x, v, w) ?? exceptionFor(x, v, w) ?? retracted(x, v),
  );
}

/** What is answered before the rules in force are looked at: a one-off, or a target not read. */
function beforeTheRules(x: Retraction): LearnItem[] | undefined {
  if (x.r.persistence === "task_local") {
    if (x.pass) return [];
    return [
      {
        decision: "task_local",
        reason: "a permission for this task only: the stored rule stays",
        clause: x.clause,
        persistence: "task_local",
        quote: x.quote,
      },
    ];
  }
  if (x.r.targets.some((g) => g.kind === "unknown"))
    return [
      {
        decision: "unclear",
        reason: "a retraction, but of what cannot be told",
        clause: x.clause,
        quote: x.quote,
        question: "Which rule should I drop?",
      },
    ];
  return undefined;
}

/** The rules in force it is about; a permission to go through lifts only a ban on going in. */
function rulesMeant(x: Retraction, rules: RuleVersion[]): RuleVersion[] {
  const targets = x.pass
    ? x.r.targets.map((g) => (g.kind === "room" ? { ...g, act: "enter" as const } : g))
    : x.r.targets;
  const active = rules.filter((v) => v.status === "active");
  return active.filter((v) => targets.some((g) => hits(g, v)));
}

function hoursLeftOut(x: Retraction): HoursLeftOut {
  const { t, r } = x;
  // "you can go in the garage again, just not at night": a permission with no hours of its own,
  // beside hours said under a negation, leaves the ban in force for those hours
  const negatedHours = [...r.conditions, ...r.exceptions].filter((c) => c.kind === "time" && c.negated);
  // "you may enter by day, only not after dark": hours permitted that are exactly the day
  // less the hours said no to say the same thing twice; the ban holds for the hours said no to
  const restated = restatedHours(r, negatedHours);
  const ownHours = r.conditions.some((c) => c.kind === "time" && !c.negated && !restated.includes(c));
  // only when nothing else in the clause says a time: "ok in the afternoons but never after 4"
  // reads as one window narrowed, and what it leaves out is asked
  const rest = t.tokens
    .slice(r.clause.a, r.clause.b)
    .filter((_, k) => ![...negatedHours, ...restated].some((c) => c.a <= r.clause.a + k && r.clause.a + k < c.b))
    .map((w) => w.w)
    .join(" ");
  // "you may use the den, just not while the baby sleeps": a clause of when said under a negation
  // is when the permission does not hold, as hours said no to are
  const negatedWhen = r.conditions.filter((c) => c.kind === "text" && c.negated);
  const notThen = [...(ownHours || timeCandidates(rest).length ? [] : negatedHours), ...negatedWhen];
  // "you can go in the garage except on sundays", with no ban on it yet: the ban holds just then
  const leftOut = [...new Set([...r.exceptions.filter((c) => c.kind !== "asked"), ...notThen])];
  return {
    ownHours,
    notThen,
    leftOut,
    restated: notThen.some((c) => c.kind === "time") ? restated : [],
    saidNo: [...negatedHours, ...negatedWhen],
  };
}

/**
 * The permitted hours of a clause when they are every hour but the negated ones, and none else;
 * or a part of the day said in words whose loose ends meet the negated clock hours ("ok by day now,
 * just not from 11pm to 7am": the hours said no to are the ones meant, and the ban is never kept
 * for the hours between the two, 21–23, which the user allowed).
 */
function restatedHours(r: RetractReading, negated: Cond[]): Cond[] {
  const own = r.conditions.filter((c): c is Extract<Cond, { kind: "time" }> => c.kind === "time" && !c.negated);
  if (!own.length || !negated.length) return [];
  const hours = (cs: Cond[]) => cs.flatMap((c) => (c.kind === "time" ? hoursOf(c.from, c.to) : []));
  const yes = hours(own);
  const no = hours(negated);
  const all = new Set([...yes, ...no]);
  if (all.size === 24 && yes.length + no.length === 24) return own;
  const [part] = own;
  const [clock] = negated;
  const loose =
    own.length === 1 &&
    negated.length === 1 &&
    !part.clock &&
    clock.kind === "time" &&
    clock.clock === true &&
    !clock.guessed &&
    meetsAsRestOfDay({ fromHour: part.from, toHour: part.to }, { fromHour: clock.from, toHour: clock.to });
  return loose ? own : [];
}

/**
 * Hours the permission allows, beside hours it says no to ("in the mornings, but never at night"):
 * they are when the robot may go, never a condition of the ban on the hours said no to.
 */
function permitted(t: Said, c: Cond, leftOut: Cond[]): boolean {
  if ((c.kind !== "time" && c.kind !== "text") || c.negated || !leftOut.some((x) => x.kind === "time")) return false;
  // "all day, but not from 6 to 8": every hour said of the permission is all the hours it leaves
  return c.kind === "time" || saysEveryHour(new Words(t.tokens, c.a, c.b).text);
}

/** "only" said just before, or at the start of, the words that limit a permission to when the user asks. */
function saidOnly(t: Said, r: RetractReading, c: Cond): boolean {
  return t.tokens.slice(Math.max(r.clause.a, c.a - 2), Math.min(c.b, c.a + 2)).some((k) => k.w === "only");
}

/** No rule in force to lift: what the permission leaves out is a new ban, else nothing is done. */
function noRuleInForce(x: Retraction, hours: HoursLeftOut, rules: RuleVersion[]): LearnItem[] {
  const { t, r, ctx } = x;
  // with no rule to narrow, hours said no to are banned, whatever hours are permitted beside them
  const leftOut = [...new Set([...hours.leftOut, ...hours.saidNo])];
  // "you can go in the studio only when I ask": allowed only when asked is banned but then
  const onlyAsked = [...r.conditions, ...r.exceptions].filter((c) => c.kind === "asked" && saidOnly(t, r, c));
  if ((leftOut.length || onlyAsked.length) && onlyRooms(r) && r.persistence === "persistent")
    return r.targets.map((g) => {
      const requirement: Requirement =
        g.kind === "room" && g.act === "stop"
          ? { kind: "no_stop_in_room", room: g.room }
          : { kind: "avoid_room", room: (g as { room: string }).room };
      const { type: _retract, targets: _t, quote, bare: _b, ...common } = r;
      const reading: RuleReading = {
        ...common,
        type: "rule",
        requirement,
        stage: "pre_action",
        quotes: [quote],
        clear: true,
        conditions: [
          ...r.conditions.filter(
            (c) =>
              !leftOut.includes(c) &&
              !onlyAsked.includes(c) &&
              !hours.restated.includes(c) &&
              !permitted(t, c, leftOut),
          ),
          ...leftOut.map((c) => trimmedException(t, c)),
        ],
        exceptions: onlyAsked,
      };
      return ruleItem(t, reading, rules, ctx);
    });
  if (x.pass) return [];
  return [
    {
      decision: "nothing_to_retract",
      reason: "this user has no rule it could retract",
      clause: x.clause,
      persistence: "persistent",
      quote: x.quote,
      // "ok you may go in the porch", with no rule to lift and no word of how long: a permission
      // with nothing to act on may be meant of another rule, or as a new one; which is asked
      ...(r.bare
        ? { question: "Did you mean to change a rule you gave me, or to give me a new one? Tell me which." }
        : {}),
    },
  ];
}

// a permission limited in time or to this house is an exception to the rule, not its end
// "the garage is ok when I tell you to", "you can go in but only when I ask": whatever the
// permission is limited by is when the rule gives way, never a reason to drop it
// "fine in the evenings but never after 9": a window said under a negation is banned, so the
// permission is its windows less the banned ones, and never permits a banned hour
// "fine from 5pm but not after 9pm": a permission with hours of its own, less the hours it leaves out
function permittedWindows(x: Retraction, ownHours: boolean): Pick<Weighed, "banned" | "times"> {
  const { r } = x;
  const banned = [...r.conditions, ...(ownHours ? r.exceptions : [])].filter(
    (c): c is Extract<Cond, { kind: "time" }> => c.kind === "time" && (!!c.negated || r.exceptions.includes(c)),
  );
  const times = [
    ...r.conditions
      .filter((c) => !banned.includes(c as never) && !(c.kind === "text" && c.negated))
      .flatMap((c): Cond[] => {
        if (c.kind !== "time" || !banned.length) return [c];
        let left = [{ fromHour: c.from, toHour: c.to }];
        for (const b of banned) left = left.flatMap((w) => minus(w, { fromHour: b.from, toHour: b.to }));
        return left.map((w) => ({ ...c, from: w.fromHour, to: w.toHour % 24 }));
      }),
    ...r.exceptions.filter((c) => c.kind === "asked" && onlyRooms(r)),
  ];
  return { banned, times };
}

/**
 * Hours banned in the same breath, and no permitted hours left to read: dropping the rule or
 * guessing its exception would both permit what was just banned, so it is asked.
 */
function unreadableHours(x: Retraction, w: Weighed): LearnItem | undefined {
  if (!w.banned.length || w.notThen.length || w.times.some((c) => c.kind === "time")) return undefined;
  return {
    decision: "unclear",
    reason: "a permission with hours banned beside it, and which hours are allowed cannot be read",
    clause: x.clause,
    quote: x.quote,
    question: `Which hours may I go there, and which not? I read "${verbatim(x.t, w.banned[0])}" as still banned.`,
  };
}

/** Fields named to drop that the JSON reply does not have: which ones are meant is asked. */
function missingFields(x: Retraction, found: RuleVersion[], named: string[]): LearnItem | undefined {
  const jsonReq = found.map((v) => v.rule.requirement).find((q) => q.kind === "json_fields");
  const missing = jsonReq ? named.filter((f) => !jsonReq.fields.includes(f)) : [];
  if (!missing.length) return undefined;
  return {
    decision: "unclear",
    reason: `the JSON reply has no ${missing.join(", ")} field`,
    clause: x.clause,
    quote: x.quote,
    question: `My JSON replies have no ${missing.join(" or ")} field: what should I drop?`,
  };
}

/** Some of a JSON reply's fields dropped: the rule stays with the others. */
function droppedFields(x: Retraction, v: RuleVersion, named: string[]): LearnItem | undefined {
  const q = v.rule.requirement;
  if (q.kind !== "json_fields" || !named.length || !named.every((f) => q.fields.includes(f))) return undefined;
  const fields = q.fields.filter((f) => !named.includes(f));
  if (!fields.length) return undefined;
  return revisionOf(
    v,
    {
      ...x,
      reason: `drops ${named.join(", ")} from the JSON reply`,
      quotes: [x.quote, ...v.rule.quotes],
    },
    { requirement: { ...q, fields } },
  );
}

/**
 * "you can go in the garage except at night": the ban stays, for what the permission leaves out.
 * "except when guests are over" holds it "when guests are over"; "unless …" says no when, so it is asked.
 */
function stillBanned(x: Retraction, v: RuleVersion, w: Weighed): LearnItem | undefined {
  const { t, r } = x;
  const left = new Set([
    ...r.exceptions.filter((c) => c.kind !== "asked" && !w.banned.includes(c as never)),
    ...w.notThen,
  ]);
  const still = [...left].map((c) => {
    if (c.kind === "time") return c;
    let a = c.a;
    while (a < c.b && EXCEPTION_LEAD.test(t.tokens[a].w)) a++;
    return WHEN_LEAD.test(t.tokens[a]?.w ?? "") ? { ...c, a } : undefined;
  });
  // "in the mornings except on sundays": allowed at hours of its own, less a part of them; holding the
  // ban only then would lift it at every other hour, so it is asked
  const partOfOwn = w.ownHours && still.some((c) => c?.kind !== "time");
  if ((still.includes(undefined) || partOfOwn) && onlyRooms(r))
    return {
      decision: "unclear",
      reason: "allowed again except sometimes, and when is not said",
      clause: x.clause,
      quote: x.quote,
      question: "When exactly should I still stay out?",
    };
  if (!still.length || !onlyRooms(r)) return undefined;
  return revisionOf(
    v,
    {
      ...x,
      reason: "allowed again except sometimes: the rule holds only then",
      quotes: [x.quote, ...still.map((c) => verbatim(t, c!)), ...v.rule.quotes],
    },
    {
      // the hours the permission leaves out are when the ban holds now: they replace the rule's
      // own hours ("except after 8" of a ban from 9 bans from 8), never narrow them further
      conditions: [
        ...v.rule.conditions.filter((c) => c.kind !== "time" || !still.some((s) => s!.kind === "time")),
        ...still.map((c) => conditionOf(t, c!, v.rule.requirement)),
      ],
    },
  );
}

/** The hour windows among conditions. */
const windows = (cs: readonly Condition[]) =>
  cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));

/**
 * "you can go in till 11", said of a ban: hours with no half of the day said. When the other
 * half would lift the ban at other hours, the guess could permit what the user still bans, so
 * which hours are meant is asked and the rule stays as it is.
 */
function guessedHours(x: Retraction, v: RuleVersion, times: Cond[]): LearnItem | undefined {
  const banned = new Set(inForce(windows(v.rule.conditions), windows(v.rule.exceptions)));
  const lifted = (from: number, to: number) => hoursOf(from, to).filter((h) => banned.has(h));
  for (const c of times) {
    if (c.kind !== "time" || !c.guessed) continue;
    const guess = lifted(c.from, c.to);
    const other = lifted((c.from + 12) % 24, (c.to + 12) % 24);
    if (!other.length || (guess.length === other.length && guess.every((h, k) => h === other[k]))) continue;
    return {
      decision: "unclear",
      reason: "a permission whose hours say no half of the day, and either half lifts the rule differently",
      clause: x.clause,
      quote: x.quote,
      question: `By "${verbatim(x.t, c)}", do you mean am or pm? Until you say, the rule stays as it is.`,
    };
  }
  return undefined;
}

/** Allowed again only at some hours, or only in this house: an exception to the rule. */
function exceptionFor(x: Retraction, v: RuleVersion, w: Weighed): LearnItem | undefined {
  const { t, r } = x;
  const { scene, times } = w;
  const sceneOwn = scene !== undefined && v.rule.scope === sceneScope(scene);
  if (!times.length && !(scene && !sceneOwn)) return undefined;
  const unsure = guessedHours(x, v, times);
  if (unsure) return unsure;
  // "go in whenever you …" with the rest unread: free choice or a limit, so never kept as an exception
  const unread = times.find((c) => c.kind === "text" && ROBOT_ANY_TIME.test(new Words(t.tokens, c.a, c.b).text));
  if (unread)
    return {
      decision: "unclear",
      reason: "a permission said with a time the robot chooses, in words not read",
      clause: x.clause,
      quote: x.quote,
      question: `You said "${x.quote}": may I go in at any time now, or only at some times? Until you say, the rule stays as it is.`,
    };
  const exceptions: Condition[] = [
    ...v.rule.exceptions,
    ...times.map((c) => conditionOf(t, c, v.rule.requirement)),
    ...(scene && !sceneOwn
      ? [{ kind: "scene", sceneId: scene, quote: verbatim(t, r.scopeQuote!) || x.quote } as Condition]
      : []),
  ];
  // permitted hours that overlap ("mornings ok now. the evening only"), or leave the ban no hour: asked
  const allowed = windows(exceptions);
  const overlapping = allowed.some((a, i) => allowed.some((b, j) => j > i && overlap(a, b).length > 0));
  if (allowed.length > 1 && (overlapping || !inForce(windows(v.rule.conditions), allowed).length))
    return {
      decision: "unclear",
      reason: "permitted hours that overlap, or together leave the ban no hour",
      clause: x.clause,
      quote: x.quote,
      question: "At which hours should I still stay out? Until you say, the rule stays as it is.",
    };
  // this version's words are the permission; the requirement comes from the version it supersedes
  return revisionOf(
    v,
    {
      ...x,
      reason: "allowed again only sometimes or somewhere: an exception to the rule",
      quotes: [x.quote, ...times.map((c) => verbatim(t, c)), ...v.rule.quotes],
    },
    { exceptions },
  );
}

function retracted(x: Retraction, v: RuleVersion): LearnItem {
  return {
    decision: "retract",
    reason: `retracts ${v.ruleId}`,
    clause: x.clause,
    persistence: "persistent",
    ruleId: v.ruleId,
    base: v.versionId,
    quote: x.quote,
  };
}

/** An exception's words without the word that made it one: "except on sundays" holds "on sundays". */
function trimmedException(t: Said, c: Cond): Cond {
  if (c.kind === "time") return c;
  let a = c.a;
  while (a < c.b - 1 && re(EXCEPTION_WORD).test(t.tokens[a].w)) a++;
  return { ...c, a };
}

/** The fields a phrase names as fields: "the object field", "room and found keys". */
function namedFields(text: string): string[] {
  const m = NAMED_FIELDS.exec(text);
  if (!m) return [];
  return m[1].split(FIELD_LIST_JOIN).filter((x) => x && !NOT_A_FIELD.test(x));
}
