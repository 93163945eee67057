/**
 * The word classes English is read by, named in one place: classes of words, not sentences.
 * Each class is a regex fragment over normalised words (tokens.ts: lower case, "don't" is "do
 * not", "outta" is "out of"), so a new way of saying something is one more word in its class,
 * never one more sentence pattern. A newcomer extends a class here; the rule learner
 * (src/rules/learn/clause.ts) combines them (a negation before a verb of entering is a room to
 * avoid; a permission before it lifts one).
 */

/** A word class as a pattern of whole words: "in" matches "in", never "inside". */
export const bounded = (src: string) => new RegExp(`\\b${src}\\b`);

export const alt = (xs: readonly string[]) => `(?:${[...xs].sort((a, b) => b.length - a.length).join("|")})`;

/** a verb's forms: base, -s, -ing, -ed, and irregular ones */
function forms(spec: string): string[] {
  const [base, ...irregular] = spec.split(" ");
  if (base.length <= 2) return [base, ...irregular];
  const stem = base.endsWith("e") ? base.slice(0, -1) : base;
  return [base, `${base}s`, `${stem}ing`, `${stem}ed`, ...irregular];
}
const verbs = (...specs: string[]) => alt(specs.flatMap(forms));

/** Verbs of going somewhere: negated, a room to avoid; permitted, a ban lifted. */
export const ENTER = alt([
  "set foot",
  "setting foot",
  // "I don't want you in the garage": being there, wanted or not
  "(?:want|see|want to see|catch|have) (?:you|the robot|it)(?= (?:in|inside|near|around|anywhere near)\\b)",
  verbs(
    "go goes going went gone",
    "enter",
    "walk",
    "head",
    "step stepping stepped",
    "wander",
    "venture",
    "come came",
    "get getting got",
    "drive drove driven",
    "roll",
    "pass passes",
    "cut cutting",
    "barge",
    "poke",
    "snoop snooping snooped",
    "search searches",
    "look",
    "check",
    "use",
    "visit",
    "explore",
    "move",
    "run running ran",
    "travel travelling traveled travelled",
    "navigate",
    "sneak",
    "pop popping popped",
    "be being been",
  ),
  // "don't bother with the cellar": not going there
  "bother(?:ing)? with",
]);

/** Verbs of ending up somewhere: negated, a room not to stop in. */
export const STOP = alt([
  ...forms("stop stopping stopped"),
  ...forms("park"),
  ...forms("wait"),
  ...forms("halt"),
  ...forms("linger"),
  ...forms("loiter"),
  ...forms("idle"),
  ...forms("rest"),
  ...forms("settle"),
  ...forms("pause"),
  ...forms("remain"),
  ...forms("finish finishes"),
  ...forms("stand stood"),
  ...forms("sit sitting sat"),
  "end up",
  "ending up",
  "ended up",
  "wind up",
  "winding up",
  "wound up",
  "wrap up",
  "wrapping up",
  "hang around",
  "hang about",
  "hang out",
  "hanging around",
  "hanging out",
  "come to a (?:halt|stop|rest)",
  "coming to a (?:halt|stop|rest)",
  "camp out",
  "end (?:your|the|a) (?:search|trip|run|route|task|journey|errand|mission|hunt)",
  "stay(?= (?:in|inside|at|there)\\b)",
  "staying(?= (?:in|inside|at|there)\\b)",
]);

/** Phrases that forbid a room by themselves ("stay out of", "off limits"). */
export const AVOID = alt([
  ...forms("avoid"),
  ...forms("skip skipping skipped"),
  ...forms("bypass bypasses"),
  `${alt(["stay", "stays", "staying", "stayed", "keep", "keeps", "keeping", "kept", "remain", "get", "getting"])}(?: yourself| it)? ${alt(
    [
      "out of",
      "out from",
      "away from",
      "well away from",
      "clear of",
      "outside of",
      "outside",
      "off",
      "far from",
      "out",
    ],
  )}`,
  "steer clear of",
  "steering clear of",
  "leave(?= .{1,40}\\b(?:alone|out)\\b)",
]);

/** Predicates that forbid the room they are said of ("the office is off limits"). */
export const FORBIDDEN = `(?:(?:is|are|stays|remains|'s) (?:to be )?)?${alt([
  "off limits",
  "out of bounds",
  "forbidden",
  "banned",
  "prohibited",
  "a no go(?: zone| area)?",
  "no go(?: zone| area)?",
  "not allowed",
  "closed to you",
  "not for you",
  "not a place for you",
  "no place for you",
])}`;

/** Predicates that allow the room they are said of ("the garage is fine again"). */
export const FINE = `(?:is|are|'s) (?:now |again )?${alt([
  "fine",
  "ok",
  "alright",
  "all right",
  "allowed",
  "open",
  "accessible",
  "good",
  "safe",
  "no longer off limits",
  "not off limits",
  "no longer forbidden",
  "no longer out of bounds",
  "no longer a no go",
])}`;

/** Words that negate what follows. "no" only before a verb or a room act: "no more than" is a limit. */
export const NEG =
  // "I hate it when you park in the kitchen": a dislike of what the robot does forbids it
  "(?:not|never|no longer|nobody|no one|no(?= \\w+ing\\b)|no more(?= \\w+ing\\b)|(?:hate|dislike|can not stand|cannot stand)(?: it)? (?:when|if|that)(?= (?:you|u)\\b))";

/** "stop going", "quit entering": a verb of ending before a gerund negates it. */
export const NEG_GERUND = "(?:stop|quit|cease|refrain from|abstain from)(?= \\w+ing\\b)";

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
export const REPLY_FORMAT = alt(["json", "format", "formatted", "fields?", "keys?"]);

/** What permits (a room is allowed again, or for a while). */
export const PERMIT = alt([
  "can",
  "may",
  "could",
  "are allowed to",
  "are permitted to",
  "are free to",
  "are welcome to",
  "are fine to",
  "are ok to",
  "have my permission to",
  "feel free to",
  "go ahead and",
  "it(?: is|s) (?:fine|ok|alright|all right|allowed|permitted|no problem)(?: now| again| after all)?(?: for you)? to",
]);

/** What lifts an obligation: "you do not have to stay out of the garage any more". */
export const RELEASE = alt([
  "do not have to",
  "do not need to",
  "no longer need to",
  "no longer have to",
  "need not",
  "no need to",
  "there is no need to",
  "can stop",
  "stop",
  "quit",
]);

/** Verbs that drop a rule. */
export const RETRACT = alt([
  "forget",
  "drop",
  "ignore",
  "scrap",
  "cancel",
  "never mind",
  "disregard",
  "undo",
  "remove",
  "lift",
  "delete",
  "retract",
  "revoke",
  "withdraw",
  "get rid of",
  "throw out",
  "abandon",
  "scratch",
  "take back",
  "no more",
  "no need for",
  "enough with",
]);

/** Lasting: said of a habit or a duration. */
export const LASTING = alt([
  "always",
  "never",
  "from now on",
  "from here on(?: out)?",
  "going forward",
  "in (?:the )?future",
  "henceforth",
  "every ?time",
  "each time",
  "whenever",
  "any more",
  "ever",
  "again",
  "at all times",
  "as a rule",
  "in general",
  "permanently",
  "for good",
  "forever",
  "all the time",
  "no matter what",
  "next time",
  "from today on",
  "from now",
  // until the user lifts it: lasting, the way every rule is
  "until (?:further notice|(?:i|we) (?:say|tell you) (?:otherwise|so|differently))",
]);

/** Said of a habit and nothing else: it holds for its own act even beside a "this time" said for another. */
export const STRONG_LASTING = alt([
  "from now on",
  "from here on(?: out)?",
  "going forward",
  "in (?:the )?future",
  "henceforth",
  "in general",
  "as a rule",
  "permanently",
  "for good",
  "from today on",
]);

const TASK_NOUN = alt([
  "one",
  // "keep this answer short": the reply to this task is part of it
  "answer",
  "reply",
  "response",
  "time",
  "once",
  "go",
  "go round",
  "round",
  "trip",
  "run",
  "search",
  "task",
  "errand",
  "job",
  "request",
  "episode",
  "mission",
  "hunt",
  "pass",
  "attempt",
  "try",
  "outing",
  "visit",
]);

/** This task only: a demonstrative before a word for the task, or a word for the moment. */
export const TASK_LOCAL = alt([
  `(?:(?:just|only) )?(?:for |on |in |during )?(?:this|that) ${TASK_NOUN}(?: only| around)?`,
  "(?:just|only) once",
  "this once",
  "for now",
  "right now",
  "just now",
  "at the moment",
  "for the moment",
  "for today",
  "today",
  "tonight",
  "for tonight",
  "this (?:morning|afternoon|evening)",
  "until you are (?:done|finished)",
  "for the rest of (?:the|this) (?:task|search|trip|run)",
  // while the robot does the task at hand, named by a pronoun: "while you look for it", "as you fetch them"
  `(?:while|as) (?:you|u) (?:are |re |r )?${alt(["look", "looking", "search", "searching", "hunt", "hunting", "fetch", "fetching", "get", "getting", "find", "finding", "bring", "bringing"])}(?: around)?(?: for)? (?:it|them|this|that|these|those)`,
]);

const DAY = alt([
  "mondays?",
  "tuesdays?",
  "wednesdays?",
  "thursdays?",
  "fridays?",
  "saturdays?",
  "sundays?",
  "weekends?",
  "weekdays?",
  "week ?nights?",
  "week ?days?",
  "work ?days?",
  "school ?(?:nights?|days?|mornings?)",
  "holidays?",
]);
const PERIOD = alt(["day", "week", "weekend", "month", "summer", "winter", "holidays?", "school year"]);

/**
 * A bound longer than one task and shorter than always ("for the rest of the week", "until
 * Friday"): no clock the robot keeps, so the rule holds it as a condition in the user's words,
 * never as a task-local or a permanent rule. "Today" is not one of them: said with a request it
 * is read as this task only (TASK_LOCAL), the narrower reading, so a one-off is never kept.
 */
export const DURATION = alt([
  "(?:(?:just|only) )?(?:for )?(?:the rest of (?:the|this)|this|this whole|the whole|all) (?:day|week|weekend|month)",
  "for the (?:day|week|weekend|month)",
  "(?:for|over|during) the (?:next|coming) (?:(?:few|couple of|\\w+) )?(?:days?|weeks?|months?|nights?)",
  "for (?:a (?:few|couple of)|(?:one|two|three|four|five|six|seven|\\d+)) (?:days?|weeks?|months?|nights?)",
  "for a (?:day|week|month|while|bit)",
  "for the time being",
  "tomorrow(?: (?:morning|afternoon|evening|night))?",
  `(?:next|this coming|the coming) (?:week|weekend|month|${DAY})`,
  "the next (?:(?:few|couple of|\\w+) )?(?:days|weeks|nights)",
  `(?:until|till|til|up to|through|before) (?:(?:next|this|the) )?(?:tomorrow|${DAY}|${PERIOD})(?: is over)?`,
]);

/** Days of the week said as when a rule holds: "on weekends", "on school nights", "sundays". */
export const DAYS = alt([
  `(?:(?:on|during|at|over|every|each) )?(?:(?:the|a) )?${DAY}`,
  "during the week",
  "(?:at|on|over) the weekend",
]);

/** "not just this time": lasting after all. */
export const NOT_TASK_LOCAL = `not (?:just|only) (?:for )?(?:${TASK_LOCAL}|now|once)`;

/** Activation left vague: a habit with no determinable trigger. */
export const VAGUE = alt([
  "sometimes",
  "at times",
  "occasionally",
  "now and then",
  "every so often",
  "from time to time",
  "once in a while",
  "when it matters",
  "when(?:ever)? (?:it is )?(?:appropriate|necessary|needed|relevant|useful|important|sensible|a bad time|inconvenient|the wrong time)",
  "if (?:it is )?(?:needed|necessary|appropriate|relevant)",
  "if it makes sense",
  "when it makes sense",
  "as needed",
  "where (?:appropriate|needed|necessary)",
  "depending on \\w+",
  "at (?:the )?wrong times?",
  "at (?:bad|inconvenient) times",
  "in (?:some|certain) (?:cases|situations)",
  "if you think",
  "when you think",
]);

/** How often, left open: "don't go in the garage so often" bans no room outright and says no trigger. */
export const FREQUENCY = alt([
  "(?:so|too|that|as) (?:often|much|frequently|many times)",
  "(?:less|more) (?:often|frequently)",
  "as (?:little|rarely|seldom) as (?:possible|you can)",
  "(?:less|fewer) times",
]);

/**
 * Places that are no room of a house ("upstairs", "the second floor"): a ban on going there
 * names rooms the robot cannot tell, so it is asked back, never widened or guessed.
 */
export const PLACE = alt([
  "upstairs",
  "downstairs",
  "up ?stairs",
  "down ?stairs",
  "outside",
  "outdoors",
  "(?:the )?(?:first|second|third|top|ground|upper|lower|bottom|main) (?:floor|level|storey|story)",
  "(?:the )?other (?:side|end|wing|part) of the (?:house|home|flat|apartment)",
  "(?:the )?(?:east|west|north|south|back|front) (?:wing|side|part|half) of the (?:house|home)",
]);

/**
 * Free choice: the robot may do as it likes ("go wherever you like", "anywhere"). Said alone it
 * permits, and asks nothing; with a room left out it bans that room (src/rules/learn/room-acts.ts).
 */
export const FREE_CHOICE = alt([
  "anywhere",
  "everywhere",
  "any room",
  "all (?:the )?rooms",
  "every room",
  "wherever (?:you|u) (?:like|want|need|please|wish)",
  "whatever (?:you|u) (?:like|want|need|please|wish)",
  "as (?:you|u) (?:like|please|wish)",
  "all over the (?:house|place)",
  "around the (?:house|place)",
  // a verb that is moving about as one likes
  "roam(?: around| about)?",
]);

/** Words that only ask for care in general: what to do is not said. */
export const VAGUE_BEHAVIOR = alt([
  // a degree with no measure ("a bit quieter", "more considerate", "in general")
  "more",
  "less",
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
]);

/** This house, or every house. */
export const SCENE = alt([
  "(?:in|at|around|inside|within|for|of) (?:this|the|my|our) (?:house|home|apartment|flat|place|building|unit|condo|residence|household)",
  "in here",
  "around here",
  "at my place",
  "here",
]);
export const GLOBAL = alt([
  "in (?:any|every|all|each|other) (?:house|home|apartment|flat|place|building)s?",
  "anywhere",
  "everywhere",
  "wherever you (?:are|go)",
  "no matter (?:where|which house)",
]);

/** What starts an explanation: why, not when ("that is when I clean it"). */
export const EXPLAIN = alt([
  "because",
  // spoken and typed short forms of "because", before a clause's subject
  "(?:cause|cuz|coz|cos|bc)(?= (?:i|we|you|he|she|they|it|its|the|my|our|that|thats|there)\\b)",
  "since(?= (?:i|we|you|he|she|they|it|the|my|our|that|there)\\b)",
  "as(?= (?:i|we|he|she|they)\\b)",
  "that is (?:when|where|why|how)",
  "it is (?:where|when)",
  "this is (?:where|when|why)",
  "so that",
  "so(?= (?:i|we|he|she|they|it|the|my|our|nobody|no one)\\b)",
  "the reason is",
]);

/** Conditions about people and their day that no clock or sensor gives the robot. */
export const PEOPLE_TIME = alt([
  "bedtime",
  "bed time",
  "dinner(?: ?time)?",
  "supper(?: ?time)?",
  "lunch(?: ?time)?",
  "breakfast",
  "meals?",
  "mealtimes?",
  "naps?",
  "nap ?time",
  "(?:the |my |his |her |their )?(?:baby|babys|baby 's|kids|kids 's|childrens?|dog|cat)(?: 's)? naps?",
  "meetings?",
  "calls?",
  "parties",
  "(?:the )?party",
  "homework",
]);

/** Who the robot talks to about a reply: what it says (a reply) or writes (an artifact). */
export const REPLY_NOUN = alt(["repl(?:y|ies)", "answers?", "responses?", "messages?", "what you say", "words"]);
export const ARTIFACT_NOUN = alt([
  "summary",
  "summaries",
  "map notes?",
  // a noun only after a determiner: "report back" and "note the room" are verbs
  "(?:the|your|my|a|each|in) (?:notes?|logs?|reports?)",
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
export const CALL = alt(["call me", "calling me", "address me as", "refer to me as"]);
/** Verbs of using a word. */
export const USE_WORD = alt(["use", "using", "say", "saying", "write", "writing", "put", "include"]);

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
]);

/** Adverbs of possibility: doubt, except inside a politeness frame ("it might be better if perhaps you …"). */
export const POSSIBILITY = alt(["maybe", "perhaps", "possibly"]);

/**
 * A request said in the polite conditional ("it might be better if you …", "I'd prefer it if …",
 * "if you could …"): the speaker softens what they ask, and a "perhaps" inside it softens too.
 */
export const POLITE_FRAME = alt([
  "(?:would|might|could|may) (?:perhaps |possibly |maybe )?be (?:rather |quite |much |far |really |so |a lot )?(?:better|best|nicer|nice|lovely|great|good|helpful|ideal|wiser|safer|kind|appreciated) if",
  "(?:i|we) (?:would|might) (?:prefer|rather|appreciate it|like it)",
  "if (?:you|u) (?:could|would|might)",
  "would you mind",
]);

/** Doubt said outright: the user is not sure they want it ("not sure yet", "I guess"). */
export const DOUBT = alt([
  "not sure",
  "not certain",
  "i guess",
  "i suppose",
  "i do not know",
  "idk",
  "dunno",
  "i will think about it",
  "let me think",
]);

/** A hedge: the user is not sure they want it ("maybe …", "not sure yet"). */
export const HEDGE = `(?:${POSSIBILITY}|${DOUBT})`;

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
  "make (?:that|it)",
  "change (?:that|it|the limit)? ?to",
  "(?:set|switch) (?:that|it) to",
  // a verb of change, what it changes (a rule, named or pointed at), and what it becomes: "move the attic rule to mornings"
  "(?:change|changes|switch|move|shift|swap)(?: (?:that|it|the|this|my|your|[a-z]+)){0,3} (?:rule|ban|one|limit|restriction)s? to",
  "actually",
  "instead",
  "rather",
  "correction",
  "update",
  // "I meant the evenings, not the mornings": what was said before, put right
  "(?:i|we) meant",
  "raise (?:it|that|the limit) to",
  "lower (?:it|that|the limit) to",
  // "the study one should only kick in from 11pm": a rule's new start
  "(?:start|starts|begin|begins|kick in|kicks in)(?= (?:at|from|after|around)\\b)",
  // "the garage ban should run until 7": a rule's new end
  "(?:end|ends|finish|finishes|run|runs|last|lasts)(?= (?:at|until|till|til|around) (?:\\d|noon|midnight))",
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

/** Words that say nothing by themselves. */
export const FILLER = alt([
  "please",
  "ok",
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
]);

/** Praise and thanks: no correction. */
export const PRAISE = alt([
  "thanks",
  "thank you",
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
]);

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

/**
 * Nouns after "this" / "that" that never name an occasion (occasion.ts): a room or the house, a
 * rule or what it is about, a manner, a pronoun's "one", a period.
 */
export const NOT_AN_OCCASION = new RegExp(
  `^${alt([
    "rooms?",
    "area",
    "part",
    "side",
    "floor",
    "house",
    "home",
    "place",
    "apartment",
    "flat",
    "building",
    "rules?",
    "ban",
    "limit",
    "restriction",
    "one",
    "ones",
    "thing",
    "stuff",
    "way",
    "manner",
    "kind",
    "sort",
    "reason",
    "matter",
    "purpose",
    "is",
    "was",
    "s",
    // a period is a bound of its own (DURATION), longer than the occasion
    "days?",
    "weeks?",
    "weekends?",
    "months?",
    "years?",
    "summer",
    "winter",
    "season",
    "holidays?",
  ])}$`,
);

/** Prepositions that leave a demonstrative phrase an occasion: "for this tym", "during that thing". */
export const OCCASION_PREPOSITION = new RegExp(`^${alt(["for", "on", "during", "at"])}$`);
