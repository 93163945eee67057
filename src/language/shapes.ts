/**
 * Clause shapes: the patterns the rule learner reads a clause's words by (over the normalised,
 * lower-case words of src/language/tokens.ts), each named for what it finds, so a newcomer
 * extends one place. They are built from the word classes of lexicon.ts where one exists.
 * Grouped by the learner's step that uses them: segments, conditions, rooms, replies, updates.
 */
import { FILLER, FREE_CHOICE, NEG, NEG_GERUND, PEOPLE_TIME, PERMIT, STOP } from "./lexicon.ts";

// ---- conditions -----------------------------------------------------------------------------

export const CLAUSE_JOIN = /^(?:,|;|but|and|though|although)$/;

export const NEGATION = /\b(?:not|never|no)\b/;

export const EXCEPT = /\b(?:except|unless|but not|other than|apart from|save|excluding|except for|besides)\b/;

export const FINE_AFTER = /^(?:is|are|'s) (?:fine|ok|alright|all right|allowed|no problem)\b/;

/** The user asking for it is the exception: "unless I ask you to", "except when I send you there". */
export const ASKED =
  /\b(?:unless|except (?:when|if)|but (?:only )?(?:if|when)|except)\s+(?:i|we|the user|my \w+)\s+(?:specifically |explicitly |directly |actually )?(?:ask|asks|tell|tells|send|sends|say|says|request|want|need|allow|let|instruct)\b.*$/;

/** "unless I am home", "except to fetch my keys": when the rule gives way, in the user's words */
/** A condition that is the user asking: "when I tell you to go there", "if I ask". */
export const WHEN_ASKED =
  /^(?:only )?(?:when(?:ever)?|if|once)\s+(?:i|we)\s+(?:specifically |explicitly |actually )?(?:ask|tell|send|say|request|want|need|allow|let|instruct)\b/;

export const UNLESS =
  /\b(?:unless|(?:except|other than|apart from|but not) (?:when|if|while|to|in order to|for when))\b.*$/;

/** What the robot itself is doing: "when you reply", "when you are done" restate the stage, no condition. */
export const ROBOT_WHEN =
  /^(?:when(?:ever)?|while|if|once|as soon as|after|before)\s+(?:you|u)\s+(?:are\s+|have\s+|get\s+)?(?:reply|replying|answer|answering|respond|responding|talk|talking|speak|speaking|tell|telling|report|reporting|write|writing|done|finished|finish|finishing|come back|coming back|get back|getting back|back|move|moving|navigate|navigating|go around|going around|look|looking|search|searching|find|finding|found|bring|bringing|fetch|fetching|explore|exploring|give|giving|send|sending|message|messaging|ready|arrive|arriving|get there|there|stop|stopping|locate|spot|see|working|work|at it|on the way|pass|passing|going through|go through|walk through|walking through|need to|have to|must)\b/;

/** Politeness, not a condition: "if you could", "I'd appreciate it if you", "would you mind". */
export const POLITE_IF =
  /^(?:(?:(?:it is|it|its|probably|maybe|perhaps|really|much|way|just) )*(?:(?:would|will|'d) be )?(?:great|nice|good|better|best|helpful|ideal|lovely|appreciated|nicer|safer|wiser) if|(?:i|we) (?:would |'d )?(?:appreciate it|prefer it|like it|rather) if|if (?:you|u) (?:could|would|can|might|do not mind|dont mind|would not mind|please)\b|(?:would|do) (?:you|u) mind\b|it is (?:better|best|nicer) if)/;

/** Conditions about the world the robot does not know: "when the baby is asleep", "if grandma is visiting". */
export const WHEN_CLAUSE =
  /\b(?:when(?:ever)?|while|if|as long as|on days when|any ?time|once)\s+(?!it is (?:dark|night|light|daylight)\b).+$/;

export const DURING = new RegExp(
  String.raw`\b(?:during|at|after|before|around|over|through|past|until|till|by)\s+(?:the |my |our |his |her |their |your )?${PEOPLE_TIME}\b`,
);

/** "even late at night": emphasis on always, no condition. */
export const EMPHASIS = /^even\b/;

/** "when you are": a subordinator and the robot, nothing said of when. */
export const BARE_WHEN_YOU = /^(?:when(?:ever)?|while|if) (?:you|u)(?: are| re| r)?$/;

/** What joins items of one list: "on mondays or wednesdays". */
export const LIST_JOIN = /^(?:or|and|,)$/;

/** "even" just before a time: "always tell me, even late at night". */
export const EVEN_BEFORE = /\beven$/;

/** "when you are in this house": the robot where it is, a scope and no condition. */
export const YOU_ARE = /\b(?:you|u) (?:are|re)\b/;

// ---- characters -----------------------------------------------------------------------------

/** A token that is a word or a number, not punctuation. */
export const isWordToken = (w: string) => /[a-z0-9]/.test(w);

/** Words of a text split at white space. */
export const spaced = (text: string) => text.split(/\s+/);

/** A text with runs of white space made one space. */
export const oneSpaced = (text: string) => text.replace(/\s+/g, " ");

/** A text with only its letters and digits, other runs made one space ("Don't!" → "don t"). */
export const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, " ");

/** A statement without its closing punctuation and space. */
export const withoutEndPunctuation = (text: string) => text.replace(/[.!?,;:\s]+$/, "");

/** A word, lower case, three letters or more: one that can say what a clause is about. */
export const isPlainWord = (w: string) => /^[a-z]{3,}$/.test(w);

/** A name a JSON field can have: "found", "room_name". */
export const isIdentifier = (w: string) => /^[a-z_][a-z0-9_]*$/.test(w);

/** A word's stem for matching states across tenses: "naps", "napping" → "napp"/"nap". */
export const crudeStem = (w: string) => w.replace(/'s$/, "").replace(/(?:ing|es|s|ed)$/, "");

// ---- rooms ----------------------------------------------------------------------------------

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
export const FORBIDDEN_NOT = /not allowed|not for|not a place/;

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

/** "not the bathroom": a negated object with no verb. */
export const NOT_THE = /\b(?:not|no)(?: (?:in|into|inside|through))? (?:the|my|that)\b/;

/** "not" or "never", as whole words. */
export const NOT_OR_NEVER = /\b(?:not|never)\b/;

/** "not", as a whole word. */
export const NOT_WORD = /\bnot\b/;

/** … or after it ("the bathroom upstairs", "the bedroom on the second floor"). */
export const AFTER_QUALIFIER =
  /^(?:upstairs|downstairs|(?:on|at) the (?:first|second|third|top|ground|upper|lower|bottom|main) (?:floor|level)|(?:at|in) the (?:back|front|end)\b(?: of the (?:hall|hallway|corridor|house))?)/;

/** "the baby 's room": a possessive as the tokenizer splits it. */
export const POSSESSIVE_S = / 's/g;

/** "the kids rooms": a plural of room at the end of a name. */
export const PLURAL_ROOMS = /rooms$/;

// ---- segments -------------------------------------------------------------------------------

/** A part that starts asking for something: where "and" / "but" cuts a sentence in two. */
export const DIRECTIVE_START =
  /^(?:(?:please|just|also|then|now|and|but|so|plus) )*(?:(?:in general|going forward|in (?:the )?future|as a rule|from here on) )?(?:do not|never|always|please|stay|keep|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make sure|be sure|limit|stop|wait|park|no more|from now on|you (?:can|may|should|must|need|have to|are allowed)|i (?:want|need|would like|do not want)|feel free|forget|drop|ignore|cap|answer|send|write|put|let me know|steer|leave)\b/;

/** A part that is one field name of a list: "and room", "the object key". */
export const FIELD_NAME_PART =
  /^(?:(?:and|plus|the|a|an|or|'|as well as) )*[a-z_][a-z0-9_]*(?: (?:field|key|property))?(?: '(?: |$))?$/;

/** A part that goes on to list fields: "json with", "keys". */
export const LISTS_FIELDS = /\b(?:json|keys?|fields?|properties|with|containing|including)\b/;

/** A part that is field names only: "room and object". */
export const FIELD_NAMES = /^(?:and |plus )?'?[a-z_]+'?(?: (?:and|plus|,) '?[a-z_]+'?)*$/;

/** What may come before a clause's verb and says nothing: "ok so please just …". */
export const LEAD = `^(?:(?:${FILLER}|you can|please|just|i said|i mean) )*`;

// ---- updates --------------------------------------------------------------------------------

/** Words that narrow a rule said again: "only at night", "just in the evening", "now". */
export const NARROWING = /\b(?:only|just|instead|rather|now)\b/;

/** Runs of anything but lower-case letters: where a condition's words are cut. */
export const NOT_LETTERS = /[^a-z]+/;

/** The words of a condition that say nothing of whose state it is: "when", "the", "their". */
export const CONDITION_FUNCTION_WORD = /^(?:when|while|the|are|who|whenever|his|her|their|our|you|and)$/;
