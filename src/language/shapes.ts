/**
 * Clause shapes: the patterns the rule learner reads a clause's words by (over the normalised,
 * lower-case words of src/language/tokens.ts), each named for what it finds, so a newcomer
 * extends one place. They are built from the word classes of lexicon.ts where one exists.
 * Grouped by the step that uses them: segments, conditions, rooms, replies, updates (the learner);
 * checks and read-back (the compiler, reviewer and replies of src/rules). The only patterns left
 * in src/rules are the rule types' zod formats (scope ids, no control characters), which read no English.
 */
import {
  ARTIFACT_NOUN,
  CALL,
  ENTER,
  FILLER,
  FREE_CHOICE,
  LASTING,
  NEG,
  NEG_GERUND,
  PEOPLE_TIME,
  PERMIT,
  REPLY_NOUN,
  RETRACT,
  STOP,
  TASK_LOCAL,
  TASK_VERB,
  USE_WORD,
} from "./lexicon.ts";

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
  /^(?:when(?:ever)?|while|if|once|as soon as|after|before)\s+(?:you|u)\s+(?:are\s+|have\s+|get\s+)?(?:reply|replying|answer|answering|respond|responding|talk|talking|speak|speaking|tell|telling|report|reporting|write|writing|done|finished|finish|finishing|come back|coming back|get back|getting back|back|move|moving|navigate|navigating|go around|going around|look|looking|search|searching|find|finding|found|bring|bringing|fetch|fetching|explore|exploring|give|giving|send|sending|message|messaging|ready|arrive|arriving|get there|there|stop|stopping|locate|spot|see|working|work|at it|on the way|pass|passing|going through|go through|walk through|walking through|(?:go|going|head|heading) (?:out )?(?:look|looking|search|searching|hunt|hunting|around|about|fetch|fetching|get|getting|find|finding)|need to|have to|must)\b/;

/** Politeness, not a condition: "if you could", "I'd appreciate it if you", "would you mind". */
export const POLITE_IF =
  /^(?:(?:(?:it is|it|its|probably|maybe|perhaps|really|much|way|just) )*(?:(?:would|will|'d) be )?(?:great|nice|good|better|best|helpful|ideal|lovely|appreciated|nicer|safer|wiser) if|(?:i|we) (?:would |'d )?(?:appreciate it|prefer it|like it|rather) if|if (?:you|u) (?:could|would|can|might|do not mind|dont mind|would not mind|please)\b|(?:would|do) (?:you|u) mind\b|it is (?:better|best|nicer) if|if (?:(?:it|that|this) is )?(?:not too much (?:trouble|bother|to ask)|no trouble|not a problem|no problem|ok|okay|alright|all right|fine|possible|at all possible)\b|if (?:you|u) (?:do not|dont) mind\b)/;

/** Conditions about the world the robot does not know: "when the baby is asleep", "if grandma is visiting". */
export const WHEN_CLAUSE =
  /\b(?:when(?:ever)?|while|if|as long as|on days when|any ?time|once|(?<!\b(?:its|it is|that is|thats|this is) )where(?= (?:someone|somebody|anyone|anybody|people|a person|guests?|the (?:kids|baby|children|family)) ))\s+(?!it is (?:dark|night|light|daylight)\b).+$/;

export const DURING = new RegExp(
  String.raw`\b(?:during|at|after|before|around|over|through|past|until|till|by)\s+(?:the |my |our |his |her |their |your )?${PEOPLE_TIME}\b`,
);

/** "even late at night": emphasis on always, no condition. */
export const EMPHASIS = /^even\b/;

/**
 * "when you are", "if perhaps you": a subordinator and the robot, nothing said of when (in "if
 * perhaps you didn't go in", the rest is the act itself, said politely).
 */
export const BARE_WHEN_YOU =
  /^(?:when(?:ever)?|while|if) (?:(?:perhaps|maybe|possibly|just|only|kindly|please) )?(?:you|u)(?: are| re| r)?$/;

/** What joins items of one list: "on mondays or wednesdays". */
export const LIST_JOIN = /^(?:or|and|,)$/;

/** Words that tie a clause to what was said before it and add nothing: "only at night though". */
export const LINKING = /^(?:only|though|tho|then|but|just|instead|anyway|please)$/;

/** Words that carry a rule said before over to a room: "that goes for the cellar too". */
export const CARRIES_OVER = /^(?:apply|applies|goes|go|same|for|to|with|that|this|it|rule|one|there|here|do|is)$/;

/** "even" just before a time: "always tell me, even late at night". */
export const EVEN_BEFORE = /\beven$/;

/** "when you are in this house": the robot where it is, a scope and no condition. */
export const YOU_ARE = /\b(?:you|u) (?:are|re)\b/;

/** Words that say when, whatever else is around them: a part holding one is never dropped. */
export const WHEN_WORD =
  /\b(?:if|when|whenever|while|unless|until|till|til|once|before|after|except|during|between|late|early|later|tomorrow|weekends?|weekdays?|weeknights?|nights?|mornings?|evenings?|afternoons?|days)\b/;

/** "except" left over from "except in the morning": a marker whose condition is read already. */
export const MARKERS_ONLY =
  /^(?:(?:if|when|whenever|while|unless|until|till|til|once|before|after|except|during|only|but|and|or|not|for|then) ?)+$/;

/** "… we have lunch then", "… my husband sleeps late": a sentence of its own says why, not when. */
export const ASKS_NOTHING =
  /^(?:i|we|they|he|she|it|its|that|thats|there|my|our|his|her|their|everyone|everybody|nobody|the \w+) (?!(?:if|when|while|unless)\b)/;

export const PREPOSITION =
  /^(?:on|during|over|at|around|with|without|for|in|after|before|until|by|near|throughout|except)$/;

/**
 * What a trailing phrase names that is no condition: the reply it is about, the user, emphasis
 * ("at all", "in any case", "under any circumstances": any case at all is every case), a clause
 * about the noun before it ("the room in which it was found" says which room, not when).
 */
export const NOT_A_CONDITION = new RegExp(
  `^(?:(?:in|on|for|to|at|with|per|into|of) (?:(?:your|my|the|each|every|all|any|a) )?(?:${REPLY_NOUN}|${ARTIFACT_NOUN}|json|it|them|that|this)\\b|(?:to|for) (?:me|you|us)\\b|at all\\b|for any reason\\b|(?:in|on|under|for|at|by) (?:any|all) [a-z]+$|(?:in|at|on|from|into|to|with|inside) (?:which|whom)\\b|by yourself\\b|(?:in|on) (?:there|here)\\b|for me\\b|in general\\b|(?:at|in|to) (?:the )?(?:very )?(?:end|start|beginning|top|bottom|front)\\b|in (?:the )?(?:first|last) (?:line|sentence|word)\\b)`,
);

// ---- characters -----------------------------------------------------------------------------

/** Punctuation after which a new part of a message starts (a comma, a dash, a sentence end). */
export const PART_CUT = /^(?:,|;|\.|!|\?|-|–|—|…|:)$/;

/** "precisely", "very clearly": how well something is done, nothing of what. */
export const MANNER_ADVERB = /^(?:[a-z]+ly|very|well|properly|now)$/;

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

/** "there", "it", "that": the room named before. */
export const BACK_REFERENCE = /\b(?:there|it|that)\b/;

/** A form of "be". */
export const COPULA = /^(?:be|being|been)$/;

/** "only", "only ever", "you can only": what makes a room act an exception to a ban. */
export const ONLY_BEFORE = /\bonly(?: ever)?(?: (?:to|you can|you may|can|may))?$/;

/** A negation that may stand right before a room with no verb: "never the cellar", "no lounge". */
export const NEGATION_BEFORE = /\b(?:not|no|never)\b/;

/** Words right before what a revision replaces: "the pantry, not the kitchen", "instead of the kitchen". */
export const REPLACED_END =
  /\b(?:instead of|rather than|not|and not|no longer|in place of)(?: (?:the|my|our|that|this))?$/;

/** A part that only says what comes next is the one replaced: "not the", "and not", "instead of the". */
export const REPLACED_LEAD =
  /^(?:(?:and|but|just|so) )*(?:instead of|rather than|not|no longer|in place of)(?: (?:the|my|our|that|this))?$/;

/** A refusal said alone, after a room said alone: "cellar. never.", "workshop: no." */
export const BARE_REFUSAL = /^(?:no|never|nope|not ever|no way)(?: (?:never|ever|again|please|thanks))*$/;

// ---- segments -------------------------------------------------------------------------------

/** A part that starts asking for something: where "and" / "but" cuts a sentence in two. */
export const DIRECTIVE_START =
  /^(?:(?:please|just|also|then|now|and|but|so|plus) )*(?:(?:in general|going forward|in (?:the )?future|as a rule|from here on|(?:(?:just|only) )?(?:for |on )?this (?:time|once|one|trip|search|run)(?: only)?|this once|for now|right now)(?: (?:please|just|also|then|can you))* )?(?:do not|never|always|please|stay|keep|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make sure|be sure|limit|stop|wait|park|no more|from now on|you (?:can|may|should|must|need|have to|are allowed)|i (?:want|need|would like|do not want)|feel free|forget|drop|ignore|cap|answer|send|write|put|let me know|steer|leave)\b/;

/** A part that is one field name of a list: "and room", "the object key". */
export const FIELD_NAME_PART =
  /^(?:(?:and|plus|the|a|an|or|'|as well as) )*[a-z_][a-z0-9_]*(?: (?:field|key|property))?(?: '(?: |$))?$/;

/** A part that goes on to list fields: "json with", "keys". */
export const LISTS_FIELDS = /\b(?:json|keys?|fields?|properties|with|containing|including)\b/;

/** A part that is field names only: "room and object". */
export const FIELD_NAMES = /^(?:and |plus )?'?[a-z_]+'?(?: (?:and|plus|,) '?[a-z_]+'?)*$/;

/** What may come before a clause's verb and says nothing: "ok so please just …". */
export const LEAD = `^(?:(?:${FILLER}|you can|please|just|i said|i mean|(?:could|would|can|will) you) )*`;

/** What the robot was told it did: "You went into the garage.", "Why were you in the kitchen?" */
export const NARRATIVE =
  /^(?:(?:hey|hi|ok|so|well|look|listen|um|uh|oh|hmm|ugh|argh|seriously|jeez|geez|omg|sorry|again|also|and|but) )*(?:(?:i|we) (?:saw|noticed|see|watched) (?:that )?you\b|you (?:went|entered|stopped|ended up|were|walked|drove|rolled|parked|got|came|found|forgot|said|wrote|gave|used|did not|did|kept|left|passed|cut|searched|looked|just|have been|had)\b|why (?:did|were|are|do|would) you\b|that (?:was|is)\b|too (?:many|long)\b)/;

/** A part that leads up to the main clause ("Whenever you bring something back, …") asks nothing by itself. */
export const SUBORDINATE =
  /^(?:(?:and|but|so|also|just) )*(?:when|whenever|while|if|once|as soon as|after|before|unless|until|every time|each time|any ?time)\b/;

/** The words that make an exception: "except between 6 and noon" is all marker once its hours are read. */
export const EXCEPTION_MARKER = /\b(?:except(?: for)?|unless|but not|other than|apart from|besides)\b/;

/** "when you are …": the robot, a marker of where or when it is. */
export const WHEN_YOU = /\b(?:when|while|whenever|if|as long as) (?:you|u)(?: are)?\b/;

/** A word that only joins a clause to what came before: "and", "but", "ok". */
export const LEADING_JOIN = /^(?:and|but|so|then|plus|also|ok|well|,)$/;

/** Punctuation that ends a clause before the next: ",", ";", a dash. */
export const TRAILING_PUNCT = /^[,;:\-—–]$/;

/** A sentence's closing punctuation. */
export const SENTENCE_END = /[.!?]+$/;

/** A word starting with a vowel letter: "an office". */
export const VOWEL_START = /^[aeiou]/;

/** Punctuation and space at either end of a quote. */
export const EDGE_PUNCTUATION = /^[,;:\s—–-]+|[,;:.!?\s—–-]+$/g;

// ---- updates --------------------------------------------------------------------------------

/** Words that narrow a rule said again: "only at night", "just in the evening", "now". */
export const NARROWING = /\b(?:only|just|instead|rather|now)\b/;

/** Runs of anything but lower-case letters: where a condition's words are cut. */
export const NOT_LETTERS = /[^a-z]+/;

/** The words of a condition that say nothing of whose state it is: "when", "the", "their". */
export const CONDITION_FUNCTION_WORD = /^(?:when|while|the|are|who|whenever|his|her|their|our|you|and)$/;

/** The words an exception starts with: "except", "other than", "but not". */
export const EXCEPTION_LEAD = /^(?:except|other|than|apart|from|but|not|for)$/;

/** The words a when-phrase starts with: "except when guests are over" holds "when guests are over". */
export const WHEN_LEAD = /^(?:when|whenever|if|while|during|on|in|at)$/;

/** What a retraction of a mention names: "mentioning", "which room", "where it was". */
export const MENTION_TARGET =
  /\b(?:mention\w*|which room|what room|the room|where (?:it|they|things) (?:was|were|is|are))\b/;

/** A mention of the room the object was found in. */
export const FOUND_ROOM_TARGET = /\b(?:which|what|the) room|where\b/;

/** A verb that drops a rule at the start of a clause ("forget …", "no more JSON"; "no more than" is a limit); the verb is group 1. */
export const FORGET_VERB = new RegExp(`${LEAD}(${RETRACT})\\b(?! than\\b)`);

/** A gerund: "no more going in the pantry" bans going there. */
export const GERUND = /^\w+ing$/;

/** What lifts an obligation: "you don't have to stay out …", "no need to tell me …", "stop avoiding …". */
export const RELEASE_VERB =
  /\b(?:do not have to|do not need to|no longer need to|no longer have to|need not|no need to|there is no need to|(?:can |may )?(?:stop|quit)(?= (?:with|avoid|skipp|bypass|stay|keep|steer|limit|capp|using json|replying in json|answering in json)))\b/;

/** A word allowed again: "you can call me sir again". */
export const PERMIT_WORD_AGAIN = new RegExp(`\\b(?:${PERMIT}) (?:${CALL}|${USE_WORD}|say)\\b`);

/** A permission to go or stop somewhere: "you can go in the laundry room again" (group 2: stop, group 3: enter). */
export const PERMIT_ROOM_ACT = new RegExp(
  // "you are allowed in the garage": a permission said with the room's preposition alone is one to enter it
  `\\b(${PERMIT}|(?:are|is) (?:now |again |also |still )?(?:allowed|permitted|welcome))\\b(?: (?:now|again|also|still|just|even|always|actually|once again))*(?: (?:go|come))? (?:(${STOP})|(${ENTER}|in|into|inside))\\b`,
);

/** "now", "after all", "no longer": a permission said of the present, lasting. */
export const NOW_MARKER = /\b(?:now|after all|no longer)\b/;

/** "don't do that", "never again": the act told before is what is banned. */
export const DONT_DO_THAT = /\b(?:do not|never|stop) (?:ever )?(?:do|doing) (?:that|this|it)\b|\bnever again\b/;

/** "the study rule is only for weekends", "that limit only applies at night": a stored rule narrowed. */
export const RULE_ONLY =
  /\b(?:rule|ban|limit|thing|one)\b(?: (?:is|should be|applies|counts|holds|goes|matters))? only\b|\bonly (?:applies|counts|holds|matters)\b/;

// ---- behaviour ------------------------------------------------------------------------------

export const DIRECTIVE = new RegExp(
  `(?:${LEAD}(?:keep|stay|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make|be|limit|stop|start|wait|park|cap|send|write|put|let|leave|greet|speak|talk|try|remember|call|address|show|add|sound|shorten|explain|describe|list|report|ask|check|turn|close|open|knock|announce|warn|beep|slow|move|drive|come back|return|bring|go)\\b)|\\b(?:${NEG}|do not|never|please|make sure|be sure|remember to|i (?:want|need|would like|would prefer|would rather|prefer|like|do not want) (?:you|it)|(?:i|we) (?:would like|would prefer|prefer|want) (?!(?:my|the|some|a|an|our|his|her|their|to)\\b)\\w+|you (?:should|must|need to|have to|ought to|are to)|${LASTING})\\b`,
);

export const ASKS_FOR_OBJECT = new RegExp(
  `${LEAD}(?:(?:(?:can|could|would|will) you (?:please )?)?(?:${TASK_VERB})\\b|(?:can|could|would|will) you (?:please )?(?:check|look|search|go|see|tell me where)\\b|(?:i|we) (?:want|need|would like|am looking for|are looking for) (?:my|the|some|a|an|our|his|her|their)\\b)`,
);

/** The words that only say for how long ("every time", "this time"), all of them. */
export const HOW_LONG_WORDS = new RegExp(`\\b(?:${LASTING}|${TASK_LOCAL})\\b`, "g");

/** A statement's closing punctuation and space. */
export const END_PUNCTUATION = /[.!?,;:\s]+$/;

/** A word that starts with a letter. */
export const STARTS_WITH_LETTER = /^[a-z]/;

/** A word of what the robot says: a behaviour in one is for the reply (delivery). */
export const DELIVERY_WORD =
  /\b(?:say|tell|repl|answer|respond|talk|speak|messages?|words?|detail|detailed|short|brief|long|longer|shorter|mention|call|greet|polite|politely|formal|tone|explain|describe|voice|beep|announce|emoji|jargon|slang|exclamation|abbreviation|swear|curs|text|json|format|sentence|bullet|list|paragraph|punctuation|capital|sorry|apologi)\w*/;

/** Every form of "be": taken out, "go to the kitchen and be quick" only moves. */
export const COPULA_ALL = /\b(?:be|being|been)\b/g;

/** "not", "never" or "no", as whole words. */
export const NEGATION_WORD = /\b(?:not|never|no)\b/;

/** A question word at the start: a question, no correction. */
export const WH_QUESTION = /^(?:where|what|which|who|how|when)\b/;

// ---- replies --------------------------------------------------------------------------------

/** Fields named as fields: "the object field", "room and found keys" (the names are group 1). */
export const NAMED_FIELDS =
  /\b((?:[a-z_]+(?:,? (?:and|or|,) | ))*?[a-z_]+) (?:fields?|keys?|propert(?:y|ies)|entry|entries)\b/;

/** Where a list of field names is cut: "room, found and object". */
export const FIELD_LIST_JOIN = /,? (?:and|or) |, | /;

/** Words before a field's name that are none: "no need for the …", "drop the json …". */
export const NOT_A_FIELD = /^(?:the|a|an|that|this|those|these|json|for|of|need|no|drop|remove|forget|about)$/;

/** A follow-up that names fields for a JSON reply said before: "include room and found". */
export const FIELDS_FOLLOW_UP =
  /^(?:(?:please|and|also) )*(?:include|add|put in|with|it should (?:have|contain|include)|(?:the )?(?:keys|fields) (?:are|should be))\b/;

/** Everything up to the verb that introduces a list of fields. */
export const UP_TO_FIELDS = /^.*?\b(?:include|add|put in|with|have|contain|are|be)\b/;

/** Where a list of fields is cut: commas, "and", "plus", "&". */
export const FIELD_SEPARATOR = /\s*(?:,|\band\b|\bplus\b|&)\s*/;

/** An article before a name: "the room". */
export const ARTICLE_START = /^(?:the|a|an)\s+/;

/** "field" or "key" after a name: "room field". */
export const FIELD_WORD_END = /\s+(?:fields?|keys?)$/;

/** "too long", "too many words": a complaint about a reply's length. */
export const TOO_LONG = /\btoo (?:long|many words)\b/;

export const STRICT_BEFORE = /\b(?:under|below|fewer than|less than|shorter than|beneath)$/;

export const OVER_BEFORE = /\b(?:more than|longer than|over|above|past|beyond|exceed|exceeding)$/;

export const LIMIT_WORD = new RegExp(
  `\\b(?:under|below|fewer|less|max|maximum|most|no more|limit\\w*|cap\\w*|keep|stick|up to|within|tops|only|just|short\\w*|exceed\\w*|over|longer|trim|cut|${REPLY_NOUN}|${ARTIFACT_NOUN}|please|make (?:that|it)|answer|reply|respond|write|use)\\b`,
);

export const SAID_BEFORE =
  /\b(?:you (?:used|wrote|gave|said|sent|replied|answered)|that was|those were|it was|this was)\b/;

export const FIELD_INTRO =
  /^(?:with|containing|contains|including|includes|include|add|put|keys|fields|properties|having|holding|listing|:|incl|of|plus|has|have|holds|like|\{|\[)$/;

/** what may stand between an intro and the first field: "the keys should be found, …", "two fields, found and room" */
export const BEFORE_FIELDS =
  /^(?:should|be|are|is|must|will|would|called|named|like|one|two|three|four|five|six|\d+|\{|\[|:)$/;

/** A word that makes "word" a limit: "word limit", "word count". */
export const LIMIT_NOUN = /^(?:limit|count|cap|max|maximum)$/;

/** What may stand between a limit and its number: "word limit of 20", "is", "=". */
export const LINKING_WORD = /^(?:of|is|at|to|:|=|be|should|would|will|must)$/;

/** "word" or "words": the unit of a reply limit. */
export const WORD_UNIT = /^words?$/;

/** "word" or "words" anywhere in a text. */
export const WORD_UNIT_IN = /\bwords?\b/;

/** "at most", "tops", "or fewer" after a number: a limit that includes it. */
export const AT_MOST_AFTER = /^(?:at most|at the most|max|maximum|tops|or less|or fewer)\b/;

/** "… is fine", "… would be enough" after a number: a value accepted. */
export const ACCEPTABLE_AFTER =
  /^(?:is|would be|should be|will be|'s) (?:fine|ok|good|alright|all right|acceptable|enough)\b/;

/** A preposition of time just before a number: "after 10" is an hour, no limit. */
export const TIME_PREPOSITION_END = /\b(?:after|before|at|until|till|from|by|past|around|about|to)$/;

/** "limit it to", "make that", "change it to" just before a number. */
export const SET_VALUE_BEFORE =
  /\b(?:(?:limit|cap|max(?:imum)?)\b(?: \w+){0,3} (?:to|at)|make (?:that|it)|(?:change|set|switch) (?:that|it) to)$/;

/** "… is too long", "… was not enough" after a number: a complaint, no value. */
export const TOO_OR_NOT_AFTER = /^(?:is|are|'s|was|were) (?:(?:way|far|much|a bit|a little) )?(?:too|not)\b/;

/** "… is fine", "… would be ok" after a value: a new value permitted. */
export const FINE_AFTER_VALUE =
  /^(?:is|are|would be|should be|will be|'s) (?:fine|ok|good|alright|all right|acceptable)\b/;

/** "… is enough", "… is plenty" after a value: an upper bound said kindly. */
export const ENOUGH_AFTER = /^(?:is|are|would be|should be|will be|'s) (?:enough|plenty|sufficient)\b/;

/** "at most", "tops", "and no more" after a number. */
export const AT_MOST_TAIL =
  /^(?:at (?:the )?(?:very )?most|at max|max(?:imum)?|tops|or (?:less|fewer)|and no more|no more|at the outside)\b/;

/** A JSON field's name: lower case letters, digits and "_", at most 64. */
export const FIELD_NAME = /^[a-z_][a-z0-9_]{0,63}$/;

/** "field", "key" or "property". */
export const FIELD_NOUN = /^(?:field|key|property)$/;

/** "json", as a whole word. */
export const JSON_WORD = /\bjson\b/;

/** A name a JSON field can have. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** "fields", "keys", "properties", as whole words. */
export const FIELDS_WORD = /\b(?:fields?|keys?|properties)\b/;

/** "the object key", "fields called room": a field named as one. */
export const FIELD_NAMED =
  /\b[a-z_][a-z0-9_]* (?:field|key|property)\b|(?<!\b(?:my|your|his|her|our|their|car|house|door|spare) )\b(?:fields?|keys?) (?:called |named )?[a-z_]/;

/** "no", "not", "never", "without" before JSON: JSON not wanted. */
export const WITHOUT_WORD = /\b(?:no|not|never|without)\b/;

/** A word of letters only. */
export const PLAIN_LETTERS = /^[a-z]+$/;

/** Words after a verb of saying that are no literal to say or avoid: "the", "it", "things". */
export const NOT_A_LITERAL =
  /^(?:the|a|an|my|your|any|that|this|those|these|it|them|me|so|such|more|less|too|about|what|which|where|how|things?|stuff)$/;

/** "the word", "a word" before a literal. */
export const THE_WORD = /^(?:the|a) words?$/;

/** "say" or "saying". */
export const SAY_VERB = /^(?:say|saying)$/;

/** "going to", "will", "first": said of what the robot is about to do. */
export const FUTURE_MARKER = /\b(?:going to|gonna|will|are you|you are|about to|next(?! time)|first)\b/;

/** "was", "were", "is", "are". */
export const COPULA_TENSE = /\b(?:was|were|is|are)\b/;

/** "key(s)", "field(s)", "propert(y|ies)": the word before a list of fields. */
export const FIELD_NOUN_ANY = /^(?:keys|fields|properties|key|field|property)$/;

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

/** Words that ask for a JSON reply. */
export const ASKS_JSON = /json|field|key|propert/i;

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

/** A condition's opening "if", "when", "whenever", "while". */
export const LEADING_WHEN = /^\s*(?:if|when|whenever|while)\s+/i;

/** An exception that says itself: "unless …", "except …". */
export const LEADING_EXCEPT = /^\s*(?:unless|except|other than|apart from|but not|besides)\b/i;

/** A condition said with "when", "while" or "if". */
export const STARTS_WHEN = /^(?:when|while|if)\b/i;

/** A rule in the robot's words that starts with "not". */
export const LEADING_NOT = /^not /;
