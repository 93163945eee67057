/**
 * Function words of Shetland and of the Doric that English reads otherwise or not at all: "dunna"
 * (don't), "du" (you, the old "thou"), "da" and "ida" (the, in the), "whan" (when), "maun" (must),
 * "twa" (two), "gang" (go), "bit" (but), "aye" (always), "hit" (it), "bide" (stay), "cry on" (call).
 * Unread, a ban said in them was read as nothing, or its room or hours were lost. Words that are
 * English words too ("du", "da", "hit", "aye", "gang", "bit", "bide", "cry") are read so only where
 * the English word cannot stand: "a bit", "the gang", "my da", "aye, go on" stay as said. It runs
 * before regional-words.ts, whose Norfolk "du" (do) would otherwise take Shetland "du".
 */
import { isWord, type Reading, readAsEnglish, type Token, wordTable } from "./token.ts";

/** Words read as English whatever stands beside them: none of them is an English word. */
const AS_ENGLISH: Record<string, string> = wordTable({
  dunna: "do not",
  dunnae: "do not",
  ida: "in the",
  whan: "when",
  maun: "must",
  twa: "two",
  // the Scots numbers and "atween" (between) that carry a window's hours: unread, the hours were lost
  atween: "between",
  efternoon: "afternoon",
  fower: "four",
  seeven: "seven",
  aicht: "eight",
  echt: "eight",
  alang: "along",
  ither: "other",
  hae: "have",
  sae: "so",
  whit: "what",
  unner: "under",
  aneath: "beneath",
  mair: "more",
  gie: "give",
  // Geordie: "gan" go, "gannin" going, "wor" our
  gan: "go",
  gannin: "going",
  wor: "our",
  // "ye're", "ye'd": the contraction's head is not read by the slang table
  ye: "you",
});

/** Words after which "da", "bit", "gang", "hit" are nouns: an article, a possessive, a quantity. */
const DETERMINER = new Set(
  "the a this that these those my your his her our their its every each any no some me ma wee little tiny big".split(
    " ",
  ),
);

/** Where the Shetland "du" is "you": before a modal or a form of be, or after the negation it follows. */
const AFTER_DU = new Set(
  "will 'll is 's are was wis has must maun can could should would 'd ever never aye always just jist".split(" "),
);

/** Subjects and the words of a verb's frame before "gang" (go): "ye can gang", "dinna gang", "to gang". */
const BEFORE_GO = new Set(
  "not no never ever to can will must maun should would could may might better you i we they and or".split(" "),
);

/** What a verb of going takes after it: "gang in", "bide oot", "gang alang the pier". */
const PARTICLE = new Set(
  "in into intae ida out oot along alang up down near ben by past through to tae awa away on oan ower over inside outside".split(
    " ",
  ),
);

/** What "bit" (but) opens: a negation, a subject, "only", a condition, an imperative of staying. */
const AFTER_BUT = new Set(
  "only do not never no dont you i we if when whan fan just jist keep stay bide please".split(" "),
);

/** A form of be or a subject before "aye" (always): "it's aye running", "you're aye underfoot". */
const BEFORE_ALWAYS = new Set("is 's are was were am be you i we they he she it".split(" "));

/** The verbs "hit" (it) is the subject of: "hit wis lyin", "hit's no there". */
const HIT_VERB = new Set("is 's was wis will 'll does did has".split(" "));

/** Words the article "an" never stands before, so "an" before them is "and": "an every time", "an it's wet". */
const AND_BEFORE = new Set("every each i it if its our us always ever even also either".split(" "));

/** Subordinators before which "a" or "ah" is the speaker, "I": "if a say so", "till ah say". */
const OPENS_I = new Set("if when whan fan till until unless".split(" "));
/** The verbs of asking or saying that "I" stands before there. */
const SAYS = new Set(["ask", "say", "tell"]);

/** The people called on: "cry on ye", "cry on me". */
const CALLED = new Set("you ye du me him her them us".split(" "));

function inContext(tokens: readonly Token[], k: number): Reading | undefined {
  const w = tokens[k].w;
  const prev = tokens[k - 1]?.w ?? "";
  const next = tokens[k + 1]?.w ?? "";
  if (
    w === "du" &&
    (prev === "not" || prev === "dunna" || prev === "dunnae" || AFTER_DU.has(next) || /^[a-z]{3,}s$/.test(next))
  )
    return { words: ["you"], span: 1 };
  // "da byre" is the byre; "my da", "da's room" stay the father's
  if (w === "da" && !DETERMINER.has(prev) && isWord(next) && next !== "'s") return { words: ["the"], span: 1 };
  if (w === "i" && next === "da" && isWord(tokens[k + 2]?.w)) return { words: ["in", "the"], span: 2 };
  if (w === "o" && next === "da") return { words: ["of"], span: 1 };
  if (w === "hit" && HIT_VERB.has(next) && !DETERMINER.has(prev)) return { words: ["it"], span: 1 };
  if (w === "aye" && BEFORE_ALWAYS.has(prev) && isWord(next)) return { words: ["always"], span: 1 };
  if (w === "gang" && BEFORE_GO.has(prev) && (PARTICLE.has(next) || !isWord(next))) return { words: ["go"], span: 1 };
  if ((w === "bide" || w === "bides") && PARTICLE.has(next))
    return { words: [w === "bide" ? "stay" : "stays"], span: 1 };
  if (w === "bit" && !DETERMINER.has(prev) && isWord(prev) && AFTER_BUT.has(next)) return { words: ["but"], span: 1 };
  // "only fan we cry on ye": "fan" (when) after "only", never "the only fan I have"
  if (w === "fan" && prev === "only" && !DETERMINER.has(tokens[k - 2]?.w ?? "") && isWord(tokens[k + 1]?.w))
    return { words: ["when"], span: 1 };
  if ((w === "a" || w === "ah") && OPENS_I.has(prev) && SAYS.has(next)) return { words: ["i"], span: 1 };
  if (w === "an" && AND_BEFORE.has(next)) return { words: ["and"], span: 1 };
  if (w === "cry" && next === "on" && CALLED.has(tokens[k + 2]?.w ?? "")) return { words: ["call"], span: 2 };
  // "ye'd better nae gang": "no" (nae) between "better" and its verb is "not"
  if (w === "no" && prev === "better" && isWord(next) && !DETERMINER.has(next) && next !== "one")
    return { words: ["not"], span: 1 };
  return undefined;
}

/** The tokens with these Shetland and Doric words read as the English they stand for. */
export const islandWords = (tokens: readonly Token[]): Token[] => readAsEnglish(tokens, inContext, AS_ENGLISH);
