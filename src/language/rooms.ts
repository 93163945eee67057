/**
 * Room names as users say them and as houses label them: one grammar for the learner, the
 * checks, the reviewer and the agent's room gate.
 *
 * A room is stored as the user named it, never as a wider room: "nursery" stays nursery,
 * "pantry" stays pantry, "master bedroom" stays master bedroom. Only words for the same room
 * are merged ("restroom" is a bathroom, "lounge" a living room), and so are the French and
 * Spanish nouns for a room said inside English ("la cocina" is the kitchen; "le salon" is the
 * living room said with its article, since "salon" alone is an English word). A region label is
 * one of a rule's rooms when it names that room ("Bedroom 2" is a bedroom) or is a kind of it
 * ("upstairs bathroom" is a bathroom); a rule about the nursery never reaches a bedroom.
 */

import { unaccented } from "./bag-of-words.ts";
import { saidByPart, saidLoosely, saidPlainly } from "./house-words.ts";
import { kinOf, oppositeSexes } from "./kin-chains.ts";
import { memoByKey } from "./memo.ts";
import { knownWord } from "./nlp.ts";
import { crudeStem } from "./text-shapes.ts";
import { wordTable } from "./token.ts";

/** canonical name → other words for the same room (lower case, single spaces, no apostrophes) */
const SAME: Record<string, string[]> = wordTable({
  bedroom: ["bed room", "chambre", "dormitorio", "recamara"],
  bathroom: ["bath room", "restroom", "washroom", "lavatory", "loo", "salle de bain", "salle de bains", "bano"],
  kitchen: ["cuisine", "cocina"],
  "living room": ["lounge", "sitting room", "front room", "le salon", "la sala"],
  "family room": ["den"],
  "dining room": ["comedor"],
  garage: ["garaje"],
  office: ["home office"],
  study: [],
  "laundry room": ["laundry", "buanderie", "lavanderia"],
  hallway: ["hall", "corridor"],
  entryway: ["entry", "entrance", "foyer", "entrance hall", "entry hall"],
  basement: ["cellar"],
  attic: ["grenier", "atico"],
  balcony: [],
  porch: [],
  patio: [],
  terrace: [],
  closet: [],
  "walk in closet": [],
  pantry: [],
  nursery: [],
  "master bedroom": ["main bedroom", "primary bedroom"],
  "guest room": ["guest bedroom", "spare room", "spare bedroom"],
  "kids room": ["kid room", "childrens room", "children room"],
  playroom: ["play room"],
  gym: ["exercise room", "workout room", "home gym"],
  "utility room": [],
  "mud room": ["mudroom"],
  "storage room": ["storeroom", "store room"],
  toilet: ["wc", "powder room"],
  "tv room": [],
  "game room": [],
  library: [],
  sunroom: ["sun room"],
  workshop: [],
  shed: [],
  stairs: ["staircase", "stairway", "stairwell"],
  yard: ["backyard", "back yard"],
  garden: [],
  kitchenette: [],
});

const lookup = new Map<string, string>();
for (const [canon, alts] of Object.entries(SAME)) {
  lookup.set(canon, canon);
  for (const a of alts) lookup.set(a, canon);
}

/** Every phrase the lexicon knows, longest first (so "master bedroom" wins over "bedroom"). */
export const ROOM_PHRASES: string[] = [...lookup.keys()].sort((a, b) => b.length - a.length);

/** A label or phrase reduced for comparison: case, apostrophes, punctuation, article, a number. */
export const roomKey: (s: string) => string = memoByKey(
  (s: string) => s,
  (s: string) =>
    s
      .toLowerCase()
      .replace(/['’]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
      .replace(/^(?:the|my|our|your|a|an)\s+/, "")
      .replace(/\s+\d+$/, "")
      .replace(/^\d+\s+/, ""),
);

/** The lexicon's name for a phrase that names a known room (plurals too), else undefined. Never a wider room. */
export function canonicalRoom(label: string): string | undefined {
  const t = roomKey(label);
  if (lookup.has(t)) return lookup.get(t);
  if (t.endsWith("s") && lookup.has(t.slice(0, -1))) return lookup.get(t.slice(0, -1));
  return undefined;
}

/** A room as a rule stores it: the lexicon's name when it knows the phrase, else the phrase itself. */
export function roomName(said: string): string {
  return canonicalRoom(said) ?? roomKey(said);
}

/** The room a label is a kind of: "upstairs bathroom" → bathroom (its last known room phrase). */
function headRoom(label: string): string | undefined {
  const t = roomKey(label);
  for (const p of ROOM_PHRASES) if (t.endsWith(` ${p}`) || t.endsWith(` ${p}s`)) return lookup.get(p);
  return undefined;
}

/** Whether a house's region label is the room a rule names (or a kind of it); never the other way round. */
export function sameRoom(label: string, room: string): boolean {
  const r = roomName(room);
  const l = roomName(label);
  return l === r || headRoom(label) === r;
}

/**
 * Whether a text names a room as it is stored: its own name (a house's label, its hyphens and
 * apostrophes aside: "the lean-to" names "lean to"), a word for the same room, or the label's
 * qualifier before another word for its kind ("the downstairs washroom" names "downstairs bathroom").
 * Words are read within a stretch between punctuation marks, never across one, and never as a
 * wider room: "the loo" does not name the upstairs bathroom.
 */
export function namedIn(text: string, room: string): boolean {
  const target = roomKey(room).split(" ");
  const canon = canonicalRoom(room);
  const stretches = text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/(?<=\p{L})-(?=\p{L})/gu, " ")
    .split(/[^\p{L}\p{N} ]+/u)
    .map((s) => s.split(" ").filter(Boolean));
  const isWordFor = (words: readonly string[], name: string) =>
    [1, 2, 3].some((n) => n <= words.length && canonicalRoom(words.slice(0, n).join(" ")) === name);
  const at = (words: readonly string[], i: number) => {
    if (words.slice(i, i + target.length).join(" ") === target.join(" ")) return true;
    if (canon && isWordFor(words.slice(i), canon)) return true;
    // a qualifier, then a word for the label's kind: the head's words are a room the lexicon knows
    for (let j = 1; j < target.length; j++) {
      const head = canonicalRoom(target.slice(j).join(" "));
      if (
        head &&
        words.slice(i, i + j).join(" ") === target.slice(0, j).join(" ") &&
        isWordFor(words.slice(i + j), head)
      )
        return true;
    }
    return false;
  };
  return stretches.some((words) => words.some((_, i) => at(words, i)));
}

/** Levenshtein distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** How far a misspelling may be from a room name: one letter, two for a long name; short names never. */
const allowed = (s: string) => (s.length < 5 ? 0 : s.length < 9 ? 1 : 2);

/**
 * One slip of the fingers from a name: a letter added or doubled ("lofft"), one left out ("hal",
 * from a name of four letters or more), or two neighbours swapped ("suiet"); never a letter
 * changed for another, which makes other words ("shop" is no "shed").
 */
export function oneSlip(typed: string, name: string): boolean {
  const dropOne = (long: string, short: string) => {
    for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
    return false;
  };
  if (typed.length === name.length + 1) return dropOne(typed, name);
  if (typed.length + 1 === name.length) return name.length >= 4 && dropOne(name, typed);
  if (typed.length !== name.length || typed === name) return false;
  const i = [...typed].findIndex((c, k) => c !== name[k]);
  return typed[i] === name[i + 1] && typed[i + 1] === name[i] && typed.slice(i + 2) === name.slice(i + 2);
}

/**
 * How far a phrase is from a name, for reading a misspelling: a slip counts one. A short name
 * ("loft", "hall") is read through a slip only when the phrase is no English word of its own
 * ("lot" is a word, "lofft" is not), since a word a letter away from a short name is often meant.
 */
function slipDistance(phrase: string, form: string): { d: number; limit: number; rank: number } {
  const slip = oneSlip(phrase, form);
  // a slip ranks before a letter changed: "bot room" is the boot room before the box room
  if (allowed(form) > 0) {
    const d = slip ? 1 : editDistance(phrase, form, 2);
    return { d, limit: allowed(form), rank: slip ? d : d + 0.5 };
  }
  return slip && !phrase.split(" ").some(knownWord) ? { d: 1, limit: 1, rank: 1 } : { d: 3, limit: 0, rank: 3 };
}

/** Common words a letter away from a room name: never read as a misspelt room. */
const NOT_ROOMS = new Set(["closer", "closed", "pastry", "ratio", "warden", "harden", "sturdy", "studio", "offer"]);

export interface RoomMatch {
  /** the room as stored */
  room: string;
  /** how many words of the phrase it used */
  words: number;
  /** read through a misspelling ("ofice") */
  fuzzy?: boolean;
}

/**
 * The room that a run of words starting at `words[0]` names, against the house's own region
 * labels when they are known: a label named exactly (or by a word for the same room) is that
 * label's room; then the lexicon; then, when `fuzzy` (the caller expects a room here: "stay
 * out of the ofice"), a house label, or without a house a lexicon name, one or two letters
 * away. A room the house does not have is kept as said.
 */
export function matchRoom(
  words: readonly string[],
  houseLabels: readonly string[] = [],
  fuzzy = false,
): RoomMatch | undefined {
  const m = rememberedMatch(words, houseLabels, fuzzy);
  return m && { ...m };
}

// each reading of a clause asks again at every word; the words, the house and the mode are the whole input
const rememberedMatch = memoByKey(
  (words: readonly string[], houseLabels: readonly string[], fuzzy: boolean) =>
    `${fuzzy ? 1 : 0}\u0002${houseLabels.join("\u0001")}\u0002${words.join("\u0001")}`,
  firstRoomOf,
);

function firstRoomOf(words: readonly string[], houseLabels: readonly string[], fuzzy: boolean): RoomMatch | undefined {
  const house = [...new Set(houseLabels.map(roomName))];
  // the house's own label, said as it is written, is that label: "guest bedroom" stays guest bedroom
  const labels = new Set(houseLabels.map(roomKey));
  // a name's accents may be typed or left out ("Bà's room", "Ba's room"): compared without them,
  // kept as the house writes them
  const byFolded = new Map([...labels].map((l) => [unaccented(l), l]));
  const label = (phrase: string) =>
    /^\p{Ll}[\p{Ll}\p{N} ]*$/u.test(phrase) ? byFolded.get(unaccented(roomKey(phrase))) : undefined;
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const room = label(words.slice(0, n).join(" "));
    if (room) return { room, words: n };
  }
  // "Papa's office", "Wei Ling's room": a label that says whose room it is, an owner of one or two
  // words, its "'s" a token of its own
  const own = words[1] === "'s" ? 1 : words[2] === "'s" ? 2 : 0;
  if (own) {
    const owner = `${words.slice(0, own).join(" ")}s`;
    for (let n = Math.min(own + 3, words.length); n >= own + 2; n--) {
      const room = label(`${owner} ${words.slice(own + 1, n).join(" ")}`);
      if (room) return { room, words: n };
    }
    const mine = personsRoom(owner, words[own + 1], [...labels]);
    if (mine) return { room: mine, words: own + 2 };
  }
  // "grandpas room": a kin word for the owner, its apostrophe left out, names the house's one room of that relation
  if (!own && words[0]?.endsWith("s") && kinOf(words[0].slice(0, -1))) {
    const kin = personsRoom(words[0], words[1], [...labels]);
    if (kin) return { room: kin, words: 2 };
  }
  // "the room of the grandfather", "the study of Papa": whose room it is said after "of", as many
  // languages say it; only the house's label for that one owner's room, never a guess
  if (words[1] === "of") {
    const at = OWNER_DETERMINERS.has(words[2]) ? 3 : 2;
    const owner = words[at];
    if (owner && /^\p{L}+$/u.test(owner) && words[at + 1] !== "'s") {
      const room = label(`${owner}s ${words[0]}`) ?? personsRoom(`${owner}s`, words[0], [...labels]);
      if (room) return { room, words: at + 1 };
    }
  }
  // "mama room" for "mama's room", "the store room" for "store": the house's label said plainly
  const plain = saidPlainly(words, houseLabels, roomKey);
  if (plain) return plain;
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const phrase = words.slice(0, n).join(" ");
    if (!/^[a-z][a-z0-9 ]*$/.test(phrase)) continue;
    const name = canonicalRoom(phrase);
    // "the spare room" in a house that labels it "guest bedroom": the house's word for it
    if (name) return { room: [...labels].find((l) => roomName(l) === name) ?? name, words: n };
    if (house.includes(roomKey(phrase))) return { room: roomKey(phrase), words: n };
  }
  if (!fuzzy) return undefined;
  // "the salon" in a house whose one salon is the "hair salon": the word that tells the label apart
  const part = labels.size ? saidByPart(words, [...labels]) : undefined;
  if (part) return part;
  // a misspelling is read as the house's own label ("mudrom" in a house with a "mudroom"), so it
  // is stored as the house names it, never as the lexicon's wider name for it
  const pool = labels.size ? [...labels] : ROOM_PHRASES;
  for (let n = Math.min(2, words.length); n >= 1; n--) {
    const phrase = words.slice(0, n).join(" ");
    if (!/^[a-z][a-z ]*$/.test(phrase) || NOT_ROOMS.has(phrase)) continue;
    let best: { room: string; d: number; tied?: boolean } | undefined;
    for (const c of pool) {
      // "mudroom" and "mud room" are one name, written shut or open
      for (const form of new Set([c, c.replaceAll(" ", "")])) {
        if (form.split(" ").length !== n) continue;
        const { d, limit, rank } = slipDistance(phrase, form);
        const room = labels.size ? c : (lookup.get(c) ?? c);
        if (d === 0 || d > limit) continue;
        if (!best || rank < best.d) best = { room, d: rank };
        else if (rank === best.d && room !== best.room) best.tied = true;
      }
    }
    // two of the house's rooms as near: which one was meant is not guessed
    if (best && !(best.tied && labels.size)) return { room: best.room, words: n, fuzzy: true };
  }
  // "the BQ" for "boys' quarters", "garaj" for "garage": an initialism or a sound-alike of one label
  const loose = labels.size ? saidLoosely(words, [...labels]) : undefined;
  return loose ? { ...loose, fuzzy: true } : undefined;
}

/** Words that may stand between "of" and whose room it is: "the room of my uncle". */
const OWNER_DETERMINERS = new Set(["the", "my", "our"]);

/** The words for the room a person has to themselves: "gran's room" is "gran's bedroom". */
const PERSONS_ROOM = ["room", "bedroom"];

/**
 * "Gran's bedroom" in a house that labels it "gran's room" (or the other way round): a person's
 * room said with the other word for it, when the house has one such room of that person's.
 */
function personsRoom(owner: string, head: string | undefined, labels: readonly string[]): string | undefined {
  if (!head || !PERSONS_ROOM.includes(head)) return undefined;
  const fits = labels.filter((l) => PERSONS_ROOM.some((w) => unaccented(l) === unaccented(`${owner} ${w}`)));
  if (fits.length) return fits.length === 1 ? fits[0] : undefined;
  // "the grandfather's room" in a house that labels it "Harabeoji's room": the owner said by the
  // relation the label's owner word names (kin-chains.ts), when the house has one room of that relation
  const said = owner.slice(0, -1);
  const kin = kinOf(said);
  if (!kin) return undefined;
  const related = labels.filter((l) => {
    const ws = l.split(" ");
    if (ws.length !== 2 || !PERSONS_ROOM.includes(ws[1]) || !ws[0].endsWith("s")) return false;
    const theirs = ws[0].slice(0, -1);
    return kinOf(theirs) === kin && !oppositeSexes(said, theirs);
  });
  return related.length === 1 ? related[0] : undefined;
}

/** A word of a label that says whose room it is ("gran's"), not what is done there. */
const POSSESSOR = /(?:'s|s')$/;

/**
 * The house's room that a clause about what is done in a room names ("the room where I do my
 * sewing" is the sewing room): the one label "… room" whose every other word is a word of the
 * clause (its stem: "sew" is "sewing"). A label that says whose room it is never counts: who is
 * in a room ("where gran does her jigsaws") says nothing of which room it is. Two labels, or none:
 * undefined.
 */
export function roomOfUse(clause: readonly string[], houseLabels: readonly string[]): string | undefined {
  const said = new Set(clause.map(crudeStem));
  const fits = houseLabels.filter((label) => {
    const ws = label.toLowerCase().split(/\s+/);
    const use = ws.slice(0, -1);
    return (
      ws.at(-1) === "room" &&
      use.length > 0 &&
      !use.some((w) => POSSESSOR.test(w.replace(/’/g, "'"))) &&
      use.every((w) => said.has(crudeStem(w)))
    );
  });
  return fits.length === 1 ? roomName(fits[0]) : undefined;
}
