/**
 * A room read by its parts: what kind of room it is (its head concept), the words that pick one
 * room of that kind (floor, position, size, use) and whose it is. People name a room in words the
 * house's label does not use: a word from another variety of English or another language ("the
 * loo" for a toilet, "the mandir" for a prayer room, "the hall" for a drawing room in India), the
 * picking word after the head ("the corridor at the back", "the loo downstairs"), a shortened
 * label ("the main bed" for the main bedroom) or its letters spelt as they sound ("tee vee room").
 *
 * A mention resolves to a house label only when exactly one label is compatible: the same head
 * concept, and every picking word and owner said is the label's too. Two compatible labels, or a
 * picking word no label has, resolve to nothing, and the room is asked as before.
 */
import { memoByKey } from "./memo.ts";
import { wordTable } from "./token.ts";

/**
 * Head concepts: each class lists the words and phrases (lower case, no apostrophes) that name
 * one kind of room in some variety of English or a language often mixed into it. A word in two
 * classes ("hall": an Indian sitting room, a British passage) is compatible with either, so it
 * resolves only in a house with one room of the two kinds. A newcomer extends the classes here.
 */
export const ROOM_CONCEPTS: Readonly<Record<string, readonly string[]>> = wordTable({
  washroom: [
    "bathroom",
    "bath",
    "toilet",
    "loo",
    "wc",
    "water closet",
    "restroom",
    "washroom",
    "lavatory",
    "lav",
    "powder room",
    "comfort room",
    "cr",
    "en suite",
    "ensuite",
    "shower room",
    "dunny",
    "choo",
  ],
  sleeping: ["bedroom", "bed room", "bedchamber", "sleeping room", "chamber", "dorm", "dormitory"],
  sitting: ["living room", "lounge", "sitting room", "drawing room", "front room", "parlour", "parlor", "sala", "hall"],
  passage: ["hallway", "corridor", "passage", "passageway", "hall"],
  dining: ["dining room", "dining area", "dining hall", "dining"],
  cooking: ["kitchen", "kitchenette", "cookhouse", "jiko"],
  prayer: ["prayer room", "prayer", "pooja", "puja", "mandir", "chapel", "shrine", "oratory", "musalla"],
  work: ["office", "home office", "workroom", "work room"],
  storage: ["storeroom", "store room", "store", "storage room", "storage", "box room", "lumber room", "godown"],
  laundry: ["laundry", "laundry room", "utility room", "wash house"],
  outdoor: ["garden", "yard", "backyard", "compound"],
  veranda: ["veranda", "verandah", "porch", "stoep", "stoop", "sit out", "lanai"],
  tv: ["tv room", "tv", "television room", "media room"],
});

/** Nouns for any place: they say no kind of room ("mandir room" is the mandir). */
const PLACE_NOUNS = new Set(["room", "rooms", "area", "space", "place", "zone", "corner", "quarters"]);

/** Picking words, each with the one sense it has ("rear" is "back", "ground floor" is "downstairs"). */
const PICKING: Readonly<Record<string, string>> = wordTable({
  upstairs: "upstairs",
  upper: "upstairs",
  "top floor": "upstairs",
  downstairs: "downstairs",
  lower: "downstairs",
  "ground floor": "downstairs",
  back: "back",
  rear: "back",
  front: "front",
  main: "main",
  master: "main",
  primary: "main",
  big: "big",
  large: "big",
  small: "small",
  little: "small",
  tiny: "small",
  side: "side",
  guest: "guest",
  spare: "guest",
  common: "common",
  shared: "common",
  family: "family",
});

/** Words that join a picking word after the head: "the corridor of the back", "the loo at the back". */
const LINKS = new Set(["of", "at", "on", "in", "the"]);

/** Letters as they are spoken ("tee vee" is "tv"): a run of two or more is an initialism. */
const LETTER_NAMES: Readonly<Record<string, string>> = wordTable({
  ay: "a",
  bee: "b",
  see: "c",
  cee: "c",
  dee: "d",
  ee: "e",
  eff: "f",
  gee: "g",
  aitch: "h",
  jay: "j",
  kay: "k",
  el: "l",
  em: "m",
  en: "n",
  pee: "p",
  queue: "q",
  cue: "q",
  ar: "r",
  ess: "s",
  tee: "t",
  you: "u",
  vee: "v",
  ex: "x",
  why: "y",
  zed: "z",
  zee: "z",
});

export interface RoomParts {
  /** the head concepts said (empty: no kind of room said) */
  heads: Set<string>;
  /** the picking words' senses, and any other word said (kept as it is, to be matched as it is) */
  picks: Set<string>;
  /** whose room it is ("papa" for "Papa's office") */
  owner?: string;
}

/**
 * A mention's or label's words: lower case, apostrophes out, a possessive marked by a trailing "'".
 * Remembered: each house label is split again at every word the learner reads.
 */
const wordsOf: (text: string) => readonly string[] = memoByKey(
  (text: string) => text,
  (text: string) =>
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .replace(/\s+'s\b/g, "'s")
      .replace(/(?<=\p{L})-(?=\p{L})/gu, " ")
      .split(/[^\p{L}\p{N}']+/u)
      .filter((w) => w && w !== "'")
      .filter((w, i) => i > 0 || !/^(?:the|a|an|my|our|your)$/.test(w)),
);

/** "tee vee room" → "tv room": a run of two or more spoken letters is one word. */
function joinLetters(ws: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    let j = i;
    while (j < ws.length && LETTER_NAMES[ws[j]]) j++;
    if (j - i >= 2) {
      out.push(
        ws
          .slice(i, j)
          .map((w) => LETTER_NAMES[w])
          .join(""),
      );
      i = j - 1;
    } else out.push(ws[i]);
  }
  return out;
}

const conceptsOf = new Map<string, string[]>();
for (const [concept, phrases] of Object.entries(ROOM_CONCEPTS))
  for (const p of phrases) conceptsOf.set(p, [...(conceptsOf.get(p) ?? []), concept]);

/** The parts of a room as said or labelled: a word that is no head, picking word or place noun is kept as a pick, to be matched as it is. */
export function roomParts(text: string): RoomParts {
  const ws = joinLetters(wordsOf(text));
  const parts: RoomParts = { heads: new Set(), picks: new Set() };
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    const two = `${w} ${ws[i + 1] ?? ""}`;
    if (conceptsOf.has(two) || PICKING[two]) {
      for (const c of conceptsOf.get(two) ?? []) parts.heads.add(c);
      if (PICKING[two]) parts.picks.add(PICKING[two]);
      i++;
    } else if (/^.+'s?$/.test(w) && !parts.owner) parts.owner = w.replace(/'s?$/, "");
    else if (conceptsOf.has(w)) for (const c of conceptsOf.get(w) ?? []) parts.heads.add(c);
    else if (PICKING[w]) parts.picks.add(PICKING[w]);
    else if (!PLACE_NOUNS.has(w) && !(LINKS.has(w) && i > 0)) parts.picks.add(w);
  }
  // a person's own room is where they sleep ("Dadi's room")
  if (parts.owner && !parts.heads.size && ws.some((w) => PLACE_NOUNS.has(w))) parts.heads.add("sleeping");
  return parts;
}

/** Whether a label has every part a mention said: a shared head concept, its picks, its owner. */
function compatible(said: RoomParts, label: RoomParts): boolean {
  if (![...said.heads].some((h) => label.heads.has(h))) return false;
  if (said.owner && said.owner !== label.owner) return false;
  return [...said.picks].every((p) => label.picks.has(p));
}

/**
 * "the main bed" for "main bedroom": each word said begins the label's word in its place, two
 * words or more, no word longer than the label's.
 */
function shortened(said: readonly string[], label: readonly string[]): boolean {
  return (
    said.length >= 2 &&
    said.length === label.length &&
    said.every((w, i) => w.length >= 3 && label[i].startsWith(w)) &&
    said.some((w, i) => w !== label[i])
  );
}

/**
 * Where no room word is said: two or three words at the start of `words` that shorten one house
 * label word by word ("the main bed" for the main bedroom), and how many words they are.
 */
export function shortenedLabel(
  words: readonly string[],
  labels: readonly string[],
): { room: string; words: number } | undefined {
  for (let n = Math.min(3, words.length); n >= 2; n--) {
    const said = words.slice(0, n);
    if (!said.every((w) => /^\p{Ll}+$/u.test(w))) continue;
    const fits = [...new Set(labels.filter((l) => shortened(said, wordsOf(l))))];
    if (fits.length === 1) return { room: fits[0], words: n };
  }
  return undefined;
}

/** Whether a word is a letter's spoken name ("tee", "vee"). */
export const spokenLetter = (w: string) => Object.hasOwn(LETTER_NAMES, w);

/**
 * The one house label a mention names by its parts, or undefined when none or several are
 * compatible (never one of two chosen). `labels` are the house's labels as written.
 */
export function roomByParts(mention: string, labels: readonly string[]): string | undefined {
  const said = roomParts(mention);
  const fits = new Set<string>();
  if (said.heads.size) for (const l of labels) if (compatible(said, roomParts(l))) fits.add(l);
  if (!fits.size) {
    const ws = wordsOf(mention);
    for (const l of labels) if (shortened(ws, wordsOf(l))) fits.add(l);
  }
  return fits.size === 1 ? [...fits][0] : undefined;
}

/**
 * The house's labels of the kind of room a mention names (a shared head concept, the owner if
 * one is said), whatever its picking words: the rooms a question back offers when the mention
 * names none of them alone ("the washroom" in a house with two).
 */
export function roomsOfKind(mention: string, labels: readonly string[]): string[] {
  const said = roomParts(mention);
  return labels.filter((l) => compatible({ ...said, picks: new Set() }, roomParts(l)));
}

/**
 * Whether some run of up to four words in `text` names, by its parts, the room stored under `key`.
 * A key has lost the label's apostrophes ("aunt rosas room" for "Aunt Rosa's room"), and with them
 * whose room it is, so each word of the key that can have been a possessive is tried as one; the
 * words are tried as said and with their apostrophes dropped, as the key spells them ("kids' room").
 */
export function namesKeyByParts(text: string, key: string): boolean {
  const said = text.toLowerCase().replace(/’/g, "'");
  const wordLists = [said, said.replace(/'/g, "")].map((t) => t.split(/[^\p{L}\p{N}']+/u).filter(Boolean));
  const kw = key.split(" ");
  const labels = [
    key,
    ...kw.flatMap((w, i) =>
      /^\p{L}{2,}s$/u.test(w) ? [[...kw.slice(0, i), `${w.slice(0, -1)}'s`, ...kw.slice(i + 1)].join(" ")] : [],
    ),
  ];
  return wordLists.some((ws) =>
    ws.some((_, i) =>
      [1, 2, 3, 4].some(
        (n) => i + n <= ws.length && labels.some((l) => roomByParts(ws.slice(i, i + n).join(" "), [l]) === l),
      ),
    ),
  );
}
