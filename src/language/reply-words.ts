/**
 * Word classes of the robot's replies and of telling: a reply's length and format, what it says
 * or writes, verbs of telling, of addressing the user and of using a word, and what asks for the
 * room an object was found in. The reply rules (limits, JSON, mentions, words to use or avoid)
 * are read from them (reply-shapes.ts, src/rules/learn).
 */
import { alt } from "./word-class.ts";

/** Words of a reply's length: a behaviour in them beside a word limit is that limit said in words. */
export const REPLY_LENGTH = alt([
  "short",
  "shorter",
  "shortest",
  "brief",
  "briefer",
  "concise",
  "succinct",
  "terse",
  "long",
  "longer",
  "lengthy",
  "length",
  "wordy",
  "verbose",
  "words?",
  "word limit",
  "limit",
  "count",
]);

/** Words of a reply's format: a behaviour in them beside a JSON rule is that rule said in words. */
export const REPLY_FORMAT = alt([
  "json",
  // as a transcriber hears it, where only the format fits (JSON_WORD)
  "(?<=\\b(?:in|as|the|no|more) )jason(?! (?:'s|s|room)\\b)",
  "format",
  "formatted",
  "fields?",
  "keys?",
]);
/** A field of a structured reply: "the room field" names a field, not the room a mention says. */
export const REPLY_FIELD = alt(["fields?", "keys?"]);

/** Who the robot talks to about a reply: what it says (a reply) or writes (an artifact). */
export const REPLY_NOUN = alt(["repl(?:y|ies)", "answers?", "responses?", "messages?", "what you say", "words"]);
export const ARTIFACT_NOUN = alt([
  "summary",
  "summaries",
  "map notes?",
  // a noun only after a determiner: "report back" and "note the room" are verbs; a report addressed
  // to the user ("your reports to me") is what the robot tells them, a reply
  "(?:the|your|my|a|each|in) (?:notes?|logs?|reports?(?! to (?:me|us)\\b))",
  "write ups?",
  "journal",
  "the map",
]);

/** Verbs of telling (mention, say, include …): what they govern must be in the reply. */
export const TELL = alt([
  "mention",
  "mentions",
  "mentioning",
  "say",
  "says",
  "saying",
  "tell me",
  "tell us",
  "telling me",
  "include",
  "including",
  "name",
  "naming",
  "state",
  "report",
  "let me know",
  "let us know",
  "note",
  "specify",
  "give me",
  "point out",
  "write",
  "share",
  "add",
  "put",
  "(?:i|we) (?:want|need|would like|like) to (?:know|hear|see|be told)",
]);

/** Verbs of addressing someone by a word ("stop calling me 'sir'"). */
export const CALL = alt([
  "call(?:ing)? me",
  "address(?:ing)? me as",
  "refer(?:ring)? to me as",
  "speak(?:ing)? to me as",
]);
/** Verbs of using a word. */
export const USE_WORD = alt(["use", "using", "say", "saying", "write", "writing", "put", "include"]);
/**
 * Verbs of leaving a word out of the replies: "drop the word 'basically'", "leave out 'honestly'",
 * "cut the phrase …". No negation is needed: the verb says not to use it. Only a word that is
 * named as one ("the word …", a quote) is read; "drop the word limit" names a rule (WORD_RULE_NOUN).
 */
export const LEAVE_OUT_WORD = alt([
  "drop",
  "dropping",
  "leave out",
  "leaving out",
  "omit",
  "omitting",
  "cut",
  "cut out",
  "cutting",
  "cutting out",
  "skip",
  "skipping",
  "lose",
  "ditch",
  "avoid",
  "avoid using",
  "avoid saying",
  "get rid of",
  "remove",
  "strike",
  "scrap",
  "lay off",
]);
/** What "the word" names when it names a rule of the replies, not a word: "the word limit", "the word count". */
export const WORD_RULE_NOUN = alt([
  "limit",
  "limits",
  "count",
  "cap",
  "maximum",
  "max",
  "rule",
  "restriction",
  "thing",
  "ban",
]);
/**
 * Verbs of where a reply puts words, with the reply said or left out, before "with": "start your
 * answers with", "opening with", "end every message with". A quoted phrase after it is a phrase
 * not to be said.
 */
export const PUT_FIRST_OR_LAST = `${alt([
  "start",
  "starts",
  "starting",
  "begin",
  "begins",
  "beginning",
  "open",
  "opens",
  "opening",
  "end",
  "ends",
  "ending",
  "close",
  "closing",
  "finish",
  "finishing",
])}(?: (?:your|the|a|an|every|each|any|all) (?:reply|replies|answer|answers|message|messages|response|responses|sentence|sentences))? with`;

/** What asks for the room the object was found in. */
export const FOUND_ROOM_OBJECT = alt([
  "(?:in )?(?:which|what) room",
  "the room(?: name| 's name)?",
  "the name of the room",
  "the location",
  "its location",
  "the place",
  "the spot",
  "where(?: exactly)?(?= (?:it|they|you|things|stuff|the|something|i)\\b)",
  "where(?= *$)",
  // said tersely, the article left out, right after the verb: "say room", "tell room always"
  "^room(?= *$| (?:also|too|always|please|pls|every time|each time|where)\\b)",
]);

/** Nouns that name a word by its quote ("the word 'literally'", "the phrase 'no worries'"): a word to avoid, never a length. */
export const LITERAL_NOUN = new Set(["word", "words", "phrase", "phrases", "term", "expression", "saying"]);
