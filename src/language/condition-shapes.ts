/**
 * Clause shapes of conditions: the patterns the rule learner reads when, unless and during by
 * (over the normalised, lower-case words of tokens.ts), and what a trailing phrase names that is
 * no condition. Like every *-shapes.ts file, each is named for what it finds, so a newcomer
 * extends one place, and is built from the word classes (*-words.ts) where one exists; the only
 * patterns left in src/rules are the rule types' zod formats (scope ids, no control characters),
 * which read no English.
 */
import { ROBOT_BODY, STOP } from "./act-words.ts";
import { ASKING_EXCUSED, IMPORTANCE_DOUBTED, NO_TROUBLE } from "./clause-words.ts";
import { TERM_OF_ADDRESS } from "./message-words.ts";
import { ARTIFACT_NOUN, REPLY_NOUN } from "./reply-words.ts";
import { PEOPLE_TIME } from "./time-words.ts";

export const CLAUSE_JOIN = /^(?:,|;|but|and|though|although)$/;

/** A word that joins two requests, each with a verb of its own: "stay out … and quit calling me …". */
export const REQUEST_JOIN = /^(?:and|but|plus|also|then)$/;

export const NEGATION = /\b(?:not|never|no)\b/;

export const EXCEPT = /\b(?:except|unless|but not|other than|apart from|save|excluding|except for|besides)\b/;

/** A heading that makes what follows its colon an exception: "exception: 5 to 7", "except: weekends". */
export const EXCEPTION_HEADING = /^(?:exceptions?|except|excluding|excepting)$/;

/**
 * What is said of a condition right after it when the rule gives way then: "if I call you, that's
 * different", "when I ask, of course, it's another matter", "if we're out, then that's fine".
 */
export const GIVES_WAY_AFTER =
  /^(?:, )?(?:(?:of course|obviously|naturally) , )?(?:then )?(?:that|it|this) is (?:(?:a )?different|fine|ok|okay|alright|all right|allowed|no problem|another (?:matter|story|thing))(?: (?:of course|though|then))? ?[.!;]?$/;

/**
 * What is said right after hours, closing their phrase, that says no to them: "at night no way",
 * "after ten not ok", "evenings never". A word of no trouble ("no problem", "no worries") allows
 * instead, and is no refusal.
 */
const SAYS_NO_FIRST = /^(?:(?:but|and|still|just|though) )*(?:no|not|never|nope|nah)\b/;
const NO_TROUBLE_FIRST = new RegExp(
  `^(?:(?:but|and|still|just|though) )*(?:${NO_TROUBLE}|no (?:worries|sweat|need|matter)|never mind)\\b`,
);
export const refusesHoursBefore = (text: string): boolean => SAYS_NO_FIRST.test(text) && !NO_TROUBLE_FIRST.test(text);

export const FINE_AFTER = /^(?:is|are|'s) (?:fine|ok|alright|all right|allowed|no problem)\b/;

/**
 * The user asking, said in the passive with the user as its agent: "asked by me", "expressly told
 * to by one of us", "sent for by us". Without the agent ("when asked") who asks is not said.
 */
export const ASKED_BY_US = String.raw`(?:(?:specifically|explicitly|expressly|directly|actually) )?(?:asked|told|sent for|called|summoned|invited|instructed|requested) (?:to (?:(?:do so|go|come) )?)?by (?:me|us|(?:one|either|any|each) of us)\b`;

/**
 * The user asking, as a verb said now: "ask", "tell", "call", … ; the asking going on ("when I'm
 * calling you"); and a call said aloud for the robot ("holler for you", "shout for you"): a shout
 * with "for" after it summons, while one alone ("when I shout") may be anything.
 */
const ASKS_NOW = `(?:ask|asks|tell|tells|send|sends|say|says|request|want|need|allow|let|instruct|call|calls|summon|summons|invite|invites|page|pages|(?:am|is|are|m|re|s) (?:asking|telling|calling|summoning|paging|inviting|sending for)|(?:holler|hollers|shout|shouts|yell|yells|whistle|whistles|hollering|shouting|yelling|whistling) for)`;

/**
 * The user asking for it is the exception: "unless I ask you to", "except when I send you there",
 * "unless I have told you to"; the household speaking as one of several ("unless either of us
 * asks") is the user too.
 */
export const ASKED = new RegExp(
  String.raw`\b(?:unless|except (?:when|if)|but (?:only )?(?:if|when)|except)\s+(?:${ASKED_BY_US}|(?:i|we|the user|my \w+|(?:one|either|any|each) of us)\s+(?:specifically |explicitly |expressly |directly |actually )?(?:${ASKS_NOW}|(?:have|has|had) (?:specifically |explicitly |directly |actually )?(?:asked|told|sent|said|requested|allowed|let|instructed|called|summoned|invited|paged)))\b.*$`,
);

/** "unless I am home", "except to fetch my keys": when the rule gives way, in the user's words */
/** A condition that is the user asking: "when I tell you to go there", "if I ask". */
const US_ASKING = String.raw`(?:${ASKED_BY_US}|(?:i|we|(?:one|either|any|each) of us)\s+(?:have |had )?(?:specifically |explicitly |expressly |actually |personally )?(?:${ASKS_NOW}|asked|told|sent|said|requests|requested|wants|needs|allowed|lets|instructs|instructed|called|summoned|invited|paged))\b`;
export const WHEN_ASKED = new RegExp(String.raw`^(?:only )?(?:when(?:ever)?|if|once|after)\s+${US_ASKING}`);

/**
 * "only after Mum calls you": "after" opens a clause of when only before a subject and its verb; of the
 * user asking it is that asking ("after dinner" is hours, read by the time grammar).
 */
export const AFTER_ASKED = new RegExp(String.raw`\bafter\s+${US_ASKING}.*$`);

/**
 * The user asking, said as a noun after a preposition: "only at my request", "upon our express
 * instruction", "with my say-so". Like "when I ask", an "only" or a permission makes it the
 * exception to a ban.
 */
export const ON_REQUEST =
  /\b(?:(?:up)?on|at|by|with) (?:my|our) (?:own |express |explicit |specific |direct |personal )?(?:request|say-so|say so|instructions?|invitation|permission|go-ahead)\b/;

export const UNLESS =
  /\b(?:unless|(?:except|other than|apart from|but not) (?:when|if|while|to|in order to|for when))\b.*$/;

/**
 * The speaker's own saying, as a when-clause: "while I think of it", "now that I remember", "since
 * I have you": when the message is said, an aside about the talk, never when a rule holds.
 */
export const SPEAKING_WHEN =
  /^(?:while|whilst|now that|now|since|as|before) (?:i|we) (?:think of it|think about it|remember(?: it)?|have (?:got )?you|am at it|are at it|am on the subject|are on the subject|forget)\b/;

/**
 * What the robot itself is doing: "when you reply", "when you are done", "any time you find
 * them", "every time the robot answers" restate the stage, no condition (a "then" of sequence
 * before it, "… and then when you find it", adds none).
 */
export const ROBOT_WHEN =
  /^(?:then\s+)?(?:when(?:ever)?|any ?time|every ?time|each time|while|if|once|as soon as|after|before)\s+(?:you|u|the robot)\s+(?:are\s+|have\s+|get\s+)?(?:replies|answers|responds|reports|finds|reply|replying|answer|answering|respond|responding|talk|talking|speak|speaking|tell|telling|report|reporting|write|writing|done|finished|finish|finishing|come back|coming back|get back|getting back|back|move|moving|navigate|navigating|go around|going around|look|looking|search|searching|find|finding|found|bring|bringing|fetch|fetching|explore|exploring|give|giving|send|sending|message|messaging|ready|arrive|arriving|get there|there|stop|stopping|locate|spot|see|working|work|at it|on the way|pass|passing|going through|go through|walk through|walking through|(?:go|going|head|heading) (?:out )?(?:look|looking|search|searching|hunt|hunting|around|about|fetch|fetching|get|getting|find|finding)|need to|have to|must)\b/;

/**
 * The robot coming to a stop, said as when and nothing more: "when you sit there", "while you
 * wait in there", "if you park in it", "when you're parked on the landing": a place in the room said
 * after it is where the stop is. Said beside a ban on stopping, it is that stop, the reason's or the
 * ban's own words, never when a rule holds; with more said ("… there with the dog") it stays a condition.
 */
export const ROBOT_STOPS_WHEN = new RegExp(
  String.raw`^(?:when(?:ever)?|while|if|once)\s+(?:you|u)\s+(?:are\s+)?${STOP}(?:\s+(?:there|here|in there|in it|in here|(?:on|at|by|in|near) the \w+))?(?:\s*[.,;:!?])*$`,
);

/**
 * The robot's own errand named as a noun: "after your search", "when search is finished", "once
 * the job's done". Like ROBOT_WHEN, it says when the robot stops, not when a rule holds.
 */
export const ROBOT_ERRAND_WHEN =
  /^(?:when(?:ever)?|once|after|as soon as|at the end of)\s+(?:(?:your|the|this|its|each|every)\s+)?(?:search|searches|hunt|errand|errands|task|tasks|job|jobs|run|runs)(?:'s|s)?\b(?:\s+(?:is|are|'s|s|has been|have been|gets|get))?(?:\s+(?:done|finished|over|complete|completed|ended|through))?$/;

/**
 * Politeness, not a condition: "if you could", "I'd appreciate it if you", "would you mind", "if this is a daft thing to
 * ask"; nor doubt of how much the request matters ("no idea if it matters").
 */
export const POLITE_IF = new RegExp(
  String.raw`^(?:(?:(?:it is|it|its|probably|maybe|perhaps|really|much|way|just) )*(?:(?:would|will|'d) be )?(?:great|nice|good|better|best|helpful|ideal|lovely|appreciated|nicer|safer|wiser) if|(?:i|we) (?:would |'d )?(?:appreciate it|prefer it|like it|rather) if|if (?:you|u) (?:could|would|can|might|do not mind|dont mind|would not mind|please)\b|(?:would|do) (?:you|u) mind\b|it is (?:better|best|nicer) if|(?:(?:only|just) )?if (?:(?:it|that|this) is )?(?:not too much to ask|${NO_TROUBLE}|ok|okay|alright|all right|fine|possible|at all possible|all the same to (?:you|u))\b|if ${ASKING_EXCUSED}\b|(?:(?:i am |we are )?(?:not (?:sure|certain)|dunno|idk|i do not know|no idea|wondering) )?(?:if|whether) ${IMPORTANCE_DOUBTED}\b|if (?:you|u) (?:do not|dont) mind\b|if (?:i|we) (?:may|might|could)(?: (?:ask|say|add|suggest))?$)`,
);

/**
 * Conditions about the world the robot does not know: "when the baby is asleep", "if grandma is visiting".
 * "as" before something going on ("as it gets dark", "as the paint dries", "as the floor is being
 * sanded") may say when, as "while" does, and is kept so; a state after it ("as it is wet", "as it
 * looks a mess") says why, and a state said in degree is a reason by name (clause-words.ts, EXPLAIN).
 * "any time now" after a permission is every hour from now on, no clause of when.
 */
export const WHEN_CLAUSE =
  /\b(?:when(?:ever)?|while|if|as soon as|as(?= (?:it|this|that|the \w+) (?:(?!(?:is|was|has|does|looks|seems|needs|means)\b)\w+s|(?:is|are) (?:being|\w+ing))\b)|as long as|so long as|(?:assuming|provided|providing|on condition)(?: that)?|on days when|any ?time(?! now\b)|once|(?<!\b(?:its|it is|that is|thats|this is) )where(?= (?:someone|somebody|anyone|anybody|people|a person|guests?|the (?:kids|baby|children|family)) ))\s+(?!it is (?:dark|night|light|daylight)\b).+$/;

/** "before bedtime", "after lunch till school pickup": a stretch of people's times, one condition from end to end. */
const TIME_OF_PEOPLE = `(?:the |my |our |his |her |their |your )?${PEOPLE_TIME}`;
const TO_END = String.raw`\s+(?:until|till|til|to)\s+${TIME_OF_PEOPLE}`;
export const DURING = new RegExp(
  String.raw`\b(?:(?:during|at|after|before|around|over|through|past|until|till|by)\s+${TIME_OF_PEOPLE}(?:${TO_END})?|from\s+${TIME_OF_PEOPLE}${TO_END})\b`,
);

/**
 * The robot's own wish, said of when it may act: "like", "feel like it", "fancy", "have a mind to",
 * "are minded to", "see fit". What the robot needs is no wish: "only if you need to" limits the act.
 */
const WISHING =
  "(?:(?:would |'d )?like|want|wish|please|choose|fancy|feel like(?: it)?|see fit|(?:have|got|have got) (?:a|the|half a) mind|are (?:so )?minded|are in the mood|care)";

/** A word of no trouble closing a phrase: "no problem", "no worries", "no sweat". */
const NO_TROUBLE_TAIL = String.raw`(?:\s*,)?\s+(?:${NO_TROUBLE}|no (?:worries|sweat|probs?))`;

/**
 * Free choice of when, no condition: "whenever you like", "any time you want to", "if you wish";
 * and a bare "whenever" or "any time" closed by a word of no trouble ("whenever, no problem", "any
 * time no worries") or by a word calling the listener ("whenever, mate"), which reassures and says nothing of when; a "now" or "again" after it says the
 * change ("whenever you like now"), no time.
 */
export const FREE_WHEN = new RegExp(
  String.raw`^(?:(?:when(?:ever)?|any ?time|if)\s+(?:you|u)\s+${WISHING}(?:\s+to)?(?:${NO_TROUBLE_TAIL})?|(?:whenever|any ?time)(?:${NO_TROUBLE_TAIL}|(?=,?\s+${TERM_OF_ADDRESS}$)))(?:\s+(?:now|again))?(?:,?\s+${TERM_OF_ADDRESS})?$`,
);

/**
 * "whenever you …", "any time you …": when the robot itself chooses. Left unread (no wish in
 * WISHING), it may be a free choice or a real limit, so a permission said with it is asked back.
 */
export const ROBOT_ANY_TIME = /^(?:whenever|any ?time|every ?time)\s+(?:you|u)\b/;

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

/**
 * Words that say when, whatever else is around them: a part holding one is never dropped ("late"
 * after a possessive is a person's, no time: "her late father's workbench"; "once" closing its
 * phrase counts, as "going once" does, and opens no clause; "if" after a verb of knowing or
 * asking is "whether": "I don't know if I fuss too much" (a "let me know if" is a condition); "one of these days" is some day, "the
 * old days" a time gone).
 */
export const WHEN_WORD =
  /\b(?:(?<!\b(?:wonder|wondering|sure|unsure|certain|check|asking) )(?<!(?<!\blet \w+ )\bknow(?:ing)? )if|when|whenever|while|unless|until|till|til|once(?= \w)|before|after|except|during|between|(?<!\b(?:my|our|his|her|their|your) )late|early|later|tomorrow|weekends?|weekdays?|weeknights?|nights?|mornings?|evenings?|afternoons?|(?<!\b(?:one of these|old(?: \w+)?) )days)\b/;

/** "except" left over from "except in the morning": a marker whose condition is read already. */
export const MARKERS_ONLY =
  /^(?:(?:if|when|whenever|while|unless|until|till|til|once|before|after|except|during|only|but|and|or|not|for|then) ?)+$/;

/**
 * "…, those are her study hours": a part that says what the hours said before it are; beside
 * those hours it says why, never when (with no hours said before, it points at none and is asked).
 */
export const NAMES_HOURS_SAID = /^(?:those|these) (?:are|were)\b/;

/** "… we have lunch then", "… my husband sleeps late": a sentence of its own says why, not when. */
export const ASKS_NOTHING =
  /^(?:i|we|they|he|she|it|its|that|thats|there|my|our|his|her|their|everyone|everybody|nobody|the \w+) (?!(?:if|when|while|unless)\b)/;

/**
 * "… you are always under my feet", "… you keep getting stuck": a run-on statement of
 * what the robot is or keeps doing says why; a phrase at its end is no condition of the request.
 */
export const TELLS_OF_YOU = /^(?:you|u) (?:are|were|always|keep|kept|get|got|just) /;

export const PREPOSITION =
  /^(?:on|during|over|at|around|with|without|for|in|after|before|until|by|near|throughout|except)$/;

/**
 * What a trailing phrase names that is no condition: the reply it is about, the user, emphasis
 * ("at all", "in any case", "under any circumstances": any case at all is every case), the robot as
 * the doer of a passive ("… is not to be entered by you"), the robot the rule is for ("… for the robot"), a clause about the noun before it ("the room in which it was found" says which room, not when).
 */
export const NOT_A_CONDITION = new RegExp(
  `^(?:with ${ROBOT_BODY}\\b|(?:in|on|for|to|at|with|per|into|of) (?:(?:your|my|the|each|every|all|any|a) )?(?:${REPLY_NOUN}|${ARTIFACT_NOUN}|json|it|them|that|this)\\b|(?:to|for) (?:me|you|us)\\b|(?:to|for) (?:the )?robots?\\b|at all\\b|for any reason\\b|(?:in|on|under|for|at|by) (?:any|all) [a-z]+$|(?:in|at|on|from|into|to|with|inside) (?:which|whom)\\b|by (?:yourself|you|u|the robot)\\b|(?:in|on) (?:there|here)\\b|for me\\b|in general\\b|(?:at|in|to) (?:the )?(?:very )?(?:end|start|beginning|top|bottom|front)\\b|in (?:the )?(?:first|last) (?:line|sentence|word)\\b)`,
);
