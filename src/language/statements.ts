/**
 * A request's personalized context as statements about its object, one fact each, in the third
 * person ("my sister gave me" → "the user's sister gave them this mug"): the offline memorizer's
 * English (the heuristic backbone's extractor, src/policies/heuristic/extract.ts, calls it). The
 * asking is left out (requests.ts), a change of referent is read by grammar (referents.ts), and
 * what is left is split at clause boundaries (split-facts.ts), put in the third person, and the
 * object put back where a relative clause leaves a gap.
 */

import { goesOnWithFact, tellsNothing } from "./fragments.ts";
import { respelled } from "./informal.ts";
import { isLookWord } from "./looks.ts";
import { WRITTEN_NAME } from "./names.ts";
import { read } from "./nlp.ts";
import { categoryNamed, namesOf } from "./objects.ts";
import { CHANGE_SAID, describedTarget, readReferents } from "./referents.ts";
import { describedPart, INTERJECTION, REQUEST, REQUEST_ONLY, REQUEST_TAIL, TRAILING_ASK } from "./requests.ts";
import { inSaidOrder } from "./said-order.ts";
import { sentences } from "./sentences.ts";
import { LEADING, splitFacts } from "./split-facts.ts";
import { PERSON_WORDS } from "./statement-cues.ts";
import { SINCE_TIME } from "./time-words.ts";
import { IMPERSONAL_AFTER_IT } from "./weather-it.ts";

/** "Since March I …": the time it began says a change, as "now" does (memory reads "now"). */
const SINCE_A_TIME = new RegExp(`\\b${SINCE_TIME},?`, "giu");

/** A lead-in before a colon that says nothing of the object ("Things have changed:", "Quick update:"). */
const LEAD_IN = /^[^:]{1,40}:\s+/;

/**
 * A frame of saying or believing before the clause that holds the fact ("I must confess the
 * gold pen is …", "I should add that my aunt …", "I reckon it was …"): the frame is the user
 * talking, not a fact of the object. Only a clause that opens with a subject follows it.
 */
const STANCE =
  /^(?:(?:and|but|also|oh)\s+)?i\s+(?:(?:must|should|have to|'d|would|will|might|just|do|can)\s+)*(?:add|say|confess|admit|mention|note|think|guess|reckon|suppose|believe|feel|imagine|suspect)\s+(?:that\s+)?(?=(?:the|my|our|this|that|these|those|it|it's|its|his|her|their|he|she|they|[A-Z][\p{L}'-]*)\b)/iu;

/** "…, not the grey metal camera anymore": names what a change replaces, not a fact of this object. */
const CONTRAST =
  /,?\s*(?:and\s+|but\s+)?not (?:the|my|our|that|this|a|an) [^,.;]*?(?:anymore|any more|any longer)?(?=$|[,.;])/i;

/** "…, not phone anymore": the same contrast with the object named bare (checked: a category's name). */
const BARE_CONTRAST =
  /,?\s*(?:and\s+|but\s+)?not ([\p{L}'-]+(?: [\p{L}'-]+)?) (?:anymore|any more|any longer)(?=$|[,.;])/iu;

/** The contrast a fact ends with, if any: with a determiner, or a bare name of a category. */
function contrastIn(text: string): RegExpMatchArray | null {
  const bare = text.match(BARE_CONTRAST);
  return text.match(CONTRAST) ?? (bare && categoryNamed(bare[1]) !== null ? bare : null);
}

/** Categories whose name is a plural noun ("these keys are …"). */
const PLURAL = /(?:keys|shoes|eyeglasses|glasses|headphones|earphones|trousers|jeans|scissors|sunglasses)$/i;
const isPlural = (cat: string) => PLURAL.test(cat);
const thisOne = (cat: string) => `${isPlural(cat) ? "these" : "this"} ${cat}`;

function normalise(text: string): string {
  return respelled(text)
    .replace(SINCE_A_TIME, "now")
    .replace(/\bu\b/gi, "you")
    .replace(/\b(?:pls|plz)\b/gi, "please")
    .replace(/\b(it|that|this)'s\b/gi, "$1 is")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+-\s+|\s+—\s+|\s+–\s+/g, ", ");
}

/** Parts of speech of the words a demonstrative "that" can head: a noun phrase, no verb in it. */
const NOMINAL = new Set(["NOUN", "PROPN", "ADJ", "NUM"]);
/** What may follow such a noun phrase: a preposition, the clause's end, another relative word. */
const AFTER_NOMINAL = new Set(["ADP", "PART", "PUNCT", "SCONJ", "CCONJ", "PRON", "DET"]);
/** What cannot open the noun phrase a preposition's "that" heads ("in that I …", "so that is …"). */
const NOT_AFTER_PREPOSITION = new Set(["PUNCT", "PRON", "AUX", "SCONJ", "CCONJ"]);

/**
 * "need that ball for PE", "knitted that hat for her", "bought at that stall": a "that" heading a noun phrase is a
 * demonstrative, not a relative clause, and must not split the fact in two; it reads as "the".
 * "the bag that goes to work" and "the mug that my sister gave me" keep their relative "that":
 * a verb or a possessive follows it.
 */
function demonstrativeThat(text: string): string {
  const tokens = read(text).tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    let determiner = false;
    // after a preposition "that" can only be a determiner: "found at that market", "wore to that wedding"
    if (t.normal === "that" && i > 0 && tokens[i - 1].pos === "VERB") {
      let j = i + 1;
      while (j < tokens.length && j - i <= 3 && NOMINAL.has(tokens[j].pos)) j++;
      const next = tokens[j];
      determiner = j > i + 1 && (next === undefined || AFTER_NOMINAL.has(next.pos));
    }
    // after a preposition "that" heads what the preposition governs ("found at that market",
    // "wore to that wedding"), whatever tag the next word gets ("that shed"); never a relative
    if (t.normal === "that" && i > 0 && tokens[i - 1].pos === "ADP") {
      const next = tokens[i + 1];
      determiner = next !== undefined && !NOT_AFTER_PREPOSITION.has(next.pos);
    }
    out.push(`${i === 0 ? "" : t.space}${determiner ? (t.text[0] === "T" ? "The" : "the") : t.text}`);
  }
  return out.join("");
}

/** Words that cannot stand between a determiner and the object's name in a description of its looks. */
const NOT_A_LOOK =
  /^(?:i|me|my|her|his|their|our|she|he|they|we|you|it|that|which|who|is|was|are|the|a|an|to|of|for|with|from|in|on|at|and|or|but|one|ones|thing|item)$/i;

const PRONOUNS: [RegExp, string][] = [
  [/\bi'm\b/gi, "the user is"],
  [/\bi've\b/gi, "the user has"],
  [/\bi'd\b/gi, "the user would"],
  [/\bi'll\b/gi, "the user will"],
  [/\bmy\b/gi, "the user's"],
  [/\bmine\b/gi, "the user's"],
  [/\bmyself\b/gi, "themselves"],
  [/\bme\b/gi, "them"],
  [/\bi\b/gi, "the user"],
  [/\bour\b/gi, "the user's"],
  [/\bus\b/gi, "them"],
  [/\bwe\b/gi, "the user"],
  [/\bam\b/gi, "is"],
];

export function toThirdPerson(text: string): string {
  let t = text;
  for (const [re, to] of PRONOUNS) t = t.replace(re, to);
  return t.replace(/\s+/g, " ").trim();
}

const FILLER = new Set(["the", "a", "an", "this", "that", "it", "one", "there", "here", "please", "now", "again"]);

function isContentless(fragment: string, category: string | null): boolean {
  const words = fragment.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const content = words.filter((w) => !FILLER.has(w) && w !== category && w !== "my" && w !== "me");
  return content.length === 0;
}

/**
 * The instruction's personalized context as single-fact statements about the target. A change
 * of referent (src/language/referents.ts: "the striped one got a chip, so these days I use the
 * green one") gives the old object's facts as statements about the user's other object, and
 * the facts the change gives the target end "instead of the <old one>", which memory reads to
 * supersede exactly that fact on the object the description names.
 */
export function statementsFromInstruction(instruction: string, category: string | null): string[] {
  const cat = category ?? "object";
  const out: string[] = [];
  const looks = new Set<string>();
  const add = (x: string) => {
    if (!out.includes(x)) out.push(x);
  };
  const addLooks = (x: string) => {
    looks.add(x);
    add(x);
  };
  const whole = normalise(instruction.trim());
  const changeSaid = CHANGE_SAID.test(whole);
  const replaced: string[] = [];
  const asides: string[] = [];
  let carried: string[] | null = null;
  // the person the last fact was about ("my daughter has ballet…"): "she", "his" go on about them
  let person: string | null = null;
  for (const said of sentences(whole).map(inSaidOrder)) {
    let sentence = said;
    const replacedBefore = replaced.length;
    if (category) {
      const r = readReferents(said, category, changeSaid, carried);
      if (r.replaced.length) {
        replaced.push(...r.replaced);
        asides.push(...r.aside.map((a) => agree(toThirdPerson(a))));
        carried = r.replaced[r.replaced.length - 1].split(" ").filter(Boolean);
      }
      // once a role moved, a described object of the category in the middle of a sentence is the new one
      if (replaced.length) {
        const target = describedTarget(r.rest, category);
        if (target.looks.length) addLooks(looksStatement(cat, target.looks));
        sentence = target.text;
      }
    }
    if (replaced.length === replacedBefore) {
      if (tellsNothing(said, category)) continue;
      // the fact a piece goes on with: the last said, other than a description of looks
      const last = out.findLastIndex((x) => !looks.has(x));
      if (last >= 0 && goesOnWithFact(said, category)) {
        out[last] =
          `${out[last].replace(/[.!]$/, "")}, ${agree(toThirdPerson(lowerFirst(said.trim().replace(/[.!]+$/, ""))))}`;
        continue;
      }
    }
    let text = sentence.replace(LEAD_IN, "").replace(INTERJECTION, "").replace(STANCE, "");
    if (REQUEST_ONLY.test(text)) continue;
    text = text.replace(REQUEST, "").replace(TRAILING_ASK, "").replace(REQUEST_TAIL, "").trim();
    // "…, not a backup anymore": what the object stopped being is kept, as a retraction
    const contrast = contrastIn(text);
    if (
      contrast &&
      !isContentless(contrast[0].replace(/\b(?:and|but|not|anymore|any more|any longer)\b/gi, ""), category)
    )
      add(
        `${thisOne(cat)} ${isPlural(cat) ? "are" : "is"} ${contrast[0].replace(/^[\s,]*(?:and\s+|but\s+)?/i, "").trim()}`,
      );
    if (contrast) text = text.replace(contrast[0], "").trim();
    if (!text || REQUEST_ONLY.test(text)) continue;
    for (const raw of splitFacts(lead(objectFirst(demonstrativeThat(text), category), category, addLooks))) {
      const fragment0 = lead(objectFirst(inSaidOrder(raw.replace(LEADING, "")), category), category, addLooks);
      // "the ones I use on the bus": the head noun stands for the object the gap names
      let fragment = fragment0.replace(/^(?:the|this|that) ones?\s+(?=\S+\s)/i, "").trim();
      const retracts = fragment.startsWith(RETRACT_MARK);
      fragment = fragment.replace(RETRACT_MARK, "").trim();
      if (!fragment || isContentless(fragment, category)) continue;
      // a request said again in passing ("… Could you get it for me?") tells nothing about the object
      if (/^(?:(?:please|ok|okay)\s+)?(?:could|can|would|will) you\b/i.test(fragment)) continue;
      if (/^please\b/i.test(fragment)) {
        fragment = fragment
          .replace(REQUEST, "")
          .replace(/^please\b\s*/i, "")
          .trim();
        if (!fragment || isContentless(fragment, category)) continue;
      }
      if (REQUEST_ONLY.test(fragment)) continue;
      // "using it at the gym now": a gerund with an object and no subject is the user's doing
      if (/^\p{L}+ing\s+(?:it|them|this|these|the|my|our)\b/iu.test(fragment)) fragment = `I am ${fragment}`;
      // a plural object is "them" before "them" comes to mean the user ("I wear them every morning")
      const own = isPlural(cat) ? fragment.replace(/\bthem\b/i, thisOne(cat)) : fragment;
      const statement = fillObjectGap(agree(toThirdPerson(withSubject(samePerson(own, person), cat))), cat);
      person = personSubject(statement) ?? person;
      add(retracts ? noLonger(statement, cat) : statement);
    }
  }
  if (replaced.length) {
    const facts = out.filter((x) => !looks.has(x));
    const changed = facts.filter((x) => CHANGE_SAID.test(x));
    const old = replaced.find((r) => r.length > 0) ?? replaced[0];
    for (const x of changed.length ? changed : facts) {
      if (/\binstead of\b/i.test(x)) continue;
      // an old object of another category is named with its own ("… instead of the yellow ball")
      const named = old !== undefined && categoryNamed(old) !== null && categoryNamed(old) !== category;
      out[out.indexOf(x)] =
        `${x.replace(/[.!]$/, "").replace(/,?\s*\binstead$/i, "")} instead of the ${named ? old : `${old ? `${old} ` : "other "}${cat}`}`;
    }
    for (const a of asides) add(a);
  }
  // what no rule could shape is still kept, as said, as a statement of this object: never nothing
  if (out.length === 0 && !sentences(whole).every((x) => tellsNothing(x, category))) {
    const said = describedPart(whole).replace(INTERJECTION, "").trim();
    if (said && !isContentless(said, category)) out.push(`${thisOne(cat)}: ${agree(toThirdPerson(said))}`);
  }
  return out;
}

/** A piece said after a fact, as it reads inside it. */
const lowerFirst = (x: string) => (/^(?:I|I'\S+)\b/.test(x) ? x : x.charAt(0).toLowerCase() + x.slice(1));

/** "the user's daughter has ballet …": the person a statement is about, when it opens with one. */
function personSubject(statement: string): string | null {
  // "Hany, the user's husband, gave …": the relation set beside a name is the person
  const m = statement
    .replace(new RegExp(`^${WRITTEN_NAME}, (?=the user's )`, "u"), "")
    .match(new RegExp(`^the user's (?:[\\p{L}-]+ )?(?:${PERSON_WORDS})\\b`, "iu"));
  return m ? m[0] : null;
}

/**
 * "she needs it for that", "his boots": a third-person pronoun opening a fact, right after a fact
 * about one of the user's people, is that person (in the user's words: "my daughter").
 */
function samePerson(fragment: string, person: string | null): string {
  if (!person) return fragment;
  const mine = person.replace(/^the user's\b/i, "my");
  return fragment.replace(/^(?:she|he)\b/i, mine).replace(/^(?:his|her)\b(?=\s+\p{L})/iu, `${mine}'s`);
}

/** "the mug is small and green and glass" (plural categories: "are"). */
function looksStatement(cat: string, words: string[]): string {
  return `the ${cat} ${isPlural(cat) ? "are" : "is"} ${words.join(" and ")}`;
}

/** A category's names as a pattern ("specs", "glasses", "eyeglasses"; a plural -s or -es allowed). */
function namesPattern(category: string): string {
  const names = [...namesOf(category)].sort((a, b) => b.length - a.length);
  return `(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?:e?s)?`;
}

/**
 * The object named first: the words before its name are the user's description of its looks
 * (`add`ed as a statement of their own); "… is the one I bring hiking" says the rest of it.
 */
function lead(text: string, category: string | null, add: (statement: string) => void): string {
  let t = text.trim();
  if (category) {
    const cat = category;
    const one = describedOne(t, cat);
    if (one) {
      add(looksStatement(cat, one.looks));
      if (one.having) add(`${thisOne(cat)} ${isPlural(cat) ? "have" : "has"} ${one.having}`);
      t = t.slice(one.length);
    }
    const m = one
      ? null
      : t.match(new RegExp(`^(my|our|the|a|an)\\s+((?:[\\p{L}'-]+\\s+){1,4}?)${namesPattern(cat)}\\b`, "iu"));
    if (
      m &&
      !m[2]
        .trim()
        .split(/\s+/)
        .some((w) => NOT_A_LOOK.test(w) || namesOf(cat).has(w.toLowerCase()))
    ) {
      const words = m[2].trim();
      add(/^(my|our)$/i.test(m[1]) ? `the user's ${words} ${cat}` : looksStatement(cat, words.split(/\s+/)));
      t = t.slice(m[0].length);
    } else {
      t = t.replace(new RegExp(`^(?:my|our|the|a|an)?\\s*${namesPattern(cat)}\\b`, "iu"), "");
    }
  }
  return t
    .replace(
      /^\s*,?\s*(?:is|are|was)\s+((?:now|still|no longer|not)\s+)?(?:the one|the ones|what)\s+(?:that\s+|which\s+|who\s+)?/i,
      (_, marker: string | undefined) =>
        marker && /no longer|not/i.test(marker) ? `${RETRACT_MARK} ` : marker && /now/i.test(marker) ? "now " : "",
    )
    .trim();
}

/**
 * "This small gold one with the leather strap is …", "those black ones are …", "that blue watch
 * with the cracked face was …": an object pointed at and told by its looks, as a subject. Its
 * looks are a statement of their own, what it has ("with the leather strap") another, and the
 * rest goes on about it. Only words of looks before the head: "the other one", "that old one"
 * and "the one" point without describing and are left to the readings after.
 */
function describedOne(text: string, cat: string): { looks: string[]; having: string | null; length: number } | null {
  const m = text.match(
    new RegExp(
      `^(?:the|this|that|these|those)\\s+((?:[\\p{L}-]+\\s+){1,3}?)(?:ones?|${namesPattern(cat)})\\b(\\s+with\\s+((?:a|an|the|its|their)\\s+(?:[\\p{L}-]+\\s+){0,2}[\\p{L}-]+))?(?=\\s*(?:,|is\\b|are\\b|was\\b|were\\b))`,
      "iu",
    ),
  );
  if (!m) return null;
  const looks = m[1].trim().split(/\s+/);
  if (!looks.every(isLookWord)) return null;
  return { looks, having: m[3] ?? null, length: m[0].length };
}

/** Marks a fragment that came after "no longer the one …": its statement is a retraction. */
const RETRACT_MARK = "\u0000no-longer\u0000";

/** "the user saves this toy for special occasions" → "the user no longer saves this toy for …" */
function noLonger(statement: string, cat: string): string {
  const named = new RegExp(`^((?:the|this|these) ${cat})\\s+(\\S+)(.*)$`, "iu");
  const m =
    statement.match(named) ??
    statement.match(/^(the user|the [\p{L} ]+?|this [\p{L} ]+?|these [\p{L} ]+?)\s+(\S+)(.*)$/iu);
  return m ? `${m[1]} no longer ${m[2]}${m[3]}` : `no longer: ${statement}`;
}

/**
 * "the one that is my favorite is the grey plaid camera" / "it is the one I keep as a backup":
 * put the object first, so that what the user says of it follows it as it does everywhere else.
 */
function objectFirst(text: string, category: string | null): string {
  if (!category) return text;
  const np = `(?:the|my|our|this|that)\\s+(?:[\\p{L}'-]+\\s+){0,4}${category}s?`;
  const m = text.match(
    new RegExp(
      `^((?:now|from now on|these days)[,]?\\s+)?the ones?\\s+(.+?)\\s+(?:is|are)\\s+(now\\s+)?(${np})\\s*$`,
      "iu",
    ),
  );
  // a change keeps its marker: memory reads "now" as the latest word on it
  if (m) return `${m[4]} is ${m[1] || m[3] ? "now " : ""}the one ${m[2]}`;
  // "it is the brown one she sleeps with": its looks, then what the user says of it
  const looks = text.match(/^(?:it|this|that) is the ((?:[\p{L}-]+ ){1,3})ones? (.+)$/iu);
  if (
    looks &&
    !looks[1]
      .trim()
      .split(/\s+/)
      .some((w) => NOT_A_LOOK.test(w))
  )
    return `the ${looks[1]}${category} is the one ${looks[2]}`;
  // "it is the one …" / "now it is the one …": the object is the subject
  const it = text.match(/^((?:now|from now on|these days)[,]?\s+)?(?:it|this|this one|that one)\s+(is|are|was)\s+/i);
  if (it) return `the ${category} ${it[2]} ${it[1] ? "now " : ""}${text.slice(it[0].length)}`;
  return text;
}

/** Words a clause can open with as its subject; a clause that opens otherwise has the object as its subject. */
const SUBJECT =
  /^(?:(?:now|these days|nowadays|lately|from now on|usually|always|often|also|still|sometimes|mostly|only|just)[,]?\s+)*(?:i|i'm|i've|i'd|i'll|we|we're|we've|you|he|she|they|it|it's|this|these|those|that|there|my|our|his|her|their|the|a|an|some|someone|somebody|everyone|everybody|nobody|guests?|visitors?|people|friends?|[A-Z][\p{L}'-]*)\b/u;

/** "usually rides in my car" (a relative clause about the object) → "the keys usually ride…": the object is its subject. */
function withSubject(fragment: string, cat: string): string {
  if (SUBJECT.test(fragment)) return fragment;
  // a bare predicate ("is a gift", "was my dad's") is handled where gaps are filled
  if (/^(?:is|was|are|were|has|had)\b/i.test(fragment)) return fragment;
  return `the ${cat} ${fragment}`;
}
const PREPOSITION =
  "to|on|in|at|for|with|before|after|during|every|each|when|whenever|while|from|into|as|around|near|by|under|over|behind|beside|inside|outside|through|throughout";
const NOT_BASE_VERB =
  /^(?:is|was|are|were|has|had|have|will|would|can|could|should|must|may|might|does|did|always|never|often|usually|sometimes|just|still|also|only)$/i;

/** Past tenses without -ed: already agree with any subject ("the user got", never "gots"). */
export const IRREGULAR_PAST = new Set(
  (
    "got bought brought took gave made kept found left won sent lent wore ate drank ran swam wrote sold told came went saw " +
    "had did put held grew knew threw drew flew chose stole hid met paid said sat slept spent stood taught thought caught " +
    "fought built felt fed led lost meant heard understood read set cut hit let shut began broke forgot rode hung dug spun " +
    "won bit lit shot stuck swung struck sang rang"
  ).split(" "),
);
/** Base verbs that only look inflected. */
const LOOKS_INFLECTED = /^(?:bring|sing|ring|swing|cling|fling|sting|string|need|feed|bleed|speed|breed|heed|weed)$/i;
/** Adverbs that may come before the verb ("these days I wear …"). */
const ADVERBS = "these days|nowadays|now|lately|usually|always|often|also|still|sometimes|mostly|mainly|only|just";

/** "the user use" → "the user uses" (the subject is third person now). */
function agree(s: string): string {
  // "no longer" and "never" stand between the subject and its verb: "the user no longer keeps"
  const re = new RegExp(
    `^((?:(?:${ADVERBS}),?\\s+)*the user(?:\\s+(?:${ADVERBS}|no longer|never))*)\\s+([a-z]+)\\b(?!')`,
    "i",
  );
  const agreed = s.replace(re, (all, subj: string, verb: string) => {
    if (NOT_BASE_VERB.test(verb) || IRREGULAR_PAST.has(verb.toLowerCase())) return all;
    if (/(?:s|ed|ing)$/i.test(verb) && !LOOKS_INFLECTED.test(verb)) {
      if (!/ss$/i.test(verb)) return all;
      return `${subj} ${verb}es`;
    }
    if (/^(?:do|go)$/i.test(verb) || /(?:sh|ch|x|z)$/i.test(verb)) return `${subj} ${verb}es`;
    return `${subj} ${verb.replace(/([^aeiou])y$/i, "$1ie")}s`;
  });
  // negations of the base verb: "the user don't" → "the user doesn't"
  return agreed.replace(/^((?:(?:[a-z]+),?\s+)*?the user)\s+don't\b/i, "$1 doesn't");
}

/**
 * Relative clauses leave the object out ("that I take to the gym"): put it back so the
 * statement stands alone ("the user takes this backpack to the gym").
 */
function fillObjectGap(s: string, cat: string): string {
  const it = thisOne(cat);
  // "… gave them" / "… sleeps with": the object is what is missing at the end
  if (/\b(?:gave|got|bought|sent|lent|made|brought|gifted|handed)\s+them$/i.test(s)) return `${s} ${it}`;
  // "… gave them this mug last spring": the object is already there
  const named = new RegExp(
    `\\bthem\\s+(?:the|this|these|that|those)\\s+(?:[\\p{L}'-]+\\s+){0,3}?${namesPattern(cat)}\\b`,
    "iu",
  );
  const given =
    !named.test(s) &&
    s.match(
      /^(.*\b(?:gave|got|bought|sent|lent|made|brought|gifted|handed)\s+them)\s+(?=(?:for|on|at|in|when|as|after|before|during|last|this|from)\b)/i,
    );
  if (given) return `${given[1]} ${it} ${s.slice(given[0].length)}`;
  // "it" names the object, except as the subject after a subordinator ("when it rains")
  // nor the weather's or the hour's ("it pours", "it gets dark")
  const object = new RegExp(
    `(?<!\\b(?:when|whenever|if|because|while|before|after|until|unless|as|once|since) )\\bit\\b(?!${IMPERSONAL_AFTER_IT})`,
    "i",
  );
  // "needs the pink bag for it": with the object named, "it" is something else
  const objectNamed = new RegExp(
    `\\b(?:the|this|these|that|those)\\s+(?:[\\p{L}'-]+\\s+){0,3}?${namesPattern(cat)}\\b`,
    "iu",
  );
  if (object.test(s) && !objectNamed.test(s)) return s.replace(object, it);
  if (new RegExp(`\\b(?:${PREPOSITION})$`, "i").test(s)) return `${s} ${it}`;
  if (/\b(?:this|that|the) one\b/i.test(s)) return s.replace(/\b(?:this|that|the) one\b/i, it);
  // a bare predicate ("used on weekday mornings", "is a gift") is about the object
  if (/^(?:is|was|has|had)\b/i.test(s)) return `the ${cat} ${s}`;
  if (/^are\b/i.test(s)) return `the ${cat} ${s}`;
  // the object of a preposition that is followed straight by another phrase: "travels with on the
  // plane", "turns to for a few pages", "could never part with because of the memories"
  const dangling =
    /^(.*?\b(?:with|to|on|for|at|about|of|from|into|onto|upon|across|after|through))\s+(?=(?:on|at|in|during|every|each|when|whenever|while|before|after|because|around|for|to|from|if|these days|nowadays|now(?! on))\b)/i;
  const m = s.match(dangling);
  if (m && /^(?:the user|they|the user's|[A-Z])/i.test(s) && !new RegExp(`\\b${cat}\\b`, "i").test(m[1]))
    return `${m[1]} ${it} ${s.slice(m[0].length)}`;
  const gap = new RegExp(
    `^((?:(?:${ADVERBS}),?\\s+)*(?:the user(?:'s [\\p{L}-]+)?|they|guests?|visitors?|people|someone|everyone)(?:\\s+(?:${ADVERBS}))*\\s+(?:(?:is|was|are|were)\\s+)?[\\p{L}]+)(?=\\s+(?:${PREPOSITION}|everywhere|anywhere|along|daily|everyday|most days|all the time|lucky|special|precious|hiking|back|out|away|up|down|as|best|most|more|under|over|behind|beside|inside|outside|next)\\b|$)`,
    "iu",
  );
  // "moved on to the grey beanie": a verb whose object the preposition after it names has no gap
  if (new RegExp(`\\b(?:${PREPOSITION})\\s+(?:[\\p{L}'-]+\\s+){0,3}?${namesPattern(cat)}\\b`, "iu").test(s)) return s;
  return s.replace(gap, `$1 ${it}`);
}
