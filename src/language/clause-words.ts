/**
 * Word classes of a clause's structure: what starts an explanation ("because"), doubt and the
 * polite conditional that make a hedge ("maybe", "it might be better if"), subject pronouns and
 * subordinators that tie a clause to the one before, and the words an exception opens with.
 * They say where a clause starts and what kind it is, never what it asks.
 */
import { alt } from "./word-class.ts";

/**
 * How a consequence asked of the one spoken to opens after "so", as a clause of its own: with them
 * as its subject ("… got fixed so you can go back in", typed "u", "ya") or as a negated imperative
 * ("… is drying so do not go in there", "so never …"). Words at k, k + 1.
 */
export function opensConsequence(w: string | undefined, next: string | undefined): boolean {
  return /^(?:you|u|ya|ye|never)$/.test(w ?? "") || (w === "do" && next === "not");
}

/** Verbs of going in after "no one" ("nobody goes in", "no one enters"). */
const NOBODY_GOES = /^(?:goes|go|enters|enter|comes|come|walks|steps|sets)$/;

/**
 * A consequence after "so" that is itself a ban on everyone, the robot among them: "no one" as its
 * subject ("nobody", "noone", "no one") and a verb of going in ("… sleep till nine so nobody goes in
 * there"). "so nobody trips" says why and stays a reason. Words after "so".
 */
export function opensNobodyGoing(words: readonly string[]): boolean {
  const n = words[0] === "nobody" || words[0] === "noone" ? 1 : words[0] === "no" && words[1] === "one" ? 2 : 0;
  return n > 0 && NOBODY_GOES.test(words[n] ?? "");
}

/** Words that lead into a marker of how long or when without saying anything more ("just for this afternoon", "only for today"). */
export const MARKER_LEAD = /^(?:just|only|for)$/;

/** What starts an explanation: why, not when ("that is when I clean it"). */
export const EXPLAIN = alt([
  "because",
  // spoken and typed short forms of "because", before a clause's subject
  "(?:cause|cuz|coz|cos|bc)(?= (?:i|we|you|he|she|they|it|its|the|my|our|that|thats|there)\\b)",
  "since(?= (?:i|we|you|he|she|they|it|the|my|our|that|there)\\b)",
  "as(?= (?:i|we|he|she|they)\\b)",
  // "as it's rather narrow": a lasting state said in degree ("rather", "too") says why; "as it
  // gets dark" tells a change, and stays when
  "as(?= (?:it|this|that|the \\w+) (?:is|are) (?:rather|very|quite|really|so|too|a bit|pretty|fairly|extremely|super|always)\\b)",
  "that is (?:when|where|why|how)",
  // "…, which is when we eat": a relative clause on the hours or the room said before says why
  "which is (?:when|where|why)",
  "it is (?:where|when)",
  "this is (?:where|when|why)",
  "so that",
  // "…, later he scold", "…, later they will complain": what follows if the robot does it, as
  // "or else" says it; a time follows "later" with no subject ("later tonight", "later on"), and a
  // state said with "is"/"are" ("later they are sleeping") may be when, so it stays a condition
  "later(?= (?:he|she|they|you|u) (?!(?:is|are|am|was|were|re|s)\\b))",
  // ("so nobody goes in there" is a ban on everyone, the robot too: see opensNobodyGoing)
  "so(?= (?:i|we|he|she|they|it|the|my|our|nobody|no one)\\b)(?! (?:nobody|noone|no one) (?:goes|go|enters|enter|comes|come|walks|steps|sets)\\b)",
  // "from 2 to 4, no, then I have a call": "then" after a bare "no" is the hours said no to, and
  // what someone else does at them says why; "then you …" may be the next thing asked, and stays
  "(?<=\\b(?:no|not|never) , )then(?= (?:i|we|he|she|they|my|our)\\b)",
  "the reason is",
  // "… ten words tops, i can't look at a screen on the road": the speaker's own inability to take a
  // reply in, run on after a request, says why it is asked; inside a condition ("when i can't see
  // you") it stays part of that condition
  "(?<!\\b(?:when|whenever|while|if|unless|until|once|where|and|or|but) )(?:i|we) (?:can not|could not|am not able to|are not able to) (?=(?:read|see|hear|look|follow|keep up|take in|watch|understand)\\b)",
]);

/**
 * "like the floor's dug up", "like he'd lose it": a spoken "like" opening a part of its own, before
 * a clause's subject, says why, as "because" would; inside a part ("from like 11") it is a filler,
 * and a part that only compares ("like the kitchen") has no verb and stays as read.
 */
export const LIKE_EXPLAINS =
  /^like (?:the|my|our|his|her|their|i|we|he|she|they|it|its|there|nobody|someone|somebody)\b(?: [\w']+){0,4} (?:is|are|was|were|'s|would|will|could|might|has|have|had|gets|got|keeps)\b/;

/** A heading that opens a line of reasons, before its colon ("why: the steps are loose", "reason: …"). */
export const REASON_HEADING = /^(?:why|reason|reasons|rationale|because)$/;

/** Adverbs of possibility: doubt, except inside a politeness frame ("it might be better if perhaps you …"). */
export const POSSIBILITY = alt(["maybe", "perhaps", "possibly"]);

/**
 * "not a bother", "no hassle", "not too much trouble": what a request costs the hearer, said to be
 * little; after "if it is" it asks leave to ask and sets no condition.
 */
export const NO_TROUBLE =
  "(?:not|no)(?: (?:a|an|any|too much|(?:too |that |very )?much of an?|a big|too big an?))? (?:trouble|bother|hassle|problem|inconvenience|imposition|issue|big deal)";

/**
 * "if this is a daft thing to ask", "if it's too much to ask", "if that's a dumb question": the
 * speaker excuses the asking itself; the clause says nothing of when the request holds. A plain
 * "if it is a simple question" is a real condition on replies, so without "to ask" only a word
 * belittling the question or request counts.
 */
export const ASKING_EXCUSED =
  "(?:it|that|this) is (?:(?:too much|a lot|a bit much|(?:a|an) (?:\\w+ )?(?:thing|question|request|favou?r)) to ask|(?:a|an) (?:(?:bit|little|really) )?(?:silly|stupid|daft|dumb|odd|strange|weird|naive|obvious|cheeky|rude|big|annoying|basic) (?:question|request|ask))";

/**
 * The speaker doubting that the matter is worth the fuss, or that they are right to worry ("if it
 * matters", "whether it's a big deal", "maybe I'm being paranoid"): what is doubted is how much the
 * request matters, never what it asks.
 */
export const IMPORTANCE_DOUBTED =
  "(?:(?:it|this|that) (?:really |even )?(?:matters|is (?:a |any )?(?:big |huge )?deal|is (?:that |really |even )?important)|(?:i|we) (?:am|are) (?:just )?being (?:a bit |too |overly |over )?(?:dramatic|paranoid|silly|fussy|overcautious|cautious|precious|picky|neurotic|extra))";

/**
 * The speaker excusing the asking or themselves before it ("if this is too much to ask", "maybe
 * it's just me", "it's probably nothing"): doubt said with it concedes the asking, not what is asked.
 */
export const SELF_EXCUSE = `(?:${ASKING_EXCUSED}|(?:it|that) is (?:just|only|probably just) me|(?:it|that) is (?:probably|likely) nothing|${NO_TROUBLE}|${IMPORTANCE_DOUBTED})`;

/**
 * A request said in the polite conditional ("it might be better if you …", "I'd prefer it if …",
 * "if you could …"): the speaker softens what they ask, and a "perhaps" inside it softens too.
 */
export const POLITE_FRAME = alt([
  "(?:would|might|could|may) (?:perhaps |possibly |maybe )?be (?:rather |quite |much |far |really |so |a lot )?(?:better|best|nicer|nice|lovely|great|good|helpful|ideal|wiser|safer|kind|appreciated) if",
  // "we'd sort of prefer you …": a hedge between the modal and the wish softens it further
  "(?:i|we) (?:would|might) (?:(?:sort of|kind of|much|really|just|quite|far) )?(?:prefer|rather|appreciate it|like it)",
  "if (?:you|u) (?:could|would|might)",
  "would you mind",
  // "could you maybe not stop …": a possibility adverb right after a request's "could you" softens it
  "(?:could|would|can|will) (?:you|u)(?= (?:maybe|perhaps|possibly)\\b)",
  // "if it's okay, maybe avoid …", "if you don't mind": asking leave to ask, no doubt of what is asked
  "if (?:it is|that is|this is|its|thats) (?:ok|okay|alright|all right|fine)",
  `if (?:it is|that is|this is|its|thats) ${NO_TROUBLE}`,
  "if (?:you|u) (?:do not|dont) mind",
  "if (?:possible|that works|that is possible)",
]);

/**
 * "I guess", "I suppose" said first: it softens what follows as a possibility adverb does, so with a
 * polite frame it doubts nothing ("I suppose, if that's alright, perhaps skip …"), and alone it is asked.
 * Said after the request ("…, I suppose, just not at night") it concedes, and doubts nothing.
 */
export const SOFTENER = alt(["(?<!\\S\\s)i guess", "(?<!\\S\\s)i suppose"]);

/** Doubt said outright: the user is not sure they want it ("not sure yet", "I don't know"). */
export const DOUBT = alt([
  // "not sure", "not entirely sure", "not quite certain yet"
  "not (?:(?:entirely|completely|totally|quite|really|fully|that|so|too|one hundred percent) )?(?:sure|certain)",
  // the user says they may still decide otherwise, or will decide once someone else is asked
  "(?:i|we) (?:may|might|could) (?:well )?change (?:my|our) minds?",
  "(?:let me|let us|i need to|we need to|i have to|we have to|i will|we will|i want to|i should|i must) (?:talk|speak|check|ask|discuss|confer|consult|run it by)\\b[^.?!;]* first\\b",
  "i do not know",
  // the speaker by their name or a family word, as some speakers refer to themselves ("Gran don't know")
  "(?<=(?:^|[.!?;] ))(?!(?:they|we|you|u|he|she|it|people) )[a-z\\u00c0-\\u1ef9]+ do not know",
  "idk",
  "dunno",
  "i will think about it",
  "let me think",
]);

/**
 * The speaker musing on what the robot could do ("I suppose you could …", "I guess you might …"):
 * a suggestion thought aloud, not a request, so it is asked back even where a bare softener before
 * an imperative ("I guess don't stop …") is only politeness.
 */
export const MUSING = alt(["(?:i|we) (?:guess|suppose) (?:you|u) (?:could|might|may)"]);

/** A hedge: the user is not sure they want it ("maybe …", "not sure yet"). */
export const HEDGE = `(?:${POSSIBILITY}|${DOUBT}|i guess|i suppose)`;

/**
 * Words that open a clause telling what goes on at the place or the moment just named: the
 * relative adverbs of place ("…, where the baby naps", the formal "wherein", "whereat") and "while"/
 * "whilst" ("… is shut while the floor dries"). After a ban said for one task, such a clause says
 * why the room is closed now; the one-off already bounds the ban to the task.
 */
export const GOING_ON_THERE = alt(["where", "wherein", "whereat", "while", "whilst"]);

/** Subject pronouns: one after a verb's object starts a clause of its own ("… the hallway it blocks …"). */
export const SUBJECT = alt(["it", "they", "he", "she", "we", "i", "there"]);
/** Words that make the clause after them part of the one before ("when it rains", "while they sleep"). */
export const SUBORDINATOR = alt([
  "when",
  "whenever",
  "while",
  "if",
  "unless",
  "until",
  "because",
  "since",
  "as",
  "where",
  "once",
  "after",
  "before",
  "that",
]);

/** Words that open a condition said before its clause ("if …", "until …", "except …"). */
export const OPENS_CONDITION = /^(?:if|when|whenever|while|unless|until|till|til|once|before|after|except)$/;

/** The places a permission names after its "fine"/"ok": "ok in the shed", "fine at the gate". */
export const PLACE_PREPOSITION = /^(?:in|inside|at)$/;

/** A verb of being, or its negation, before a noun phrase ("is a", "never a"): what follows names a kind, not a place. */
export const BEING_OR_NOT = /^(?:is|are|was|were|not|never|be|becomes?)$/;

/** Words a speaker may open a restarted request with, that change nothing of it ("…, no, just keep out"). */
export const RESTART_LEAD = /^(?:just|simply|only|rather)$/;

/** A bare word of reaction said on its own between commas ("no", "oh", "ok"). */
export const BARE_REACTION = /^(?:no|nah|nope|oh|ok|okay|hmm|well)$/;

/** The indefinite article. */
export const INDEFINITE = /^(?:a|an)$/;

/** A word after which "you" opens a clause as its subject ("when you", "and you"); after others it is an object. */
export const OPENS_CLAUSE = new RegExp(`^(?:${SUBORDINATOR}|and|or|but|so|then|except|unless)$`);

/** The words that make what follows an exception ("except on sundays", "other than at night"). */
export const EXCEPTION_WORD = alt([
  "except",
  "excepting",
  "other",
  "than",
  "apart",
  "from",
  "but",
  "not",
  "for",
  "save",
  "besides",
]);

/** Words that join two requests and say nothing of their own: "and", "but also", a dash, a comma. */
export const JOINER = /^(?:and|but|or|also|then|plus|&)$|^[^\p{L}\p{N}]+$/u;

/**
 * Words that open a clause of a stretch of time in which something goes on ("when I'm on a call",
 * "while she reads"), as against one of a condition ("if", "unless") or of one end ("until", "after").
 */
export const STRETCH_OPENER = /^(?:when|whenever|while|whilst)$/;

/** Words that open a clause of when a request holds: "when the baby sleeps", "unless I ask". */
export const WHEN_OPENER = /^(?:if|when|whenever|while|whilst|unless|until|till|til|once|before|after|during|except)$/;
