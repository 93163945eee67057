/**
 * Shapes of a message's parts: where a message is cut (a part that starts asking, lists of field
 * names, what the robot was told it did, subordinate leads, punctuation), and whether a part asks
 * anything at all (a directive, a fetch request, a question, words of delivery). Read by the
 * learner's segments and behaviour steps (src/rules/learn).
 */
import { NEG } from "./act-words.ts";
import { DISCOURSE_PARTICLE, FILLER, TASK_VERB } from "./message-words.ts";
import { LASTING, TASK_LOCAL } from "./time-words.ts";

// ---- segments -------------------------------------------------------------------------------

/**
 * A part that starts asking for something: where "and" / "but" cuts a sentence in two. Words that
 * only manage the talk may come first ("and you know what, never …", "but honestly stay out …").
 */
export const DIRECTIVE_START =
  /^(?:(?:please|just|also|then|now|and|but|so|plus|you know what|actually|anyway|honestly|ok|okay|oh|like) )*(?:(?:in general|going forward|in (?:the )?future|as a rule|from here on|(?:(?:just|only) )?(?:for |on )?this (?:time|once|one|trip|search|run)(?: only)?|this once|for now|right now)(?: (?:please|just|also|then|can you))* )?(?:do not|never|always|please|stay|keep|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make sure|be sure|limit|stop|wait|park|no more|from now on|you (?:can|may|should|must|need|have to|are allowed)|i (?:want|need|would like|do not want)|feel free|forget|drop|ignore|cap|answer|send|write|put|let me know|steer|leave)\b/;

/** A part that is one field name of a list: "and room", "the object key". */
export const FIELD_NAME_PART =
  /^(?:(?:and|plus|the|a|an|or|'|as well as) )*[a-z_][a-z0-9_]*(?: (?:field|key|property))?(?: '(?: |$))?$/;

/** A part that goes on to list fields: "json with", "keys". */
export const LISTS_FIELDS = /\b(?:json|keys?|fields?|properties|with|containing|including)\b/;

/** A part that is field names only: "room and object", "object / room". */
export const FIELD_NAMES = /^(?:and |plus )?'?[a-z_]+'?(?: (?:and|plus|,|\/) '?[a-z_]+'?)*$/;

/** What may come before a clause's verb and says nothing: "ok so please just …". */
export const LEAD = `^(?:(?:${FILLER}|you can|please|just|i said|i mean|(?:could|would|can|will) you) )*`;

/** What the robot was told it did: "You went into the garage.", "Why were you in the kitchen?" */
export const NARRATIVE =
  /^(?:(?:hey|hi|ok|so|well|look|listen|um|uh|oh|hmm|ugh|argh|seriously|jeez|geez|omg|sorry|again|also|and|but) )*(?:(?:i|we) (?:saw|noticed|see|watched) (?:that )?you\b|(?:i|we) (?:found|caught|spotted|saw|noticed) (?:you|u|(?:the|that|this|our|your|my) (?:robot|bot))\b|you (?:went|entered|stopped|ended up|were|walked|drove|rolled|parked|got|came|found|forgot|said|wrote|gave|used|did not|did|kept|left|passed|cut|searched|looked|just|have been|had)\b|why (?:did|were|are|do|would) you\b|that (?:was|is)\b|too (?:many|long)\b)/;

/** A part that leads up to the main clause ("Whenever you bring something back, …") asks nothing by itself. */
export const SUBORDINATE =
  /^(?:(?:and|but|so|also|just) )*(?:when|whenever|while|if|once|as soon as|after|before|unless|until|every time|each time|any ?time)\b/;

/**
 * "after lunch I sleep", "before noon we work in there": a time said as a preposition's object (no
 * clause of its own), then a statement whose subject is the speaker or someone else, never the
 * robot. It tells what happens at that time, a reason; it leads into nothing asked ("after lunch
 * you stay out", "after lunch I want you out" ask, and "after I eat" is a subordinate clause).
 */
export const TIME_THEN_STATEMENT =
  /^(?:(?:and|but|so|also|then) )*(?:after|before|until|till) (?!(?:i|we|he|she|they|you|it)\b)(?:[\w']+ ){1,3}(?:i|we|he|she|they) (?!(?:want|need|would|will|wish|prefer|do|never|can|could|should|must|may)\b)[\w']+/;

/**
 * "then I do my prayers": "then" pointing back at hours said before, and a statement whose
 * subject is the speaker or someone else, never the robot, in the present: what happens in those
 * hours, a reason (a wish or a modal, "then I want you out", asks; it is never read this way).
 */
export const THEN_STATEMENT =
  /^(?:(?:and|so) )*then (?:i|we|he|she|they) (?!(?:want|need|would|will|wish|prefer|do|never|can|could|should|must|may)\b)[\w']+/;

/**
 * A lead that says when or why before the request it belongs to: a subordinate lead, or a reason
 * fronted ("since …", "because …", "ever since …").
 */
const FRONTED_LEAD =
  /^(?:(?:and|but|so|also|just|ok|okay|well) )*(?:when|whenever|while|if|once|as soon as|after|before|unless|until|till|every time|each time|any ?time|since|ever since|because|as long as)\b/;

/**
 * A proviso that opens a part: "…, as long as you don't stop there", "…, provided that …". It binds
 * to the request before the comma as tightly as it does with no comma, so the two are one segment.
 */
export const PROVISO_START = /^(?:as long as|so long as|provided|providing|on condition that|on the condition that)\b/;

/** A negated imperative: "do not" or "never" before a verb's plain form ("do not go", "never stop"). */
const NEG_IMPERATIVE = /^(?:do not|never) [a-z]+$/;

/**
 * Where a lead said without a comma ends and its request starts: "unless I am home do not go in
 * the garage", "ever since it flooded never park in the cellar". The lead must open the part and
 * hold a whole clause of its own (a verb after its subordinator), so "if you do not mind …", whose
 * "do not" is the lead's own verb, is no cut (the caller checks the verb). `lead` is the part
 * before the candidate cut, `next` the words of the imperative's start ("do not go", "never go").
 */
export function leadEndsBefore(lead: string, next: string): boolean {
  return FRONTED_LEAD.test(lead) && NEG_IMPERATIVE.test(next);
}

/** The words of a fronted lead after its opener ("unless i am home" → "i am home"). */
export function afterLeadOpener(lead: string): string {
  return lead.replace(FRONTED_LEAD, "").trim();
}

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

/** An infinitive said first as a subject: "to wait there", "but to linger in it". */
const INFINITIVE_OPENS = /^(?:(?:but|and|so|just) )?to [a-z]+\b/;
/** The pronoun that takes up a subject said before it, with its copula: "it is forbidden", "it's not allowed". */
const RESUMED_BY_IT = /^it (?:is|was|will be|would be)\b/;
/** A part that is only a discourse particle or a filler between the two: "la", "ah". */
const ONLY_PARTICLE = new RegExp(`^(?:${DISCOURSE_PARTICLE}|well|you know|see)$`);

/**
 * "to wait there, it is forbidden": an infinitive set before its clause and taken up by "it" is
 * that clause's subject (a left dislocation), one part with it, never a purpose or a reason said
 * apart. `parts` are the texts of consecutive segments; the number of them that make the one part
 * (0 when they do not open so).
 */
export function dislocatedInfinitive(parts: readonly string[]): number {
  if (!INFINITIVE_OPENS.test(parts[0] ?? "")) return 0;
  let k = 1;
  while (k < parts.length && ONLY_PARTICLE.test(parts[k])) k++;
  return k < parts.length && RESUMED_BY_IT.test(parts[k]) ? k + 1 : 0;
}
