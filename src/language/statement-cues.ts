import { unaccented } from "./bag-of-words.ts";
import { BORROWED_NOW } from "./borrowed-words.ts";
import { respelled } from "./informal.ts";
import { looksOrObjectWord, namesLooks } from "./looks.ts";
import { read } from "./nlp.ts";
import { categoryNamed, namesOf } from "./objects.ts";
import { partedWith } from "./parted.ts";
import { insteadOf } from "./referents.ts";
import { SINCE_TIME } from "./time-words.ts";

/**
 * The words a memory statement's kind is read from (memory's statement-kind.ts decides
 * supersession with them): cue words per dimension of personal context, the markers that say a
 * statement is a change ("these days", "instead"), the words that take a fact back ("no
 * longer"), and the content words that name a context's value. Cue words, not a model: the same
 * rules apply to the heuristic extractor's statements and to whatever a model backbone writes.
 * Order matters where cues overlap ("a birthday present from my dad" is a giver before it is an
 * occasion).
 */

export const STATEMENT_KINDS = ["routine", "preference", "giver", "occasion", "owner", "season", "place"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const PERSON_WORDS =
  "sister|brother|sibling|mom|mum|mother|dad|father|parents?|grandma|grandmother|granny|grandpa|grandfather|" +
  "aunt|uncle|cousin|niece|nephew|friend|friends|bestie|partner|wife|husband|spouse|boyfriend|girlfriend|fianc[eé]e?|" +
  "colleagues?|co-?workers?|boss|manager|neighbou?rs?|son|daughter|kids?|children|child|baby|teacher|roommate|flatmate|" +
  "team|coach|in-laws?|family|godmother|godfather|mentor|students?|classmates?|" +
  // kin named with a prefix: "stepson", "grandson", "goddaughter"
  "(?:step|grand|god)(?:sons?|daughters?|kids?|child|children|mother|father|mom|mum|dad|brothers?|sisters?|parents?)";

const PERSON = new RegExp(String.raw`\b(?:${PERSON_WORDS})\b`, "iu");

const CUES: [StatementKind, RegExp][] = [
  // "a birthday present", no giver named: the occasion is what it says, and who gave it, said
  // later, must not replace it
  [
    "occasion",
    new RegExp(
      String.raw`^(?!.*\b(?:gave|give[sn]?|from|handed|sent|lent|inherited|(?:${PERSON_WORDS}))\b).*\b(?:birthday|anniversary|wedding|graduation|christmas|xmas|hanukkah|eid|diwali|valentine'?s?|retirement|housewarming|leaving|farewell)\s+(?:present|gift)s?\b`,
      "iu",
    ),
  ],
  [
    "giver",
    new RegExp(
      String.raw`\b(?:gave|give[sn]?|gift(?:ed)?|present|inherited|handed (?:[\p{L}]+ ){0,3}?down|hand-me-down|passed (?:[\p{L}]+ ){0,3}?(?:down|on)|` +
        // someone passing the object to the user: "handed them", "sent them", "picked it out for them"
        String.raw`(?:handed|sent|mailed|posted|passed) (?:them|the user)\b|(?:picked|chose|knitted|made|sewed|carved) (?:[\p{L}]+ ){0,3}?(?:out )?for (?:them|the user)\b|` +
        String.raw`lent|borrowed|(?:got|received|had)\b[^.]*?\bfrom (?:the user's |their |a |an |the |my |his |her )?(?:[\p{L}-]+ )?(?:${PERSON_WORDS})\b|` +
        String.raw`from (?:the user's|their|my) (?:[\p{L}-]+ )?(?:${PERSON_WORDS})\b)`,
      "iu",
    ),
  ],
  [
    "occasion",
    /\b(?:birthday|anniversary|wedding|graduat\w*|christmas|xmas|hanukkah|eid|diwali|valentine'?s?|holiday|vacation|honeymoon|trip|souvenir|brought (?:it |this [\p{L} ]+ )?back|flea market|retirement|won (?:it|this)|prize|award)\b/iu,
  ],
  [
    "owner",
    new RegExp(
      String.raw`\b(?:belongs? to|belonging to|owned by|is (?:the user's |their )?(?:${PERSON_WORDS})'s|for (?:the )?guests?|guests?|shared? (?:with|by)|roommate|flatmate)\b|` +
        String.raw`^(?:the user's|their) (?:[\p{L}-]+ )?(?:${PERSON_WORDS}) (?:uses|wears|plays|owns|has|needs|borrows|sleeps)\b`,
      "iu",
    ),
  ],
  [
    "preference",
    /\b(?:favou?rites?|prefer(?:s|red)?|preferred|lucky|likes? (?:it |this [\p{L} ]+ )?(?:best|most)|loves?|go-to|special occasions?|sentimental|spare|back-?up|treasures?|cherish\w*|best one|most comfortable)\b/iu,
  ],
  [
    "season",
    /\b(?:winter|summer|spring(?:time)?|autumn|fall season|in the fall|rain(?:s|y)?|snow\w*|cold (?:days|weather|mornings)|hot (?:days|weather)|sunny|heatwave|seasons?|when it(?:'s| is) (?:cold|hot|raining|snowing))\b/iu,
  ],
  [
    "routine",
    /\b(?:every|each|daily|nightly|weekly|fortnightly|monthly|(?:once|twice|three times) a|a week|per week|mornings?|evenings?|nights?|night-?time|bed(?:time)?|weekdays?|weekends?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|gym|work ?outs?|exercis\w*|running|runs?|jog\w*|hik\w*|walk\w*|commut\w*|train|bus|tennis|football|soccer|basketball|yoga|swim\w*|cycl\w*|bik\w*|school|calls?|meetings?|lectures?|classe?s?|lessons?|practice|breakfast|lunch|dinner|coffee|tea|cook\w*|reading|study\w*|flights?|travel\w*|gardening|playtime|photograph\w*|beach|\d{1,2}(?::\d\d)? ?(?:am|pm|a\.m|p\.m)|\d{1,2} o'clock)\b/iu,
  ],
  [
    "place",
    /\b(?:keeps?|kept|stor(?:e|es|ed)|stays?|lives|hangs?|sits|leaves?|rides?|office|at work|to work|desk|car|cabin|garage|attic|basement|cellar|closet|wardrobe|drawer|shelf|hallway|porch|balcony|studio|shed|locker|boat|camper)\b/iu,
  ],
  // plain use with nothing more specific: what the object is used for is a routine
  [
    "routine",
    /\b(?:uses?|used|using|wears?|wore|worn|takes?|took|carr(?:y|ies|ied)|brings?|drinks?|reads?|plays?)\b/iu,
  ],
];

/** Words that say the statement is a change, stripped from what is stored. */
const UPDATE_MARKERS = new RegExp(
  String.raw`\b(?:these days|nowadays|now(?:adays)?|from now on|as of (?:today|now)|instead|any ?more|lately|of late|currently|at the moment|recently|at present|starting (?:today|now)|from today|${SINCE_TIME}|${BORROWED_NOW.join("|")})\b[,:]?`,
  "giu",
);

/**
 * Verbs of changing over, in any tense ("switched to it", "swap to", "has become"): they say a
 * change as the markers do, but they are the statement's verb, so they stay in what is stored.
 */
const CHANGE_VERBS = /\b(?:switch(?:es|ed|ing)?|swap(?:s|ped|ping)?|(?:has|have|'s|'ve) become|became)\b/iu;

const RETRACTION =
  /\b(?:no longer|not any ?more|not|never|stopped|ceased|isn't|aren't|doesn't|don't|didn't|wasn't|won't|can't|cannot)\b/iu;
const RETRACTION_WORDS = /\b(?:no longer|not|never|stopped|ceased|isn't|aren't|doesn't|don't|didn't|wasn't|won't)\b/giu;

/** The statement refers to the object itself (a deictic, or the category). */
function refersToObject(text: string, categories: readonly string[]): boolean {
  if (/\b(?:this|that|these|those|it|its|one)\b/i.test(text)) return true;
  // any word that names the object's own category (the first): "the user's son's boots" is about the shoes
  const names = [...(categories.length ? namesOf(categories[0]) : []), ...categories];
  return names.some((n) => new RegExp(`\\b${n}(?:e?s)?\\b`, "i").test(text));
}

/**
 * A named subject or "the user's <someone>" doing something, with no word for the object:
 * a fact about that someone. "the user goes jogging" stays on the object (the user is who the
 * object serves); "the user's favourite" stays too (no verb: a fragment about the object).
 */
export function aboutAnotherEntity(text: string, categories: readonly string[]): boolean {
  // "the user's other mug (the striped one) got a chip": a fact about another of the user's objects
  if (/^(?:the user's|their) other\b/i.test(text.trim())) return true;
  if (refersToObject(text, categories)) return false;
  const t = text.trim();
  // the user (or "they": the user, rewritten) is who the object serves, not another entity
  if (/^(?:the user|they|the user is|i|we)\b(?!')/i.test(t)) return false;
  const verb = String.raw`(?:is|are|was|were|has|have|had|will|can|\p{L}+s|\p{L}+ed)\b`;
  const subject = t.match(
    new RegExp(String.raw`^(?:the user's|their|the) ((?:[\p{L}'-]+ ){0,3}?[\p{L}'-]+) ${verb}`, "iu"),
  );
  // "the user's yellow wellies are for rainy days": a subject told by its colour or material is
  // a thing, and, named by no category, the thing the episode is about (people have no colour)
  if (subject) {
    // "the new wire pair is for reading": a word that stands for a thing heads a subject that is the object
    if (STANDS_FOR_THING.has(subject[1].split(" ").at(-1)?.toLowerCase() ?? "")) return false;
    // "the user's evening tea goes in the blue enamel mug": what the subject goes in, on or
    // with, told by its looks and named by no category, is the object (people have no colour)
    const rest = t.slice(subject[0].length);
    if (!PERSON.test(subject[1]) && namesLooks(rest) && !PERSON.test(rest) && categoryNamed(rest) === null)
      return false;
    return !(namesLooks(subject[1]) && !PERSON.test(subject[1]) && categoryNamed(subject[1]) === null);
  }
  // a capitalised name as the subject ("Rex is …", "Aunt May visits …")
  // a capitalised name as the subject ("Rex is …", "Aunt May visits …"); "Black sunglasses" is
  // no name: a colour or material opens a description of a thing
  const named = t.match(new RegExp(String.raw`^((?:[A-Z][\p{L}'-]+ ){1,3})${verb}`, "u"));
  return named !== null && !/^(?:The|This|That|It|User)\b/.test(t) && !namesLooks(named[1]);
}

const GENERIC = new Set(
  (
    "the a an this that these those it its one ones thing things user user's users them they their themselves " +
    "is are was were be been being has have had do does did will would can could should of to in on at for with from by " +
    "as and or but so when while after before during into onto about very really just also still always usually " +
    "use uses used using wear wears wore worn take takes took carry carries carried bring brings keep keeps kept " +
    "get gets got go goes like likes no not longer never any anymore more now instead days these nowadays every each " +
    // a linking verb of change names no value ("has become the user's favourite")
    "become becomes became " +
    // nor does a verb of changing over ("switched to the red cap for running": running is the value)
    "switch switches switched switching swap swaps swapped swapping"
  ).split(" "),
);

function stem(w: string): string {
  let s = w.replace(/'s$/, "");
  if (s.length > 4 && s.endsWith("ies")) s = `${s.slice(0, -3)}y`;
  else if (s.length > 3 && s.endsWith("s") && !s.endsWith("ss")) s = s.slice(0, -1);
  if (s.length > 5 && s.endsWith("ing")) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith("ed")) s = s.slice(0, -2);
  // "running" → "runn" → "run"
  if (s.length > 3 && s.at(-1) === s.at(-2) && !/[aeiousl]/.test(s.at(-1) ?? "")) s = s.slice(0, -1);
  return s;
}

export function valueWords(text: string, categories: readonly string[]): Set<string> {
  const cats = new Set(categories.flatMap((c) => c.split(" ")));
  const words = text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? [];
  return new Set(words.filter((w) => !GENERIC.has(w) && !cats.has(w) && !cats.has(stem(w))).map(stem));
}

/** Nouns that stand for a thing already named, never for someone: "the new pair", "the small set". */
const STANDS_FOR_THING = new Set(["pair", "set", "one", "ones", "bunch", "thing", "things"]);

/** Words that stand for the object or ask about it, not for a value ("brass set is what …"). */
const NOT_A_VALUE = new Set(["what", "which", "who", "whom", "whose", "set", "pair", "bunch", "one", "ones"]);

/** A value's words without those that pick an object out (looks, object names) or stand for it. */
function usageWords(value: Set<string>): string[] {
  return [...value].filter((w) => !NOT_A_VALUE.has(w) && !looksOrObjectWord(w));
}

/**
 * Whether a change names the value another statement holds: once the words that pick either
 * object out are left out ("the little plastic one is for hiking now"), at least half of the
 * smaller value is shared ("… wears it for running, Tuesday and Thursday"). A change says less,
 * or other things, than the fact it replaces, so Jaccard overlap misses it; an empty value
 * names nothing.
 */
export function valueWithin(changed: Set<string>, held: Set<string>): boolean {
  const a = usageWords(changed).map(sameWord);
  const b = new Set(usageWords(held).map(sameWord));
  if (a.length === 0 || b.size === 0) return false;
  const shared = a.filter((w) => b.has(w)).length;
  return shared > 0 && shared >= 0.5 * Math.min(a.length, b.size);
}

/**
 * Whether a change shares a word of use with another statement's value, once the words that pick
 * either object out are left out: what a change said with a verb of changing over ("switched to
 * the red cap for running") needs to name of the fact it takes over, since it names the new
 * object and often a reason too, and says the role in fewer words than the old fact did.
 */
export function valueTouches(changed: Set<string>, held: Set<string>): boolean {
  const b = new Set(usageWords(held).map(sameWord));
  return usageWords(changed).some((w) => b.has(sameWord(w)));
}

/**
 * A stem as values are compared: a silent final "e" after a consonant left off, so that the base
 * form and its "-ing" / "-ed" forms meet ("commute" / "commuting", "hike" / "hiked"). Only for
 * comparing: the stems themselves keep it, where looks words are told by their spelling ("white").
 */
function sameWord(stemmed: string): string {
  return stemmed.length > 3 && /[^aeiouy]e$/.test(stemmed) ? stemmed.slice(0, -1) : stemmed;
}

/** Word overlap of two value sets (Jaccard, words compared as sameWord); 0 when either is empty. */
export function valueOverlap(a: Set<string>, b: Set<string>): number {
  const x = new Set([...a].map(sameWord));
  const y = new Set([...b].map(sameWord));
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * The user gave away, sold, donated or lent a thing told by its own description ("lent the red
 * tent to a neighbour", "the chipped mug the user gave away"), not by a pointing word: a
 * fact of the thing that left, not of the object at hand, and no one gave the object at hand.
 */
export function partsWithAnother(text: string): boolean {
  const gone = partedWith(text, true).filter((g) => !g.ended);
  return gone.length > 0 && gone.every((g) => !g.pointed);
}

export function kindOf(text: string): StatementKind | null {
  const own = text.replace(PEOPLE_STAYING, " ");
  const parting = partsWithAnother(text);
  for (const [kind, re] of CUES)
    if (kind === "giver" && parting) continue;
    else if ((kind === "place" ? re.test(own) : re.test(text)) && !(kind === "preference" && onlyInNames(text, re)))
      return kind;
  return null;
}

/**
 * People staying, living or sitting somewhere ("while relatives are staying in the annexe", "for the
 * grandkids who sleep over at the cabin"): where people are, not where the object is kept; a
 * verb of staying says the object's place only with the object, or its keeper, as its subject.
 */
const PEOPLE_STAYING = new RegExp(
  String.raw`\b(?:${PERSON_WORDS}|guests?|visitors?|people|folks?|friends|whoever|anyone|someone|everyone)(?:\s+who)?\s+(?:stay(?:s|ed|ing)?|live[sd]?|living|sit(?:s|ting)?|sleep(?:s|ing)?)\b`,
  "giu",
);

/**
 * Whether every word a cue finds is part of a name ("walks the puppy, Lucky, after work": the
 * dog's name, no liking of the object): a capitalised word past the first that the tagger reads
 * as a proper noun. Holidays and days are names too, but their cues are no adjectives of liking.
 */
function onlyInNames(text: string, cue: RegExp): boolean {
  const found = [...text.matchAll(new RegExp(cue.source, "giu"))];
  if (!found.every((m) => m.index > 0 && /^\p{Lu}/u.test(m[0]))) return false;
  const names = new Set(
    read(text)
      .tokens.filter((t, i) => i > 0 && t.pos === "PROPN")
      .map((t) => t.text),
  );
  return found.every((m) => m[0].split(/\s+/).every((w) => names.has(w)));
}

/**
 * Whether words say what holds since a change: a marker of the present against the past ("these
 * days", "now", "lately", "anymore", "since last week", in an informal spelling too) or a verb
 * of changing over ("switched").
 * Said in a request ("which coat is mine these days"), it asks for whatever took the role last.
 */
export function saysChange(said: string): boolean {
  const text = unaccented(respelled(said));
  return new RegExp(UPDATE_MARKERS.source, "iu").test(text) || CHANGE_VERBS.test(text);
}

/** Whether words say a change with a verb of changing over ("switched to", "swapped"): the role came from another object. */
export function saysSwitch(text: string): boolean {
  return CHANGE_VERBS.test(respelled(text));
}

/**
 * A statement as memory stores it: without its change markers ("these days", "instead", and an
 * "instead of the …" that names the replaced object), and whether it says a change, takes a
 * fact back, or names the object it replaced. A retraction is kept as said.
 */
/**
 * "not the big one", "not ceramic one", "not the leather ones": a negated noun phrase headed by
 * "one" names the object this one is told apart from; it negates no verb, so it takes no fact
 * back, and it says nothing of this object.
 */
const CONTRASTED_ONE =
  /,?\s*\b(?:and\s+|but\s+)?not\s+(?:(?:the|a|an|my|our|that|this|those|these)\s+)?(?:[\p{L}'-]+\s+){0,3}?(?:ones?|it)\b/giu;

/**
 * ", not leather,", ", not play,": a negated word or two set off by commas, no verb among them,
 * tells this object apart or says what it is not for; it takes no fact back ("…, not anymore" does).
 */
const CONTRASTED_ASIDE =
  /,\s*(?:and\s+|but\s+)?not\s+(?![^,;.]*\b(?:any\s?more|longer|since|until|till|yet|ever|now|really)\b)(?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+(?=\s*(?:[,;.]|$))/giu;
const saysNoVerb = (words: string) => !read(words).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");

export function plainStatement(said: string): {
  /** what is stored: without markers, or as said for a retraction */
  text: string;
  /** what is read for kind and value: without markers and without the retraction's words */
  read: string;
  update: boolean;
  retracts: boolean;
  replaced: string | null;
} {
  const { text: told, replaced } = insteadOf(said);
  const raw =
    told
      .replace(CONTRASTED_ONE, " ")
      .replace(CONTRASTED_ASIDE, (m) => (saysNoVerb(m.replace(/^[,\s]*(?:and|but)?\s*not\s+/iu, "")) ? "" : m))
      // "the ball not it and is for tennis": the conjunction joined the contrast to the verb
      .replace(/\s+(?:and|but)\s+(?=(?:is|are|was|were|has|have)\b)/giu, " ")
      .replace(/\s+/g, " ")
      .trim() || told;
  const update = replaced !== null || new RegExp(UPDATE_MARKERS.source, "iu").test(raw) || CHANGE_VERBS.test(raw);
  const retracts = RETRACTION.test(raw);
  let text = raw.replace(UPDATE_MARKERS, " ");
  if (retracts) text = text.replace(RETRACTION_WORDS, " ");
  text = text
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/^[\s,;:—–-]+|[\s,;:—–-]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) text = raw.trim();
  return { text: retracts ? raw.trim() : text, read: text, update, retracts, replaced };
}
