/**
 * Which thing a clause is about, and whether it says that thing changed state.
 *
 * People name an object by a word for its kind ("glasses", "specs", "sneakers", "cans"), or by
 * "one"/"pair"/"set" with what tells it apart ("the striped one", "the gold pair", "navy one's
 * retired"). When they tell of a change they often name the object that stopped being used in
 * the same breath as the one that took its place ("the white headphones died, I use the silver
 * ones now"): that clause is about another instance, and must not be written into the memory of
 * the object the episode was about.
 *
 * Read on the language part's tokens (contractions spelt out) and wink-nlp's part-of-speech
 * tags: an instance phrase is a determiner or possessive (optional before "one"), modifiers
 * (adjectives, nouns, colours: the words the tagger puts before a head noun), and a head that is a
 * word for the category or a pro-form; a change of state is a verb (or participle) of breaking,
 * ending or replacing, a damage noun after "got", or a verb of use under negation or "stopped".
 */
import { read } from "./nlp.ts";

/** Words for each PInNED category (singular; plurals are read by stripping -s / -es). */
export const CATEGORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  backpack: ["backpack", "rucksack", "knapsack", "schoolbag", "pack"],
  bag: ["bag", "handbag", "purse", "tote", "duffel", "suitcase"],
  ball: ["ball", "football", "basketball", "volleyball", "baseball"],
  book: ["book", "novel", "notebook", "diary", "cookbook", "textbook", "paperback", "volume"],
  camera: ["camera", "camcorder"],
  cellphone: ["cellphone", "phone", "smartphone", "mobile", "iphone"],
  eyeglasses: ["eyeglasses", "glasses", "spectacles", "specs"],
  hat: ["hat", "cap", "beanie", "beret", "sunhat"],
  headphones: ["headphones", "headset", "earphones", "earbuds", "cans"],
  keys: ["keys", "key", "keychain", "keyring"],
  laptop: ["laptop", "computer", "macbook"],
  mug: ["mug", "cup", "tumbler"],
  shoes: ["shoes", "shoe", "sneakers", "sneaker", "boots", "trainers", "sandals"],
  "teddy bear": ["teddy", "bear", "plush"],
  toy: ["toy", "lego", "doll", "figurine"],
  visor: ["visor", "sunvisor"],
  wallet: ["wallet", "billfold"],
  watch: ["watch", "wristwatch", "smartwatch", "timepiece"],
};

/** Heads that stand for an instance already named ("the striped one", "the gold pair"). */
const PRO_FORMS = new Set(["one", "ones", "pair", "set"]);
const DETERMINERS = new Set([
  "the",
  "my",
  "our",
  "your",
  "his",
  "her",
  "their",
  "that",
  "this",
  "those",
  "these",
  "a",
  "an",
]);

const singular = (w: string) =>
  w.endsWith("es") && w.length > 4 ? [w, w.slice(0, -2), w.slice(0, -1)] : w.endsWith("s") ? [w, w.slice(0, -1)] : [w];

/** Does `word` name `category` (or, with no category, any)? */
export function namesCategory(word: string, category?: string | null): boolean {
  const forms = singular(word.toLowerCase());
  const entries = category
    ? [[category, CATEGORY_WORDS[category] ?? [category]] as const]
    : Object.entries(CATEGORY_WORDS);
  return entries.some(([c, words]) => forms.some((f) => f === c || words.includes(f)));
}

/** The categories a text names by a word for them, in the order named. */
export function categoriesNamed(text: string): string[] {
  const out: string[] = [];
  const words = read(text).tokens.map((t) => t.normal);
  for (const [i, w] of words.entries()) {
    // "teddy bear" is one name; "bear" alone names it too
    for (const [c, names] of Object.entries(CATEGORY_WORDS))
      if (
        !out.includes(c) &&
        (singular(w).some((f) => names.includes(f)) || (c === "teddy bear" && w === "teddy" && words[i + 1] === "bear"))
      )
        out.push(c);
  }
  return out;
}

export interface InstancePhrase {
  /** the words of the phrase, as normalised */
  words: string[];
  /** what tells it apart: the modifiers before the head */
  modifiers: string[];
  head: string;
}

/**
 * The phrases of a clause that pick out one instance of `category`: "the small silver camera",
 * "the gold pair", "navy one", "the striped one". A phrase needs a modifier, or a determiner and
 * a word for the category ("the glasses").
 */
export function instancePhrases(clause: string, category: string | null): InstancePhrase[] {
  return phrasesIn(read(clause).tokens, category).map(({ start: _, ...p }) => p);
}

/**
 * The text as its normalised words, each instance phrase (and each bare word for the category)
 * put as "it": "the kids play with the yellow plastic one" → "the kids play with it". Two
 * statements about different instances then compare on what they say, not on the looks.
 */
export function withInstancesAsIt(text: string, category: string | null): string {
  const toks = read(text).tokens;
  const phrases = phrasesIn(toks, category);
  const words: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    const p = phrases.find((x) => x.start === i);
    if (p) {
      words.push("it");
      i += p.words.length - 1;
    } else if (namesCategory(toks[i].normal, category)) words.push("it");
    else words.push(toks[i].normal);
  }
  return words.join(" ").replace(/\s+([,.;:!?])/g, "$1");
}

function phrasesIn(
  toks: ReturnType<typeof read>["tokens"],
  category: string | null,
): (InstancePhrase & { start: number })[] {
  const out: (InstancePhrase & { start: number })[] = [];
  for (const [i, t] of toks.entries()) {
    const w = t.normal;
    const isHead = PRO_FORMS.has(w) || namesCategory(w, category);
    if (
      !isHead ||
      (t.pos !== "NOUN" && t.pos !== "PROPN" && t.pos !== "NUM" && t.pos !== "PRON" && !namesCategory(w, category))
    )
      continue;
    let j = i - 1;
    const modifiers: string[] = [];
    while (
      j >= 0 &&
      ["ADJ", "NOUN", "PROPN", "VERB"].includes(toks[j].pos) &&
      !DETERMINERS.has(toks[j].normal) &&
      modifiers.length < 4
    ) {
      // a verb before the head is a participle only when it ends like one ("striped", "checked")
      if (toks[j].pos === "VERB" && !/(?:ed|en)$/.test(toks[j].normal)) break;
      modifiers.unshift(toks[j].normal);
      j--;
    }
    const determined = j >= 0 && DETERMINERS.has(toks[j].normal);
    if (modifiers.length === 0 && !(determined && !PRO_FORMS.has(w))) continue;
    out.push({
      words: [...(determined ? [toks[j].normal] : []), ...modifiers, w],
      modifiers,
      head: w,
      start: determined ? j : j + 1,
    });
  }
  return out;
}

/** Verbs (any form) that say a thing broke, ended, or was put aside. */
const CHANGE_VERBS = new Set(
  (
    "break broke broken breaks crack cracked cracks snap snapped snaps chip chipped die died dies dead tear tore torn rip ripped " +
    "lose lost loses stop stopped stops quit quits retire retired retires replace replaced replaces switch switched " +
    "leak leaked burst smash smashed shatter shattered ruin ruined dent dented fall fell fallen wear worn wore " +
    "give gave gone"
  ).split(" "),
);
/** Particles that make a change of a verb that is none alone ("fell off", "wore out", "gave up"). */
const CHANGE_PARTICLES: Record<string, readonly string[]> = {
  fall: ["off", "apart"],
  fell: ["off", "apart"],
  fallen: ["off", "apart"],
  wear: ["out"],
  worn: ["out"],
  wore: ["out"],
  give: ["up"],
  gave: ["up"],
  gone: [],
};
/** Nouns of damage a thing "got" or "has" ("got a chip in the rim"). */
const DAMAGE = new Set(["chip", "crack", "hole", "tear", "dent", "scratch", "stain", "leak"]);
/** Verbs of using a thing: negated, or after "stopped", they say its use ended. */
const USE = new Set([
  "use",
  "using",
  "used",
  "wear",
  "wearing",
  "take",
  "taking",
  "carry",
  "carrying",
  "drink",
  "read",
  "bring",
  "need",
]);
/** Words that say "not any longer" ("anymore", and "more" after a negation, as learners say it). */
const NO_LONGER = new Set(["anymore", "longer", "more"]);

/**
 * Whether a clause says something stopped: its subject broke, died, was replaced or retired,
 * or the speaker no longer uses it. Returns the word that says so, or null.
 */
export function changeOfState(clause: string): string | null {
  const toks = read(clause).tokens;
  for (const [i, t] of toks.entries()) {
    const w = t.normal;
    const next = toks[i + 1]?.normal ?? "";
    if (CHANGE_VERBS.has(w) && (t.pos === "VERB" || t.pos === "ADJ" || t.pos === "AUX" || t.pos === "NOUN")) {
      const particles = CHANGE_PARTICLES[w];
      if (!particles || particles.includes(next)) return w;
    }
    if ((w === "got" || w === "has" || w === "have") && toks.slice(i + 1, i + 3).some((x) => DAMAGE.has(x.normal)))
      return w;
    // "stopped working", "stop to work", "does not work"
    if (
      (w === "work" || w === "working" || w === "works") &&
      (t.negated || toks.slice(Math.max(0, i - 3), i).some((x) => /^stop/.test(x.normal)))
    )
      return w;
    // a verb under negation with "anymore" / "any longer" after it: its doing ended
    if ((USE.has(w) || t.pos === "VERB") && t.negated && toks.slice(i).some((x) => NO_LONGER.has(x.normal))) return w;
    // "no longer suits", "no longer fits"
    if (w === "longer" && toks[i - 1]?.normal === "no" && toks[i + 1]?.pos === "VERB") return toks[i + 1].normal;
  }
  return null;
}

/**
 * The clauses of one message that tell of another instance's change: a clause that names an
 * instance of `category` and says it changed state, when another clause names a different
 * instance (the one that took its place); and a clause that goes on about it ("…, it stopped
 * working") right after. Returns their indexes.
 */
export function formerReferentClauses(clauses: readonly string[], category: string | null): Set<number> {
  const phrases = clauses.map((c) => instancePhrases(c, category).map((p) => p.words.join(" ")));
  const changed = clauses.map((c) => changeOfState(c) !== null);
  const out = new Set<number>();
  for (const [i, mine] of phrases.entries()) {
    if (!changed[i]) continue;
    if (mine.length > 0) {
      const others = phrases.flatMap((p, j) => (j !== i && !changed[j] ? p : []));
      if (others.some((o) => !mine.includes(o))) out.add(i);
    } else if (out.has(i - 1) && !namesAnyInstance(clauses[i], category)) out.add(i);
  }
  return out;
}

function namesAnyInstance(clause: string, category: string | null): boolean {
  return read(clause).tokens.some((t) => namesCategory(t.normal, category));
}

const DEICTIC = new Set(["this", "that", "these", "those", "it", "its", "one", "ones", "them"]);

/** Does the text speak of the object itself: a deictic or pro-form, or a word for its category? */
export function refersToInstance(text: string, category: string | null): boolean {
  return read(text).tokens.some(
    (t) => DEICTIC.has(t.normal) || namesCategory(t.normal, category) || namesCategory(t.normal),
  );
}

const CLAUSE_LINKS = new Set(["CCONJ", "SCONJ"]);
const LINKING_ADVERBS = new Set(["so", "then"]);

/** A piece that is only an interjection ("Oh", "lol", "omg"): it says nothing of anything. */
export function isInterjection(piece: string): boolean {
  const toks = read(piece).tokens.filter((t) => t.pos !== "PUNCT");
  return toks.length > 0 && toks.every((t) => t.pos === "INTJ");
}

/**
 * A piece of a sentence that is a clause of its own: after its linking word ("so", "and",
 * "because"), a subject (a determiner, pronoun or noun) and a verb. "so the hat comes with me"
 * is one; "and Wednesdays" or "on the bus" is not.
 */
export function isClause(piece: string): boolean {
  const toks = read(piece).tokens.filter((t) => t.pos !== "PUNCT");
  let i = 0;
  // "so" and "then" link clauses too, though the tagger calls them adverbs
  while (i < toks.length && (CLAUSE_LINKS.has(toks[i].pos) || LINKING_ADVERBS.has(toks[i].normal))) i++;
  const first = toks[i];
  if (!first || !["DET", "PRON", "PROPN", "NOUN"].includes(first.pos)) return false;
  return toks.slice(i + 1).some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/**
 * A sentence cut at its commas, semicolons and the conjunctions that join clauses: finer than the
 * extractor's facts, for telling which clause is about which instance. Joined back with ", ".
 */
export function clausePieces(sentence: string): string[] {
  const toks = read(sentence).tokens;
  const out: string[] = [];
  let cur: string[] = [];
  const flush = () => {
    const text = cur
      .join(" ")
      .replace(/\s+([,.;:!?'])/g, "$1")
      .replace(/\s+n't/g, "n't")
      .trim();
    if (text) out.push(text);
    cur = [];
  };
  for (const t of toks) {
    if (
      t.text === "," ||
      t.text === ";" ||
      ((t.normal === "so" || t.normal === "but") && t.pos !== "ADV" && cur.length > 0)
    ) {
      flush();
      if (t.text !== "," && t.text !== ";") cur.push(t.text);
      continue;
    }
    cur.push(t.text);
  }
  flush();
  return out;
}
