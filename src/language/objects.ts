/**
 * The words that name an object category ("specs" are eyeglasses, "a paperback" is a book),
 * singular forms (contentWords strips a plural -s). One table for guessing the category a
 * request names, for reading a user's description of an object ("the small green glass mug"),
 * and for the category constraint grounding applies.
 */

import { contentWords, singular, unaccented } from "./bag-of-words.ts";
import { BORROWED_CATEGORY_NAMES } from "./borrowed-words.ts";
import { knownWord, read } from "./nlp.ts";
import { askedParts } from "./requests.ts";
import { editDistance } from "./rooms.ts";
import { wordTable } from "./token.ts";

const ENGLISH_NAMES: Readonly<Record<string, readonly string[]>> = wordTable({
  backpack: ["backpack", "rucksack", "knapsack", "schoolbag", "daypack"],
  bag: ["bag", "handbag", "purse", "tote", "duffel", "suitcase"],
  ball: ["ball", "football", "basketball", "volleyball", "baseball"],
  book: ["book", "novel", "notebook", "diary", "cookbook", "textbook", "paperback", "hardback", "volume", "journal"],
  camera: ["camera", "camcorder"],
  cellphone: ["cellphone", "phone", "smartphone", "mobile", "iphone"],
  eyeglasses: [
    "eyeglasse",
    "glasse",
    "spectacle",
    "spec",
    "sunglasse",
    "eyeglasses",
    "glasses",
    "spectacles",
    "specs",
    "sunglasses",
  ],
  hat: ["hat", "cap", "beanie", "beret", "sunhat"],
  headphones: ["headphone", "headset", "earphone", "earbud", "headphones", "earphones", "earbuds"],
  keys: ["key", "keychain", "keyring", "keys"],
  laptop: ["laptop", "computer", "macbook"],
  mug: ["mug", "cup", "tumbler"],
  shoes: [
    ...["shoe", "sneaker", "boot", "trainer", "sandal", "heel", "clog", "welly", "wellie", "loafer", "slipper"],
    ...["shoes", "sneakers", "boots", "trainers", "sandals", "clogs", "wellies", "loafers", "slippers"],
  ],
  "teddy bear": ["teddy", "bear", "plush", "stuffed"],
  toy: ["toy", "lego", "doll", "puzzle", "figurine"],
  visor: ["visor", "sunvisor"],
  wallet: ["wallet", "billfold"],
  watch: ["watch", "wristwatch", "smartwatch", "watche", "wristwatche", "smartwatche"],
});

/**
 * Kinds of a category's things, named in a request instead of the category ("the Bible he gave me"
 * asks for a book, "my stetson" for a hat). Read only where a request names what it asks for
 * (naming), never where memory is written: there the kind is what the user said of the object
 * ("the small red wool tuque") and is kept in its statements, not rewritten as the category. A
 * plural -s is stripped before lookup ("atlas" is looked up as "atla").
 */
const KIND_NAMES: Readonly<Record<string, readonly string[]>> = wordTable({
  book: [
    ...["bible", "quran", "koran", "torah", "hymnal", "hymnbook", "prayerbook", "missal", "psalter", "atla"],
    ...["dictionary", "encyclopedia", "storybook", "guidebook", "songbook", "sketchbook", "scrapbook", "workbook"],
  ],
  camera: ["dslr", "polaroid", "gopro"],
  hat: ["fedora", "bonnet", "trilby", "stetson", "toque", "tuque", "sombrero"],
  headphones: ["airpod"],
  laptop: ["chromebook", "thinkpad"],
  mug: ["teacup"],
  shoes: ["moccasin", "brogue", "espadrille", "jandal", "flipflop"],
  watch: ["timepiece"],
});

/** Every category's names, English first, then those other languages lend (borrowed-words.ts). */
export const CATEGORY_NAMES: Readonly<Record<string, readonly string[]>> = wordTable(
  Object.fromEntries(
    Object.entries(ENGLISH_NAMES).map(([c, names]) => [c, [...names, ...(BORROWED_CATEGORY_NAMES[c] ?? [])]]),
  ),
);

/** Every word that names `category` (its own words too: "teddy bear" is "teddy" and "bear"). */
export function namesOf(category: string): Set<string> {
  const own = category.toLowerCase().split(/\s+/);
  return new Set([category.toLowerCase(), ...own, ...(CATEGORY_NAMES[category] ?? [])]);
}

/**
 * A game named by its ball ("win at football", "playing basketball", "after volleyball"): after a
 * preposition or a verb of playing, with no determiner, the word is the game, not the object.
 */
const GAME_OF_BALL =
  /\b(?:at|in|after|before|from|during|play|plays|played|playing)\s+(?=\p{L}+ball\b)(?!ball\b)\p{L}+ball\b/giu;

/** Every category name, for telling a compound written as two words ("head phones", "note book"). */
const ALL_NAMES = new Set(Object.values(CATEGORY_NAMES).flat());

/**
 * Words with a compound written apart joined when together they are a category's name ("head
 * phones" → "headphones", "back pack" → "backpack"): read apart, the second word named another
 * category, or none. A word joins its neighbour only when the joined word is a name.
 */
export function compoundsJoined(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const joined = i + 1 < words.length ? `${words[i]}${words[i + 1]}` : "";
    if (ALL_NAMES.has(joined)) {
      out.push(joined);
      i++;
    } else out.push(words[i]);
  }
  return out;
}

/**
 * Names long enough that one slip in them still says which: a slip in "cap", "mug" or "shoe"
 * makes another word as often as not.
 */
const SLIP_FROM = 5;
/** Typed words shorter than this are left as typed: four letters are one slip from too many words. */
const SLIP_WORD = 5;
/** Words read so far; bounded, since a long-running dashboard reads every request and note it is sent. */
const slips = new Map<string, string | null>();
const SLIPS_KEPT = 4096;

/**
 * The category a word names when it is one of its names typed with one slip ("walet",
 * "headphnoes", "earphne"): a letter changed, left out, doubled or added before the last, or two
 * neighbours swapped, from the English names of one category only. A word the dictionary knows is itself, never a
 * slip ("watcher", "booking").
 */
export function categoryOfSlip(word: string): string | null {
  if (word.length < SLIP_WORD || !/^[a-z]+$/.test(word) || ALL_NAMES.has(word)) return null;
  const cached = slips.get(word);
  if (cached !== undefined) return cached;
  const hits = new Set<string>();
  // English names only: a borrowed name is one slip from too many words of its own language and
  // from proper names ("borsa" and a car's make)
  for (const [category, names] of Object.entries(ENGLISH_NAMES))
    if (names.some((n) => n.length >= SLIP_FROM && oneSlipApart(word, n))) hits.add(category);
  const read = hits.size === 1 && !knownWord(word) ? [...hits][0] : null;
  // oldest first out: a Map iterates in insertion order
  if (slips.size >= SLIPS_KEPT) slips.delete(slips.keys().next().value as string);
  slips.set(word, read);
  return read;
}

function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  // a word's end changed is another word as often as a slip ("traine" is French, "novela" Spanish)
  if (a.at(-1) === b.at(-1) && editDistance(a, b, 1) <= 1) return true;
  if (a.length !== b.length) return false;
  // two neighbouring letters swapped: the only difference, at i and i + 1, crosswise
  const i = [...a].findIndex((ch, k) => ch !== b[k]);
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** The category a text names outright, the earliest named; null when it names none. */
export function categoryNamed(text: string): string | null {
  return naming(text)?.category ?? null;
}

/**
 * Names that reach past their own category: "purse" is a handbag in American English and a wallet
 * in British and most Commonwealth English, so a request for one asks for either. "bag" said of a
 * backpack was tried and left out: beyond the set that suggested it, it took a backpack for a bag
 * once over the development sets and righted no request.
 */
const REACHES: Readonly<Record<string, readonly string[]>> = { purse: ["wallet"] };

/**
 * The earliest category name in a text: the category and the word that named it. `withKinds`
 * (requests only) reads a kind as its category too (KIND_NAMES).
 */
function naming(text: string, withKinds = false): { category: string; word: string } | null {
  const words = compoundsJoined(contentWords(text.replace(GAME_OF_BALL, (m) => m.replace(/\s+\p{L}+$/u, " game"))));
  // a word written with a capital is a name ("Kelly", "Bert"), however near a category's name
  const capitalised = new Set((unaccented(text).match(/\b[A-Z][a-z]+/g) ?? []).map((w) => singular(w.toLowerCase())));
  const slipped = (w: string) => (capitalised.has(w) ? null : categoryOfSlip(w));
  let best: { at: number; category: string } | null = null;
  for (const [category, names] of Object.entries(CATEGORY_NAMES)) {
    const kinds = withKinds ? (KIND_NAMES[category] ?? []) : [];
    const at = words.findIndex((w) => names.includes(w) || kinds.includes(w) || slipped(w) === category);
    if (at >= 0 && (best === null || at < best.at)) best = { at, category };
  }
  return best ? { category: best.category, word: words[best.at] } : null;
}

/**
 * The category a request names outright: the one its asking names, when it names one ("I'll read
 * my novel in bed; bring the glasses I use for that" asks for glasses), else the earliest named.
 */
export function categoryAsked(instruction: string): string | null {
  return askedNaming(instruction)?.category ?? null;
}

/**
 * Every category a request's named object may be of: the one it names (categoryAsked) and those
 * its word reaches too ("the purse from my school friend" may be a wallet); empty when it names none.
 */
export function categoriesAsked(instruction: string): string[] {
  const named = askedNaming(instruction);
  return named ? [named.category, ...(REACHES[named.word] ?? [])] : [];
}

function askedNaming(instruction: string): { category: string; word: string } | null {
  const parts = askedParts(instruction);
  for (const part of parts) {
    const asked = naming(part, true);
    if (asked) return asked;
  }
  // "He rang on his mobile about supper. Fetch the recipes my aunt wrote out": the asking calls its object
  // by a noun of no category, so a category named before it is another thing's; one said after it
  // may still be the object, set right ("which brolly? no, the specs")
  const own = parts.find(callsItsOwn);
  const rest = own === undefined ? instruction : instruction.slice(instruction.indexOf(own) + own.length);
  return naming(rest.replace(WHAT_HAPPENED_BEFORE, " "), true);
}

/** Nouns that stand for a thing without saying what it is ("the one", "Dev's present"). */
const STANDS_FOR_A_THING = new Set([
  "one",
  "thing",
  "item",
  "stuff",
  "something",
  "present",
  "gift",
  "pair",
  "set",
  "kind",
  "sort",
  "type",
  "piece",
  "favourite",
  "favorite",
  "usual",
  "lot",
]);
/** Words that may come before the noun of an object's phrase: "the", "my", "Rab's", "old", "two". */
const BEFORE_THE_NOUN = new Set(["DET", "PRON", "ADJ", "NUM", "PROPN", "PART", "INTJ"]);

/**
 * Whether an asked part names its object by a noun of its own: its first noun, after determiners,
 * possessives and adjectives, is a word of no category that does not just stand for a thing.
 */
function callsItsOwn(part: string): boolean {
  const tokens = read(part).tokens;
  for (const [k, t] of tokens.entries()) {
    // "mum's", "the kids' ": a possessor, not the object
    if (BEFORE_THE_NOUN.has(t.pos) || POSSESSIVE.has(tokens[k + 1]?.normal ?? "")) continue;
    return t.pos === "NOUN" && !STANDS_FOR_A_THING.has(singular(t.normal));
  }
  return false;
}
const POSSESSIVE = new Set(["'s", "'", "’s", "’"]);

/**
 * A clause telling what became of another thing ("…, since my old handbag tore", "now
 * that my watch is broken", "instead of the old mug"): a category it names is the other thing's,
 * not the one asked for, so it constrains nothing.
 */
const WHAT_HAPPENED_BEFORE =
  /\b(?:ever since|since|because|'?cause|'?cos|now that|instead of|in place of|replacing)\b[^.;:!?,]*/giu;

/**
 * Whether a text calls one thing by one of `names` ("my commute bag", said of a backpack): a name
 * said as written there. A name said in the plural is of several things ("inside I keep the
 * little bags"), unless the name itself is plural ("keys", "boots", "headphones" are names).
 */
export function callsOneBy(text: string, names: readonly string[]): boolean {
  const said = compoundsJoined(
    unaccented(text)
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [],
  );
  return said.some((w) => names.includes(w));
}

/**
 * Whether a text names two categories as two things ("moved to the red rucksack, the old handbag
 * retired"): it names both, and no "is"/"are" between the two says one is the other ("this
 * backpack is my gym bag").
 */
export function namesApart(text: string, a: string, b: string): boolean {
  const words =
    unaccented(text)
      .toLowerCase()
      .match(/[a-z0-9']+/g) ?? [];
  const at = (c: string) => {
    const names = new Set(CATEGORY_NAMES[c] ?? [c]);
    return words.findIndex((w) => names.has(w) || names.has(singular(w)));
  };
  const [i, j] = [at(a), at(b)];
  if (i < 0 || j < 0) return false;
  return !words.slice(Math.min(i, j) + 1, Math.max(i, j)).some((w) => BEING.has(w));
}

const BEING = new Set(["is", "are", "was", "were", "be", "been", "it's", "that's", "they're", "as"]);
