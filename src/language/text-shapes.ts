/**
 * Shapes of plain text that read no word class: punctuation, spacing, stems and identifiers
 * (characters); whole-word matching, JSON fences and label noise for the compiler and reviewer
 * of src/rules (checks); and the words a read-back turns to the robot's person (read-back).
 */

// ---- characters -----------------------------------------------------------------------------

/** Punctuation after which a new part of a message starts (a comma, a dash, a sentence end). */
export const PART_CUT = /^(?:,|;|\.|!|\?|-|–|—|…|:)$/;

/** "precisely", "very clearly": how well something is done, nothing of what. */
export const MANNER_ADVERB = /^(?:[a-z]+ly|very|well|properly|now)$/;

/** A token that is a word or a number, not punctuation. */
export const isWordToken = (w: string) => /[a-z0-9]/.test(w);
/** A number of one or two digits, as an hour is written ("9", "10"). */
export const isHourDigits = (w: string) => /^\d{1,2}$/.test(w);

/** Words of a text split at white space. */
export const spaced = (text: string) => text.split(/\s+/);

/** A text with runs of white space made one space. */
export const oneSpaced = (text: string) => text.replace(/\s+/g, " ");

/** A text with only its letters and digits, other runs made one space ("Don't!" → "don t"). */
export const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, " ");

/** A statement without its closing punctuation and space. */
export const withoutEndPunctuation = (text: string) => text.replace(/[.!?,;:\s]+$/, "");

/** A word, lower case, three letters or more: one that can say what a clause is about. */
export const isPlainWord = (w: string) => /^\p{Ll}{3,}$/u.test(w);

/** A name a JSON field can have: "found", "room_name". */
export const isIdentifier = (w: string) => /^[a-z_][a-z0-9_]*$/.test(w);

/** A word's stem for matching states across tenses: "naps", "napping" → "napp"/"nap". */
export const crudeStem = (w: string) => w.replace(/'s$/, "").replace(/(?:ing|es|s|ed)$/, "");

// ---- checks ---------------------------------------------------------------------------------

/** Anything but a letter, a digit, an apostrophe or a space: where a reply's words are cut. */
export const NOT_WORD_CHAR = /[^\p{L}\p{N}' ]+/gu;

/** A word or phrase as a whole word, any case, any spacing: "sir" is not in "desire". */
export function asWholeWords(literal: string): RegExp {
  const body = literal
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "iu");
}

/** A reply that is one fenced JSON block: its body is group 1. */
export const JSON_FENCE = /^\s*```(?:json)?\s*([\s\S]*?)```\s*$/;

/** A field that holds a room: "room", "foundRoom". */
export const ROOM_FIELD = /room/i;

/** A fence's opening and closing marks, as a model may wrap JSON. */
export const FENCE_OPEN = /^```(?:json)?/;
export const FENCE_CLOSE = /```$/;

/** The words of a text, letters and digits only. */
export const wordsIn = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Label words that are no part of a room's name: "bedroom_2" is a bedroom. */
export const LABEL_NOISE = /[_\d]+/g;

/** Apostrophes, straight or curly. */
export const APOSTROPHE = /['’]/g;

/** Runs of anything but lower-case letters and spaces. */
export const NOT_LETTER_OR_SPACE = /[^a-z ]+/;

/** Words that ask for JSON, or JSON as a transcriber hears it after "in" or "as" ("in jason"). */
export const ASKS_JSON = /json|field|key|propert|\b(?:in|as) jason\b/i;

/** Words that ask where something was. */
export const ASKS_WHERE = /\b(room|where|location|place)\b/i;

/** Typographic quotes as plain ones, same length: a model often retypes ’ as '. */
export const plainQuotes = (s: string) => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"');

/** Where the first part of a dotted or spaced name ends: "reply.text" → "reply". */
export const NAME_PART_END = /[.\s]/;

// ---- read-back ------------------------------------------------------------------------------

/** Runs of letters and apostrophes: the words a read-back turns to the robot's person. */
export const LETTER_RUN = /[A-Za-z']+/g;

/** A curly apostrophe. */
export const CURLY_APOSTROPHE = /’/g;

/** A condition's opening "if", "when", "whenever", "while", "provided", "assuming". */
export const LEADING_WHEN =
  /^\s*(?:if|when|whenever|while|as long as|so long as|assuming|provided|providing|on condition)\s+/i;

/** An exception that says itself: "unless …", "except …". */
export const LEADING_EXCEPT = /^\s*(?:unless|except|other than|apart from|but not|besides)\b/i;

/** A condition said with "when", "while", "if" or a word of proviso ("provided", "assuming"). */
export const STARTS_WHEN = /^(?:when|while|if|as long as|so long as|assuming|provided|providing|on condition)\b/i;

/** A rule in the robot's words that starts with "not". */
export const LEADING_NOT = /^not /;
