/**
 * Shapes of reply rules: JSON fields named and listed, word limits and the words around their
 * number ("under", "at most", "is fine"), literals to say or avoid, and what the robot is about
 * to do. Read by the learner's reply steps (src/rules/learn); built from reply-words.ts.
 */
import { numberAt } from "./numbers.ts";
import { ARTIFACT_NOUN, REPLY_LENGTH, REPLY_NOUN } from "./reply-words.ts";

/** Fields named as fields: "the object field", "room and found keys" (the names are group 1). */
export const NAMED_FIELDS =
  /\b((?:[a-z_]+(?:,? (?:and|or|,) | ))*?[a-z_]+) (?:fields?|keys?|propert(?:y|ies)|entry|entries)\b/;

/** Where a list of field names is cut: "room, found and object". */
export const FIELD_LIST_JOIN = /,? (?:and|or) |, | /;

/** Words before a field's name that are none: "no need for the …", "drop the json …". */
export const NOT_A_FIELD = /^(?:the|a|an|that|this|those|these|json|for|of|need|no|drop|remove|forget|about)$/;

/** A follow-up that names fields for a JSON reply said before: "include room and found". */
export const FIELDS_FOLLOW_UP =
  /^(?:(?:please|and|also) )*(?:include|add|put in|with|it should (?:have|contain|include)|(?:the )?(?:keys|fields) (?:are|should be)|(?:the )?(?:keys|fields)(?= :))\b/;

/** "Fields: object, room.": a list of fields after a colon, with no verb, a part of its own. */
export const FIELDS_AFTER_COLON = /^(?:(?:and|also) )*(?:the )?(?:keys|fields) :/;

/** Everything up to the verb that introduces a list of fields. */
export const UP_TO_FIELDS = /^.*?(?:\b(?:include|add|put in|with|have|contain|are|be)\b|:)/;

/** Where a list of fields is cut: commas, "and", "plus", "&", a slash ("object / room"). */
export const FIELD_SEPARATOR = /\s*(?:,|\band\b|\bplus\b|&|\/)\s*/;

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

/** The speaker wanting what follows ("i need", "we would like"): after a JSON reply asked for, its fields. */
export const SPEAKER_WANTS = /^(?:i|we) (?:(?:would|really|also|just|do) )*(?:need|want|like)$/;
/** The speaker wanting keys or fields by that name: "i need the keys …", a part of its own. */
export const SPEAKER_WANTS_FIELDS =
  /^(?:i|we) (?:(?:would|really|also|just|do) )*(?:need|want|like) (?:the |these |those )?(?:keys|fields|properties)\b/;

/** "con item y room": "with" as the other tongues of the households say it, before a list of fields. */
const WITH_BORROWED = "con|mit|met|avec|com";

export const FIELD_INTRO = new RegExp(
  `^(?:${WITH_BORROWED}|with|containing|contains|including|includes|include|add|put|keys|fields|properties|having|holding|listing|:|incl|of|plus|has|have|holds|like|\\{|\\[)$`,
);

/**
 * What joins one field to the next in a list: "and", "plus", a comma or a semicolon ("(a) object;
 * (b) room"), or "and" in the other tongues the households mix in ("object na room", "item y room").
 */
export const FIELD_JOIN = /^(?:,|;|and|plus|or|\/|&|y|e|et|und|en|na)$/;

/**
 * what may stand between an intro and the first field: "the keys should be found, …", "two fields,
 * found and room", "exactly three keys: …", "these fields: …", "keys = […]"
 */
export const BEFORE_FIELDS =
  /^(?:should|be|are|is|must|will|would|called|named|like|exactly|only|just|precisely|these|those|following|more|another|extra|new|additional|one|two|three|four|five|six|\d+|\{|\[|:|=|-|–)$/;

/**
 * A word that alone asks the hearer to agree, closing a message before its question mark ("…,
 * can?", "…, ok?", "…, yeah?"): a tag on the request, never one more item of a list before it.
 */
export const TAG_ASK = /^(?:can|ok|okay|yeah|yes|right|alright|eh|aye|innit|ya|yah|yea)$/;

/**
 * "a field for whether it was found": a field said by the yes-or-no question it answers, a subject
 * that is the thing sought and a linking verb; the word after them names the field ("found").
 */
export const WHETHER_ASKED = /^whether (?:it|they|the thing|the item) (?:was|were|is|are|got)$/;

/**
 * "… one more field. Call it seen_at": the name a field is given by a verb of naming with "it"; the
 * name follows it.
 */
export const NAMES_IT = /^(?:call|name|label) (?:it|that|this)$/;

/** What opens a clause, not a name: "a field for whether the door was shut" names no field "whether". */
export const NOT_A_NAME = /^(?:whether|if|when|where|which|what|who|how|why|that)$/;

/** A list's numbering, not a field: the "1" and ")" of "1) object, 2) room", or "(b)", "(ii)". */
export const LIST_NUMBER = /^(?:\d{1,2}|[a-h]|i{1,3}|iv)$/;
export const LIST_BRACKET = /^[()]$/;

/** What labels a list of fields with no verb: "keys:", "fields =" (after "keys" or "fields"). */
export const FIELDS_LABEL = /^(?::|=)$/;

/** A word that makes "word" a limit: "word limit", "word count". */
export const LIMIT_NOUN = /^(?:limit|count|cap|max|maximum)$/;

/** What may stand between a limit and its number: "word limit of 20", "is", "=". */
export const LINKING_WORD = /^(?:of|is|at|to|:|=|be|should|would|will|must)$/;

/** "word" or "words": the unit of a reply limit. */
export const WORD_UNIT = /^words?$/;

/** A word joining the two ends of a range: "4 to 6", "7 till 9", "4-6". */
export const RANGE_JOIN = /^(?:to|till|until|til|through|thru|-|–)$/;

/** "word" or "words" anywhere in a text. */
export const WORD_UNIT_IN = /\bwords?\b/;

/** "at most", "tops", "or fewer" after a number: a limit that includes it. */
export const AT_MOST_AFTER = /^(?:at most|at the most|max|maximum|tops|or less|or fewer)\b/;

/** Whether the words open with a count of words said as a limit: "ten words maximum", "12 words tops". */
export function opensWordLimit(words: readonly string[]): boolean {
  const n = numberAt(words, 0);
  return n !== undefined && /^words?$/.test(words[n.end] ?? "") && AT_MOST_AFTER.test(words.slice(n.end + 1).join(" "));
}

/**
 * After a value with no copula, "can" closing the clause says it is allowed, as Singapore and
 * Malaysian English say it ("40 can"); "ok" there is rather a tag asking for agreement ("… 20
 * words okay thanks"), so it is only read with its copula.
 */
const ACCEPTABLE_WORD = "can(?: (?:lah|la|leh|lor|ah))?(?:$| [.,!;])";
/** "… is fine", "… would be enough", or tersely "15 enough", "40 can", after a number: a value accepted. */
export const ACCEPTABLE_AFTER = new RegExp(
  String.raw`^(?:(?:is|would be|should be|will be|'s) (?:fine|ok|good|alright|all right|acceptable|enough)\b|(?:enough|plenty|sufficient)\b|${ACCEPTABLE_WORD})`,
);

/** A preposition of time just before a number: "after 10" is an hour, no limit. */
export const TIME_PREPOSITION_END = /\b(?:after|before|at|until|till|from|by|past|around|about|to)$/;

/**
 * "limit it to", "make that", "change it to" just before a number; also said tersely, the pronoun
 * left out ("make 25") or the value offered ("let's say 25").
 */
export const SET_VALUE_BEFORE =
  /\b(?:(?:limit|cap|max(?:imum)?)\b(?: \w+){0,3} (?:to|at)|make(?: that| it)?|let us say|lets say|(?:change|set|switch) (?:that|it) to)$/;

/**
 * "… is too long", "… was not enough" after a number: a complaint, no value; said without the
 * copula ("30 too many") only with the adjective after "too", since "20 too" may be "20 as well".
 */
export const TOO_OR_NOT_AFTER =
  /^(?:(?:(?:limit|cap|count|max(?:imum)?) )?(?:is|are|'s|was|were|feels?|seems?) (?:(?:still|now|really|rather|just|way|far|much|a bit|a little) )*(?:too|not|long|short|many|few|wordy|lengthy)\b|(?:(?:way|far|much|a bit|a little) )?too (?:many|much|long|short|few|little|strict|tight|low|high|big|small|generous)\b)/;

/**
 * A count or a length said to be wrong ("fifteen is too few", "the limit is still a bit long"):
 * a number said right after it, alone, is the count wanted instead ("…: thirty, please", "… . 12.").
 * Only words of amount and length: "too early" or "too strict" may be said of hours.
 */
const AMOUNT_JUDGED =
  /\b(?:too|a (?:little|bit)|rather|far) (?:many|much|long|short|few|little|wordy|brief|lengthy|generous)(?: (?:please|then|so|ok|okay|and|now|[^\w\s]+))*$/;

/** What may stand beside a number said alone as a new value: "thirty, please", "ten then", "20 instead, if you would". */
const BESIDE_VALUE =
  /^(?:(?:please|pls|plz|then|instead|thanks|thank you|if you (?:please|would|do not mind|could)|ok|okay|so|(?:will|would|should) do|[^\w\s]+)(?: |$))*$/;

/** Whether a number between `before` and `after` is said alone right after a count judged wrong. */
export const valueAfterJudged = (before: string, after: string) =>
  AMOUNT_JUDGED.test(before) && BESIDE_VALUE.test(after);

/** "… is fine", "… would be ok", or tersely "40 can", after a value: a new value permitted. */
export const FINE_AFTER_VALUE = new RegExp(
  String.raw`^(?:(?:is|are|would be|should be|will be|'s) (?:fine|ok|good|alright|all right|acceptable)\b|${ACCEPTABLE_WORD})`,
);

/** "… is enough", "… is plenty", or with the copula left out ("15 enough"), after a value: an upper bound said kindly. */
export const ENOUGH_AFTER =
  /^(?:(?:(?:is|are|would be|should be|will be|'s) )?(?:enough|plenty|sufficient)|(?:will|would|should) do)\b/;

/**
 * Where the new value starts when the number at `at`..`end` is the value a limit is changed from:
 * "from 40 words to 15", "word limit 25 -> 12", "max words 40 → 15"; words or a limit said with
 * them, since "from 7 to 11" may be hours.
 */
export function changedTo(ws: readonly string[], at: number, end: number): number | undefined {
  const j = /^words?$/.test(ws[end] ?? "") ? end + 1 : end;
  let k: number | undefined;
  // an arrow reaches here as the colon arrows.ts makes of it; "→" and "->" where it does not
  if (ws[j] === "→" || ws[j] === ":") k = j + 1;
  else if ((ws[j] === "-" || ws[j] === "=") && ws[j + 1] === ">") k = j + 2;
  else if (ws[j] === "to" && ws[at - 1] === "from") k = j + 1;
  const next = k === undefined ? undefined : numberAt(ws, k);
  if (k === undefined || !next) return undefined;
  // "from 7 to 11" may be hours: a count of words only when words or a limit are said with it
  const counted =
    j > end ||
    /^words?$/.test(ws[next.end] ?? "") ||
    ws.slice(Math.max(0, at - 3), at).some((w) => /^(?:words?|limit|count|cap|max|maximum)$/.test(w));
  return counted ? k : undefined;
}

/**
 * "at most", "tops", "and no more" after a number; "at a time" after a count of words is each
 * reply's count, a rate, never a time the limit holds at.
 */
export const AT_MOST_TAIL =
  /^(?:at (?:the )?(?:very )?most|at max|max(?:imum)?|tops|or (?:less|fewer)|and no more|no more|at the outside|at a time)\b/;

/** A JSON field's name: lower case letters, digits and "_", at most 64. */
export const FIELD_NAME = /^[a-z_][a-z0-9_]{0,63}$/;

/** "field", "key" or "property". */
export const FIELD_NOUN = /^(?:field|key|property)$/;

/**
 * "json", as a whole word; or as a voice transcriber hears it ("jason") where only the format fits:
 * after "in", "as", "the", "no", "more", and not a person's ("Jason's", "Jason room").
 */
export const JSON_WORD = /\bjson\b|(?<=\b(?:in|as|the|no|more) )jason\b(?! (?:'s|s|room)\b)/;

/**
 * Replies in plain words wanted ("plain text again", "talk normally"): with a word of ending
 * (JSON_ENDED) in the message, the JSON rule is no longer wanted. Not after "no", "not",
 * "instead of", "rather than" (PLAIN_NOT_WANTED), where the plain words are what is not wanted.
 */
export const PLAIN_REPLY =
  /\b(?:(?:plain|normal|regular|ordinary|simple) (?:text|words?|sentences?|english|language|prose|replies|answers|talk)|(?:talk|speak|write|answer|reply) (?:to (?:me|us) )?(?:normal|normally|plainly|like (?:a )?(?:person|human|normal person)))\b/;
export const PLAIN_NOT_WANTED = /\b(?:no|not|never|instead of|rather than|than)(?: \w+)?$/;
export const JSON_ENDED =
  /\b(?:stop|stopped|cancel|cancell?ed|revert|reverted|forget|drop|dropped|quit|scrap|scrapped|ditch|undo|enough|no more|back to|again)\b/;
/** A verb of ending just before JSON: "stop the json", "forget the json thing", "drop json". */
export const ENDS_JSON_BEFORE =
  /\b(?:stop|cancel|revert|forget|drop|quit|scrap|ditch|undo|no more|enough(?: of| with)?)(?: (?:the|that|this|your|all|using|doing|with))*$/;

/** A name a JSON field can have. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** "fields", "keys", "properties", as whole words. */
export const FIELDS_WORD = /\b(?:fields?|keys?|properties)\b/;

/**
 * "the object key", "fields called room": a field named as one. A key "of" or "to" a place is a
 * door's key ("the key of the shed", "the key to the attic"), never a field.
 */
export const FIELD_NAMED =
  /\b[a-z_][a-z0-9_]* (?:field|key|property)\b(?! (?:of|to)\b)|(?<!\b(?:my|your|his|her|our|their|car|house|door|spare) )\b(?:fields? |keys? (?!(?:of|to)\b))(?:called |named )?[a-z_]/;

/**
 * "an object key and a room key": a field named as a key, which only a JSON object has, so JSON is
 * said; a field ("one more field") may be of any format. A key of or to a place is a door's.
 */
export const KEY_NAMED =
  /\b(?!(?:a|an|the|my|your|one|more|another|new|extra)\b)[a-z_][a-z0-9_]* keys?\b(?! (?:of|to)\b)/;

/** "no", "not", "never", "without" before JSON: JSON not wanted. */
export const WITHOUT_WORD = /\b(?:no|not|never|without)\b/;

/** A word of letters only. */
export const PLAIN_LETTERS = /^[a-z]+$/;

/**
 * Words after a verb of saying that are no literal to say or avoid: "the", "it", "things"; and an
 * adverb of when or where left unquoted ("the den you can use whenever"): the verb's object is
 * said elsewhere, and no word is meant.
 */
export const NOT_A_LITERAL =
  /^(?:the|a|an|my|your|any|that|this|those|these|it|them|me|so|such|more|less|too|about|what|which|where|how|things?|stuff|whenever|anytime|again|now|always|freely|there|here|then|still|also|as)$/;

/** "the word", "a word" before a literal. */
export const THE_WORD = /^(?:the|a) words?$/;

/** "say" or "saying". */
export const SAY_VERB = /^(?:say|saying)$/;

/** "going to", "will", "first": said of what the robot is about to do. */
export const FUTURE_MARKER = /\b(?:going to|gonna|will|are you|you are|about to|next(?! time)|first)\b/;

/**
 * A when-clause of the search said of any thing found ("when you find something", "if you fetch
 * my things", "once u locate stuff"): its object is indefinite, so it says every search, a habit,
 * never the one result in hand ("when you find it" is this one).
 */
export const WHEN_ANY_THING =
  /\b(?:when|whenever|if|once) (?:you|u) (?:\w+ )?\w+ (?:something|anything|(?:(?:my|our|the) )?(?:things|stuff|stuffs|items|objects))\b/;

/** "was", "were", "is", "are". */
export const COPULA_TENSE = /\b(?:was|were|is|are)\b/;

/** "key(s)", "field(s)", "propert(y|ies)": the word before a list of fields. */
export const FIELD_NOUN_ANY = /^(?:keys|fields|properties|key|field|property)$/;

/**
 * A count of words in brackets ("… (one word on the plan, not 'hallway')") is a limit only when it bounds
 * itself ("(ten words max)") or the sentence around it speaks of replies ("keep it short (twenty
 * words)"); otherwise the count is said of something else, a spelling or a name.
 */
export const COUNT_BOUND =
  /\b(?:max(?:imum)?|at (?:the )?most|tops|or (?:less|fewer)|no more|under|fewer|less|limit\w*)\b/;
export const SAID_OF_REPLIES = new RegExp(
  String.raw`\b(?:${REPLY_LENGTH}|${REPLY_NOUN}|${ARTIFACT_NOUN}|answer\w*|repl\w*|respond\w*|briefly)\b`,
);

/** Words that end a thing to mention: "the battery level in your replies", "the time when you answer". */
export const THING_ENDS =
  /^(?:in|on|at|to|for|with|when|whenever|every|each|always|too|also|please|pls|so|would|could|will|and|or|but|if|as|because|since|from|now|you|i|we)$/;
