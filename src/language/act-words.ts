/**
 * Word classes of what a correction does with a room: going and ending up somewhere, avoiding,
 * forbidding and allowing, negation, permission, release and retraction, and the places and houses
 * they are said of. Kept together because the acts are read from their combination: a negation
 * before a verb of entering is a room to avoid; a permission before it lifts one (acts.ts,
 * src/rules/learn).
 */
import { alt } from "./word-class.ts";

/** a verb's forms: base, -s, -ing, -ed, and irregular ones */
function forms(spec: string): string[] {
  const [base, ...irregular] = spec.split(" ");
  if (base.length <= 2) return [base, ...irregular];
  const stem = base.endsWith("e") ? base.slice(0, -1) : base;
  return [base, `${base}s`, `${stem}ing`, `${stem}ed`, ...irregular];
}
const verbs = (...specs: string[]) => alt(specs.flatMap(forms));

/** Particles a verb of going ends with when its room goes unsaid: "don't go in", "keep out", "stay away". */
export const GOING_PARTICLE = /^(?:in|inside|into|out|away|off|through|up|down|near)$/;

/** The goal a verb of going takes, fronted with its room before the subject: "to the den you never go". */
export const GOAL_PARTICLE = /^(?:to|towards|toward)$/;

/** Verbs of going somewhere: negated, a room to avoid; permitted, a ban lifted. */
export const ENTER = alt([
  // "never set foot in", "it sets a wheel in the den": a foot or a wheel put in a room is going there
  "(?:set|sets|setting) (?:a )?(?:foot|wheel|wheels|paw)",
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
    "cross crosses crossing crossed",
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
  // "never end the search in the parlour": ending what it is doing there is stopping there
  `(?:end|ends|ending|ended|finish|finishes|finishing|finished|complete|completes|completing) (?:the |your |a |my |any )?(?:search|searches|task|tasks|trip|trips|run|runs|job|jobs)`,
  "wind up",
  "winding up",
  "wound up",
  "wrap up",
  "wrapping up",
  "hang around",
  "hang about",
  "hang out",
  "hanging around",
  "hanging about",
  "hanging out",
  "hung around",
  "hung about",
  "come to a (?:halt|stop|rest)",
  "coming to a (?:halt|stop|rest)",
  "camp out",
  "end (?:your|the|a) (?:search|trip|run|route|task|journey|errand|mission|hunt)",
  "stay(?= (?:in|inside|at|there)\\b)",
  "staying(?= (?:in|inside|at|there)\\b)",
]);

/**
 * The robot named by its body, as the object of a verb of keeping or the company it goes in
 * with: "keep your wheels out of …", "… with those wheels". Said with no adjective it is the robot
 * itself, always; "your muddy wheels" says a state, and is not this.
 */
export const ROBOT_BODY = `(?:your|ur|those|these|them|its) ${alt(["wheels", "tyres", "tires", "treads", "castors", "casters", "bumper", "body"])}`;

/** Phrases that forbid a room by themselves ("stay out of", "off limits"). */
export const AVOID = alt([
  ...forms("avoid"),
  ...forms("skip skipping skipped"),
  ...forms("bypass bypasses"),
  // ("keep it clear", "keep it free": the place kept unblocked, its object the place, no going out of it;
  // "keep you out of the loft": "you" for "yourself", as Norfolk and Irish English say it)
  `${alt(["stay", "stays", "staying", "stayed", "keep", "keeps", "keeping", "kept", "remain", "get", "getting"])}(?: yourself| you(?= out\\b)| it(?! (?:clear|free)\\b)| ${ROBOT_BODY})? ${alt(
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
      // said alone, of a room named before it: "the loft? stay away."
      "away",
      "clear",
    ],
  )}`,
  "steer clear of",
  "steering clear of",
  // a kitchen's "86" (take off the menu) said first, of a room: "86 the pantry for the robot"
  "(?:^|(?<=[,.;:!?] ))(?:86|eighty six)(?= (?:the|my|our|that|this)\\b)",
  "leave(?= .{1,40}\\b(?:alone|out)\\b)",
  // "the den you leave alone": its object fronted
  "(?:leave|leaving) alone",
  // "leave the den be": let it be, said at the end of its clause
  // "let the den rest", "leave the loft in peace": let it be undisturbed, said at the end of its clause
  "(?:leave|let)(?= (?:the|my|our|that) (?:[a-z']+ ){1,3}(?:be|rest|in peace)(?: [,.!?;]|$))",
  "(?:leave|leaving) out",
  "(?:give|giving)(?= .{1,40}\\ba miss\\b)",
]);

/**
 * Verbs of avoiding that leave out anything ("leave out the details", "give the jokes a miss"):
 * a room to avoid only when a room is their object, right after them ("leave out the attic").
 */
export const AVOID_IF_ROOM = /^(?:leave|leaving) out$|^(?:give|giving)$/;

/** Predicates that forbid the room they are said of ("the office is off limits"). */
export const FORBIDDEN = `(?:(?:is|are|stays|remains|'s) (?:to be )?)?${alt([
  "off limits",
  "out of bounds",
  "forbidden",
  "banned",
  "prohibited",
  // "the den is excluded from your rounds": a participle of shutting out, said of a room now or from
  // now on; "was excluded" and "is it excluded?" say no such thing
  "(?<=(?:^|\\s)(?:is|are|stays|remains|:) )excluded",
  "a no go(?: zone| area)?",
  "no go(?: zone| area)?",
  "not allowed",
  // "the lagar is restricted", "restricted airspace": a place shut to whoever is not let in;
  // "restricted to" says what something is kept to, no place shut
  "(?<=(?:^|\\s)(?:is|are|stays|remains|:|permanently|now|strictly) )restricted(?! to\\b)",
  // "the cortile is off the tour", "the den is off your rounds": a place taken off where the robot
  // goes; "off the hallway", "off the kitchen" say where a room lies, and are not this
  "off (?:the|your|ur|my) (?:block|tour|list|map|menu|route|routes|rounds|round|itinerary|agenda|circuit)",
  // a kitchen's "86" said of a room, now or from now on: "the pantry is 86 for you"
  "(?<=(?:^|\\s)(?:is|are|stays|remains|:) )(?:86|eighty six)(?= (?:for|to) (?:you|u|the robot|robots)\\b| ?[,.!?;]| ?$)",
  // "closed for you" as "closed to you", "shut to you": the robot named after it says whom the room is closed to
  "(?:closed|shut) (?:to|for) (?:you|u|the robot|robots)",
  // "the den: closed 6-8 pm", "the loft is closed after nine": a room said to be closed now or from now
  // on (a copula of the present, or a label's colon) is closed to the robot too; "was closed", "is not
  // closed", "keep the door closed" say no such thing
  "(?:(?<=(?:^|\\s)(?:is|are|stays|remains|:) )|^)closed(?! (?:the|a|an|my|your|his|her|our|their|it|door|doors|up|for)\\b)",
  // "not for you", "never for robots", "no place for the robot": the room said to be no one's the
  // robot is; "not for you to tidy" says what the robot need not do, no room shut
  // ("not place for robot": the article left out, as some speakers do)
  "(?:(?:not|never) (?:(?:a |the )?place )?for|no place for) (?:you|u|the robot|robot|robots|machines)(?! to\\b)",
])}`;

/** Predicates that allow the room they are said of ("the garage is fine again"). */
export const FINE = `(?:is|are|'s) (?:now |again |already )?${alt([
  "fine",
  // "the den's grand again": "grand" is "fine" in Irish and northern English, said of a room with a
  // word of change; "the hall is grand" alone praises the room and allows nothing
  "grand(?= (?:again|now|already)\\b)",
  "(?<=\\b(?:now|again|already) )grand",
  // "the den is sorted now": the trouble that closed it dealt with
  "sorted",
  "all sorted",
  "ok",
  "alright",
  "all right",
  "allowed",
  "open",
  "accessible",
  "good",
  "safe",
  "fair game",
  "no longer off limits",
  "not off limits",
  "no longer forbidden",
  "no longer out of bounds",
  "no longer a no go",
])}`;

const OPENS_FINE = new RegExp(`^${FINE}\\b`);

/**
 * A modal of permission with its verb left out, a word of change after it and nothing more: "the
 * den can already", "den can now"; or with the robot's going as its verb, the room its topic, as
 * Singapore English says it ("attic can go now", "the den can go in already"). Without the word of change ("the den can") what is allowed, and
 * since when, is not said.
 */
const MODAL_ONLY =
  /^(?:can|may)(?: (?:go|go in|come in|enter))? (?:now|already|again)(?: (?:now|already|again))?(?: [.!])*$/;

/** Whether a predicate with its copula left out allows the room ("ok now", "fine again, go in", "can already"). */
export function predicateAllows(rest: string): boolean {
  return OPENS_FINE.test(`is ${rest}`) || MODAL_ONLY.test(rest);
}

/**
 * "that's fine now", "actually it is ok again": the predicate said of a pronoun, after a discourse
 * marker at most; said right after a room alone ("the cellar — that's fine now") it is said of that room.
 */
export const PRONOUN_FINE = new RegExp(
  `^(?:(?:actually|well|ok|okay|oh|so|and|but|now) )*(?:that|it|this) ${FINE}(?: (?:now|again|already|now again))?$`,
);

/** A permitting predicate closed by a word of change, at the end of the words before a cut. */
const FINE_CLOSED = new RegExp(`\\b${FINE} (?:now|again|already)$`);

/**
 * "… the step is mended so that's fine now you may head out again": a predicate that allows, closed by a word of
 * change, and a permission with its own subject run on after it with no comma or joining word are
 * two clauses ("… fine now you cannot go in" is no permission, and no cut); `before` is the words up
 * to the cut, `after` the words from it.
 */
export const permissionRunsOn = (before: string, after: string): boolean =>
  FINE_CLOSED.test(before) && /^(?:you|u) (?:can|may)\b(?! not\b)/.test(after);

/** Words that negate what follows. "no" only before a verb or a room act: "no more than" is a limit. */
export const NEG =
  // "I hate it when you park in the kitchen": a dislike of what the robot does forbids it
  // "you no go there": English as many learners speak it, "no" before the verb its subject does;
  // with no subject, before a bare verb of stopping ("no stand still in the hall", Hawaiian Pidgin
  // "no stop there"), unless a copula or article makes the verb a noun ("there's no stop", "a no park")
  // "negative on parking by the stove": the radio's "no" before a gerund, as "no stopping"; after a
  // copula or a report of a test ("came back negative on …") it is a result, and negates nothing
  "(?:not|never|no longer|nobody|no one|no(?= \\w+ing\\b)|no more(?= \\w+ing\\b)|(?<!\\b(?:is|are|was|were|be|been|back|tested|test|turned|came|comes) )negative on(?= \\w+ing\\b)|(?<!\\b(?:is|are|was|were|be|been|s|there|have|has|had|a|the) )no(?= (?:stop|stand|park|sit|linger|loiter|halt|idle)\\b)|without(?= (?:stopping|waiting|pausing|lingering|halting|parking|standing|sitting|idling|loitering)\\b)|(?<=\\b(?:you|u) )no(?= (?!longer\\b|more\\b|one\\b|need\\b|problem\\b|worries\\b|rush\\b)[a-z]+\\b)|(?:hate|dislike|can not stand|cannot stand)(?: it)? (?:when|if|that)(?= (?:you|u)\\b))";

/**
 * "stop going", "quit entering": a verb of ending before a gerund negates it; so does a verb of
 * avoiding ("avoid stopping in the hall" is "do not stop in the hall").
 */
export const NEG_GERUND = "(?:stop|quit|cease|refrain from|abstain from|avoid|avoids|avoiding)(?= \\w+ing\\b)";

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

/**
 * The manner left to the robot ("talk however you like", "reply as you see fit"): it asks for
 * nothing the robot could keep to, so a clause that says only this is no rule.
 */
export const MANNER_CHOICE = alt([
  "(?:how|however|any way|anyway|whichever way|the way) (?:you|u) (?:like|want|wish|please|prefer|choose|see fit|feel like|think best)",
  "as (?:you|u) (?:see fit|think best|prefer|choose)",
  "suit yourself",
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

/**
 * Verbs that drop a rule said in the first person, as a performative ("I withdraw that
 * instruction", "I hereby revoke …"): none of them is an everyday verb a speaker would say of
 * their own doings in a message to the robot, as "I drop the kids off" is.
 */
const PERFORMED = ["withdraw", "retract", "revoke", "rescind", "countermand", "cancel", "take back"];
export const RETRACT_PERFORMED = alt(PERFORMED);

/** Verbs that drop a rule. */
export const RETRACT = alt([
  ...PERFORMED,
  "forget",
  "drop",
  "ignore",
  "scrap",
  "discontinue",
  "never mind",
  "disregard",
  "undo",
  "remove",
  "lift",
  "delete",
  "get rid of",
  "throw out",
  "abandon",
  "scratch",
  // "no more needed" is a predicate (update-shapes.ts NO_LONGER_NEEDED), no "no more" of a thing
  "no more(?! (?:needed|necessary|required|wanted)\\b)",
  "no need for",
  "enough with",
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

/** This house, or every house. */
export const SCENE = alt([
  "(?:in|at|around|inside|within|for) (?:this|the|my|our) (?:house|home|apartment|flat|place|building|unit|condo|residence|household)",
  // "of the house" names its people ("the lady of the house"), not where a rule holds
  "of (?:this|my|our) (?:house|home|apartment|flat|place|building|unit|condo|residence|household)",
  "in here",
  "around here",
  "at my place",
  // "here is the deal", "here are the rules": presenting what follows, not this house; "listen
  // here", "look here": a call to attend
  "(?<!\\b(?:listen|look) )here(?! (?:is|are)\\b)",
]);
/**
 * "the plumber is here", "Mum's here": someone other than the robot said to be present, a reason
 * told, no place a rule holds ("when you are here" is the robot in this house: a scope).
 */
const PRESENT_HERE = /\b(?!(?:you|u)\b)[\p{L}]+ (?:is|are|was|were|'s|s) here\b/gu;
export const withoutPresence = (text: string) => text.replace(PRESENT_HERE, " ");

export const GLOBAL = alt([
  "in (?:any|every|all|each|other) (?:house|home|apartment|flat|place|building)s?",
  "anywhere",
  "everywhere",
  "wherever you (?:are|go)",
  "no matter (?:where|which house)",
]);

const FINE_FIRST = new RegExp(`^\\b${FINE}\\b`);
/** A part that is the permitting predicate alone, its copula and subject left out: "ok when I ask", "fine now". */
export const saysFineBare = (text: string) => FINE_FIRST.test(`is ${text}`);
