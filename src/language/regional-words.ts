/**
 * Words of two British regional speeches the grammar does not read as written: Norfolk ("yew",
 * "hev", "dun't", "arternoon", "ollus") and North-East Scots, the Doric ("nicht", "ony", "ilka",
 * "fan" for when, "fit" for which, "the day" for today). Each is read as the English it stands for,
 * so a ban, its hours ("seven till nine at nicht" is the evening) and a one-off said in them are read.
 * Words that are English words too ("yew", "dew", "fan", "fit", "the day") are read so only where
 * the English word cannot stand: after no article, in a clause's first place, before a subject. It
 * runs before other-englishes.ts, whose West African "fit" (can) would otherwise take Doric "fit".
 * A newcomer extends the tables here.
 */
import { isWord, type Reading, readAsEnglish, type Token, wordTable } from "./token.ts";

/** Words read as English whatever stands beside them: none of them is an English word. */
const AS_ENGLISH: Record<string, string> = wordTable({
  // Norfolk: "dun't" is cut as "du" + "not"; "hev" have, "ollus" always, "owd" old
  du: "do",
  hev: "have",
  hent: "have not",
  arternoon: "afternoon",
  arternoons: "afternoons",
  ollus: "always",
  owd: "old",
  // "ter" for "to" run into the word: today, tonight, tomorrow; "fer" for
  terday: "today",
  ternight: "tonight",
  termorrer: "tomorrow",
  termorra: "tomorrow",
  fer: "for",
  // the Doric: night, any, every, just, stone, house, was, that (yon), go
  nicht: "night",
  nichts: "nights",
  ony: "any",
  onything: "anything",
  ilka: "every",
  jist: "just",
  stane: "stone",
  hoose: "house",
  wis: "was",
  thon: "that",
  gae: "go",
});

/** Words after which "yew", "dew", "fan" are nouns: an article, a possessive, a demonstrative. */
const DETERMINER = new Set(
  "the a an this that these those my your his her our their its every each any no some".split(" "),
);

/** The subjects a Norfolk "dew" (do) follows: "I dew the books", "yew dew go on". */
const SUBJECT = new Set(["i", "you", "yew", "we", "they", "he", "she"]);

/** Subjects the Doric "fan" (when) opens a clause before: "fan ye find it", "that's fan I watch". */
const OPENS_WITH = new Set(["i", "you", "ye", "yew", "we", "they", "he", "she", "it", "the", "my"]);

/** Nouns the Doric "fit" (which) stands before as a determiner: "tell me fit room ye got it in". */
const FIT_NOUN = new Set(["room", "rooms", "time", "way", "place", "floor"]);

/** Words "the day" follows as a noun, never as the Doric "today": "all the day", "in the day", "it's the day". */
const BEFORE_NOUN_DAY = new Set(
  "in during all for by of through throughout on at to from until till after before per each every whole same next rest end what which that is s was be".split(
    " ",
  ),
);

/** Words that carry "the day" on as a noun phrase: "the day of", "the day after", "the day I …", "the day the van came". */
const AFTER_NOUN_DAY = new Set(
  "of after before when that i you ye we he she they it is was will starts ends off out long the a my our your his her".split(
    " ",
  ),
);

/** The parts of the day that take "an" ("of an afternoon"), as typed and as Norfolk says them. */
const AN_PART = new Set(["afternoon", "arternoon", "evening", "evenin", "arvo"]);

/** A clause's edge: the message's start or end, or punctuation. */
const edge = (w: string | undefined): boolean => w === undefined || !/^[\p{L}\d]/u.test(w);

/** "the day", "the nicht" said as when, not as a noun: no preposition or article before it, nothing carrying it on after. */
function dayAdverb(tokens: readonly Token[], k: number): boolean {
  const prev = tokens[k - 1]?.w;
  const after = tokens[k + 2]?.w;
  return !BEFORE_NOUN_DAY.has(prev ?? "") && !DETERMINER.has(prev ?? "") && !AFTER_NOUN_DAY.has(after ?? "");
}

function inContext(tokens: readonly Token[], k: number): Reading | undefined {
  const w = tokens[k].w;
  const prev = tokens[k - 1]?.w;
  const next = tokens[k + 1]?.w;
  // Norfolk "yew" (you), "dew" (do): the tree and the wet are nouns, after an article only
  if (w === "yew" && !DETERMINER.has(prev ?? "")) return { words: ["you"], span: 1 };
  if (w === "dew" && SUBJECT.has(prev ?? "") && isWord(next)) return { words: ["do"], span: 1 };
  // the Doric "fan" (when) opening a clause before its subject, never "the fan I bought"
  if (w === "fan" && (edge(prev) || prev === "is" || prev === "and" || prev === "but") && OPENS_WITH.has(next ?? ""))
    return { words: ["when"], span: 1 };
  if (w === "fit" && FIT_NOUN.has(next ?? "") && !DETERMINER.has(prev ?? "")) return { words: ["which"], span: 1 };
  // the Doric "o" (of) before what it governs: "onything o mine"
  if (w === "o" && (next === "mine" || DETERMINER.has(next ?? ""))) return { words: ["of"], span: 1 };
  // "an'" (and), its d left out and an apostrophe in its place: "two an' four"
  // (the apostrophe typed onto the word, not a quotation opened after it: "an 'open' door")
  if (w === "an" && next === "'" && tokens[k + 1].start === tokens[k].end && isWord(tokens[k + 2]?.w))
    return { words: ["and"], span: 2 };
  // "of an arternoon", "of an evening": "of a" before a part of the day said with "an" (other-englishes.ts reads it)
  if (w === "an" && prev === "of" && AN_PART.has(next ?? "")) return { words: ["a"], span: 1 };
  // the Doric "an aw" (too) closing what it adds: "the den an aw"
  if ((w === "an" || w === "and") && next === "aw") return { words: ["too"], span: 2 };
  // the Doric "the day" (today) and "the nicht" (tonight), said as when
  if (w === "the" && next === "day" && dayAdverb(tokens, k)) return { words: ["today"], span: 2 };
  if (w === "the" && (next === "nicht" || next === "nite") && dayAdverb(tokens, k))
    return { words: ["tonight"], span: 2 };
  return undefined;
}

/** The tokens with these regional words read as the English they stand for. */
export const regionalWords = (tokens: readonly Token[]): Token[] => readAsEnglish(tokens, inContext, AS_ENGLISH);
