/**
 * Clause shapes of room acts: the passive, negation and permission around a room, what a
 * permission leaves out, a room's qualifiers, a refusal said alone, and what a revision replaces.
 * Read by the learner's room steps (src/rules/learn); built from act-words.ts where a class exists.
 */
import { FREE_CHOICE, NEG, NEG_GERUND, PERMIT, STOP } from "./act-words.ts";
import { POINTED_TIME } from "./time-words.ts";
import { findTimes } from "./times.ts";

/** A form of "be", the passive's auxiliary ("is not to be entered", "must never be used"). */
export const BE_FORM = /^(?:be|been|being)$/;

/** A verb's past participle, as the passive takes it: "entered", "used", "gone (into)". */
export const PARTICIPLE = /^(?:[a-z]+ed|gone|driven|run|got|gotten)$/;

export const AUX = /^(?:do|does|did|will|would|should|can|could|must|may|might|shall|are|is)$/;

export const EXCEPT_ROOM =
  /\b(?:except|unless|other than|apart from|but not|besides|instead of|rather than|save for)\b/;

/** What a permission leaves out: the words of an exception, and a bare "but" ("anywhere but the garage"). */
export const LEFT_OUT = /\b(?:except(?: for)?|other than|apart from|but not|but|besides|save for)\b/;

/** Everywhere: a permission that names no room. */
export const EVERYWHERE = new RegExp(`\\b${FREE_CHOICE}\\b`);

/** A negation, or a verb of ending before a gerund ("stop going"), as whole words. */
export const NEGATED = new RegExp(`\\b(?:${NEG}|${NEG_GERUND})\\b`);

/** A "not" that forbids by itself: "not allowed", "not for you", "not a place for you". */
export const FORBIDDEN_NOT = /not allowed|not for|not (?:a |the )?place/;

/** A verb of ending: before a gerund it negates ("stop going"), it is no stop in a room. */
export const ENDING_VERB = /^(?:stop|quit)$/;

/** Words that start with a gerund ("going in …"). */
export const GERUND_START = /^\w+ing\b/;

/** A determiner: after one, "stop" is a noun ("the stop"). */
export const DETERMINER = /^(?:your|the|my|a|an|this|that|its)$/;

/** A word of permission, as whole words ("you can", "feel free to"). */
export const PERMITS = new RegExp(`\\b(?:${PERMIT})\\b`);

/** A verb of ending up somewhere, as whole words ("stop", "park"). */
export const STOPS = new RegExp(`\\b(?:${STOP})\\b`);
/** One verb of ending up alone, the whole of a word: "stop", "wait", "linger". */
const STOP_WORD = new RegExp(`^(?:${STOP})$`);
/**
 * "don't stop and wait there", "never park or sit in it": two verbs of ending up joined are one
 * act, with one negation and one room, never a second request that starts at the second verb.
 */
export const stopVerbsJoined = (before: string, after: string) => STOP_WORD.test(before) && STOP_WORD.test(after);
/** Whether one word is a verb of ending up ("wait", "lingering"): a "there" right after it is where, never "there is". */
export const isStopWord = (w: string) => STOP_WORD.test(w);

/** "not the bathroom": a negated object with no verb. */
export const NOT_THE = /\b(?:not|no)(?: (?:in|into|inside|through))? (?:the|my|that)\b/;

/** "not" or "never", as whole words. */
export const NOT_OR_NEVER = /\b(?:not|never)\b/;

/** Adverbs that may stand between a negation and the predicate it negates: "not really off limits". */
const BETWEEN_NEGATION = new Set(["really", "now", "currently", "actually", "even", "still", "so", "any", "longer"]);

/**
 * Whether the predicate at `at` is negated by the words right before it: "is not closed to you",
 * "is no longer off limits", "is never out of bounds". Such a predicate lifts a ban, it makes none.
 */
export function predicateNegated(words: readonly string[], at: number): boolean {
  let k = at - 1;
  for (let n = 0; n < 2 && k >= 0 && BETWEEN_NEGATION.has(words[k]) && words[k - 1] !== "no"; n++) k--;
  const w = words[k];
  return w === "not" || w === "never" || (w === "longer" && words[k - 1] === "no");
}

/** "not", as a whole word. */
export const NOT_WORD = /\bnot\b/;

/** … or after it ("the bathroom upstairs", "the bedroom on the second floor"). */
export const AFTER_QUALIFIER =
  /^(?:upstairs|downstairs|(?:on|at) the (?:first|second|third|top|ground|upper|lower|bottom|main) (?:floor|level)|(?:at|in) the (?:back|front|end)\b(?: of the (?:hall|hallway|corridor|house))?)/;

/** "the baby 's room": a possessive as the tokenizer splits it. */
export const POSSESSIVE_S = / 's/g;

/** "the kids rooms": a plural of room at the end of a name. */
export const PLURAL_ROOMS = /rooms$/;

/** "there", "it", "that": the room named before. */
export const BACK_REFERENCE = /\b(?:there|it|that)\b/;

/**
 * "don't go on it", "never set foot on it", "you go not on it": going on a place one stands on (a
 * bridge, a deck, a ladder), so "it" is the room named before. Only "go" and "set foot": "walk on
 * it", "step on it", "stand on it" are as often said of a rug, a floor or a toy in the room, and
 * "get on it" (start) of no place at all.
 */
const GOES_ON = /^(?:go|goes|going|went|gone|venture|ventures|foot)$/;

/** Whether a word is a verb of going that takes a place after "on" ("go on it", "set foot on it"). */
export const goesOnto = (w: string) => GOES_ON.test(w);

/**
 * "don't stop on it", "never park on it": ending up on a place one stands on (a landing, a jetty), so
 * "it" is the room named before, as after "go". Only "stop", "park", "halt", "linger" and
 * "loiter": "wait on it" and "rest on it" are as often of no place at all.
 */
const ENDS_UP_ON =
  /^(?:stop|stops|stopping|stopped|park|parks|parking|parked|halt|halting|linger|lingering|loiter|loitering)$/;

/** Whether a word is a verb of ending up that takes a place after "on" ("stop on it"). */
export const endsUpOnto = (w: string) => ENDS_UP_ON.test(w);

/** "there you never go", "here you don't stop": a word of place fronted, pointing at the room named before. */
export const PLACE_POINTER = /^(?:there|here)$/;

/** A form of "be". */
export const COPULA = /^(?:be|being|been)$/;

/** "only", "only ever", "you can only": what makes a room act an exception to a ban. */
export const ONLY_BEFORE = /\bonly(?: ever)?(?: (?:to|you can|you may|can|may))?$/;

/**
 * A focusing word that limits what follows it to that alone: said right before when a ban holds
 * ("keep out only from 10 to 6"), it belongs to the when, and is no object of the verb.
 */
export const FOCUS_BEFORE_WHEN = new Set(["only", "solely"]);

/** A negation that may stand right before a room with no verb: "never the cellar", "no lounge". */
export const NEGATION_BEFORE = /\b(?:not|no|never)\b/;

/** Words right before what a revision replaces: "the pantry, not the kitchen", "instead of the kitchen". */
export const REPLACED_END =
  /\b(?:instead of|rather than|not|and not|no longer|in place of)(?: (?:the|my|our|that|this))?$/;

/** A part that only says what comes next is the one replaced: "not the", "and not", "instead of the". */
export const REPLACED_LEAD =
  /^(?:(?:and|but|just|so|sorry|oops|whoops|wait|ah|oh|my bad)(?: ,)? )*(?:instead of|rather than|not|no longer|in place of)(?: (?:the|my|our|that|this))?$/;

/** A refusal said alone, after a room said alone: "cellar. never.", "workshop: no." */
export const BARE_REFUSAL =
  /^(?:no|never|nope|not ever|no way|no (?:entry|entrance|admittance|access|service|robots?|go))(?: (?:never|ever|again|please|thanks))*$/;

/**
 * A sign put on a room by a mark between them: "study = no entry", "loft: no access". The mark is
 * left out before the refusal is read.
 */
export const withoutSignMark = (text: string): string => text.replace(/^(?:=|:|-|–|—)\s+/, "");

/** A refusal that names what it refuses, as a sign does ("no entry", "no robots"): a standing notice. */
export const SIGN_REFUSAL = /\bno (?:entry|entrance|admittance|access|robots?)\b/;

/**
 * "no entry", "no access": a sign's refusal, whose noun is no room ("entry" is no entryway there).
 * `SIGN_NOUN` after `SIGN_NO`. The noun may be what is refused ("no service", the robot's
 * visits) or who ("no robots", as "no dogs" on a gate): either way the robot is kept out.
 */
export const SIGN_NO = /^no$/;
export const SIGN_NOUN = /^(?:entry|entrance|admittance|access|service|robots?)$/;
/** A sign's noun of ending up ("no stopping: the hall", "no_stop: porch" in a config's voice): the room is not to be stopped in. */
export const SIGN_STOP_NOUN = /^(?:stopping|stop|parking|waiting|loitering|lingering|standing)$/;

/**
 * The words between a sign's "no" and the room it is put on: "no entry: the attic", "no access to
 * the loft", "no entry - Gran's room", "no robots in the den". The sign's noun, then a colon, a dash or a preposition of
 * where, then at most a determiner.
 */
export function signBeforeRoom(between: readonly string[]): boolean {
  const [noun, mark, ...rest] = between;
  return (
    noun !== undefined &&
    SIGN_NOUN.test(noun) &&
    mark !== undefined &&
    /^(?::|-|–|—|to|into|for|in|inside)$/.test(mark) &&
    rest.length <= 1 &&
    rest.every((w) => DETERMINER.test(w))
  );
}

/** What refuses a room only with the hours said beside it: "not", "nothing". */
const REFUSED_AT_HOURS = /^(?:not|nothing|none)$/;

/**
 * A refusal of the room said before it, at hours said with it: "workshop: not 1-3 pm", "attic:
 * never after 9 pm". With the hours left out, what remains is a refusal said alone.
 */
export function refusesAtHours(text: string): boolean {
  const times = findTimes(text);
  if (!times.length) return false;
  let rest = text;
  for (const t of [...times].sort((x, y) => y.index - x.index))
    rest = rest.slice(0, t.index) + rest.slice(t.index + t.quote.length);
  // "not" alone refuses only with the hours it leaves out ("den: not after 9"); so does "nothing"
  // ("den: nothing after 9": nothing of the robot's there then)
  return refusalLeft(rest);
}

/**
 * What follows a room said alone refuses it, alone or at hours said with it: "cellar no",
 * "den no entry before 7", "den 9pm to 7am = no entry". `last` is the room's last word: a number
 * read into the room's name ("den 9") is the hour said after it when a time starts there.
 */
export function refusedAfterRoom(tail: string, last?: string): boolean {
  const rest = withoutSignMark(tail);
  if (BARE_REFUSAL.test(rest) || refusesAtHours(rest)) return true;
  if (last === undefined || !/^\d+$/.test(last)) return false;
  const timed = `${last} ${tail}`;
  return findTimes(timed)[0]?.index === 0 && refusesAtHours(timed);
}

/**
 * What is left of a refusal once the conditions said with it are taken out: "not", "never",
 * "nothing", or a refusal said alone ("den: not after supper" leaves "not").
 */
export function refusalLeft(rest: string): boolean {
  const left = withoutSignMark(rest.replace(/\s+/g, " ").trim());
  return REFUSED_AT_HOURS.test(left) || BARE_REFUSAL.test(left);
}

/**
 * "during that window no entry", "those hours: not": a refusal at hours pointed back at and
 * nothing else. Said after a rule holding one window, it says that rule again.
 */
const POINTED = new RegExp(`\\b(?:${POINTED_TIME})\\b`);
export function refusesAtPointedTime(text: string): boolean {
  const m = POINTED.exec(text);
  return m !== null && refusalLeft(text.slice(0, m.index) + text.slice(m.index + m[0].length));
}

/**
 * A refusal of the room said before it while something holds: "den: out while the baby sleeps",
 * "office: out when I am on calls", "den: not while she naps". The clause of when is read as the
 * ban's condition. "during …" is left out: its noun is not read as a condition in this shape.
 */
const REFUSED_WHEN = /^(?:out|keep out|stay out|not|never|no)(?: please)? (?:while|whilst|when|whenever) [a-z]/;
export const refusesWhen = (text: string): boolean => REFUSED_WHEN.test(text);

/** Words that open a copula's complement after a room: an article or an owner ("the den is my study"). */
export const COMPLEMENT_OPENER = /^(?:the|my|our|your|his|her|their)$/;
/** A copula after a room said: "the den is …", "the lofts were …". */
export const COPULA_AFTER_ROOM = /^(?:is|are|was|were)$/;

/** A noun of the clock after a room's name makes the name its modifier, no room: "office hours", "kitchen time". */
export const CLOCK_NOUN_AFTER = /^(?:hours?|times?|shifts?)$/;

/**
 * A token that makes the words before it the owner of what follows ("nan 's bedroom", "the kids '
 * room"): a room said after it is that person's room, narrower than the bare room.
 */
export const POSSESSIVE_MARK = /^(?:'s|s'|')$|^\w+(?:'s|s')$/;

/**
 * Words that make the room after them the end of a route ("to reach the den", "on the way to
 * the hall", "through to the study"): a place passed on the way to it is what the clause is about,
 * so a later "there" points back at that place, not at the goal.
 */
const ROUTE_GOAL_LEAD = [
  // "to" before the verb: its purpose ("to reach the den"), not a ban's object ("don't go to the den")
  ["to", "reach"],
  ["to", "get", "to"],
  ["to", "go", "to"],
  ["to", "access"],
  ["way", "to"],
  ["route", "to"],
  ["through", "to"],
  ["towards"],
  ["toward"],
];
/** Words between a route's verb and its room: an article or an owner's word. */
const GOAL_DETERMINER = new Set(["the", "a", "an", "my", "your", "his", "her", "our", "their", "its"]);

/** Whether the room whose first word is at `k` is the goal of a route said just before it. */
export function isRouteGoal(words: readonly string[], k: number): boolean {
  let j = k;
  if (GOAL_DETERMINER.has(words[j - 1] ?? "")) j--;
  return ROUTE_GOAL_LEAD.some((lead) => lead.every((w, i) => words[j - lead.length + i] === w));
}

/** The robot as a verb's subject, between a room said first and the verb ("porch, you no go"). */
export const ROBOT_SUBJECT: ReadonlySet<string> = new Set(["you", "u"]);

/**
 * A part that is only hours with "only" and politeness: "only after 9 pm please", "just only from
 * 6 to 8". Said after a rule it names, it says when that rule holds.
 */
export function onlyAtHours(text: string): boolean {
  const times = findTimes(text);
  if (times.length !== 1) return false;
  const t = times[0];
  const rest = `${text.slice(0, t.index)} ${text.slice(t.index + t.quote.length)}`.split(/\s+/).filter(Boolean);
  return rest.includes("only") && rest.every((w) => ONLY_AROUND_HOURS.has(w));
}
const ONLY_AROUND_HOURS = new Set(["only", "just", "please", "pls", "then", "now", "thanks", "ok", "okay"]);

/** A pronoun that stands for the room said before it, as a predicate's subject: "it's closed to you". */
const POINTING_SUBJECT = new Set(["it", "that"]);
/** The copula or auxiliary around such a subject, and words of focus or time: "does it stay", "it's only now". */
const AROUND_SUBJECT = new Set([
  "is",
  "'s",
  "does",
  "will",
  "stays",
  "stay",
  "remains",
  "remain",
  "only",
  "now",
  "still",
  "just",
]);

/**
 * Whether the words before a predicate are a pronoun standing for the room said before and its
 * copula or auxiliary ("it's only closed to you", "does it stay closed to you"): the predicate
 * is said of that room. A past copula ("it was closed") is news, and is not this.
 */
export function pronounSubjectOnly(words: readonly string[]): boolean {
  return (
    words.filter((w) => POINTING_SUBJECT.has(w)).length === 1 &&
    words.every((w) => POINTING_SUBJECT.has(w) || AROUND_SUBJECT.has(w))
  );
}

/** The robot named as a subject: "you", "u", "the robot", "robot". */
export function namesRobot(words: readonly string[]): boolean {
  const said = words.join(" ");
  return ROBOT_SUBJECT.has(said) || said === "robot" || said === "the robot";
}

/**
 * Words that place one room by another ("the pantry next to the kitchen", "the lamp room at the top
 * of the tower"): the room after them is a landmark that says which room is meant, not a second
 * room the clause is about. A rule keeps to the room it places; reading the landmark as a room of
 * its own would ban or allow a room the user never asked about.
 */
const LANDMARK_LEAD = [
  ["next", "to"],
  ["beside"],
  ["behind"],
  ["near"],
  ["above"],
  ["below"],
  ["beneath"],
  ["under"],
  ["underneath"],
  ["opposite"],
  ["across", "from"],
  ["off"],
  ["at", "the", "top", "of"],
  ["at", "the", "bottom", "of"],
  ["at", "the", "end", "of"],
  ["at", "the", "back", "of"],
  ["at", "the", "foot", "of"],
  ["on", "top", "of"],
  ["up", "in"],
  ["down", "by"],
];

/**
 * Whether the words from `from` up to the room at `k` only place that room by the room said just
 * before (`from` is where that room's words end): a landmark lead, then at most a determiner.
 */
export function isLandmark(words: readonly string[], from: number, k: number): boolean {
  let j = k;
  if (GOAL_DETERMINER.has(words[j - 1] ?? "")) j--;
  return LANDMARK_LEAD.some((lead) => j - from === lead.length && lead.every((w, i) => words[from + i] === w));
}

/**
 * Words of when or how often that may stand beside the subject between a fronted room and its
 * verb ("the den always you stay out", "the loft today you leave alone"): they say when the
 * verb holds, and leave the room its topic.
 */
const BESIDE_SUBJECT = new Set(["always", "today", "tonight", "now", "ever", "please"]);

/** Nouns of a place in general, which a room is said to be ("a place", "a spot", "a square"). */
const PLACE_NOUN = new Set(["place", "room", "spot", "square", "area", "space", "zone", "corner"]);

/**
 * "the den is a place you never go", "the loft is somewhere that you don't enter": the room said
 * to be a place, then a relative clause with the robot as subject whose verb's place is that room.
 * The words after the copula and its place noun (and relative word), or all of them when there is none.
 */
function afterPlaceCopula(words: readonly string[]): readonly string[] {
  if (!["is", "are", "s", "'s"].includes(words[0] ?? "")) return words;
  let k = 1;
  if (words[k] === "somewhere") k++;
  else if ((words[k] === "a" || words[k] === "an") && PLACE_NOUN.has(words[k + 1] ?? "")) k += 2;
  else return words;
  if (["that", "which", "where"].includes(words[k] ?? "")) k++;
  return words.slice(k);
}

/**
 * Whether the words between a fronted room and its verb are nothing, or the robot as subject, with
 * words of when beside it; the room may be said to be a place first ("is a place you …").
 */
export function onlySubjectBetween(words: readonly string[]): boolean {
  const rest = afterPlaceCopula(words).filter((w) => !BESIDE_SUBJECT.has(w));
  return rest.length === 0 || namesRobot(rest);
}
