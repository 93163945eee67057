/**
 * Shapes of updates to rules already kept: narrowing, retracting a rule or a mention, lifting an
 * obligation, permitting a word or a room again, "don't do that", a stored rule said to hold only
 * sometimes. Read by the learner where a message changes what it keeps (src/rules/learn).
 */
import { ENTER, PERMIT, RETRACT, RETRACT_PERFORMED, STOP } from "./act-words.ts";
import { CALL, REPLY_FORMAT, TELL, USE_WORD, WORD_RULE_NOUN } from "./reply-words.ts";
import { LEAD } from "./segment-shapes.ts";
import { boundaryIn } from "./times.ts";

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

/**
 * A verb that drops a rule at the start of a clause ("forget …", "no more JSON"; "no more than" is
 * a limit), or said by the speaker of their own instruction ("I withdraw …"); the verb is group 1.
 */
export const FORGET_VERB = new RegExp(
  // "you may ignore it": leave to drop a rule is dropping it; "this ban you could drop": the
  // rule pointed at, its object, said before the verb
  `${LEAD}(?:(?:that|this) (?:rule|one|ban|limit|restriction) )?(?:you (?:can|may|could) (?:now |just |also )?)?(?:(?:i|we) (?:hereby |now |formally )?(?=(?:${RETRACT_PERFORMED})\\b))?(${RETRACT})\\b(?! than\\b)`,
);

/** A gerund: "no more going in the pantry" bans going there. */
export const GERUND = /^\w+ing$/;

/**
 * What "stop with …" ends when it lifts a rule: a format, a field or a rule of the replies named
 * ("stop with the json", "quit with the word cap"). "Quit with the speeches" names the talk itself,
 * a complaint that asks for less of it, not a rule dropped.
 */
const WITH_A_RULE = `with (?:(?:the|that|this|your|all|those|these|my|whole) )*(?:${REPLY_FORMAT}|${WORD_RULE_NOUN}|word ${WORD_RULE_NOUN})\\b`;

/**
 * "no need tell me …", "no need you tell me …": the need denied with its "to" left out, or with the
 * one who need not said before the verb, as many Englishes say it; only before a verb of telling,
 * where what follows can be nothing but the act released ("no need the …" stays unread).
 */
const NO_NEED_BARE = `no need (?:for )?(?:(?:you|u) )?(?:to )?(?=(?:${TELL})\\b)`;

/** What lifts an obligation: "you don't have to stay out …", "no need to tell me …", "stop avoiding …". */
export const RELEASE_VERB = new RegExp(
  `\\b(?:do not have to|do not need to|no longer need to|no longer have to|need not|${NO_NEED_BARE}|no need to|there is no need to|(?:can |may )?(?:stop|quit)(?= (?:${WITH_A_RULE}|avoid|skipp|bypass|stay|keep|steer|limit|capp|using json|replying in json|answering in json)))\\b`,
);

/** A rule said to hold no more: "no longer applies", "does not apply any more", "no longer stands". */
const HOLDS_NO_MORE =
  "(?:no longer (?:appl(?:y|ies)|holds?|stands?|counts?)|(?:does|do) not (?:appl(?:y|ies)|hold|stand|count) (?:any more|anymore|any longer))";

/**
 * What a rule asked said to be needed no more: "the JSON format is not needed any more", "the
 * word limit is no longer necessary", with the copula left out as a headline leaves it ("the JSON,
 * no more needed.", ending its clause), or said to be taken back in the passive ("the den ban is
 * lifted", "that rule has been cancelled"), or as a headline with the verb left out ("cellar ban lifted."),
 * the clause ending there (of a reply's format too, and after a colon or an arrow as notes write it:
 * "JSON replies -> cancelled"), or said to hold no more ("the den rule no longer applies", "that ban
 * does not apply any more", "the cellar thing is off now", or run on into the permission it
 * gives: "… is off now you can go in"). The words before it name the rule; without a word of
 * "no longer" ("… is not needed for this one") nothing kept is dropped. "… is over", "… is finished",
 * ending its clause, say the same of what the words before it name ("the JSON, it's over").
 */
export const NO_LONGER_NEEDED = new RegExp(
  String.raw`\b(?:(?:is|are) (?:really |actually |even )?(?:not (?:really |actually |even )?(?:needed|necessary|required|wanted)(?: \w+){0,3} (?:any more|anymore|any longer)|no longer (?:really )?(?:needed|necessary|required|wanted))|no (?:more|longer) (?:needed|necessary|required|wanted)(?= ?(?:[.!,;]|$))|(?:is|are|has been|have been) (?:now )?(?:lifted|cancell?ed|canceled|revoked|scrapped|withdrawn|retracted)|(?:is|are) (?:now )?(?:over|finished)(?: now)?(?= ?(?:[.!,;]|$))|(?<=\b(?:rule|ban|restriction|limit|json|repl(?:y|ie)|answer|format)s?(?: :| - >| →| = >)? )(?:now )?(?:lifted|cancell?ed|canceled|revoked|scrapped|withdrawn|retracted)(?= ?(?:[.!,;]|$))|${HOLDS_NO_MORE}|(?<=\b(?:rule|ban|restriction|limit|thing)s? )(?:is|are) (?:now )?off(?: now)?(?= ?(?:[.!,;]|$)| (?:you|u) (?:can|may)\b))\b`,
);

/**
 * What a rule asks said not to be needed, with no word of "no longer": "the JSON isn't needed for
 * this one", "you don't need the word cap today". It suspends the rule for as long as the clause
 * says (this task, or asked); it never asks for the thing it names.
 */
export const NOT_NEEDED =
  /\b(?:is|are) (?:really |actually |even |strictly )?not (?:really |actually |even |strictly )?(?:needed|necessary|required|wanted)\b/;

/**
 * "you don't need the JSON …", "I really don't need it": a need denied of a thing (no verb after
 * it); the thing follows. An adverb of stance may stand on either side of the negation.
 */
export const NEED_NOT_OBJECT =
  /\b(?:you|i|we) (?:really |honestly |truly |actually )?do not (?:really |actually )?need(?! to\b)\b/;

/** A word allowed again: "you can call me sir again". */
export const PERMIT_WORD_AGAIN = new RegExp(`\\b(?:${PERMIT}) (?:${CALL}|${USE_WORD}|say)\\b`);

/** A permission to go or stop somewhere: "you can go in the laundry room again" (group 2: stop, group 3: enter). */
export const PERMIT_ROOM_ACT = new RegExp(
  // "you are allowed in the garage": a permission said with the room's preposition alone is one to enter it;
  // "you're allowed back in", "welcome back on the porch": "back" says the room is given back, as
  // "again" does, and only after it is "on" a way in (a porch, a deck), never "go on" (carry on);
  // "you can really go back in": an adverb of emphasis only stresses the permission
  `\\b(${PERMIT}|(?:are|is) (?:now |again |also |still )?(?:allowed|permitted|welcome)(?: to)?)\\b(?: (?:now|again|also|still|just|even|always|actually|once again|back|totally|definitely|absolutely|certainly|really|of course))*(?: (?:go|come))?(?: back)? (?:(${STOP})|(${ENTER}|in|into|inside|(?<=\\bback )(?:on|onto)))\\b`,
);

/**
 * A permission to go into a room said by a pronoun ("you're allowed back in it", "you may go in
 * there again"): an act whose room is the one the message spoke of before it.
 */
export const PERMIT_INTO_IT = new RegExp(`${PERMIT_ROOM_ACT.source} (?:it|there)\\b`);

/**
 * A permission that gives a room back ("you're allowed back in", "you can come back in"): like
 * "again", it lifts the ban in force from now on, no one-off to ask about. Read over the words
 * PERMIT_ROOM_ACT found, where "back" is the particle of the permission, never a room's name.
 */
export const givesBack = (permission: string) => /\bback\b/.test(permission);

/**
 * "you can go in now", "u may go", "you're allowed back in", "feel free to use it again": a permission
 * to go with no place said (or only "it"),
 * whose place is the room the user has just spoken of.
 */
export const BARE_GO_PERMIT = new RegExp(
  `^(?:(?:so|ok|okay|now|and) )*(?:you|u) (?:${PERMIT}|are allowed|are allowed to|are free to) (?:(?:now|again|back|once again|once more) )*(?:go|go in|go inside|go back in|go in there|enter|come in|in|back in|use it|enter it|go into it)(?: (?:now|again|once more|there|anytime|whenever you like|as before))*$`,
);

/**
 * "go in whenever", "go on inside any time", "pop in any time you like", "feel free to go through as you please": an
 * imperative of going whose when is left to the robot: a permission to go to the room it is said of.
 */
export const GO_WHENEVER = new RegExp(
  `^(?:(?:so|ok|okay|now|and|just|feel free to) )*(?:${ENTER})(?: (?:(?:on )?(?:in|inside|into|through|in there)|there))?(?: (?:now|again))* (?:(?:whenever|any ?time)(?: you (?:like|want|wish|need to|need))?|as (?:(?:often|much) as )?you (?:like|please|wish|want)|all you (?:want|like)|freely)\\b`,
);

/**
 * What is left of "you can go in by day now, but not from 10 to 6" once its hours are left out:
 * the contrast and negation that led into hours said no to, at the end. Left out too, it is the
 * bare permission to go.
 */
const LEAD_INTO_HOURS_SAID_NO = /(?: ?,)?(?: (?:but|just|only|and|though|yet))* (?:not|never|no)$/;

/**
 * Whether a clause, with the words of its hours left out (`negated`: some of them were said no
 * to), is a permission to go with no place said: "you can go in by day now, but not at night".
 */
export function bareGoPermitBesideHours(text: string, negated: boolean): boolean {
  const plain = (negated ? text.replace(LEAD_INTO_HOURS_SAID_NO, "") : text).replace(/ ?,$/, "").trim();
  return BARE_GO_PERMIT.test(plain);
}

/**
 * "at night still no", "evenings, still not": what is left of a clause once its hours are left
 * out, when it says only no to them. Said after a permission with hours, they are the hours the
 * ban still holds.
 */
export const ONLY_NO =
  /^(?:(?:but|and|only|just|still|though|yet|,|\.) )*(?:no|not|never|nope)(?: (?:still|though|please|,|\.))*$/;

/**
 * "nights only", "only 10 pm to 6 am now": what is left of a sentence once its hours are left out,
 * when it says only "only" of them. Said right after a permission at other hours, they are the
 * hours the ban is kept to; said of hours the permission allows it says nothing sure, and is asked.
 */
export const ONLY_KEPT = /^(?:(?:but|and|just|still|now|,|\.) )*only(?: (?:still|now|though|,|\.))*$/;

/** "now", "already", "after all", "no longer": a permission said of the present, lasting. */
export const NOW_MARKER = /\b(?:now|already|after all|no longer)\b/;

/**
 * A state said to be as it was before ("the den is tidy again", "the laundry is back on the board",
 * "back to normal"): like "now", the change of the present a permission after it rests on. "back"
 * only with its particle, never the "back" of a room's name ("the back porch").
 */
export const STATE_RESTORED = /\b(?:again|back (?:on|to|in|up|open))\b/;

/** "don't do that", "never again": the act told before is what is banned. */
export const DONT_DO_THAT = /\b(?:do not|never|stop) (?:ever )?(?:do|doing) (?:that|this|it)\b|\bnever again\b/;

/** A word naming a stored rule: "the study rule", "that ban", "the dining room restriction". */
const RULE_NOUN = "(?:rule|ban|limit|restriction|thing|one)";
/** A verb of a rule being in force, with or without its modal: "applies", "should hold". */
const IN_FORCE = "(?:is|be|applies|apply|counts|count|holds|hold|goes|go|matters|matter|stands|stand)";
const MODAL = "(?: (?:should|must|will|would|can|does|do))?";

/**
 * "the study rule is only for weekends", "that limit only applies at night", "the ban should only
 * hold after 6", "the den restriction applies 5 to 8 only", "the den ban, only at night", "about the
 * den its only on Sundays": a stored rule narrowed, pointed at by name or by the room it is about
 * said as the topic.
 */
export const RULE_ONLY = new RegExp(
  [
    `\\b${RULE_NOUN}\\b,?${MODAL}(?: (?:should be|${IN_FORCE}))? only\\b`,
    `\\b${RULE_NOUN}${MODAL} only ${IN_FORCE}\\b`,
    "\\bonly (?:applies|counts|holds|matters)\\b",
    // the hours said between the verb and "only"
    `\\b${RULE_NOUN} (?:applies|holds|stands|counts) [^,.;]+ only\\b`,
    "^(?:about|regarding|as for) .+ (?:it is|its) only\\b",
  ].join("|"),
);

/** The words after "so" ("so that"), their subject a pronoun of the rule, with a verb moving an end of its hours. */
const RULE_NEW_END =
  /^(?:it|that|this|the (?:rule|ban|one)) (?:now |then )?(?:starts?|begins?|ends?|finish(?:es)?|runs?|lasts?)\b/;

/**
 * "change the den rule so it starts at 9": a purpose whose subject is the rule and whose verb moves
 * an end of its hours says the change itself, no reason beside it ("… so the baby sleeps until 7"
 * has a subject of its own, and stays a reason). `after`: the words after "so".
 */
export const purposeMovesEnd = (after: string) => RULE_NEW_END.test(after) && boundaryIn(after) !== undefined;
