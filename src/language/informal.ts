/**
 * Informal spellings that stand for one standard word, spelt out once for every reader: the
 * memory extractor writes the standard word, and retrieval and the everyday concepts read it, so
 * "the evenin'" meets "in the evening" and "on me birthday" is the user's birthday, not theirs.
 *
 * Only spellings with one reading are spelt out:
 * - a dropped g marked by its apostrophe ("mornin'", "nothin'", "goin'"): without the apostrophe
 *   "in" ends many words of its own ("cabin", "margin");
 * - "em" / "'em" for "them": it is no other English word ("Em", capitalised without its
 *   apostrophe, is a name);
 * - "me" for "my" where a possessive is the only reading: after a preposition or a copula and
 *   before a word no object pronoun can precede ("for me birthday", "it's me beach read"), where
 *   "me" as an object would end the phrase ("a gift for me", "give it to me now").
 * - eye-dialect spellings of a word of time or change that no other word is spelt like (Scots
 *   "noo" for "now", "deid" for "dead"; Caribbean "dese" for "these"): a change said in them was
 *   read as no change, so the old object's fact kept its weight.
 * Other dialect words ("ma" is "my" and also a mother; "dem" is "them" and "those") are left as typed.
 */
import { wordTable } from "./token.ts";

/** Words after which "me" is an object pronoun, the phrase having ended: function words, adverbs, times. */
const AFTER_OBJECT_ME = new Set(
  (
    "the a an this that these those my your his her its our their some any all every each no not and or but nor so " +
    "then now too again please here there today tonight tomorrow yesterday back up down out in on off away over " +
    "through at to for with from of by about into onto round around if when while because as once before after " +
    "until till since than like alone either neither both much more most less just only also even still ever never " +
    "always sometimes often first last soon later right quick quickly is was are were am be been do does did can " +
    "could will would shall should may might must have has had it i you he she we they one"
  ).split(" "),
);

/** Where a possessive "me" may stand: after a preposition, or a copula ("it's me …", "is me …"). */
const BEFORE_POSSESSIVE_ME =
  "on|in|for|at|with|to|of|off|from|into|onto|round|around|under|by|about|near|behind|beside|after|before|during|is|was|it's|its|that's|thats";

/** Eye-dialect spellings with one standard reading, for the words that say a change or an end. */
const EYE_DIALECT: Record<string, string> = wordTable({ noo: "now", dese: "these", deid: "dead" });
const EYE_DIALECT_WORD = new RegExp(`(?<![\\p{L}'’])(${Object.keys(EYE_DIALECT).join("|")})(?![\\p{L}'’])`, "giu");

const DROPPED_G = /(?<![\p{L}'’])(\p{L}{2,}in)['’](?![\p{L}])/gu;
/** lower case, or after its apostrophe: "Em" alone is a name */
const THEM = /(?<![\p{L}'’])(?:['’][Ee]m|em)(?![\p{L}'’])/gu;
const POSSESSIVE_ME = new RegExp(`(?<![\\p{L}])(${BEFORE_POSSESSIVE_ME})(\\s+)me(\\s+)([\\p{L}]+)`, "giu");

/** The text with its informal spellings spelt out (see the module comment); everything else as typed. */
export function respelled(text: string): string {
  return text
    .replace(EYE_DIALECT_WORD, (w) => standardAs(w, EYE_DIALECT[w.toLowerCase()]))
    .replace(DROPPED_G, (_, stem: string) => `${stem}g`)
    .replace(THEM, (m) => (m.replace(/^['’]/, "")[0] === "E" ? "Them" : "them"))
    .replace(POSSESSIVE_ME, (all, before: string, s1: string, s2: string, next: string) =>
      AFTER_OBJECT_ME.has(next.toLowerCase()) ? all : `${before}${s1}my${s2}${next}`,
    );
}

/** `standard` in the case the word was typed in: capitalised when it was. */
function standardAs(typed: string, standard: string): string {
  return typed[0] === typed[0].toUpperCase() ? standard[0].toUpperCase() + standard.slice(1) : standard;
}
