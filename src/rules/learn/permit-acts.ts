/**
 * Permissions: a clause that lets the robot do again what a rule forbids (a room it may enter
 * or stop in, a word it may say), read as a retraction of that much and no more. A permission
 * names what it permits; a room after "except" or "but" is left out of it; a predicate of being
 * fine permits only its subject. With a condition, an exception, a house or "now", what it
 * lifts is limited to that; otherwise whether it lasts is asked (`bare`).
 */
import {
  BARE_GO_PERMIT,
  bareGoPermitBesideHours,
  DETERMINER,
  directs,
  FILLER,
  FINE,
  GO_WHENEVER,
  givesBack,
  isWordToken,
  LEFT_OUT,
  mood,
  NOT_OR_NEVER,
  NOT_WORD,
  NOW_MARKER,
  OPENS_CONDITION,
  PERMIT_ROOM_ACT,
  PERMIT_WORD_AGAIN,
  PLACE_PREPOSITION,
  PRONOUN_FINE,
  predicateAllows,
  REFERENCE,
  ROBOT_SUBJECT,
  STATE_RESTORED,
  saysFineBare,
  Words,
} from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import { literalAfter, wordAllowed } from "./literal-words.ts";
import { type ClauseIn, type Common, type ReadCtx, type RetractReading, re, words } from "./reading.ts";
import { ofAnother, subjectRooms, topicRoom } from "./room-acts.ts";
import { type RoomRef, roomsIn } from "./rooms-in.ts";
import type { Span } from "./segments.ts";
import { topicOf } from "./topic.ts";

/** Whether tokens [a, b) are at most a determiner ("the", "my"). */
function atMostDeterminer(ctx: ReadCtx, a: number, b: number): boolean {
  return b === a || (b === a + 1 && DETERMINER.test(ctx.tokens[a].w));
}

/** A permission in the clause's main part, if it says one. */
export function permissionReading(ctx: ReadCtx, c: ClauseIn, common: Common, main: Span): RetractReading | undefined {
  const w = words(ctx, main);
  // "you can call me sir again": a word allowed again
  const say = w.first(PERMIT_WORD_AGAIN);
  if (say && !NOT_WORD.test(say.m[0])) {
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
  const permit = w.first(PERMIT_ROOM_ACT);
  const fine = w.first(re(FINE));
  if (
    permit &&
    !NOT_WORD.test(permit.m[0].split(" ").slice(0, 3).join(" ")) &&
    !NOT_OR_NEVER.test(new Words(ctx.tokens, main.a, permit.a).text)
  ) {
    const act = permit.m[2] ? "stop" : "enter";
    // "you can go anywhere but the garage": a room after "except" / "but" is left out of the permission
    const except = w.first(LEFT_OUT);
    const end = except && except.a >= permit.b ? except.a : main.b;
    const after = roomsIn(ctx.tokens, permit.b, end, ctx.house, c.antecedent);
    const rooms = after.length ? after : frontedObject(ctx, c, main, permit.a);
    if (rooms.length) return permission(ctx, c, common, rooms, act, { a: main.a, b: main.b }, givesBack(permit.m[0]));
  }
  // "The cellar is dry now. You can go in.": a permission to go with no place said is one for the
  // room the message spoke of before it, when it spoke of one room only
  // ("The den. You can go in by day now, but not at night.": its hours are its conditions, read already)
  const hours = hoursLeftOut(ctx, common, main);
  // "you may go in if I ask you": a clause of when after it is its condition, read already
  const when = ctx.tokens.findIndex((t, k) => k > main.a && k < main.b && OPENS_CONDITION.test(t.w));
  const beforeWhen = when < 0 ? w.text : new Words(ctx.tokens, main.a, when).text;
  if (BARE_GO_PERMIT.test(beforeWhen) || (hours && bareGoPermitBesideHours(hours.text, hours.negated))) {
    const before = spokenOfBefore(ctx, main);
    if (before) return permission(ctx, c, common, [before.room], "enter", main, before.now);
  }
  // "the den: go in whenever": an imperative of going left to the robot's when permits the one room
  // it names, or the room set off before it as the clause's topic
  // "go in the den whenever you like": the same, its room said as the verb's object
  const named = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent).filter((r) => !r.anaphor);
  const object = new Set(named.map((r) => r.room)).size === 1 ? named[0] : undefined;
  if (GO_WHENEVER.test(w.text) || (object && GO_WHENEVER.test(withoutObject(ctx, main, object)))) {
    const one = object ?? topicRoom(ctx, c, main);
    if (one && !named.some((r) => r.room !== one.room)) return permission(ctx, c, common, [one], "enter", main);
    // "The loft is aired out now. Go in there any time.": no room in the clause, the one spoken of before it
    const before = named.length ? undefined : spokenOfBefore(ctx, main);
    if (before) return permission(ctx, c, common, [before.room], "enter", main, before.now);
  }
  // "Den ok now.": a room opening the clause with the predicate right after it, its copula left out
  const opening = roomsIn(ctx.tokens, main.a, main.b, ctx.house, c.antecedent)[0];
  // ("the attic can go now": a modal and its verb of going, read as a permission above only with a subject)
  if (!fine && opening && atMostDeterminer(ctx, main.a, opening.a)) {
    const rest = new Words(ctx.tokens, opening.b, main.b).text;
    const negated = NOT_OR_NEVER.test(rest);
    if (!negated && predicateAllows(rest)) return permission(ctx, c, common, [opening], "any", main);
  }
  // "the den, ok when I call you": the predicate alone, its copula and subject left out, said of
  // the room set off before it as the clause's topic
  const bareFine = !fine && !permit && !opening && saysFineBare(w.text);
  const topic = bareFine && !NOT_OR_NEVER.test(w.text) ? topicRoom(ctx, c, main) : undefined;
  if (topic) return permission(ctx, c, common, [topic], "any", main);
  if (fine) {
    // only the predicate's subject is permitted, a room or a word's use: "when the door is open" permits none
    const before = subjectRooms(ctx, c, main, fine.a);
    // "the den in the evening is ok": the subject with the hours it is permitted at between
    const timed = (k: number) =>
      [...common.conditions, ...common.exceptions].some((x) => x.kind === "time" && x.a <= k && k < x.b);
    const subject = roomsIn(ctx.tokens, main.a, fine.a, ctx.house, c.antecedent).at(-1);
    if (
      !before.length &&
      subject &&
      !ofAnother(ctx, subject) &&
      ctx.tokens.slice(subject.b, fine.a).every((t, k) => timed(subject.b + k) || re(REFERENCE).test(t.w))
    )
      before.push(subject);
    // "mornings are fine in the kitchen": the place the predicate is said of, right after it
    const place = roomsIn(ctx.tokens, fine.b, main.b, ctx.house, c.antecedent)[0];
    if (!before.length && place && place.a - fine.b <= 2 && PLACE_PREPOSITION.test(ctx.tokens[fine.b]?.w ?? ""))
      before.push(place);
    const negated = NOT_OR_NEVER.test(new Words(ctx.tokens, main.a, fine.a).text);
    // "the undercroft, that's fine now": a pronoun as the subject takes up the room said first
    if (!before.length && !negated && PRONOUN_FINE.test(w.text)) {
      const topic = topicOf(ctx, c, main, [{ kind: "unknown" }], fine.a, fine.a).flatMap((t) =>
        t.kind === "room" ? [t] : [],
      );
      if (topic.length) return { ...permission(ctx, c, common, [], "any", main), targets: topic };
      // "they fixed the den, so that's fine now": with no topic set off, the one room said before
      const spoken = spokenOfBefore(ctx, main);
      if (spoken) return permission(ctx, c, common, [spoken.room], "any", main, spoken.now);
    }
    if (before.length && !negated) return permission(ctx, c, common, before, "any", main);
    // "The den. Daytime is fine now.": hours the subject, said of the room the message spoke of before
    const asSubject = !negated && !subject ? hoursAsSubject(ctx, common, main.a, fine.a) : undefined;
    const spoken = asSubject ? spokenOfBefore(ctx, main) : undefined;
    if (asSubject && spoken) return permission(ctx, c, asSubject, [spoken.room], "any", main, spoken.now);
    if (!negated) return wordAllowed(ctx, common, { a: main.a, b: fine.a }, main.b);
  }
  // "The den. Daytime ok now.": hours the subject with the copula left out, as "Den ok now" leaves it
  const bareAfterHours = fine ? undefined : hoursThenPredicate(ctx, common, main);
  const spoken = bareAfterHours ? spokenOfBefore(ctx, main) : undefined;
  if (bareAfterHours && spoken) return permission(ctx, c, bareAfterHours, [spoken.room], "any", main, spoken.now);
  return undefined;
}

/**
 * "daytime ok now", "mornings fine again": hours opening the clause with a predicate of allowing
 * right after them, its copula left out; the clause's conditions with those hours as when it holds.
 */
function hoursThenPredicate(ctx: ReadCtx, common: Common, main: Span): Common | undefined {
  for (let k = main.a + 1; k < main.b; k++) {
    const asSubject = hoursAsSubject(ctx, common, main.a, k);
    if (asSubject && predicateAllows(new Words(ctx.tokens, k, main.b).text)) return asSubject;
  }
  return undefined;
}

/** The clause's words with a room said in it, and the determiner before it, left out. */
function withoutObject(ctx: ReadCtx, main: Span, room: RoomRef): string {
  const a = room.a > main.a && DETERMINER.test(ctx.tokens[room.a - 1].w) ? room.a - 1 : room.a;
  return [...ctx.tokens.slice(main.a, a), ...ctx.tokens.slice(room.b, main.b)].map((t) => t.w).join(" ");
}

/** The clause's words less the hours it says, and whether any of those were said no to; undefined when it says none. */
function hoursLeftOut(ctx: ReadCtx, common: Common, main: Span): { text: string; negated: boolean } | undefined {
  const times = [...common.conditions, ...common.exceptions].filter(
    (x) => x.kind === "time" && x.a < main.b && x.b > main.a,
  );
  if (!times.length) return undefined;
  const text = ctx.tokens
    .slice(main.a, main.b)
    .filter((_, k) => !times.some((x) => x.a <= main.a + k && main.a + k < x.b))
    .map((t) => t.w)
    .join(" ");
  return { text, negated: times.some((x) => x.kind === "time" && !!x.negated) };
}

/**
 * "Daytime is fine now": the hours the words [a, b) say, every word of them hours or a
 * determiner, as the hours a permission holds at; undefined when they say anything else. Hours
 * said as the subject of a predicate of allowing are read as when a rule gives way (an
 * exception); of a permission, they are when it holds, so they become its conditions.
 */
function hoursAsSubject(ctx: ReadCtx, common: Common, a: number, b: number): Common | undefined {
  const within = (x: Cond) => x.kind === "time" && !x.negated && x.a < b && x.b > a;
  const times = [...common.conditions, ...common.exceptions].filter(within);
  const covered = (k: number) => times.some((x) => x.a <= k && k < x.b);
  // "in daylight it is fine now": a pronoun with no room of its own as the predicate's subject, the hours fronted
  const end = b - 1 > a && DUMMY_SUBJECT.has(ctx.tokens[b - 1].w) ? b - 1 : b;
  if (end <= a || !times.length) return undefined;
  if (!ctx.tokens.slice(a, end).every((t, k) => DETERMINER.test(t.w) || !isWordToken(t.w) || covered(a + k)))
    return undefined;
  const moved = common.exceptions.filter(within);
  return {
    ...common,
    conditions: [...common.conditions, ...moved],
    exceptions: common.exceptions.filter((x) => !moved.includes(x)),
  };
}

/**
 * The one room the message spoke of before the clause, in a statement or as a topic, never beside
 * a ban said of it ("don't stop there"); with it, whether what was said makes the permission one
 * of the present ("the paint has set now. you can go in", "it's tidy again. you can go in").
 */
export function spokenOfBefore(ctx: ReadCtx, main: Span): { room: RoomRef; now: boolean } | undefined {
  const before = roomsIn(ctx.tokens, 0, main.a, ctx.house).filter((r) => !r.anaphor);
  if (!before.length || new Set(before.map((r) => r.room)).size !== 1) return undefined;
  const said = new Words(ctx.tokens, 0, main.a).text;
  // the mood of what is said of the room, from the start of its sentence ("Note: I thought again about the den.")
  let from = before.at(-1)!.a;
  while (from > 0 && !SAYING_ENDS.has(ctx.tokens[from - 1].w)) from--;
  if (directs(mood(new Words(ctx.tokens, from, main.a).text))) return undefined;
  return { room: before.at(-1)!, now: NOW_MARKER.test(said) || STATE_RESTORED.test(said) };
}

/** Pronouns that stand for no room of their own when hours are fronted before them ("at night it's fine"). */
const DUMMY_SUBJECT = new Set(["it", "that"]);

/** Marks that end what is said before them: a sentence, or a heading before a colon. */
const SAYING_ENDS = new Set([".", "!", "?", ";", ":"]);

/**
 * "the cellar you can enter any time": the one room opening the clause, fronted as the object of
 * the permitting verb after it, with only its subject ("you") between, or fronted as its place
 * after "in" ("in the cellar you can go any time"); fillers may open the clause
 * before it ("so now the cellar you can …").
 */
function frontedObject(ctx: ReadCtx, c: ClauseIn, main: Span, verb: number): RoomRef[] {
  const rooms = roomsIn(ctx.tokens, main.a, verb, ctx.house, c.antecedent);
  let start = main.a;
  while (start < verb && (!isWordToken(ctx.tokens[start].w) || re(FILLER).test(ctx.tokens[start].w))) start++;
  // "in the den you can go any time": the room fronted as the place, after its preposition
  if (start < verb && PLACE_PREPOSITION.test(ctx.tokens[start].w)) start++;
  if (rooms.length !== 1 || rooms[0].anaphor || !atMostDeterminer(ctx, start, rooms[0].a)) return [];
  const between = ctx.tokens.slice(rooms[0].b, verb).filter((t) => isWordToken(t.w));
  return between.length === 1 && ROBOT_SUBJECT.has(between[0].w) ? rooms : [];
}

function permission(
  ctx: ReadCtx,
  c: ClauseIn,
  common: Common,
  rooms: RoomRef[],
  act: "enter" | "stop" | "any",
  quote: Span,
  saidNow = false,
): RetractReading {
  const now = saidNow || NOW_MARKER.test(words(ctx, c.main).text);
  const limited = common.conditions.length > 0 || common.exceptions.length > 0 || common.scope === "scene";
  return {
    type: "retract",
    ...common,
    targets: rooms.map((r) => ({ kind: "room", room: r.room, act, ...(r.goal ? { goal: true as const } : {}) })),
    quote,
    bare: common.persistence === "persistent" && !common.saidLasting && !now && !limited,
  };
}
