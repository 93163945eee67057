/**
 * Word classes of what a message does besides stating a rule: pointing back at one said before,
 * revising or adding to it, taking back what was just said, stressing it, saying nothing
 * (fillers), praising, asking for an object (a task, no correction), or asking for care in
 * general with no measure. Read so that none of these is mistaken for a new rule.
 */

import { REPLY_FORMAT, REPLY_LENGTH } from "./reply-words.ts";
import { END_NAMED_TO } from "./time-words.ts";
import { alt } from "./word-class.ts";

/**
 * Words that say a message was not said to the robot, or was only talk: "that wasn't for you", "I
 * wasn't talking to you", "just chatting", "thinking out loud". Where nothing else was read, such a
 * message corrects nothing; so does one said outright to be no rule ("no rule, just saying",
 * "nothing to change").
 */
export const NOT_FOR_YOU = `(?:(?:that|this|it)(?: one)? (?:was|is) not (?:(?:meant|said|aimed|directed) )?(?:for|to|at) (?:you|u)|not (?:talking|speaking) to (?:you|u)|just (?:chatting|making conversation|thinking (?:out loud|aloud)|saying)|thinking (?:out loud|aloud)|(?:no|not a) rule(?= (?:,|\\.|;|!|just)| *$)|nothing (?:to|for you to) (?:do|change))`;

/** Words that only ask for care in general: what to do is not said. */
export const VAGUE_BEHAVIOR = alt([
  // a degree with no measure ("a bit quieter", "more considerate", "in general")
  "more",
  "less",
  "greater",
  "bit",
  "little",
  "general",
  "generally",
  "considerate",
  "thoughtful",
  "quieter",
  "careful",
  "carefully",
  "better",
  "properly",
  "nicer",
  "nice",
  "good",
  "right",
  "appropriate",
  "appropriately",
  "sensible",
  "sensibly",
  "smarter",
  "smart",
  "correctly",
  "well",
  "like that",
  "that way",
  "the same",
  // conduct asked in general ("behave yourself", "mind your manners"): said bare, "behave" is
  // "behave well", a degree with no act, room or hour to check, whatever "when …" follows it
  "behave",
  "behaves",
  "behaving",
  "manners",
]);

/**
 * Words that stand in for a thing named elsewhere ("the other one", "the same", "that stuff"): in a
 * behaviour in the user's words they say nothing of what to do, so they count as no content.
 */
export const STAND_IN_WORDS: ReadonlySet<string> = new Set([
  "one",
  "ones",
  "other",
  "others",
  "same",
  "else",
  "thing",
  "things",
  "stuff",
]);

/** Words that point back at something said before: a statement with one is about a rule, never idle talk. */
export const REFERENCE = alt([
  "same",
  "rule",
  "rules",
  "one",
  "ones",
  "thing",
  "told",
  "said",
  "asked",
  "ok",
  "fine",
  "allowed",
]);

/** Words that turn a value into a revision of one already stored. */
export const REVISING = alt([
  // "make it short", "make it json" ask for a length or a format, no new value of a rule in force
  `make (?:that|it)(?! (?:${REPLY_LENGTH}|${REPLY_FORMAT})\\b)`,
  // said tersely, a number right after: "make 25", "let's say 25"
  "(?:make|let us say|lets say)(?= (?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\\b)",
  "change (?:that|it|the limit)? ?to",
  "(?:set|switch) (?:that|it) to",
  // a verb of change, what it changes (a rule, named or pointed at), and what it becomes: "move the attic rule to mornings"
  "(?:change|changes|switch|move|shift|swap)(?: (?:that|it|the|this|my|your|[a-z]+)){0,3} (?:rule|ban|one|limit|restriction)s? to",
  // the rule named by its room alone, the new hours right after: "change the den to 3 till 5"
  "(?:change|changes|switch|move|shift)(?: (?:the|my|our|[a-z]+)){1,3} to(?= (?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\\b)",
  // a rule named and its new hours said as what it now is, the verb often left out in terse
  // speech: "the den rule is now 6 to 9", "cellar ban now 1900 to 2200", "the closure now runs 7 to 11"
  "(?:rule|ban|restriction|limit|one|closure|curfew)s? (?:is |are )?now(?: (?:runs?|holds?|applies|lasts?|goes))?(?= (?:from |between )?(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\\b)",
  // "new hours for the den: 6 to 9", "new times 2300 to 0500"
  "new (?:hours|times|window|timetable|schedule)",
  "actually",
  "instead",
  "rather",
  "correction",
  "update",
  // "I meant the evenings, not the mornings": what was said before, put right
  "(?:i|we) meant",
  // its subject left out after an apology or opening the clause, as quick typing does: "sorry meant the loft"
  "(?:(?<=\\b(?:sorry|sry|soz|oops|whoops|my bad)(?: ,)? )|^)meant(?= (?:the|my|our)\\b)",
  // "sorry, I mean the laundry, not the store": said with nothing before it to put right, the message before
  "(?:i|we) mean(?= (?:the|my|our)\\b)",
  "raise (?:it|that|the limit) to",
  "lower (?:it|that|the limit) to",
  // "the study one should only kick in from 11pm": a rule's new start
  "(?:start|starts|begin|begins|kick in|kicks in)(?= (?:at|from|after|around)\\b)",
  // "move the start to 9", "the end is now 8 am": an end of a rule's hours named as a noun, put at a new hour
  `(?:start|beginning|end|finish)(?: time)?(?=${END_NAMED_TO}(?:\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\\b)`,
  // "end it at seven, not four", "start it from 10": a bound of the rule's hours said as a command, the rule its object
  "(?:end|finish|stop|start|begin) (?:it|that)(?= (?:at|until|till|til|around|from) (?:\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\\b)",
  // "the garage ban should run until 7": a rule's new end
  "(?:end|ends|finish|finishes|run|runs|last|lasts)(?= (?:at|until|till|til|around) (?:\\d|noon|midnight))",
  // "so 1 to 3 would suffice", "ten words will do": a new value said to be enough is the value from now on
  "(?<=(?:\\d|am|pm|noon|midnight|words|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty) )(?:would|will|should) (?:suffice|do|be (?:enough|plenty|sufficient))",
]);
export const ADDITIVE = alt(["also", "too", "as well", "in addition", "additionally", "plus", "add", "another"]);

/**
 * Words a speaker takes back what they just said with, for what follows ("the den, no wait, I mean
 * the loft"). Not "actually" or "rather" alone: "…, actually the loft too" adds, it takes nothing back.
 */
export const TAKE_BACK = alt([
  "no wait",
  "wait no",
  "wait",
  "no sorry",
  "sorry",
  "i mean",
  "i meant",
  "or rather",
  "scratch that",
  "oops",
  "my bad",
  "no no",
  "hang on",
]);

/**
 * Words that take back what was just said even with no comma before them, as a voice transcript
 * runs on ("stay out of the hall uh no the cellar", "the den no wait i mean the study"): a bare
 * "wait" or "sorry" there may be anything, so only these open a repair uncut.
 */
export const TAKE_BACK_UNCUT = alt([
  "(?:(?:uh|um|umm|er|erm|ah) )?(?:no|nah) (?:wait|sorry|hang on|hold on|i mean|i meant)",
  // "the hall no the cellar" (hesitations are gone by then): "no" straight before a determiner negates nothing after it
  "(?:no|nah)(?=(?: ,)? (?:the|my|our|your|\\d+)\\b)",
  "(?:wait|sorry|hang on|hold on|oops) (?:no|nah|i mean|i meant)",
  "i mean",
  "i meant",
  "or rather",
  "scratch that",
  "no no",
]);

/**
 * Taking back what was just said, with a word that undoes it ("wait, no", "no, sorry", "I mean"):
 * a bare "sorry" or "oops" may only add to what was said ("…, sorry, the attic too").
 */
export const UNDOING = alt([
  "(?:no|nah)(?: ,)? (?:wait|sorry|hang on|hold on)",
  "(?:wait|sorry|hang on|hold on|oops)(?: ,)? (?:no|nah)",
  "i mean",
  "i meant",
  "or rather",
  "scratch that",
  "no(?: ,)? no",
]);

/**
 * Verbs of taking in what is said ("I want this noted", "understand this", "let that be clear"):
 * said of the message itself they stress it, and ask nothing of their own.
 */
export const TAKE_IN = alt([
  "note",
  "noted",
  "understand",
  "understood",
  "clear",
  "known",
  "hear",
  "heard",
  "listen",
  "record",
  "recorded",
  "remembered",
  "registered",
]);

/**
 * Words a speaker calls the listener by, closing a phrase ("whenever you like, mate", "anytime,
 * love"): they name no one the request is about and say nothing of what to do.
 */
export const TERM_OF_ADDRESS = alt([
  "mate",
  "pal",
  "buddy",
  "love",
  "luv",
  "hun",
  "honey",
  "dear",
  "darling",
  "sweetheart",
  "sweetie",
  "bro",
  "dude",
  "man",
  "(?:my|me) (?:love|dear|friend)",
]);

/** Words that say nothing by themselves. */
export const FILLER = alt([
  "please",
  "ok",
  // an assent opening what is said, as "ok" does ("yeah the den you can go in now"; Scots "aye")
  "yeah",
  "yep",
  "yup",
  "aye",
  "so",
  "well",
  "look",
  "listen",
  "hey",
  "hi",
  "now",
  "also",
  "and",
  "but",
  "alright",
  "all right",
  "right",
  "oh",
  "um",
  "uh",
  "hmm",
  "sorry",
  "one more thing",
  "by the way",
  "btw",
  "actually",
  "again",
  "just",
  "robot",
  "buddy",
  "thanks",
  // sounds of exasperation: they say how the user feels, nothing of what to do
  "ugh",
  "omg",
  "argh",
  "jeez",
  "geez",
  "seriously",
  // Nigerian Pidgin's "come on", "now then": an urging that opens the request, nothing of what to do
  "oya",
]);

/**
 * Discourse particles of Singapore and Malaysian English and of Filipino English ("so formal
 * lah", "can or not leh", "yes po"): they give the speaker's stance, close a clause, and are never
 * part of a word the user names or quotes.
 */
export const DISCOURSE_PARTICLE = alt(["lah", "la", "leh", "lor", "meh", "mah", "hor", "ah", "sia", "po"]);

/** Praise and thanks: no correction. */
export const PRAISE = alt([
  "thanks",
  "thank you",
  // "thank u", "thank ewe" (a voice heard by speech-to-text): the verb says thanks whoever it names
  "thank",
  "cheers",
  "much appreciated",
  // thanks in the languages the households speak beside English
  "merci",
  "gracias",
  "danke",
  "dankie",
  "diolch",
  "asante",
  "salamat",
  "arigato",
  "shukriya",
  "dhanyavaad",
  "terima kasih",
  "xie xie",
  "obrigad[oa]",
  "great",
  "perfect",
  "good job",
  "nice",
  "awesome",
  "well done",
  "cool",
  "excellent",
  "brilliant",
  "lovely",
  "amazing",
  // the robot's word borne out ("it was just where you said"): praise, where no negation turns it
  "(?:exactly|just|right) (?:where|as|like) you (?:said|told me)",
  "you were right",
  // gratitude said as a debt or a blessing: "I owe you one", "bless your heart", "much obliged"
  "(?:i|we) owe (?:you|u|ya)(?: one| big(?: time)?)?",
  "bless (?:you|u|ya|your (?:heart|soul|cotton socks))",
  "(?:i am |much )?obliged",
]);

/**
 * "If you could …, that would be lovely", "it'd be great if …": praise said in the conditional
 * praises nothing done; it frames a request. The text without it.
 */
const CONDITIONAL_PRAISE = new RegExp(
  `\\b(?:would|will|might) (?:be|sound|feel) (?:(?:so|really|very|most|just|absolutely|truly|quite) )?${PRAISE}(?=\\s|$)`,
  "g",
);
export function withoutConditionalPraise(text: string): string {
  return text.replace(CONDITIONAL_PRAISE, " ").replace(/\s+/g, " ").trim();
}

/** Words that turn a report after thanks into a complaint: "thanks, but you went …", "… again", "… still". */
export const CONTRAST = alt(["but", "though", "tho", "however", "again", "still", "yet", "even so"]);

/** Fetch verbs: a task request, not a correction. */
export const TASK_VERB = alt([
  "find",
  "bring",
  "fetch",
  "grab",
  "get me",
  "go get",
  "look for",
  "search for",
  "locate",
  "pick up",
  "carry",
  "take",
  "show me",
  "where (?:is|are)",
]);

/** A pronoun standing as a verb's whole object ("cancel it", "drop that"): what it is, is said elsewhere. */
export const OBJECT_PRONOUN = /^(?:it|that|this|them|those)$/;

/**
 * A complaint that the instruction was given before ("how many times", "I keep telling you"): what
 * it goes with is a standing instruction said again, never something for this time alone.
 */
export const TOLD_BEFORE = alt([
  "how many times",
  "how often (?:do|must|should|have|will) i",
  "i keep (?:telling|saying|asking)",
  "i have told you (?:before|already|so many times|a hundred times)",
]);

/**
 * A numbered heading set before a colon ("Clause 4:", "item 2:", "point three:"): the number counts
 * the user's list and is no hour.
 */
export const NUMBERED_HEADING =
  /^(?:clause|item|point|rule|section|article|paragraph|note|step|part|number|no)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)$/;
