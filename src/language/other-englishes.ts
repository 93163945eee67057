/**
 * Englishes the grammar does not read as written: Caribbean English and creole ("yuh nuh fi go
 * inna di cellar"), West African Pidgin ("make you no dey enter am"), and the English of a Dutch
 * or German speaker who puts the negation after the verb ("you enter not"). Each such word or
 * pair is read as the English it stands for, by word class, so the clause grammar reads the ban,
 * the one-off or the permission it says. Words that are English words too ("fit", "an", "don",
 * "na") are read so only beside the words that make them the other English's. A newcomer extends
 * the tables here.
 */
import { GOING_PARTICLE } from "./act-words.ts";
import { numberAt } from "./numbers.ts";
import { isWord, type Reading, readAsEnglish, type Token, wordTable } from "./token.ts";

/** Words read as English whatever stands beside them ("" drops a particle that says only stance). */
const AS_ENGLISH: Record<string, string> = wordTable({
  // Caribbean English and creole (its commonest words, "di", "inna", "yuh", "doan", are in slang.ts):
  // prepositions, pronouns, negation, nouns of things
  iina: "in",
  pon: "on",
  deh: "there",
  dere: "there",
  // "dats when mi cook": "that's", whose "th" is said "d"; an explanation opens on it ("that is when")
  dats: "that is",
  widout: "without",
  unnu: "you",
  yuhself: "yourself",
  cyaan: "can not",
  kyaan: "can not",
  haffi: "have to",
  neva: "never",
  eva: "ever",
  nuttn: "nothing",
  nutten: "nothing",
  ting: "thing",
  anyting: "anything",
  everyting: "everything",
  sumting: "something",
  tink: "think",
  wah: "what",
  ova: "over",
  dung: "down",
  likkle: "little",
  pickney: "child",
  // West African Pidgin
  abeg: "please",
  pikin: "child",
  una: "you",
  wey: "that",
  wetin: "what",
  comot: "leave",
  enta: "enter",
  wahala: "trouble",
  sha: "",
  sef: "",
  jare: "",
  abi: "",
  // Hawaiian Pidgin's "there" ("no stop out dea")
  dea: "there",
  // Colloquial Singapore English: sentence particles that say only stance ("ah" and "one" in context below)
  lah: "",
  leh: "",
  lor: "",
  meh: "",
  hor: "",
  // Geordie, Northern English and Scots: negations, verbs of going, pronouns, adverbs of place and
  // frequency ("divvent gan doon the stair", "ye can gan ower", "nivver gan in"), and the calls and
  // terms of address that open a clause and say only stance ("howay", "hinny", "reet")
  divvent: "do not",
  divvint: "do not",
  divvnt: "do not",
  dinnet: "do not",
  cannet: "can not",
  winnet: "will not",
  gan: "go",
  gans: "goes",
  gannin: "going",
  gannen: "going",
  gaun: "going",
  nivver: "never",
  niver: "never",
  nivir: "never",
  allus: "always",
  nowt: "nothing",
  owt: "anything",
  summat: "something",
  doon: "down",
  roond: "round",
  ower: "over",
  afore: "before",
  ahint: "behind",
  hame: "home",
  awa: "away",
  yous: "you",
  youse: "you",
  youz: "you",
  yinz: "you",
  yunz: "you",
  yall: "you",
  thoo: "you",
  yersel: "yourself",
  yersen: "yourself",
  thissen: "yourself",
  mesel: "myself",
  mesen: "myself",
  wor: "our",
  howay: "",
  haway: "",
  hinny: "",
  reet: "right",
  // New York English's Yiddish terms of endearment, said only to the listener
  bubbeleh: "",
  bubbele: "",
  tateleh: "",
  mamaleh: "",
  // Dutch said inside English, and Geordie's no
  nee: "no",
  niet: "not",
  nooit: "never",
  altijd: "always",
  hoor: "",
  toch: "",
  gezellig: "",
});

/** Subjects after which "fi" is "must" ("yuh fi stay out") and "fit" is "can" ("you fit enter"). */
const SUBJECT = new Set(["you", "u", "i", "me", "we", "una", "unnu", "them", "they", "he", "she", "e"]);

/** Objects "fi" is "for" before ("send yuh fi dat", "fi dem"), never a verb it would be "must" or "to" before. */
const OBJECT_AFTER_FI = new Set([
  "it",
  "me",
  "him",
  "her",
  "them",
  "dem",
  "us",
  "the",
  "a",
  "that",
  "dat",
  "this",
  "dis",
]);

/** Wh-words that Caribbean copula "a" stands before ("dis a where", "dat a how"), never an article's noun. */
const WH_AFTER_COPULA = new Set(["when", "where", "why", "how", "what", "who", "weh"]);

/** Subordinators after which Caribbean "mi" opens the clause as its subject ("when mi call", "if mi ask"). */
const OPENS_SUBJECT = new Set([
  "when",
  "whenever",
  "if",
  "unless",
  "till",
  "until",
  "once",
  "before",
  "after",
  "while",
]);

/** Auxiliaries before "verb not" that make it English already ("you do not go", "it is not"). */
const AUXILIARY = new Set(
  "do does did will would can could shall should must may might is are am was were be have has had".split(" "),
);

/** Verbs of going and staying that a Dutch or German word order puts before their negation. */
const MOVE_VERB = new Set(["go", "come", "enter", "walk", "step", "stay", "wait", "stand", "sit", "park", "stop"]);

/** Determiners and pronouns that the Caribbean "a" of "out a" ("out of") stands before. */
const OUT_A_BEFORE = new Set(["the", "di", "de", "that", "dat", "this", "dis", "it", "there", "deh", "dere", "here"]);

/** Words before "one" that make it the pronoun ("the sleeping one", "that one"), not the Singapore particle. */
const BEFORE_PRONOUN_ONE = new Set(
  "the a an this that these those my your his her our their its which every each any no other same last first next".split(
    " ",
  ),
);

/** Degree words before an adjective that make a clause-ending "one" the Singapore particle ("very narrow one"). */
const DEGREE = new Set(["very", "so", "too", "super", "damn", "quite", "really"]);

/** Words that end a said time, after which a bare "cannot" has no subject but the listener ("after 9 pm cannot"). */
const TIME_END = new Set(["am", "pm", "oclock", "night", "morning", "afternoon", "evening", "noon", "midnight"]);

/** The Singapore particles that close a clause. */
const PARTICLE = new Set(["lah", "leh", "lor", "meh", "hor", "ah"]);

const clauseEnd = (w: string | undefined): boolean => w === undefined || PARTICLE.has(w) || !/^[\p{L}\d]/u.test(w);

/** Forms of "be" before the Irish English perfect "after" + verb in -ing. */
const BE_FORM = new Set(["am", "is", "are", "was", "were", "s", "re", "m"]);

/** Dutch hours said "na tienen" (after ten): the hour words, read as the English numbers. */
const DUTCH_HOUR: Record<string, string> = wordTable({
  zevenen: "seven",
  achten: "eight",
  negenen: "nine",
  tienen: "ten",
  elven: "eleven",
  twaalven: "twelve",
});

/** The persons a French speaker's "demand" asks ("if I demand you"). */
const OBJECT_PRONOUN = new Set(["you", "u", "me", "him", "her", "them", "us"]);

/** Scots and Yiddish words that are "go" before a particle of going. */
const GO_WORDS = new Set(["gang", "schlep", "shlep"]);

/** The parts of the day Northern English says "of a" before ("of a night"), as the English reads them. */
const OF_A_PART: Record<string, string> = wordTable({
  night: "at night",
  morning: "in the morning",
  afternoon: "in the afternoon",
  evening: "in the evening",
  weekend: "at the weekend",
});

/** Words "of a night" follows as a time ("ten of a night", "go in of a night"), never a noun it belongs to ("the end of a night"). */
const beforeOfA = (prev: string | undefined): boolean =>
  clauseEnd(prev) ||
  TIME_END.has(prev ?? "") ||
  numberAt([prev ?? ""], 0) !== undefined ||
  PLACE_ADVERB.has(prev ?? "");

/** Words a verb in -ing may follow with the a-prefix of the Appalachians and the Ozarks ("you a-going", "keep a-coming"). */
const A_PREFIXED_AFTER = new Set([
  "you",
  "u",
  "me",
  "him",
  "them",
  "us",
  "keep",
  "keeps",
  "kept",
  "go",
  "goes",
  "went",
  "come",
  "comes",
  "be",
]);

/** Nouns in -ing an article may stand before ("a thing", "a building"). */
const ING_NOUN = new Set([
  "thing",
  "something",
  "nothing",
  "anything",
  "everything",
  "morning",
  "evening",
  "building",
  "ceiling",
  "meeting",
  "wedding",
  "painting",
  "warning",
  "feeling",
  "string",
  "ring",
  "king",
  "wing",
  "sibling",
  "ding",
]);

/** Words that put an hour on the clock ("from three", "until four"), never a span of hours ("for three hours"). */
const CLOCK_BEFORE = new Set(["from", "until", "till", "til"]);

/** Words after "N hours" that make it a span of time: "until three hours later", "two hours ago". */
const AFTER_DURATION = new Set([
  "later",
  "ago",
  "after",
  "before",
  "from",
  "of",
  "more",
  "long",
  "have",
  "has",
  "pass",
  "passed",
]);

/** An hour of the clock, 1 to 12, in digits or words. */
const clockHour = (w: string): boolean => {
  const n = numberAt([w], 0);
  return n !== undefined && n.value >= 1 && n.value <= 12;
};

/** Adverbs of place a time may follow ("stay out of a night"). */
const PLACE_ADVERB = new Set([
  "in",
  "out",
  "there",
  "here",
  "up",
  "down",
  "inside",
  "outside",
  "upstairs",
  "downstairs",
]);

/** Pronoun objects after which a clause-closing "more" is "any more": "I don't need it more". */
const MORE_OBJECT = new Set(["it", "that", "them", "this"]);

/**
 * Negations of other Englishes: Jamaican "nuh", and Trinidadian "doh" ("doh go in there"), "do
 * not" only before a word ("d'oh!" stands alone or before a mark).
 */
const NEGATING: Record<string, string[]> = { nuh: ["not"], doh: ["do", "not"] };

/** The words a pair (or a word in its context) stands for, and how many tokens it spans; undefined when none. */
function inContext(tokens: readonly Token[], k: number): Reading | undefined {
  const w = tokens[k].w;
  const next = tokens[k + 1]?.w;
  const prev = tokens[k - 1]?.w;
  // "nuh fi go" (must not), "yuh fi stay out" (must), "fi good" (for good), else "to"
  if (w === "nuh" && next === "fi") return { words: ["must", "not"], span: 2 };
  if (w === "fi") {
    // "send yuh fi dat": before its object, "fi" is "for"
    if (next === "good" || next === "ever" || OBJECT_AFTER_FI.has(next ?? "")) return { words: ["for"], span: 1 };
    return { words: [SUBJECT.has(prev ?? "") ? "must" : "to"], span: 1 };
  }
  if (Object.hasOwn(NEGATING, w) && (w === "nuh" || isWord(next ?? ""))) return { words: NEGATING[w], span: 1 };
  // "I don't need it more", "we do not want them more": a need or wish denied with "more" closing the
  // clause after its pronoun object says "any more", as Romance and Slavic speakers carry it over
  // ("nu mai", "ne plus", "už ne"); a comparison goes on ("… more than that") and is left as said
  if (w === "more" && tokens[k - 3]?.w === "not" && MORE_OBJECT.has(prev ?? "") && !isWord(next ?? ""))
    return { words: ["any", "more"], span: 1 };
  // "dis a where mi sit": "a" between a demonstrative and a wh-word is the copula
  if (w === "a" && (prev === "that" || prev === "dat" || prev === "this") && WH_AFTER_COPULA.has(next ?? ""))
    return { words: ["is"], span: 1 };
  // "dat a weh mi cook": "weh" after that copula is "where"
  if (w === "weh" && prev === "a" && ["that", "dat", "this", "dis"].includes(tokens[k - 2]?.w ?? ""))
    return { words: ["where"], span: 1 };
  // Pidgin "na there I dey read", "na here we eat": the copula "na" before a place and its subject
  // says "that is where"
  if (w === "na" && (next === "there" || next === "here") && SUBJECT.has(tokens[k + 2]?.w ?? ""))
    return { words: ["that", "is", "where"], span: 2 };
  // Caribbean "stay out a di cellar", "out a dat one": "a" after "out" and before a determiner is "of"
  if (w === "a" && prev === "out" && OUT_A_BEFORE.has(next ?? "")) return { words: ["of"], span: 1 };
  // Pidgin "no enter am", "make you no go am": "am" after a verb of going is its object, "it"
  if (w === "am" && MOVE_VERB.has(prev ?? "")) return { words: ["it"], span: 1 };
  // Pidgin "e dey flood", "e no good": "e" opening a clause before its verb is the subject pronoun, "it"
  if (w === "e" && (clauseEnd(prev) || OPENS_SUBJECT.has(prev ?? "")) && isWord(next))
    return { words: ["it"], span: 1 };
  // "him go a yard last week": "yard" after "go a" is home, no yard of the house
  if (w === "a" && next === "yard" && prev === "go") return { words: ["home"], span: 2 };
  // "when mi call yuh": "mi" (read "me") opening a clause after its subordinator is its subject, "I"
  if (w === "me" && OPENS_SUBJECT.has(prev ?? "") && isWord(next)) return { words: ["i"], span: 1 };
  // "make you no dey enter", "no dey go": do not
  if (w === "make" && next === "you" && tokens[k + 2]?.w === "no") {
    const dey = tokens[k + 3]?.w === "dey";
    return { words: ["do", "not"], span: dey ? 4 : 3 };
  }
  if (w === "no" && next === "dey" && isWord(tokens[k + 2]?.w)) return { words: ["do", "not"], span: 2 };
  if (w === "dey") return { words: [], span: 1 };
  // Pidgin's "for" of place: "make you no sit for inside", "wait for there" is in it, there; after a
  // verb of going or staying and before an adverb of place only ("wait for me" stays English)
  if (w === "for" && MOVE_VERB.has(prev ?? "") && PLACE_ADVERB.has(next ?? "")) return { words: [], span: 1 };
  // "you fit enter" (can), "I don finish" (have)
  if (w === "fit" && SUBJECT.has(prev ?? "") && isWord(next)) return { words: ["can"], span: 1 };
  if (w === "don" && SUBJECT.has(prev ?? "") && isWord(next)) return { words: ["have"], span: 1 };
  // "an di", "an mi": "and" before a consonant, where the article "an" never stands
  if (w === "an" && next !== undefined && /^[b-df-hj-np-tv-z]/.test(next)) return { words: ["and"], span: 1 };
  // "six an eight", "ten an eleven": between two numbers, "an" is "and" before a vowel too
  if (w === "an" && numberAt([prev ?? ""], 0) && numberAt([next ?? ""], 0)) return { words: ["and"], span: 1 };
  // "na tienen", "na 10": after, in Dutch, before an hour only
  if (w === "na" && next !== undefined && (next in DUTCH_HOUR || /^\d{1,2}$/.test(next)))
    return { words: ["after"], span: 1 };
  if (w in DUTCH_HOUR && prev === "na") return { words: [DUTCH_HOUR[w]], span: 1 };
  // Appalachian "don't be a-wandering in there": the "a" before a verb in -ing says nothing
  if (w === "a" && A_PREFIXED_AFTER.has(prev ?? "") && /^[a-z]{2,}ing$/.test(next ?? "") && !ING_NOUN.has(next ?? ""))
    return { words: [], span: 1 };
  // "from two hours until six hours", "until three hours": an hour of the clock said as French
  // "heures" or Arabic "sa'a" count it, after a word that puts it on the clock
  if (
    (next === "hours" || next === "hour") &&
    CLOCK_BEFORE.has(prev ?? "") &&
    clockHour(w) &&
    !AFTER_DURATION.has(tokens[k + 2]?.w ?? "")
  )
    return { words: [w, "oclock"], span: 2 };
  // "don't to go in", "please to not enter": the "to" of an infinitive put after "do not" or before
  // "not", as learners of English from Greek or French say it, read as the plain request
  if (w === "to" && prev === "not" && tokens[k - 2]?.w === "do" && isWord(next)) return { words: [], span: 1 };
  if (w === "to" && prev === "please" && next === "not" && isWord(tokens[k + 2]?.w)) return { words: ["do"], span: 1 };
  // "you enter not the study", "we sleep, you walk not up": the negation after a verb of going, read before it
  if (MOVE_VERB.has(w) && next === "not" && !AUXILIARY.has(prev ?? "")) return { words: ["do", "not", w], span: 2 };
  // "you enter it not": the pronoun object between the verb and its negation at the clause's end
  const closes = clauseEnd(tokens[k + 3]?.w) && tokens[k + 3]?.w !== "?";
  if (MOVE_VERB.has(w) && next === "it" && tokens[k + 2]?.w === "not" && closes && !AUXILIARY.has(prev ?? ""))
    return { words: ["do", "not", w, "it"], span: 3 };
  // Singapore English: "ah" after a topic ("the loft ah, ..."), "one" ending a clause after a verb
  // in -ing or a degree word and adjective ("baby sleeping one", "very narrow one"): particles of stance
  if (w === "ah" && isWord(prev) && clauseEnd(next)) return { words: [], span: 1 };
  if (w === "one" && clauseEnd(next) && prev !== undefined && !BEFORE_PRONOUN_ONE.has(tokens[k - 2]?.w ?? "")) {
    if ((/^[a-z]{3,}ing$/.test(prev) && prev !== "thing") || DEGREE.has(tokens[k - 2]?.w ?? ""))
      return { words: [], span: 1 };
  }
  // "don't anyhow go in": "anyhow" before a verb of going only says how carelessly; it adds no condition
  if (w === "anyhow" && MOVE_VERB.has(next ?? "")) return { words: [], span: 1 };
  // a bare "cannot" after a said time ("after 9 pm cannot"), or opening a clause before a verb of going
  // ("cannot go in"): the listener may not go there then
  if (w === "can" && next === "not") {
    const after = tokens[k + 2]?.w;
    if (TIME_END.has(prev ?? "") || /^\d/.test(prev ?? "")) {
      if (clauseEnd(after)) return { words: ["you", "can", "not", "go", "in"], span: 2 };
      if (MOVE_VERB.has(after ?? "")) return { words: ["you", "can", "not"], span: 2 };
    }
    if (clauseEnd(prev) && MOVE_VERB.has(after ?? "")) return { words: ["you", "can", "not"], span: 2 };
  }
  // Irish English "I'm after waxing it", "they're after being cleaned": a perfect (news, a reason), no time
  if (w === "after" && BE_FORM.has(prev ?? "") && /^[a-z]{2,}ing$/.test(next ?? "")) return { words: [], span: 1 };
  // Northern English "ten of a night", "gan in of a morning": at that part of every day
  if (w === "of" && next === "a" && tokens[k + 2]?.w in OF_A_PART && beforeOfA(prev)) {
    return { words: OF_A_PART[tokens[k + 2].w].split(" "), span: 3 };
  }
  // French "demander" said in English: "if I demand you", "I demand you to wait" is "ask"
  if ((w === "demand" || w === "demanded") && OBJECT_PRONOUN.has(next ?? "")) {
    const after = tokens[k + 2]?.w;
    if (clauseEnd(after) || after === "to") return { words: [w === "demand" ? "ask" : "asked"], span: 1 };
  }
  // Scots "dinnae gang in", Yiddish "don't schlep up there": before a particle of going, go (however
  // wearily), unless a determiner makes the word a noun ("the gang in there", "a schlep up the hill")
  if (GO_WORDS.has(w) && GOING_PARTICLE.test(next ?? "") && !BEFORE_PRONOUN_ONE.has(prev ?? ""))
    return { words: ["go"], span: 1 };
  // "o" ending a Pidgin clause ("make you wait small o,"): a particle of stance
  if (w === "o" && (next === undefined || !isWord(next))) return { words: [], span: 1 };
  return undefined;
}

/** The tokens with the other Englishes' words read as the English they stand for. */
export const otherEnglishes = (tokens: readonly Token[]): Token[] =>
  readAsEnglish(tokens, (ts, k) => clockInTwo(ts, k) ?? inContext(ts, k), AS_ENGLISH);

/** "two o clock": speech-to-text writes "o'clock" as two words; after an hour they are the one clock word. */
function clockInTwo(tokens: readonly Token[], k: number): Reading | undefined {
  const at = tokens[k].w === "o" && tokens[k + 1]?.w === "clock" && clockHour(tokens[k - 1]?.w ?? "");
  return at ? { words: ["oclock"], span: 2 } : undefined;
}
