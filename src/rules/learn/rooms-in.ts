/**
 * The rooms a run of words names, each as the house labels it (or as said, when the house has
 * no such label), and "there" / "in it" / "that room" resolved to the room named before it.
 */
import type { Token } from "../../language/index.ts";
import {
  AFTER_QUALIFIER,
  BEING_OR_NOT,
  CLOCK_NOUN_AFTER,
  COMPLEMENT_OPENER,
  COPULA_AFTER_ROOM,
  crudeStem,
  endsUpOnto,
  goesOnto,
  INDEFINITE,
  isLandmark,
  isPlainWord,
  isRouteGoal,
  isStopWord,
  isWordToken,
  matchRoom,
  PLURAL_ROOMS,
  POSSESSIVE_MARK,
  POSSESSIVE_S,
  pronounOwnersRoom,
  roomByParts,
  roomKey,
  roomName,
  roomOfUse,
  SIGN_NO,
  SIGN_NOUN,
  shortenedLabel,
  spokenLetter,
} from "../../language/index.ts";

export interface RoomRef {
  room: string;
  /** token range of the words that named it */
  a: number;
  b: number;
  /** read through a misspelling, or an anaphor standing for an earlier room */
  fuzzy?: boolean;
  anaphor?: boolean;
  /** for an anaphor: the words that named the room it stands for */
  from?: { a: number; b: number };
  /** "the back bedroom", "the bathroom upstairs": a room said with words the house's labels do not have; `head` is the room without them */
  qualified?: { head: string };
  /** "to reach the study": the end of a route, which a later "there" does not point back at while a place on the way was named */
  goal?: boolean;
}

/** Words that pick one room of a kind: before it ("the back bedroom") … */
const QUALIFIER = new Set(
  (
    "upstairs downstairs back front main upper lower top bottom first second third big small little large tiny " +
    "other old new east west north south left right middle spare extra blue red green yellow white pink " +
    "grey gray dark empty"
  ).split(" "),
);

/** The copula, or its negation, before a predicate noun: "is (not) a hallway". */

/** Words after which a room is expected: a misspelling there is read as the nearest room. */
const BEFORE_ROOM = new Set([
  "the",
  "my",
  "our",
  "your",
  "his",
  "her",
  "their",
  "this",
  "that",
  "in",
  "into",
  "inside",
  "of",
  "from",
  "to",
  "through",
  "near",
  "past",
  "around",
]);

/** Words before "room" that make no room of it ("which room", "the same room", "into rooms"). */
const NOT_A_ROOM = new Set([
  "about",
  "into",
  "in",
  "inside",
  "of",
  "out",
  "from",
  "to",
  "through",
  "near",
  "past",
  "around",
  "at",
  "all",
  "most",
  "many",
  "these",
  "those",
  "and",
  "or",
  "but",
  "with",
  "for",
  "per",
  "by",
  "which",
  "what",
  "the",
  "a",
  "an",
  "this",
  "that",
  "any",
  "every",
  "each",
  "other",
  "same",
  "next",
  "whole",
  "my",
  "your",
  "our",
  "his",
  "her",
  "their",
  "one",
  "no",
  "another",
  "some",
  "first",
  "last",
  "right",
  "wrong",
  "own",
  "its",
  "the's",
  "more",
  "less",
  "much",
  "enough",
  "leg",
  "elbow",
  "head",
  "wiggle",
]);

/**
 * Words after which "it" is a place: prepositions of place ("off" and "onto" a place one stands
 * on: a veranda, a terrace), and the verbs that enter or avoid one.
 */
const IT_AFTER = new Set([
  "in",
  "into",
  "inside",
  "through",
  "from",
  "near",
  "of",
  "at",
  "off",
  "onto",
  "enter",
  "entering",
  "avoid",
  "avoiding",
  "skip",
  "skipping",
  "bypass",
  // a verb of passing over a place: "the yard: you can cross it", as "go through it"
  "cross",
  "crossing",
]);

/**
 * The room a "there" points back at among `rooms` said before it: the last one that is not a
 * route's goal ("… through the hall to reach the den, but don't stop there" is the hall), else
 * `outside` (a room said before the clause), else the last one.
 */
export function pointedBackAt(rooms: readonly RoomRef[], outside?: RoomRef): RoomRef | undefined {
  return rooms.findLast((r) => !r.goal) ?? outside ?? rooms.at(-1);
}

/**
 * "the den is my study", "the attic is the children's playroom": a room's word that is the
 * complement of a copula whose subject is a room of the house says what that room is used as or
 * called; it names no other room. Only a word the house has no label for is read so: "the den is
 * the kitchen now" names two rooms of the house and stays as said.
 */
function namesWhatARoomIs(
  words: readonly string[],
  k: number,
  room: string,
  before: readonly RoomRef[],
  house: readonly string[],
): boolean {
  if (house.some((l) => roomKey(l) === roomKey(room))) return false;
  let j = k - 1;
  // an owner before the room: "my husband's study", "the children's playroom"
  // (the mark a token of its own, "husband 's", or on the owner's word, "husband's")
  if (POSSESSIVE_MARK.test(words[j] ?? "")) j -= ["'s", "s'", "'"].includes(words[j]) ? 2 : 1;
  if (COMPLEMENT_OPENER.test(words[j] ?? "")) j -= 1;
  if (!COPULA_AFTER_ROOM.test(words[j] ?? "")) return false;
  const subject = before.at(-1);
  return (
    subject !== undefined &&
    subject.b === j &&
    !subject.anaphor &&
    house.some((l) => roomKey(l) === roomKey(subject.room))
  );
}

/** "there is", "there are": no place. */
const EXISTENTIAL = new Set(["is", "are", "was", "were", "will", "would", "should", "has", "have", "must", "might"]);

/** A room that only places the room said just before it ("the pantry next to the kitchen") is no room of the clause. */
function pushUnlessLandmark(out: RoomRef[], words: readonly string[], r: RoomRef): void {
  const prev = out.at(-1);
  if (r.anaphor || !prev || prev.anaphor || !isLandmark(words, prev.b, r.a)) out.push(r);
}

/**
 * "that room", "that place": a demonstrative pointing back at a room; so is "that one" after a word of
 * place or avoiding ("stay out of that one"), where "this one" and "that one time" stay the task at hand.
 */
function pointsBackAt(words: readonly string[], k: number): boolean {
  if (words[k] !== "that") return false;
  const next = words[k + 1];
  if (next === "room" || next === "place" || next === "area") return true;
  return next === "one" && words[k + 2] !== "time" && IT_AFTER.has(words[k - 1] ?? "");
}

/**
 * Words that may follow "that" when it is a pronoun, not a determiner before a noun: the clause's
 * end, a preposition, or a word that only says for how long, when or how wholly ("for good",
 * "from now on", "again", "ever").
 */
const AFTER_PRONOUN_THAT = new Set([
  "for",
  "again",
  "ever",
  "anymore",
  "forever",
  "permanently",
  "now",
  "please",
  "today",
  "tonight",
  "either",
  "too",
  "then",
  "until",
  "till",
  "when",
  "while",
  "unless",
  "during",
  "from",
  "at",
  "after",
  "before",
  "on",
  "in",
  "and",
  "or",
]);

/**
 * "stay out of that", "don't go in that for good": "that" alone after a word of entering or
 * avoiding points back at the room said before, as "it" does. Only where "that" cannot be a
 * determiner (nothing but the clause's end or a word of time follows) and the word before it
 * places or avoids ("out of", "clear of", "away from", "in"), never "because of that" or "apart
 * from that", which point back at what was said.
 */
function thatStandsForPlace(words: readonly string[], k: number): boolean {
  const next = words[k + 1];
  if (next !== undefined && isPlainWord(next) && !AFTER_PRONOUN_THAT.has(next)) return false;
  const prev = words[k - 1] ?? "";
  if (prev === "of") return words[k - 2] === "out" || words[k - 2] === "clear";
  if (prev === "from") return words[k - 2] === "away";
  return prev !== "from" && IT_AFTER.has(prev);
}

/**
 * "stay in it", "avoid it", "don't look at it": "it" after a preposition of place or a verb of
 * avoiding is the room named before; "you're allowed back on it" (a veranda, a deck): "on" after
 * "back" is the way back into a place, where "stand on it" alone may be of any thing, and so is
 * "go on it" (a verb of going, `goesOnto`); "you stay out
 * of that for good": "that" alone as the object of a place word, as "it" is.
 */
function standsForPlace(words: readonly string[], k: number): boolean {
  if (words[k] === "that") return thatStandsForPlace(words, k);
  const backOn = (words[k - 1] === "on" || words[k - 1] === "onto") && words[k - 2] === "back";
  // "don't go on it", "never set foot on it": going on a place, where "walk on it" may be of a rug
  const goneOn = words[k - 1] === "on" && goesOnto(words[k - 2] ?? "");
  return words[k] === "it" && (IT_AFTER.has(words[k - 1] ?? "") || backOn || goneOn);
}

/** Determiners that open a noun phrase: a thing said with one may be what "it" stands for. */
const NOUN_OPENER = new Set(["a", "an", "the", "this", "that", "some", "my", "your", "his", "her", "our", "their"]);

/**
 * "the landing: don't stop on it", "never park on it": "it" after a verb of ending up and "on" is
 * the room named before only when no other thing was named before it ("a new rug in the den, don't
 * stop on it" is of the rug, and is asked): every determiner said before it opens a room.
 */
function stopsOnRoom(words: readonly string[], k: number, house: readonly string[]): boolean {
  if (words[k] !== "it" || words[k - 1] !== "on" || !endsUpOnto(words[k - 2] ?? "")) return false;
  const toks = words.map((w) => ({ w, start: 0, end: 0 }));
  const rooms = roomsIn(toks, 0, k, house).filter((r) => !r.anaphor);
  for (let j = 0; j < k; j++)
    if (NOUN_OPENER.has(words[j]) && !rooms.some((r) => r.a <= j + 1 && j < r.b)) return false;
  return true;
}

/** The rooms named in tokens [a, b), in order; `antecedent` is the room an anaphor at the start refers to. */
export function roomsIn(
  tokens: readonly Token[],
  a: number,
  b: number,
  house: readonly string[],
  antecedent?: RoomRef,
): RoomRef[] {
  const out: RoomRef[] = [];
  const words = tokens.map((t) => t.w);
  const push = (r: RoomRef) => pushUnlessLandmark(out, words, r);
  for (let k = a; k < b; k++) {
    if (tokens[k].quoted) continue;
    const w = words[k];
    const last = pointedBackAt(out, antecedent);
    // anaphors: "there", "in it", "that room"
    // "to wait there is forbidden": after a verb of ending up, "there" is where, whatever follows it
    if (w === "there" && (!EXISTENTIAL.has(words[k + 1] ?? "") || isStopWord(words[k - 1] ?? ""))) {
      if (last) push({ room: last.room, a: k, b: k + 1, anaphor: true, from: last.from ?? last });
      continue;
    }
    if (standsForPlace(words, k) || (last && stopsOnRoom(words, k, house))) {
      if (last && words[k - 2] !== "put")
        push({ room: last.room, a: k, b: k + 1, anaphor: true, from: last.from ?? last });
      continue;
    }
    const kind = oneOfKind(words, k, last, house); // "the master toilet, not the common one"
    if (kind) push({ room: kind, a: k - 1, b: k + 1 });
    if (kind) continue;
    if (pointsBackAt(words, k)) {
      if (last) push({ room: last.room, a: k, b: k + 2, anaphor: true, from: last.from ?? last });
      k++;
      continue;
    }
    // "Bunty cleaned his room": the room of the one person named before, as the house labels it
    const owned = pronounOwnersRoom(words, k, house);
    if (owned && k + owned.words <= b) {
      // the owner's name is part of how the room was said: "Kabir … his room" names Kabir's room
      push({ room: owned.room, a: k, b: k + owned.words, from: { a: owned.owner, b: owned.owner + 1 } });
      k += owned.words - 1;
      continue;
    }
    // five words: an owner of up to two, its "'s" and a label of two ("Mum's sewing room")
    const rest = words.slice(k, Math.min(b, k + 5));
    // "no entry": a sign's refusal, its noun no room
    if (SIGN_NOUN.test(w) && SIGN_NO.test(words[k - 1] ?? "")) continue;
    const m = matchRoom(rest, house, BEFORE_ROOM.has(words[k - 1] ?? ""));
    // "the den is not a hallway": a room's word after a copula and "a" says what something is, it names no room
    const predicate =
      (INDEFINITE.test(words[k - 1] ?? "") && BEING_OR_NOT.test(words[k - 2] ?? "")) ||
      (INDEFINITE.test(w) && BEING_OR_NOT.test(words[k - 1] ?? ""));
    if (
      m &&
      (predicate || namesWhatARoomIs(words, k, m.room, out, house) || CLOCK_NOUN_AFTER.test(words[k + m.words] ?? ""))
    ) {
      k += m.words - 1;
      continue;
    }
    if (m) {
      const prev = words[k - 1];
      const pre = prev !== undefined && k - 1 >= a && QUALIFIER.has(prev) && !tokens[k - 1].quoted;
      const post = AFTER_QUALIFIER.exec(words.slice(k + m.words, Math.min(b, k + m.words + 8)).join(" "));
      if (pre || post) {
        const q = pre ? prev : post![0];
        const said = pre ? [`${q} ${m.room}`] : [`${q} ${m.room}`, `${m.room} ${q}`];
        const own = house.map(roomKey).find((l) => said.some((x) => roomKey(x) === l));
        const name = roomKey(said.at(-1)!);
        const postWords = post ? post[0].split(" ").length : 0;
        push({
          room: own ?? name,
          a: pre ? k - 1 : k,
          b: k + m.words + postWords,
          ...(own ? {} : { qualified: { head: m.room } }),
        });
        k += m.words + postWords - 1;
        continue;
      }
      push({
        room: m.room,
        a: k,
        b: k + m.words,
        ...(m.fuzzy ? { fuzzy: true } : {}),
        ...(isRouteGoal(words, k) ? { goal: true } : {}),
      });
      k += m.words - 1;
      continue;
    }
    // "the main bed" for the main bedroom: a label shortened word by word
    const cut = house.length ? shortenedLabel(rest, house) : undefined;
    if (cut && k + cut.words <= b) {
      push({ room: roomKey(cut.room), a: k, b: k + cut.words });
      k += cut.words - 1;
      continue;
    }
    // "the room where I do my sewing": a room named by what is done in it, as the house labels it
    const use = w === "room" ? roomByUse(tokens, k, b, house) : undefined;
    if (use) {
      push(use);
      k = use.b - 1;
      continue;
    }
    // a room the lexicon does not know, named as rooms are: "the sewing room", "the baby's room"
    const possessive = words[k + 1] === "'s";
    const head = possessive ? k + 2 : k + 1;
    if (isPlainWord(w) && (words[head] === "room" || words[head] === "rooms") && !NOT_A_ROOM.has(w) && head < b) {
      const said = tokens
        .slice(k, head + 1)
        .map((t) => t.w)
        .join(" ")
        .replace(POSSESSIVE_S, "s")
        .replace(PLURAL_ROOMS, "room");
      if (!namesWhatARoomIs(words, k, said, out, house))
        push({ room: roomKey(said), a: k, b: head + 1, ...(isRouteGoal(words, k) ? { goal: true } : {}) });
      k = head;
    }
  }
  return house.length ? out.map((r) => byParts(r, tokens, house)) : out;
}

/**
 * "one" after a word that picks a room out takes the kind (last word) of the room named before
 * it: the house label the two make ("common" + "toilet"), or none.
 */
function oneOfKind(
  words: readonly string[],
  k: number,
  before: RoomRef | undefined,
  house: readonly string[],
): string | undefined {
  const word = words[k - 1] ?? "";
  if (words[k] !== "one" || !before || before.anaphor || before.b >= k - 1 || !isPlainWord(word)) return undefined;
  const kind = roomKey(before.room).split(" ").at(-1);
  const said = roomKey(`${word} ${kind}`);
  return said !== roomKey(before.room) ? house.find((l) => roomKey(l) === said) : undefined;
}

/**
 * A room said in words none of the house's labels has ("the loo downstairs", "the mandir"), read
 * by its parts as the one label it can be (roomByParts); an anaphor is read by the words it points
 * back at. With none or several labels it can be, it stays as said and is asked.
 */
function byParts(r: RoomRef, tokens: readonly Token[], house: readonly string[]): RoomRef {
  if (house.some((l) => roomKey(l) === r.room || roomName(l) === r.room)) return r;
  const span = r.anaphor && r.from ? r.from : r;
  // "the tee vee room": letters spoken before the room's words are part of its name
  let a = span.a;
  while (a > 0 && spokenLetter(tokens[a - 1].w)) a--;
  const said = tokens
    .slice(a, span.b)
    .map((t) => t.w)
    .join(" ");
  const label = roomByParts(said, house);
  if (!label) return r;
  const { qualified: _, fuzzy: __, ...rest } = r;
  return { ...rest, room: roomKey(label), ...(r.anaphor ? {} : { a }) };
}

/** Words that open a clause about the room before them: "the room where …", "the room in which …". */
const RELATIVE = new Set(["where", "that", "which", "wherein"]);

/**
 * "the room where I do my sewing", "the room in which we sew": "room" after "the", then a clause
 * about it naming what is done there, read as the one house label for that use (roomOfUse); the
 * room's words run to the last word of the clause that the label has, so what follows (a time)
 * is read as it would be after any room.
 */
function roomByUse(tokens: readonly Token[], k: number, b: number, house: readonly string[]): RoomRef | undefined {
  if (tokens[k - 1]?.w !== "the") return undefined;
  const opens = RELATIVE.has(tokens[k + 1]?.w ?? "") || (tokens[k + 2]?.w === "which" && isWordToken(tokens[k + 1].w));
  if (!opens) return undefined;
  let end = k + 1;
  while (end < b && isWordToken(tokens[end].w)) end++;
  const words = tokens.slice(k + 1, end).map((t) => t.w);
  const room = roomOfUse(words, house);
  if (!room) return undefined;
  const stems = new Set(room.split(" ").map(crudeStem));
  const last = words.findLastIndex((x) => stems.has(crudeStem(x)));
  return { room, a: k - 1, b: k + 2 + last };
}
