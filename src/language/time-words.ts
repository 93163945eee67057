/**
 * Word classes of when and for how long a rule holds: lasting ("from now on"), this task only
 * ("this time"), bounds between the two and days ("until Friday", "on weekends"), activation left
 * vague or how often left open, people's times no clock gives ("bedtime"), and the nouns after a
 * demonstrative that never name an occasion (occasion.ts). One place, so a rule is never kept
 * longer or shorter than the user said.
 */
import { alt } from "./word-class.ts";

/**
 * Until the user lifts it ("until further notice", "till I say otherwise"): lasting, the way every
 * rule is; its "until" bounds nothing and opens no condition.
 */
export const UNTIL_LIFTED =
  "(?:until|till|'?til) (?:further notice|(?:i|we) (?:say|tell you) (?:otherwise|so|differently))";

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
  // "go in any time", "at any time": every moment from now, as "whenever" is ("any time now" is soon)
  "(?:at )?any ?time(?! (?:now|soon)\\b)",
  "any more",
  // "any longer" is "any more" said of time: "you don't need to tell me any longer"
  "any longer",
  // "ever so kind" is a degree, and "has he ever been" asks of the past: neither lasts
  "(?<!(?:have|has|did) (?:you|he|she|they|we|i) )ever(?! so(?! much))",
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
  // "from today you may go in": from this day forward; "from today until friday" is bounded by its end
  "from today(?! (?:until|till|to|through|thru)\\b)",
  "from now",
  // "go in as often as you like", "all you want": how often left to the robot's will, every time from now
  "as (?:often|much) as (?:you|u) (?:like|want|please|wish)",
  "all (?:you|u) (?:want|like)",
  UNTIL_LIFTED,
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
  "question",
  "episode",
  "mission",
  "hunt",
  "pass",
  "attempt",
  "try",
  "outing",
  "visit",
  // "on this occasion", the formal one-off
  "occasion",
]);

/** Words that say the day a lasting rule begins on ("starting", "effective", "as of"). */
const STARTS_ON = alt([
  "starting",
  "start",
  "from",
  "effective",
  "beginning",
  "begin",
  "commencing",
  "as of",
  "as from",
]);

/** This task only: a demonstrative before a word for the task, or a word for the moment. */
export const TASK_LOCAL = alt([
  // "for this particular one", "this one errand": a word that singles the task out says no more than "this"
  // "for the present search", "during the current errand": the article with a word of the moment is "this"
  // ("stay out of that one": "that one" after a word of place or avoiding is a room pointed back at)
  `(?:(?:just|only) )?(?:for |on |in |during )?(?:this|that(?! one\\b)|that(?= one ${TASK_NOUN}\\b)|(?<!\\b(?:of|into|inside|through|near|avoid|enter|skip) )that|the(?= (?:present|current) ))(?: (?:particular|specific|single|current|present|very|one))? ${TASK_NOUN}(?: only| around| alone)?`,
  // "only once I've asked": "once" before a subject opens a clause of when, no one-off
  "(?:just|only) once(?! (?:i|we|you|u|he|she|they|it|the|my|our)\\b)",
  "this once",
  "for now",
  // "Five words. Only now.": now and no longer
  "(?:only|just) for now",
  "only now",
  "right now",
  "just now",
  "at the moment",
  "for the moment",
  // Scots "the noo" (slang.ts reads "noo" as "now"): for the moment
  "the now",
  "for today",
  // "starting tonight", "effective today": the day a lasting rule begins, not the only one it holds
  `(?<!\\b${STARTS_ON} )today`,
  `(?<!\\b${STARTS_ON} )tonight`,
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
/** A day said anywhere in a message ("on Fridays", "weekends", "school nights"). */
const NAMES_A_DAY = new RegExp(`\\b${DAY}\\b`);
export const namesADay = (text: string) => NAMES_A_DAY.test(text);

/** The days a phrase names, one word each as said in the singular ("on Sundays" and "all day sunday" both name sunday). */
export function daysNamed(text: string): string[] {
  const all = new RegExp(`\\b${DAY}\\b`, "g");
  return [...new Set([...text.matchAll(all)].map((m) => m[0].replace(/\s+/g, "").replace(/s$/, "")))].sort();
}

/** The words of a phrase that are not days ("all day sunday" leaves "all day"), to tell a phrase that only names a day. */
export function wordsBesideDays(text: string): string[] {
  return text
    .replace(new RegExp(`\\b${DAY}\\b`, "g"), " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** What makes a clock time a span ("1 to 3", "from 8 till 10", "9-11"), not a moment ("at 9"). */
const SPAN = /\b(?:to|till|til|until|and|through|thru)\b|\d\s*[-–]\s*\d/;
export const saysASpan = (quote: string) => SPAN.test(quote);

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
  // "through the day" is the daytime (times.ts), as "throughout the day" is; "through the week" a bound
  `(?:until|till|til|up to|through(?! the day\\b)|before) (?:(?:next|this|the) )?(?:tomorrow|${DAY}|${PERIOD})(?: is over)?`,
]);

/**
 * Every day, said as such ("all days", "each day", "daily", "seven days a week", "every day of the
 * week"): no day is left out, so it narrows nothing; beside a window the window alone holds, and
 * a rule kept without it is no broader than what was said. "Every night", "all week" and "every
 * sunday" are not among them: they name a part of the day, a bound or a day.
 */
export const EVERY_DAY = alt([
  "(?:on )?(?:all|every|each) (?:single )?days?(?: of the week)?",
  "(?:on )?all (?:the )?days(?: of the week)?",
  "daily",
  "(?:7|seven) days (?:a|per|of the) week",
]);

/** Days of the week said as when a rule holds: "on weekends", "on school nights", "sundays". */
export const DAYS = alt([
  `(?:(?:on|during|at|over|every|each) )?(?:(?:the|a) )?${DAY}`,
  "during the week",
  "(?:at|on|over) the weekend",
]);

/**
 * A time said only by pointing back ("during those hours", "at that time", "in this time", or a
 * distal demonstrative alone as the adverb, "that hour keep away", "those hours nobody goes in"): the
 * hours said elsewhere in the message, when it says some; "this time" inside it is then no one-off.
 */
export const POINTED_TIME = `(?:(?:during|in|at|for|over|throughout|within|through) (?:those|these|that|this|the same|said)|(?<!\\b(?:during|in|at|for|over|throughout|within|through|on|just|only) )(?:those|that)) (?:hours?|times?|period|window|slot)`;

const ONLY_POINTED_TIME = new RegExp(`^(?:${POINTED_TIME})$`);

/** Whether the words are a pointed-back time and nothing else ("during those hours", "that slot"). */
export function isPointedTime(text: string): boolean {
  return ONLY_POINTED_TIME.test(text);
}

/** "not just this time", "this time and every other": lasting after all. */
export const NOT_TASK_LOCAL = alt([
  `not (?:just|only) (?:for )?(?:${TASK_LOCAL}|now|once)`,
  // "this time and every other", "this time and each one after": every task, this one among them
  `(?:${TASK_LOCAL}) and (?:every|each|all) (?:other|others|the others|(?:time|one|trip)s? after)(?: (?:time|one|trip)s?)?`,
  // "not today, not ever", "today or any day": the moment said beside every other one is no one-off
  `(?:${TASK_LOCAL})(?: ,)? (?:or |and |nor )?(?:not )?(?:ever|any (?:other )?(?:day|time))`,
]);

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
  // a household's times of prayer: "during prayers", "at prayer time"; never the singular alone,
  // which names a room ("past the prayer room")
  "prayers",
  "prayer ?times?",
  // a day's hours named by what fills them: "school hours", "during working hours"
  "(?:school|work|working|office|business|opening|visiting|quiet) ?hours",
  "shifts?",
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

/**
 * Sleep said of people ("while I'm asleep", "once the kids are in bed", "when we sleep"): their
 * night, so hours said beside it that run past one of the clock's twelves are read across
 * midnight, not noon. A nap is the day's sleep and is not one; "sleeping" before a place names a room.
 */
export const ASLEEP =
  /\b(?:asleep|(?:sleep|sleeps|sleeping|slept)(?! (?:room|area|quarters|porch|loft)s?\b)|in bed|bed ?time|(?:go|goes|gone|went|going) (?:off )?to bed)\b/i;

/**
 * Words that say a clause speaks of the clock, or names a stretch of the day by what is done in
 * it: "work hours", "nap time", "o'clock", "shift", "lunch". Hours said beside one are that stretch.
 */
export const HOURS_SAID =
  /\b(?:hours|o'?clock|shifts?|(?:nap|lunch|bed|dinner|tea|meal|school|work|office|quiet|study) ?times?|breakfast|lunch|dinner|supper)\b/i;

/**
 * A word of approximation that ends a clause of when and hands it to the clock hours after it:
 * "when I'm in the bath, like 7 to 8", "while she naps, say 1 to 3". The hours say when that is.
 */
export const HANDS_TO_HOURS = /^(?:like|say|roughly|approximately|about|around)$/;

/**
 * A word that may stand between a stretch of the day and the hours that say it: "work hours, 9 to 5",
 * "lunch (12-1)", "so", "that is"; a sentence's end, when the stretch is named alone after it ("12 to 3. Lunch rush.").
 */
export const RESTATES = /^(?:,|\(|:|-|—|–|\.|so|ie|i\.e\.|that|which|is|meaning|i|mean|roughly|about|around)$/;

/**
 * Two numbers of the clock joined by "to" or a dash with no word of the clock ("…, 9 to 5"):
 * hours, most likely, though nothing says so; read nowhere, they are asked, never dropped.
 */
export const BARE_HOUR_RANGE =
  /(?:^|\s)(?:[1-9]|1[0-2])\s*(?:to|-|–)\s*(?:[1-9]|1[0-2])(?=\s*$|\s+(?:on|in|at|every|each|daily|please|pm|am)\b)/;

/**
 * A number the clock shows said alone at the end of a run of words, in digits or words ("reach 8",
 * "up to eight", "8:30"; "one" is left out, it is as often "this one"): left unread beside a ban it
 * may be an end of its hours ("from 7 in the evening get to 9"), so it is asked, never dropped. A
 * number with a noun after it counts something ("2 kids"), no hour.
 */
export const CLOCK_NUMBER =
  /(?:^|\s)(?:[1-9]|1[0-2](?::[0-5]\d)?|[1-9]:[0-5]\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+(?:please|sharp|or so|ish|latest|at the latest))?\s*$/;

/**
 * A word that opens a span of the clock with a number of the clock after it, left unread ("from
 * ten to", "till 6 or", "between 9"): hours were said and not understood, so the rule is asked.
 */
export const CLOCK_SPAN_UNREAD =
  /(?:^|\s)(?:from|till|til|until|between|before|after|by|past)\s+(?:[1-9]|1[0-9]|2[0-4]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?::[0-5]\d)?(?:\s|$)/;

/** A time of the clock written as four digits, the 24-hour way: "0730", "2145". */
export const FOUR_DIGIT_CLOCK = /^(?:[01]\d|2[0-3])[0-5]\d$/;

/** A number written in digits that may be an hour: "8", "10", "8:30". */
export const DIGIT_HOUR = /^(?:[1-9]|1[0-2])(?::[0-5]\d)?$/;

/** A word that puts the number after it on the clock: "from 8", "till 10", "at 9". */
export const HOUR_PREPOSITION = /^(?:from|till|til|until|to|at|after|before|by|between|through)$/;

const MONTH = alt([
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sept?",
  "oct",
  "nov",
  "dec",
]);
const UNIT = alt([
  "days?",
  "weeks?",
  "months?",
  "years?",
  "weekends?",
  "summer",
  "winter",
  "spring",
  "autumn",
  "term",
  "semester",
]);
const COUNT = alt(["a", "an", "one", "two", "three", "four", "five", "six", "few", "couple of", "\\d+"]);

/**
 * "since <a point in time>": the state that follows began then, so it is a change ("since March
 * I use it for …", "since then I switched …", "ever since, I …"). Only a time may follow: "since
 * it holds more" is a cause, and "ever since I was small" a lifetime: neither says a change.
 */
export const SINCE_TIME = `(?:ever since(?=\\s*[,.;:])|since ${alt([
  "then",
  "yesterday",
  `last (?:week|month|year|weekend|summer|winter|spring|autumn|fall|term|semester|time|${DAY})`,
  `(?:the )?(?:start|beginning|end|middle) of (?:the |this |last )?(?:${UNIT}|${MONTH})`,
  `(?:early |late |mid-?)?${MONTH}`,
  `the (?:${UNIT})`,
  "(?:(?:the |this |last )?new year|christmas|easter)",
  "(?:19|20)\\d\\d",
  // "since a month" (for a month, as several Englishes say it) as "a month ago"
  `${COUNT} (?:${UNIT})(?: ago)?`,
  DAY,
  "a while(?: (?:back|ago))?",
])}\\b)`;

const LEADING_HOW_LONG = new RegExp(`^(?:(?:just|only) )?(?:${TASK_LOCAL}|${LASTING})(?: only)? `);

/**
 * The words after a marker of how long that opens them ("this time (only)", "from now on",
 * "just for today"): the same words when none opens them.
 */
export function afterLeadingHowLong(text: string): string {
  return text.replace(LEADING_HOW_LONG, "");
}

/** Verbs of being or moving between an end of the hours named as a noun and its new hour ("is now", "moved", "back"). */
export const HOURS_MOVE =
  "(?:is|are|has|have|will|should|be|been|now|gets?|goes|moves?|moved|pushed|brought|shifted|changed|back|forward|earlier|later)";

/**
 * "move the start to 9", "the end of that window is now 8 am": an end of a rule's hours named as a
 * noun, and what stands between it and the hour it is put at: whose end ("of that window"), a verb
 * of being or moving and a preposition (one of them at least). The ends, with the noun for each.
 */
export const END_NAMED_TO = String.raw`(?:\s+of\s+(?:it|that|this|the)(?:\s+(?:rule|ban|window|period|one|restriction|closure|hours))?)?\s+(?:(?:${HOURS_MOVE}\s+){0,4}(?:to|at|until|till|from)\s+|(?:${HOURS_MOVE}\s+){1,4})`;
export const NAMED_ENDS = [
  ["from", "(?:start|beginning)(?: time)?"],
  ["to", "(?:end|finish)(?: time)?"],
] as const;
