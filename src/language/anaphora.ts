/**
 * A request whose object is a pronoun pointing back ("change that", "knock it off", "don't do
 * that again"): what it is about was said before, or not at all, so it cannot be kept in its own
 * words. The learner asks, or, beside a clause that says what is meant, leaves it to that clause.
 *
 * Read by position, not by the tagger (which reads "change that" as a noun and a conjunction):
 * the pronoun is the clause's last word but for particles and adverbs of time or manner.
 */

/** Pronouns that point back at something said or done, and "there", at a place said before. */
const POINTING_BACK = new Set(["it", "that", "this", "those", "these", "them", "there"]);
/** Words that may follow the object of a phrasal verb or close a request without saying what it is about. */
const CLOSING = new Set([
  "off",
  "up",
  "down",
  "out",
  "around",
  "round",
  "back",
  "over",
  "again",
  "anymore",
  "please",
  "now",
  "then",
  "instead",
  "already",
  "ok",
  "okay",
  "thanks",
  // how wholly: "forget it entirely"
  "entirely",
  "completely",
  "altogether",
  "totally",
]);

/** A word that may close a clause after its object and says nothing of what the object is: "now", "again", "entirely". */
export const closesClause = (w: string) => CLOSING.has(w);

/**
 * The words of "any more", "any longer", and the bare "more" many learners say for them ("I don't
 * need it more"): how long a need is denied, after its object; never what the object is.
 */
const NO_LONGER = new Set(["any", "more", "longer"]);
export const saysNoLonger = (w: string) => NO_LONGER.has(w);

/** Whether a clause's words end on a pronoun pointing back: its object is only that. */
export function endsPointingBack(words: readonly string[]): boolean {
  const ws = words.filter((w) => /\p{L}/u.test(w));
  let k = ws.length - 1;
  while (k > 0 && CLOSING.has(ws[k])) k--;
  return k > 0 && POINTING_BACK.has(ws[k]);
}

/** Nouns for a rule the robot keeps. */
const RULE_NOUN = new Set([
  "rule",
  "rules",
  "ban",
  "bans",
  "restriction",
  "restrictions",
  "limit",
  "limits",
  "instruction",
  "instructions",
]);
/** Whether a word is a noun for a rule the robot keeps ("the night rule", "that ban"). */
export const isRuleNoun = (w: string) => RULE_NOUN.has(w.toLowerCase());

/** Verbs of changing something. */
const CHANGE_VERB = new Set([
  "change",
  "switch",
  "move",
  "shift",
  "swap",
  "adjust",
  "alter",
  "amend",
  "modify",
  "revise",
  "correct",
  "tweak",
  "fix",
  "update",
  "redo",
]);

/** Words that only soften the request after them. */
const SOFTENING = new Set(["please", "pls", "plz", "kindly", "just"]);

/**
 * "please change that", "kindly update it": a verb of change whose object only points back, and
 * nothing more; before a colon it leads into the change itself, said after it.
 */
export function onlyChangesWhatItPointsAt(words: readonly string[]): boolean {
  const ws = words.filter((w) => /\p{L}/u.test(w));
  let k = 0;
  while (k < ws.length && SOFTENING.has(ws[k])) k++;
  return CHANGE_VERB.has(ws[k]) && POINTING_BACK.has(ws[k + 1]) && ws.slice(k + 2).every((w) => CLOSING.has(w));
}

/** Verbs of taking back what was said: "scratch that", "forget it". */
const TAKE_BACK_VERB = new Set(["scratch", "forget", "cancel", "ignore", "disregard", "strike"]);

/**
 * "scratch that", "forget it": a verb of taking back whose object only points back, and nothing
 * more; before a change said next in the sentence ("scratch that, make it 5 to 7") it only leads
 * into that change, which says what becomes of the rule.
 */
export function takesBackWhatItPointsAt(words: readonly string[]): boolean {
  const ws = words.filter((w) => /\p{L}/u.test(w));
  let k = 0;
  while (k < ws.length && (SOFTENING.has(ws[k]) || ws[k] === "no" || ws[k] === "oh")) k++;
  return TAKE_BACK_VERB.has(ws[k]) && POINTING_BACK.has(ws[k + 1]) && ws.slice(k + 2).every((w) => CLOSING.has(w));
}

/** Whether words ask for a change in a verb of changing ("please change the hours", "adjust the times"). */
export function asksForAChange(words: readonly string[]): boolean {
  return words.some((w) => CHANGE_VERB.has(w));
}

/** Whether words talk about a rule: name one ("the attic rule", "that ban") or change what they point back at ("change it so …"). */
export function talksAboutARule(words: readonly string[]): boolean {
  return words.some(
    (w, k) => RULE_NOUN.has(w) || (CHANGE_VERB.has(w) && k + 1 < words.length && POINTING_BACK.has(words[k + 1])),
  );
}
