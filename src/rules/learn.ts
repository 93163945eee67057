/**
 * The deterministic rule learner: the offline path of TellOnce's learner (paper §4.1,
 * appendix B.1), for when no model backbone is configured.
 *
 * Three steps, as in the paper:
 * 1. signal: is this message a correction at all, or a task request, a question, thanks;
 * 2. interpretation: for each requirement in it, what the user asked for, grounded in exact
 *    quotes of the message; how long it lasts (persistent / task_local / defer), where it
 *    applies (global / scene:<id> / task), its conditions and exceptions, the checking stage;
 * 3. resolution against the user's rules in force: reuse, revise, replace, add or retract.
 *
 * It covers the common forms (rooms to avoid or not to stop in, reply word limits, JSON
 * fields, "always mention X" / "tell me which room it was in", retractions of these). Any other
 * lasting behaviour is kept as free text (a `behavior` requirement: guidance at most offline).
 * What it reads is general English, not fixed sentences:
 * - times of day by a small grammar (see "Times of day"): parts of the day ("once it's dark
 *   out", "late in the evening"), clock ranges with am/pm said once ("between 5 and 9 pm"),
 *   noon / midnight, after / before / until, and a part of the day narrowing a clock time;
 *   a time fronted before a comma belongs to the clause after it;
 * - numbers as words ("a dozen", "twenty-five") and limits said before or after them ("twelve
 *   words at the most", "no more than a dozen words", "a 12-word limit");
 * - "there" / "in it" / "that room" as the room named before, "don't do that" as the act the
 *   sentence before describes; "you can go through X, but don't stop there" is a rule about
 *   stopping (lifting a rule to stay out of X, if there is one), not a retraction;
 * - the room something was found in asked for without "always" ("next time, name the room
 *   you found it in"), unless the message only asks about this task;
 * - JSON fields listed without quotes ("a JSON object with found, room and object"), also in
 *   the sentence after the one that asks for JSON.
 * A task-local instruction is returned for the current task and never stored. A message whose
 * requirement, reference or scope cannot be determined creates no rule.
 */
import { canonicalRoom, ROOM_PHRASES } from "./rooms.ts";
import {
  type Condition,
  FOUND_ROOM,
  type OutputTarget,
  type Persistence,
  type Requirement,
  type RuleDraft,
  type RuleVersion,
  type Scope,
  type Stage,
  sceneScope,
} from "./types.ts";

export interface LearnContext {
  /** the house the conversation happens in: "in this house" needs it */
  sceneId?: string;
  taskId?: string;
  /** ms since the epoch; the draft's source time */
  at?: number;
}

export type LearnDecision =
  /** not a correction: a task request, a question, thanks */
  | "none"
  /** a correction whose requirement, reference or scope cannot be determined: no rule */
  | "unclear"
  /** acts in the current task only; never stored */
  | "task_local"
  /** a reusable behaviour whose activation is underspecified; not stored */
  | "defer"
  | "add"
  | "reuse"
  | "revise"
  | "replace"
  | "retract"
  /** a retraction of something the library does not hold */
  | "nothing_to_retract";

export interface LearnItem {
  decision: LearnDecision;
  reason: string;
  /** the clause of the message this item comes from, verbatim */
  clause: string;
  persistence?: Persistence;
  /** the reading, for add / reuse / revise / replace / task_local / defer */
  draft?: RuleDraft;
  /** the existing rule a reuse, revision, replacement or retraction is about */
  ruleId?: string;
  /** that rule's version in force when the decision was made */
  base?: string;
  /** for a retraction: the words that retract */
  quote?: string;
}

export interface LearnOutcome {
  message: string;
  /** whether the message holds a correction signal at all */
  signal: boolean;
  items: LearnItem[];
}

// ---- words and phrases -----------------------------------------------------------------------

/** Numbers as said: digits, "twelve", "twenty-five", "thirty one", "a dozen", "half a dozen", "a hundred". */
const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const byLength = (xs: string[]) => [...xs].sort((a, b) => b.length - a.length).join("|");
const DIGIT_WORD = byLength(Object.keys(UNITS).filter((w) => UNITS[w] < 10));
const NUM = `(\\d{1,4}|(?:${byLength(Object.keys(TENS))})(?:[- ](?:${DIGIT_WORD}))?|(?:half a|a half|one|two|three|a) dozen|dozen|(?:a|one) hundred|hundred|${byLength(Object.keys(UNITS))})`;
function parseNumber(s: string): number | undefined {
  const t = s.toLowerCase().trim().replace(/\s+/g, " ");
  if (/^\d+$/.test(t)) return Number(t);
  if (UNITS[t] !== undefined) return UNITS[t];
  const tens = /^([a-z]+)(?:[- ]([a-z]+))?$/.exec(t);
  if (tens && TENS[tens[1]] !== undefined) {
    if (!tens[2]) return TENS[tens[1]];
    const u = UNITS[tens[2]];
    return u !== undefined && u < 10 ? TENS[tens[1]] + u : undefined;
  }
  const dozen = /^(half a|a half|one|two|three|a)? ?dozen$/.exec(t);
  if (dozen) return { "half a": 6, "a half": 6, two: 24, three: 36 }[dozen[1] ?? ""] ?? 12;
  if (/^(?:a |one )?hundred$/.test(t)) return 100;
  return undefined;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ROOM_RE = new RegExp(`\\b(${ROOM_PHRASES.map(esc).join("|")})(s)?\\b`, "gi");

/** Task-local: this task, this time, for now. */
const TASK_LOCAL =
  /\b(this time|just for now|for now|for the moment|right now|at the moment|today|tonight|this (?:evening|morning|afternoon)|this once|just once|only once|this one time|for this (?:task|trip|run|errand|search|one|episode|request|job|round|time)|on this (?:trip|run|task|errand|search)|this round|for today|for this evening|for the rest of (?:the|this) (?:task|trip|run)|until you(?:'re| are) done)\b/i;
/** "not just this time": the opposite of task-local */
const NOT_JUST_THIS_TIME = /\bnot (?:just|only) (?:for )?(?:this time|now|today|this once|this task)\b/i;

/** Lasting: an explicit statement of duration or habit. */
const PERSISTENT =
  /\b(always|never|from now on|from here on(?: out)?|going forward|in (?:the )?future|henceforth|every ?time|each time|whenever|any ?more|ever again|again|at all times|as a rule|in general|generally|as a habit|no matter what|permanently|for good|ever|(?:the )?next time)\b/i;

/** Activation left vague: a reusable behaviour with no determinable trigger. */
const VAGUE_ACTIVATION =
  /\b(sometimes|at times|occasionally|now and then|every so often|from time to time|at certain times|at some times|in (?:some|certain) (?:cases|situations|circumstances)|depending on (?:the situation|things|circumstances|the context|context)|when(?:ever)? (?:it(?:'s| is)? ?(?:matters|makes sense|appropriate|necessary|needed|relevant|important|useful|a bad time|inconvenient|the wrong time)|appropriate|necessary|needed|relevant|useful|that matters|you think it matters|you think it's needed)|if (?:needed|necessary|appropriate|relevant|it makes sense|it matters|you think it's needed)|where (?:appropriate|needed|necessary|relevant)|as needed|at (?:the )?wrong times?|at (?:bad|inconvenient) times)\b/i;

const NEGATION =
  "(?:(?:just|but|and|only|please) not|don'?t|do not|dont|never|please don'?t|please never|you (?:shouldn'?t|should not|mustn'?t|must not|may not|can'?t|cannot|can not|aren'?t (?:allowed|supposed|permitted) to|are not (?:allowed|supposed|permitted) to|'re not (?:allowed|supposed|permitted) to)|no|stop|quit|(?:can|could|would|will) you (?:please )?not|i (?:don'?t|do not) want you(?: to)?|i'?d (?:rather|prefer) you (?:didn'?t|did not|not)|i would (?:rather|prefer) you (?:didn'?t|did not|not)|(?:make sure|be sure|ensure) (?:that )?you (?:never|don'?t|do not)|avoid)";
const MOVE_VERB =
  "(?:go(?:ing)?|went|enter(?:ing)?|walk(?:ing)?|driv(?:e|ing)|roll(?:ing)?|wander(?:ing)?|head(?:ing)?|ventur(?:e|ing)|step(?:ping)?|set(?:ting)? foot|pass(?:ing)?|cut(?:ting)?|mov(?:e|ing)|travel(?:l?ing)?|com(?:e|ing)|get(?:ting)?|be(?:ing)?|search(?:ing)?|look(?:ing)?|navigat(?:e|ing)|drive|barg(?:e|ing)|poke|poking|snoop(?:ing)?|us(?:e|ing)|visit(?:ing)?|explor(?:e|ing))";
const AVOID_RE = new RegExp(
  [
    String.raw`\b(?:stay|keep|stays|keeps|staying|keeping)(?: yourself)? (?:out of|out from|away from|clear of|outside(?: of)?)`,
    String.raw`\b(?:steer|keep) clear of`,
    String.raw`\b(?:avoid|avoiding|bypass|skip|skipping)\b`,
    String.raw`\b${NEGATION} (?:ever |even |\w+ly )?${MOVE_VERB}\b`,
    String.raw`\boff[- ]?limits\b`,
    String.raw`\bout of bounds\b`,
    String.raw`\b(?:is|are) (?:forbidden|prohibited|banned|a no[- ]go(?: zone| area)?)\b`,
    String.raw`\bno[- ]go (?:zone|area)\b`,
    String.raw`\bnot allowed (?:in|into|inside)\b`,
    String.raw`\bno (?:going|entering|robots?) (?:in|into|inside)\b`,
    String.raw`\bnot welcome in\b`,
    String.raw`\bleave\b(?=[^.;,]{1,40}\bout(?: of it| of (?:your|the) (?:route|search|path|plan))?\b)`,
    String.raw`\b(?:i|we) (?:don'?t|do not|never) want (?:you|the robot|it) (?:in|inside|near|around)\b`,
    String.raw`\b(?:should|must|is to|are to|has to|have to) be avoided\b`,
    String.raw`\b(?:not|no) (?:a )?place for (?:you|the robot|a robot|robots)\b`,
  ].join("|"),
  "i",
);
const STOP_RE = new RegExp(
  String.raw`\b${NEGATION} (?:ever )?(?:stop|stopping|park|parking|wait|waiting|end up|ending up|wind up|winding up|end (?:your|the|a) (?:trip|route|run|search|task|journey|errand|mission)|hang(?:ing)? (?:around|about|out)|loiter|loitering|settle|settling|finish|finishing|halt|halting|linger|lingering|stand|standing|sit|sitting|idle|idling|rest|resting|stay|staying|remain|remaining|come to a stop)\b(?! (?:out|away))`,
  "i",
);

/** Retracting: permission given back, a rule dropped. */
const RETRACT_RE = new RegExp(
  [
    String.raw`\byou(?: (?:can|may|could|are allowed to|are free to|are welcome to|have my permission to)|'re (?:allowed|free|welcome) to)(?: now| again| once again)? (?:go|enter|use|visit|get|walk|head|step|pass|drive|be|search|look|cross|roll|move|travel|cut through|come)\b`,
    String.raw`\b(?:it'?s|it is|that'?s|that is) (?:fine|ok(?:ay)?|alright|all right|allowed|permitted|no problem)(?: now| again| after all)? (?:to|for you to) (?:go|enter|use|visit|be|walk|head|step|pass|search|look)\b`,
    String.raw`\bfeel free to (?:go|enter|use|visit|walk|head|search|look)\b`,
    String.raw`\b(?:is|are) (?:fine|ok(?:ay)?|alright|all right|allowed|open|accessible)(?: (?:now|again|after all))?(?: (?:for you|to enter|to go in))?(?: (?:now|again|after all))?\b`,
    String.raw`\b(?:is|are) (?:no longer|not) (?:off[- ]?limits|forbidden|out of bounds|a no[- ]go)\b`,
    String.raw`\b(?:no (?:need|reason)|you (?:don'?t|do not) (?:have|need) to|you no longer (?:have|need) to|no longer need to)\b`,
    String.raw`\b(?:forget|drop|ignore|scrap|cancel|remove|disregard|lift|undo|delete|retract|revoke|withdraw|never ?mind|nevermind|get rid of|throw out|abandon)\b`,
    String.raw`\bno more (?:word limit|limit|json|rule)\b`,
    String.raw`\bstop (?:avoiding|staying out of|keeping out of|limiting|mentioning|telling me|using json|replying in json|answering in json)\b`,
    String.raw`\b(?:i )?(?:take|taking) (?:that|it) back\b`,
    String.raw`\bthe (?:rule|restriction|ban|limit) (?:on|about|for) .{1,40} is (?:gone|lifted|over|off)\b`,
  ].join("|"),
  "i",
);

const ARTIFACT_RE =
  /\b(summary|summaries|notes?|map notes?|log|logs|report file|write-?up|journal|written summary|the map)\b/i;

/** "under 15 words", "no more than a dozen words", "at the most twelve words" */
const LIMIT_BEFORE = String.raw`(under|below|at (?:the )?(?:very )?most|no more than|not more than|never more than|nothing (?:more|longer) than|no longer than|not longer than|not (?:longer|over) than|not over|nothing over|fewer than|less than|shorter than|max(?:imum)?(?: of)?|an? max(?:imum)? of|at max|up to|within|(?:not |never )?(?:exceed(?:ing)?|go(?:ing)? over|go(?:ing)? above|go(?:ing)? past|go(?:ing)? beyond)|limit(?:ed)?(?: \w+){0,3} to|cap(?:ped)?(?: \w+){0,3} (?:at|to)|keep(?: \w+){0,3} (?:to|at|within)|stick to|(?:cut|trim|shorten|bring)(?: \w+){0,3} (?:down )?to|at a maximum of|tops|(?:in |with |using )?(?:only|just))`;
/** "twelve words at the most", "12 words, tops", "ten words or fewer", "20 words is the limit" */
const LIMIT_AFTER =
  "(or (?:less|fewer|under|below|shorter)|max(?:imum)?|tops|at (?:the )?(?:very )?most|at max|and no more|and not (?:one |a word )?more|and nothing more|(?:is|are|should be|will be|must be|as) (?:the|your|a|my) (?:max(?:imum)?|limit|cap|ceiling|upper limit|most)|(?:is|are|should be|will be) (?:plenty|enough|sufficient))";
const WORD_LIMIT_RES: { re: RegExp; num: number; op?: number; negated?: boolean; words?: boolean }[] = [
  {
    re: new RegExp(
      String.raw`\b${LIMIT_BEFORE}\s+(?:of\s+)?(?:about\s+|around\s+|roughly\s+)?${NUM}[- \s]+words?\b`,
      "i",
    ),
    op: 1,
    num: 2,
  },
  { re: new RegExp(String.raw`\b${NUM}\s+words?,?\s+${LIMIT_AFTER}\b`, "i"), num: 1 },
  // "don't use more than a dozen words", "no reply longer than twelve words"
  { re: new RegExp(String.raw`\b(?:more|longer) than\s+${NUM}\s+words?\b`, "i"), num: 1, negated: true },
  // "a dozen or fewer words", "12 words, no more"
  { re: new RegExp(String.raw`\b${NUM}\s+or\s+(?:fewer|less)\s+words\b`, "i"), num: 1 },
  {
    re: new RegExp(String.raw`\b${NUM}\s+words?,?\s+(?:and\s+)?(?:no|not|nothing)\s+(?:more|longer|over)\b`, "i"),
    num: 1,
  },
  // "a few words, say ten at most"
  { re: new RegExp(String.raw`\b${NUM},?\s+${LIMIT_AFTER}\b`, "i"), num: 1, words: true },
  // "a 12-word limit", "a twelve word maximum"
  { re: new RegExp(String.raw`\b${NUM}[- ]words? (?:limit|max(?:imum)?|cap|ceiling)\b`, "i"), num: 1 },
  // "a word limit of 12", "word count: twelve", "a limit of 12 words", "not a word more than twelve"
  {
    re: new RegExp(
      String.raw`\b(?:(?:word (?:limit|count|cap|max(?:imum)?)|max(?:imum)? (?:word count|length))(?: \w+){0,2}?\s*(?:of|is|at|to|:|=)|limit of|not (?:a|one) (?:single )?word (?:more than|over|past|beyond))\s+${NUM}\b(?!\s*(?:minutes?|seconds?|hours?|sentences?|lines?|characters?|%))`,
      "i",
    ),
    num: 1,
  },
];
const STRICT = /^(under|below|fewer than|less than|shorter than)$/i;

const TASK_REQUEST =
  /^(?:please |can you |could you |would you |will you |go |now )*(?:bring|fetch|find|get|grab|look for|search for|take|show|where(?:'s| is| are)|help|i (?:want|need|would like|'d like) (?:my|the|some|a|an)\b|pick up|carry|what(?:'s| is| are)|which|who)\b/i;
/** words that make a request-looking sentence a correction after all */
const STRONG =
  /\b(never|always|don'?t|do not|not|no|avoid|stay out|keep out|stay away|from now on|limit|words|json|mention|off[- ]?limits|allowed|forbidden|which room|what room|in (?:your|each|every) (?:answers?|repl(?:y|ies)|responses?))\b/i;
const isTaskRequest = (s: string) => TASK_REQUEST.test(s) && !STRONG.test(s);

/** What a fragment may say: how long, where, when. */
const MARKER_SOURCES = () => [TASK_LOCAL, PERSISTENT, VAGUE_ACTIVATION, SCENE_RE, GLOBAL_RE];
/**
 * A marker alone, or nearly ("Just for now", "Here in this house", "After 9 o'clock at night"),
 * not a sentence that happens to hold one ("You went into the garage this morning").
 */
const MARKER = {
  test: (s: string) => {
    if (!MARKER_SOURCES().some((re) => re.test(s)) && findTimes(s).length === 0) return false;
    let rest = s;
    for (const re of MARKER_SOURCES()) rest = rest.replace(new RegExp(re.source, "gi"), " ");
    for (const t of timeCandidates(s)) rest = rest.replace(t.quote, " ");
    const words = rest
      .toLowerCase()
      .split(/[^\p{L}']+/u)
      .filter(
        (w) =>
          w &&
          !/^(?:please|just|and|so|but|also|ok(?:ay)?|now|then|well|when|whenever|while|if|you|you're|you are|are|here|there|even|only|at least|actually)$/.test(
            w,
          ),
      );
    return words.length <= 2;
  },
};

const SIGNAL =
  /\b(no (?:going|entering|stopping|parking|robots?)|leave\b[^.;,]{1,40}\bout|steer|clear of|avoided|place for (?:you|the robot|robots)|never|always|don'?t|do not|dont|stop|avoid|stay|keep|make sure|be sure|ensure|please|from now on|in (?:the )?future|going forward|i(?:'d| would)? (?:want|need|prefer|like|rather) (?:that )?you|you (?:should|shouldn'?t|must|mustn'?t|may not|can|may|could|are allowed|'re allowed|are not allowed|aren'?t allowed|need to|have to)|no more|off[- ]?limits|out of bounds|forbidden|allowed|forget|ignore|drop|never ?mind|not (?:the|in|into|inside|through)|why did you|you (?:went|entered|forgot|keep)|wrong|instead|words?|include|fields?|keys?|no[- ]go|skip|not (?:go|enter|walk|head)|json|mention|tell me|let me know|it'?s (?:fine|ok|okay)|fine|ok|okay|alright|feel free|limit|next time|say|name|which room|what room|report|(?:want|need) the (?:room|location)|in (?:your|the|each|every) (?:answers?|repl(?:y|ies)|responses?)|i(?:'d| would)? (?:want|need|like) to (?:know|hear|be told))\b/i;

// ---- clauses -------------------------------------------------------------------------------

interface Span {
  text: string;
  /** offset in the message */
  at: number;
}

/** Sentences, and clauses joined by "and"/"but"/"also" where a new imperative starts. */
export function clauses(message: string): Span[] {
  const out: Span[] = [];
  const splitter =
    /(?<=[.!?;])\s+|\s*(?:,\s*(?:and\s+|but\s+|also\s+|plus\s+)?|\s+(?:and|but|plus)\s+(?:also\s+)?)(?=(?:please\s+)?(?:just\s+)?(?:no (?:stopping|parking|waiting|lingering|going|entering)|never|always|don'?t|do not|stay|keep|avoid|make sure|reply|answer|respond|tell me|mention|you (?:can|may|should|must)|forget|drop|ignore|use|include|give me|from now on|steer|no more(?=\s+\w)|limit)\b)/gi;
  let last = 0;
  for (const m of message.matchAll(splitter)) {
    const end = m.index;
    if (end > last) out.push({ text: message.slice(last, end), at: last });
    last = end + m[0].length;
  }
  if (last < message.length) out.push({ text: message.slice(last), at: last });
  const spans = out
    .map((s) => {
      const lead = /^[\s"'“”]+/.exec(s.text)?.[0].length ?? 0;
      const text = s.text.slice(lead).replace(/[\s"'“”]+$/, "");
      return { text, at: s.at + lead };
    })
    .filter((s) => /[\p{L}\p{N}]/u.test(s.text));
  // "Just for now, avoid the kitchen" / "In this house, stay out of the garage" / "At night,
  // ...": a fragment that only says when, where or how long belongs to its neighbour
  const merged: Span[] = [];
  let carry: Span | undefined;
  for (const s of spans) {
    // "When you report back, mention ...": a when-clause alone is part of the next one
    const fragment =
      (!REQUIREMENT_WORD.test(s.text) &&
        !PASS_THROUGH.test(s.text) &&
        (MARKER.test(s.text) || WHEN_ONLY.test(s.text))) ||
      FILLER.test(s.text);
    if (carry) {
      const joined = { text: message.slice(carry.at, s.at + s.text.length), at: carry.at };
      carry = undefined;
      if (fragment) carry = joined;
      else merged.push(joined);
      continue;
    }
    if (fragment) carry = s;
    else merged.push(s);
  }
  if (carry) {
    const prev = merged.pop();
    merged.push(prev ? { text: message.slice(prev.at, carry.at + carry.text.length), at: prev.at } : carry);
  }
  return merged;
}

/** "walk through the bedroom if needed": a permission to pass, not a marker for the next clause */
const PASS_THROUGH =
  /\b(?:go|goes|going|walk|walking|pass|passing|drive|driving|roll|rolling|move|moving|cross|crossing|cut|cutting|head|heading|travel|travelling|traveling)\s+(?:through|across|past|by|via)\b/i;
/** "passing through is fine": a permission to pass, the room left to the clause before */
const PASS_THROUGH_ALONE =
  /^(?:but\s+|and\s+|though\s+)?(?:(?:just\s+)?(?:passing|going|walking|driving|rolling|moving|cutting)\s+(?:through|across|by|past)|(?:you can|you may|it'?s (?:fine|ok(?:ay)?) to)\s+(?:pass|go|walk|drive|roll|move|cut)\s+(?:through|across|by|past))\b(?:\s+(?:is|are|'s))?/i;
const WHEN_ONLY = /^(?:when(?:ever)?|once|as soon as|each time|every time|while)\s+(?:you|u)\b/i;

/** What the robot did, told back: "You went into the garage.", "Why were you in the kitchen?" */
const NARRATIVE =
  /^(?:(?:hey|hi|ok(?:ay)?|so|well|look|listen|um|uh|oh|hmm|sorry|again|also|and|but)[,!.\s]+)*(?:(?:i|we) (?:saw|noticed|see|watched) (?:that )?you\b|you (?:went|entered|stopped|ended up|were|walked|drove|rolled|parked|got|came|found|forgot|said|wrote|gave|used|didn'?t|did|kept|left|passed|cut|searched|looked|just)\b|why (?:did|were|are|do|would) you\b|that (?:was|is|'s)\b|too (?:many|long)\b)[^!]*$/i;

/** "Don't do that again": what "that" is comes from the sentence before */
const DO_THAT =
  /\b(?:don'?t|do not|never|please don'?t|stop) (?:ever )?(?:do|doing) (?:that|this|it)(?: again| any ?more| ever again)?\b|\bnever again\b/i;
const ACT_STOP =
  /\b(?:stop(?:ped)?|end(?:ed)? up|park(?:ed)?|wait(?:ed)?|stay(?:ed)?|linger(?:ed)?|s[ia]t|halt(?:ed)?|finish(?:ed)?)\b/i;
const ACT_ENTER =
  /\b(?:go|went|gone|enter(?:ed)?|walk(?:ed)?|drive|drove|roll(?:ed)?|pass(?:ed)?|cut|got|came|come|were|head(?:ed)?|wander(?:ed)?)\b/i;

/** What the robot was told it did, in a narrative span: a requirement "don't do that" can negate. */
function actOf(span: string): { kind: "avoid_room" | "no_stop_in_room"; room: RoomMention } | undefined {
  if (!NARRATIVE.test(span)) return undefined;
  const room = roomMentions(span).at(-1);
  if (!room) return undefined;
  if (ACT_STOP.test(span)) return { kind: "no_stop_in_room", room };
  if (ACT_ENTER.test(span)) return { kind: "avoid_room", room };
  return undefined;
}

/** A span that says nothing by itself: "Please,", "OK so", "Look,". */
const FILLER =
  /^(?:(?:please|pls|ok(?:ay)?|so|well|look|listen|hey|now|also|and|but|alright|all right|right|oh|um|uh|hmm|sorry|one more thing|by the way|btw|actually|again)[\s,.!:-]*)+$/i;

/** Words that carry a requirement or a retraction: a span without any is at most a marker. */
const REQUIREMENT_WORD =
  /\b(never|always|don'?t|do not|dont|not|no|stay|keep|avoid|steer|make sure|be sure|ensure|reply|replies|answer|respond|tell|mention|say|include|can|may|forget|drop|ignore|use|limit|off[- ]?limits|words?|json|stop|park|wait|enter|go|fine|ok(?:ay)?|allowed|free|need)\b/i;

function quoteOf(text: string, re: RegExp): string | undefined {
  const m = new RegExp(re.source, re.flags.replace("g", "")).exec(text);
  return m ? m[0] : undefined;
}

// ---- conditions ----------------------------------------------------------------------------

/**
 * Times of day, a small grammar. A named part of the day ("at night", "once it's dark out",
 * "late in the evening", "in the mornings") is a fixed window; a clock window is built from
 * time points ("9", "9 pm", "nine at night", "21:00", "noon", "midnight"): "between A and B" /
 * "from A to B" / "A to B", "after A" (until the next morning), "before B" / "until B" (from the
 * start of that part of the day). A point without am/pm borrows it from the other end of a
 * range ("between 5 and 9 pm" = 17 → 21) or from the part of day it names ("9 at night").
 * Overlapping readings keep the longest ("after 9 at night" is one window, not two).
 */
interface TimeForm {
  re: RegExp;
  from: number;
  to: number;
}
const DARK =
  "(?:once|when(?:ever)?|while|after|as soon as|if) it(?:'s| is| gets| has gotten| has got| goes| turns| becomes) (?:dark|night)(?:[- ]?time)?(?: out(?:side)?)?";
const SUN =
  "(?:once|when(?:ever)?|after|as soon as) (?:the sun(?:'s| is| has) (?:down|set|gone down)|the sun (?:goes down|sets)|night (?:falls|has fallen)|the lights (?:are|go) (?:out|off))";
const ASLEEP =
  "(?:when(?:ever)?|while|if|once) (?:i(?:'m| am)|we(?:'re| are)|everyone(?:'s| is)) (?:asleep|sleeping|in bed|in bed asleep)";
const TIME_FORMS: TimeForm[] = [
  {
    re: new RegExp(
      String.raw`\b(?:at night(?:[- ]?time)?|at nighttime|during the night(?:[- ]?time)?|overnight|after dark|in the night(?:[- ]?time)?|nights|at bedtime|after bedtime|late at night|in the dark|in the middle of the night|at nightfall|after (?:nightfall|sunset|sundown)|late in the evenings?|(?:in|during) the late evenings?|late evenings?|late[- ]night|after dusk|at dusk|${DARK}|${SUN}|${ASLEEP})\b`,
      "gi",
    ),
    from: 21,
    to: 6,
  },
  {
    re: /\b(?:in the (?:early )?evenings?|during the (?:early )?evenings?(?: hours)?|evenings|(?:at|during|around|over) dinner(?: ?time)?|at suppertime|early in the evenings?|each evening|every evening)\b/gi,
    from: 17,
    to: 21,
  },
  {
    re: /\b(?:in the (?:early )?mornings?|during the (?:early )?mornings?|mornings|early in the (?:day|morning)|first thing in the morning|each morning|every morning|before (?:lunch|lunchtime|breakfast))\b/gi,
    from: 6,
    to: 12,
  },
  {
    re: /\b(?:in the (?:small|wee|early) hours(?: of the morning)?|before (?:dawn|sunrise|daybreak|first light))\b/gi,
    from: 0,
    to: 6,
  },
  {
    re: /\b(?:in the (?:late |early )?afternoons?|during the afternoons?|afternoons|(?:late|early) in the afternoons?|each afternoon|every afternoon|after lunch(?:time)?)\b/gi,
    from: 12,
    to: 17,
  },
  {
    re: /\b(?:during the day(?:time)?|in the daytime|by day|in daylight|during daylight(?: hours)?|daytime|while it(?:'s| is) (?:light|daylight)(?: out(?:side)?)?|when it(?:'s| is) (?:light|daylight)(?: out(?:side)?)?)\b/gi,
    from: 6,
    to: 21,
  },
];

/** "nine at night": the number words a clock can show */
const HOUR_WORDS: Record<string, number> = Object.fromEntries(Object.entries(UNITS).filter(([, n]) => n <= 12));
/** what may follow a bare number that is no hour: "after 3 tries", "up to 20 words" */
const NOT_HOUR = String.raw`(?!\s*(?:words?|minutes?|mins?\b|hours?|hrs?\b|seconds?|secs?\b|days?|weeks?|months?|years?|times\b|tries|attempts?|steps?|met(?:er|re)s?|m\b|feet|foot|ft\b|items?|things?|objects?|rooms?|%|percent|people|of\b|sentences?|lines?|characters?|chars?\b|fields?|keys?|more\b|or (?:less|fewer|so)))`;
const PART_OF_DAY = "at night|in the (?:evening|morning|afternoon)|tonight|this (?:evening|morning|afternoon)";
/** one time point; its parts are read again by `timePoint` */
const TP = String.raw`(?:noon|midday|mid-day|midnight|(?:\d{1,2}(?::[0-5]\d)?|${Object.keys(HOUR_WORDS).join("|")})(?![\d:])(?:\s*(?:[ap]m\b|[ap]\.m\.|[ap]\.m\b))?(?:\s+o'?clock)?(?:\s+(?:${PART_OF_DAY}))?${NOT_HOUR})`;
const RANGE_RE = new RegExp(
  String.raw`\b(?:(?:between|from)\s+(${TP})\s*(?:and|to|till|til|until|through|thru|-|–)\s*(${TP})|(${TP})\s*(?:to|till|until|-|–)\s*(${TP}))`,
  "gi",
);
const AFTER_RE = new RegExp(
  String.raw`\b(?:(?:any ?time |sometime |at any time )?after|past|later than|from|starting (?:at|from)|beginning at|as of)\s+(${TP})`,
  "gi",
);
const ONWARDS_RE = new RegExp(
  String.raw`\b(?:(?:at|from)\s+)?(${TP})\s+(?:or later|and later|onwards?|and after|or after)\b`,
  "gi",
);
const BEFORE_RE = new RegExp(
  String.raw`\b(?:(?:any ?time )?before|until|till|til|up (?:to|until)|earlier than|prior to)\s+(${TP})`,
  "gi",
);

interface TimePoint {
  /** 0–24 as said (12 for "12", 0 for midnight) */
  h: number;
  ampm?: "am" | "pm";
  /** "noon", "midnight": no am/pm to infer */
  named?: "noon" | "midnight";
}

function timePoint(s: string): TimePoint | undefined {
  const t = s.toLowerCase().trim();
  if (/^(?:noon|midday|mid-day)/.test(t)) return { h: 12, named: "noon" };
  if (t.startsWith("midnight")) return { h: 0, named: "midnight" };
  const m = /^(\d{1,2}|[a-z]+)/.exec(t);
  if (!m) return undefined;
  const h = /^\d/.test(m[1]) ? Number(m[1]) : HOUR_WORDS[m[1]];
  if (h === undefined || h > 24) return undefined;
  if (h > 12) return { h };
  const ap = /(?:\d|\s)([ap])\.?m\b/.exec(t);
  if (ap) return { h, ampm: ap[1] === "p" ? "pm" : "am" };
  if (/\bat night\b/.test(t)) return { h, ampm: h === 12 || h < 6 ? "am" : "pm" };
  if (/\b(?:evening|afternoon|tonight)\b/.test(t)) return { h, ampm: "pm" };
  if (/\bmorning\b/.test(t)) return { h, ampm: "am" };
  return { h };
}

/** the hour (0–23) of a point read with am/pm, or as a 24-hour clock when it has none */
function hourOf(p: TimePoint, ampm = p.ampm): number {
  if (p.named) return p.h;
  if (p.h > 12 || !ampm) return p.h % 24;
  return ampm === "pm" ? (p.h % 12) + 12 : p.h % 12;
}
/** forward length of [from, to) on the clock */
const span = (from: number, to: number) => (((to - from) % 24) + 24) % 24 || 24;
/** a point that may be am or pm: the reading whose window with `other` is shorter */
function inferFrom(p: TimePoint, fits: (h: number) => number): number {
  if (p.named || p.ampm || p.h > 12 || p.h === 0) return hourOf(p);
  const am = hourOf(p, "am");
  const pm = hourOf(p, "pm");
  return fits(pm) < fits(am) ? pm : am;
}

interface FoundTime {
  from: number;
  to: number;
  quote: string;
  index: number;
  /** said with the clock ("after 10"), not as a part of the day ("at night") */
  clock?: boolean;
  /** "after 10" / "before 8": one end said, the other assumed */
  open?: "after" | "before";
}

/**
 * The part of the day a clause names elsewhere, for its bare clock times: "in the evening,
 * between 6 and 8" is 18 → 20.
 */
function partOfDay(clause: string): string | undefined {
  const night = /\b(?:night|nights|nighttime|tonight|dark|evenings?|afternoons?)\b/i.test(clause);
  const morning = /\bmornings?\b/i.test(clause);
  if (night === morning) return undefined;
  return night ? (/\bnight|dark\b/i.test(clause) ? "at night" : "in the evening") : "in the morning";
}

function clockWindows(clause: string): FoundTime[] {
  const out: FoundTime[] = [];
  const part = partOfDay(clause);
  const point = (s: string) => {
    const p = timePoint(s);
    if (!p || !part || p.ampm || p.named || p.h > 12 || p.h === 0) return p;
    return timePoint(`${p.h} ${part}`) ?? p;
  };
  for (const m of clause.matchAll(RANGE_RE)) {
    // the part of the day named elsewhere only when neither end says am or pm
    let a = timePoint(m[1] ?? m[3]);
    const b = timePoint(m[2] ?? m[4]);
    if (a && b && !(a.ampm || a.named || b.ampm || b.named)) a = point(m[1] ?? m[3]);
    if (!a || !b) continue;
    const bare = m[1] === undefined;
    // "5 to 9" without "between"/"from" is only a time when one end says so ("9pm to 6am")
    if (bare && !(a.ampm || a.named || b.ampm || b.named)) continue;
    let from: number;
    let to: number;
    if (a.ampm || a.named || a.h > 12 || a.h === 0) {
      from = hourOf(a);
      to = b.named === "midnight" ? 24 : inferFrom(b, (h) => span(from, h));
    } else if (b.ampm || b.named || b.h > 12) {
      to = b.named === "midnight" ? 24 : hourOf(b);
      from = inferFrom(a, (h) => span(h, to));
    } else {
      // no am/pm at either end: as said, except that an end before the start is the
      // afternoon ("between 9 and 5" = 9 → 17) or, from 12, the small hours (0 → 6)
      from = a.h % 24;
      to = b.h;
      if (a.h <= 12 && b.h < a.h) {
        if (a.h === 12) from = 0;
        else if (a.h >= 6) to = b.h + 12;
      }
    }
    if (from === to % 24) continue;
    out.push({ from, to, quote: m[0], index: m.index });
  }
  for (const m of [...clause.matchAll(AFTER_RE), ...clause.matchAll(ONWARDS_RE)]) {
    const a = point(m[1]);
    if (!a) continue;
    // "from 9 pm" alone; a bare "from 9" is too little to go on
    if (/^(?:from|as of|starting)/i.test(m[0]) && !(a.ampm || a.named || a.h > 12)) continue;
    // a bare "after 9" is evening: nobody is told "after 9" meaning the morning
    const from = a.ampm || a.named || a.h > 12 || a.h === 0 ? hourOf(a) : hourOf(a, "pm");
    // until the next morning
    out.push({ from, to: from === 6 ? 24 : 6, quote: m[0], index: m.index, open: "after" });
  }
  for (const m of clause.matchAll(BEFORE_RE)) {
    const b = point(m[1]);
    if (!b) continue;
    if (/^up /i.test(m[0]) && !(b.ampm || b.named || b.h > 12)) continue;
    let to: number;
    if (b.named === "midnight") to = 24;
    else if (b.ampm || b.named || b.h > 12) to = hourOf(b);
    // a bare "before 8" is the morning
    else to = hourOf(b, b.h === 12 ? "pm" : "am");
    // from the start of that part of the day: the small hours (0) for an early hour, the
    // morning (6) for a late-morning one ("before noon" is the morning), else the afternoon (12)
    const from = to <= 9 ? 0 : to <= 12 ? 6 : 12;
    if (from === to) continue;
    out.push({ from, to, quote: m[0], index: m.index, open: "before" });
  }
  return out;
}

/** every reading of every time phrase in a clause, overlapping or not */
function timeCandidates(clause: string): FoundTime[] {
  const all: FoundTime[] = clockWindows(clause).map((t) => ({ ...t, clock: true }));
  for (const f of TIME_FORMS)
    for (const m of clause.matchAll(f.re)) all.push({ from: f.from, to: f.to, quote: m[0], index: m.index });
  return all;
}

function findTimes(clause: string): FoundTime[] {
  const all = timeCandidates(clause);
  // overlapping readings of the same words: the longest wins
  all.sort((x, y) => y.quote.length - x.quote.length || x.index - y.index);
  const out: FoundTime[] = [];
  for (const t of all) {
    const overlaps = out.some((o) => t.index < o.index + o.quote.length && o.index < t.index + t.quote.length);
    if (!overlaps) out.push(t);
  }
  // "at night after 10": the part of the day narrowed by a clock window is that window
  const hoursIn = (t: FoundTime) => {
    const hs: number[] = [];
    for (let h = t.from; hs.length < 24 && h % 24 !== t.to % 24; h++) hs.push(h % 24);
    return hs;
  };
  // "in the afternoon after 3" is 15 → 17, "in the evening before 8" 17 → 20
  for (const c of out) {
    if (!c.clock || !c.open) continue;
    const part = out.find((n) => !n.clock && hoursIn(n).includes(c.open === "after" ? c.from : (c.to + 23) % 24));
    if (!part) continue;
    if (c.open === "after") c.to = part.to;
    else c.from = part.from;
  }
  const narrowed = (t: FoundTime) =>
    !t.clock &&
    out.some((o) => {
      if (!o.clock || o === t) return false;
      const outer = new Set(hoursIn(t));
      return hoursIn(o).every((h) => outer.has(h));
    });
  // the same window said twice is one condition
  const seen = new Set<string>();
  return out
    .filter((t) => !narrowed(t))
    .sort((x, y) => x.index - y.index)
    .filter((t) => {
      const k = `${t.from}-${t.to % 24}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

const EXCEPT_BEFORE = /\b(?:except|unless|but not|other than|apart from|save|excluding|except for|but)\b[^.;]{0,25}$/i;
const FINE_AFTER = /^[^.;]{0,20}\b(?:is|are)\s+(?:fine|ok(?:ay)?|alright|all right|allowed)\b/i;

const ASK_EXCEPTION =
  /\b(?:unless|except (?:when|if)|but (?:only )?(?:if|when))\s+(?:i|the user)\s+(?:specifically |explicitly |directly )?(?:ask|tell|send|say|request|want|need|allow|let)\b[^,.;]*/i;

/** When-clauses that only restate the stage ("when you reply", "whenever you look for things"). */
const STAGE_WHEN =
  /^(?:when(?:ever)?|while|if)\s+(?:you(?:'re| are)?|u)\s+(?:reply|replying|answer|answering|respond|responding|talk|talking|speak|speaking|tell|telling|report|reporting|write|writing|are done|'re done|finish|finishing|come back|get back|move|moving|navigate|navigating|go around|look|looking|search|searching|find|finding|bring|bringing|fetch|fetching|explore|exploring|give|giving|send|sending|message|messaging|done|finished|there|back|ready|arrive|arriving|get there|stop|stopping)\b/i;
const WHEN_RE = /\b(?:when(?:ever)?|while|if|as long as|on days when)\s+[^,.;]+/gi;
const UNLESS_RE = /\b(?:unless|except (?:when|if|while))\s+[^,.;]+/gi;

interface Conds {
  conditions: Condition[];
  exceptions: Condition[];
  /** a when-clause the learner cannot compute: kept as text */
  textual: boolean;
}

function conditionsOf(
  clause: string,
  req: Requirement,
  ctx: LearnContext,
  sceneQuote?: string,
  readingQuotes: string[] = [],
): Conds {
  const conditions: Condition[] = [];
  const exceptions: Condition[] = [];
  let textual = false;
  const used: string[] = [];
  for (const t of findTimes(clause)) {
    const before = clause.slice(0, t.index);
    const after = clause.slice(t.index + t.quote.length);
    const c: Condition = { kind: "time", fromHour: t.from, toHour: t.to, quote: t.quote };
    if (EXCEPT_BEFORE.test(before) || FINE_AFTER.test(after)) exceptions.push(c);
    else conditions.push(c);
    used.push(t.quote.toLowerCase());
  }
  const ask = ASK_EXCEPTION.exec(clause);
  if (ask) {
    const room = req.kind === "avoid_room" || req.kind === "no_stop_in_room" ? req.room : undefined;
    if (room) exceptions.push({ kind: "instruction_mentions", room, quote: ask[0].trim() });
    else {
      exceptions.push({ kind: "text", text: ask[0].trim(), quote: ask[0].trim() });
      textual = true;
    }
  }
  const covered = (q: string) =>
    used.some((u) => q.toLowerCase().includes(u)) || ask?.[0].includes(q) || (ask && q.includes(ask[0]));
  for (const m of clause.matchAll(UNLESS_RE)) {
    const q = m[0].trim();
    if (covered(q)) continue;
    exceptions.push({ kind: "text", text: q, quote: q });
    textual = true;
  }
  for (const m of clause.matchAll(WHEN_RE)) {
    const q = m[0].trim();
    if (STAGE_WHEN.test(q) || covered(q)) continue;
    // "as long as you don't stop there": the requirement itself, not a condition on it
    if (readingQuotes.some((r) => r.length > 3 && q.includes(r))) continue;
    if (
      /^(?:when(?:ever)?|while|if)\s+(?:you(?:'re| are)?|u)\b/i.test(q) &&
      /\b(?:in|inside|at) (?:the |this |my )?\w+/i.test(q)
    ) {
      // "when you're in this house": scope, not a condition
      if (sceneQuote && q.includes(sceneQuote)) continue;
    }
    conditions.push({ kind: "text", text: q, quote: q });
    textual = true;
  }
  void ctx;
  return { conditions, exceptions, textual };
}

// ---- scope ---------------------------------------------------------------------------------

const SCENE_RE =
  /\b(?:(?:in|at|around|inside|within|of|for) (?:this|the|my|our) (?:house|home|apartment|flat|place|building|unit|condo|residence|household)|(?:in|at) my place|around here|in here|here)\b/i;
const GLOBAL_RE =
  /\b(?:in (?:any|every|all|each|other) (?:house|home|apartment|flat|place|building)s?|anywhere|everywhere|wherever you (?:are|go)|in all (?:houses|homes|places)|no matter (?:where|which house))\b/i;

interface ScopeReading {
  kind: "global" | "scene" | "task";
  quote?: string;
}

function scopeOf(clause: string, taskLocal: boolean): ScopeReading {
  if (taskLocal) return { kind: "task", quote: quoteOf(clause, TASK_LOCAL) };
  const g = quoteOf(clause, GLOBAL_RE);
  if (g) return { kind: "global", quote: g };
  const s = quoteOf(clause, SCENE_RE);
  if (s) return { kind: "scene", quote: s };
  return { kind: "global" };
}

// ---- requirements --------------------------------------------------------------------------

interface Reading {
  requirement: Requirement;
  stage: Stage;
  /** the words the reading rests on, verbatim */
  quotes: string[];
  clear: boolean;
}

function roomsIn(text: string): { room: string; quote: string; index: number }[] {
  const out: { room: string; quote: string; index: number }[] = [];
  for (const m of text.matchAll(ROOM_RE)) {
    const room = canonicalRoom(m[1]);
    if (!room) continue;
    // "room" inside "which room it was in" is no room; "hall" in "hallway" is handled by \b
    if (out.some((o) => o.room === room)) continue;
    out.push({ room, quote: m[0], index: m.index });
  }
  return out;
}

function targetOf(clause: string): OutputTarget {
  return ARTIFACT_RE.test(clause) ? "artifact" : "reply";
}
const stageOf = (t: OutputTarget): Stage => (t === "artifact" ? "artifact" : "delivery");

function wordLimitOf(clause: string): Reading | undefined {
  let m: RegExpExecArray | null = null;
  let form: (typeof WORD_LIMIT_RES)[number] | undefined;
  for (const f of WORD_LIMIT_RES) {
    m = f.re.exec(clause);
    if (m && f.words && !/\bwords?\b/i.test(clause)) m = null;
    if (m && f.negated && !/\b(?:no|not|never|don'?t|do not|dont|without)\b|n't\b/i.test(clause.slice(0, m.index)))
      m = null;
    if (m) {
      form = f;
      break;
    }
  }
  if (!m || !form) return undefined;
  const n = parseNumber(m[form.num] ?? "");
  if (n === undefined || n < 1) return undefined;
  const strict = form.op !== undefined && STRICT.test((m[form.op] ?? "").trim());
  const maxWords = strict ? n - 1 : n;
  if (maxWords < 1) return undefined;
  const target = targetOf(clause);
  return {
    requirement: { kind: "word_limit", target, maxWords },
    stage: stageOf(target),
    quotes: [m[0]],
    clear: true,
  };
}

const IDENT = "[A-Za-z_][A-Za-z0-9_]{0,63}";
/** Not a field's name: what a list introduced by "with" holds when it is no list of fields. */
const NOT_FIELD =
  /^(?:the|a|an|no|not|nothing|any|anything|some|just|only|extra|other|more|less|json|format|text|words?|it|them|this|that|these|those|me|you|your|my|our|please|markdown|prose|comments?|explanations?|spaces?|newlines?|fields?|keys?|properties|everything|all|each|every|in|on|for|with|to|of|at|from|as|when|if|so|and|or|but|then|also|too|always|never)$/i;
const FIELD_INTRO =
  /(?:\b(?:with|containing|contains|including|includes|include|add|put|use|using|return|send|give me|list|like|such as|as in|that (?:has|have|holds?|contains?|includes?)|having|holding|listing|consisting of|made (?:up )?of|(?:keys?|fields?|properties) (?:are|being|should be|must be))\s+|:\s*)/gi;
/** what may end a list of fields: the clause's end, punctuation, or words that are not a field */
const FIELD_LIST_END =
  /^(?:\s*$|\s*[.,;:!?)}\]]|\s+(?:fields?|keys?|properties|entries|(?:in|to|into) (?:it|them|json|(?:every|each|all|your|the|my|an?)\b)|as (?:the )?(?:keys|fields|properties)|from now on|please|every ?time|each time|always|when(?:ever)?\b|if\b|so\b|for (?:me|every|each|all|the)\b|going forward|too\b|as well\b|only\b|at all times|in the future|and nothing else|and no(?:thing)? (?:more|else|other))\b)/i;

/**
 * Fields named without quotes after "with", "containing", ":" ("a JSON object with found and
 * room", "as JSON, with found, room and object"): a list of bare names joined by commas, "and",
 * "&" or "plus", each maybe with "the" before or "field" after, that ends where the clause or
 * a phrase that is no name does ("with no extra text" is no list).
 */
function unquotedFields(clause: string): { fields: string[]; quote: string } | undefined {
  const item = String.raw`(?:(?:the|a|an)\s+)?(${IDENT})(?:\s+(?:fields?|keys?|property|properties|entry|entries)\b)?`;
  const sep = String.raw`(?:\s*,\s*(?:and\s+|&\s+|plus\s+)?|\s+and\s+|\s*&\s*|\s+plus\s+|\s+as well as\s+)`;
  const count = String.raw`(?:(?:one|two|three|four|five|six|\d)\s+)?`;
  const prefix = String.raw`(?:(?:the\s+|these\s+|just\s+|only\s+)?${count}(?:fields?|keys?|properties|entries)\s*(?:called\s+|named\s+|:\s*|,\s*|-\s*)?)?`;
  for (const intro of clause.matchAll(FIELD_INTRO)) {
    const rest = clause.slice(intro.index + intro[0].length);
    const first = new RegExp(`^${prefix}(?:[{[(]\\s*)?${item}`, "i").exec(rest);
    if (!first) continue;
    const names = [first[1]];
    let at = first[0].length;
    const next = new RegExp(`^${sep}${item}`, "i");
    for (let m = next.exec(rest.slice(at)); m && !NOT_FIELD.test(m[1]); m = next.exec(rest.slice(at))) {
      names.push(m[1]);
      at += m[0].length;
    }
    if (!FIELD_LIST_END.test(rest.slice(at))) continue;
    if (names.some((n) => NOT_FIELD.test(n))) continue;
    return { fields: names, quote: rest.slice(0, at).trim() };
  }
  return undefined;
}

/** after "Answer in JSON.": "Include found and room." names its fields */
const JSON_FOLLOW_UP =
  /^(?:please\s+|and\s+|also\s+)*(?:include|add|put in|use|give me|with|it should (?:have|contain|include)|(?:the )?(?:keys|fields|properties) (?:are|should be|must be))\b/i;

function jsonOf(clause: string, jsonBefore = false): Reading | undefined {
  const hasJson =
    /\bjson\b/i.test(clause) || (jsonBefore && JSON_FOLLOW_UP.test(clause) && unquotedFields(clause) !== undefined);
  const quoted = [...clause.matchAll(new RegExp(String.raw`["'“‘\x60](${IDENT})["'”’\x60]`, "g"))].map((m) => ({
    name: m[1],
    quote: m[0],
  }));
  const fieldWord = /\b(fields?|keys?|properties|property|attributes?)\b/i.exec(clause);
  if (!hasJson && !(fieldWord && quoted.length)) return undefined;
  let fields = quoted.map((q) => q.name);
  const quotes = [quoteOf(clause, /\bjson\b/i) ?? fieldWord?.[0] ?? ""].filter(Boolean);
  quotes.push(...quoted.map((q) => q.quote));
  if (!fields.length && fieldWord) {
    // fields named without quotes: "with fields room, object and confidence"
    const after = clause.slice(fieldWord.index + fieldWord[0].length);
    const list =
      /^\s*(?:called|named|for|:|are|should be|must be|will be|would be|include|including|with)?\s*((?:[A-Za-z_][\w]*)(?:\s*(?:,|and|&|\+|or)\s*(?:[A-Za-z_][\w]*))*)/i.exec(
        after,
      );
    if (list) {
      fields = list[1]
        .split(/\s*(?:,|\band\b|&|\+|\bor\b)\s*/i)
        .map((s) => s.trim())
        .filter((s) => new RegExp(`^${IDENT}$`).test(s) && !/^(the|a|an|in|for|with|please|always|too|also)$/i.test(s));
      if (fields.length) quotes.push(list[0].trim());
    }
  }
  if (!fields.length && hasJson) {
    const list = unquotedFields(clause);
    if (list) {
      fields = list.fields;
      quotes.push(list.quote);
    }
  }
  if (!fields.length) {
    // "a room field", "include the object key"
    const before = [...clause.matchAll(new RegExp(String.raw`\b(${IDENT})\s+(?:field|key|property)\b`, "gi"))]
      .map((m) => m[1])
      .filter((s) => !/^(a|an|the|json|each|every|one|extra|new|that|this)$/i.test(s));
    if (before.length) {
      fields = before;
      quotes.push(...before);
    }
  }
  const target = targetOf(clause);
  return {
    requirement: { kind: "json_fields", target, fields: [...new Set(fields)] },
    stage: stageOf(target),
    quotes,
    clear: true,
  };
}

const MENTION_VERB =
  "(?:mention|tell me|tell us|say|state|include|name|report|let me know|let us know|inform me|note|specify|add|give me|point out|write(?: down)?|put|share|i(?:'d| would)? (?:want|need|like)|i(?:'d| would)? (?:want|need|like) to (?:know|hear|be told)|i(?:'d| would)? (?:want|need|like) to see)";
const FOUND_ROOM_RE = new RegExp(
  String.raw`\b${MENTION_VERB}\s+(?:(?:in|at) (?:which|what) room|which room|what room|the (?:name of the )?room|the room's name|where(?: exactly)?|the location|the place|the spot)\b(?:[^.;,]{0,40}\b(?:it|they|you|was|were|found|is|are|located|sat|lay)\b[^.;,]*)?`,
  "i",
);
/** a lasting wish: "always", "next time", "when you find it" */
const HABITUAL =
  /\b(always|every ?time|each time|make sure|remember|don'?t forget|from now on|whenever|next time|too|as well|also|in (?:the )?future|going forward|should|must|want|(?:when|once|after|if|as soon as) you (?:find|found|locate|spot|see|get|have found|'ve found|bring|fetch|finish|are done|'re done|report|reply|answer)|need to|have to|ought to|got to|(?:in|on|to|into) (?:your|the|each|every|all) (?:repl(?:y|ies)|answers?|responses?|messages?|reports?))\b/i;
/** the room of something found: "it was in", "you found it", "where things were" */
const MENTION_RE =
  /\b(?:always|please|make sure (?:to|you)|be sure to|remember to|don'?t forget to|you (?:should|must) always|every ?time,?)\s+(?:also\s+)?(?:mention|say|include|state|note)\s+(.+)$/i;
const FOUND_REF = /\b(?:was|were|found|had been|located|sat|lay|spotted)\b/i;

function mentionOf(clause: string): Reading | undefined {
  const fr = FOUND_ROOM_RE.exec(clause);
  // a question ("can you tell me which room it was in?") asks about this task, unless it says "always"
  const question = /\?\s*$/.test(clause) && !PERSISTENT.test(clause);
  if (
    fr &&
    !question &&
    (HABITUAL.test(clause) ||
      FOUND_REF.test(clause) ||
      // "say which room": the room of what was found, unless it asks where something is now
      (/\b(?:which|what|the) room\b/i.test(fr[0]) &&
        !/\b(?:is|are|am|will|going to|gonna)\b|'(?:re|s|ll)\b/i.test(clause)) ||
      /\bplease\b/i.test(clause))
  ) {
    const target = targetOf(clause);
    return {
      requirement: { kind: "mention", target, what: FOUND_ROOM },
      stage: stageOf(target),
      quotes: [fr[0].trim()],
      clear: true,
    };
  }
  const m = MENTION_RE.exec(clause);
  if (!m) return undefined;
  let what = m[1].replace(
    /\s*(?:in|to) (?:your|the|each|every|all) (?:repl(?:y|ies)|answers?|responses?|messages?|summar(?:y|ies)|notes?)\b.*$/i,
    "",
  );
  what = what.replace(/\s*(?:when(?:ever)?|if|please|too|as well|each time|every ?time)\b.*$/i, "").trim();
  what = what.replace(/[.!?,;:\s]+$/, "");
  const q = /^["'“‘](.+?)["'”’]/.exec(what);
  let clear = true;
  if (q) what = q[1];
  else {
    what = what.replace(/^(?:the|your|a|an|my|some)\s+/i, "");
    if (/^(it|that|this|them|those|these|things?|stuff|everything|something|more|details?)$/i.test(what)) clear = false;
  }
  if (!what || what.split(/\s+/).length > 6) return undefined;
  const target = targetOf(clause);
  return {
    requirement: { kind: "mention", target, what },
    stage: stageOf(target),
    quotes: [m[0].trim()],
    clear,
  };
}

/**
 * "there", "in there", "that room": a room named before, in this clause or the one before
 * ("You can go through the bedroom, but don't stop there"). Not "there is" / "there are".
 */
const ANAPHOR_RE =
  /\b(?:(?:in|into|inside|in to|out of|away from|clear of|through|from|near|around)\s+)?(?:there\b(?!\s*(?:is|are|was|were|'s|isn'?t|aren'?t|will be|should be|has been)\b)|that room|that place|that part of the house|(?<=\b(?:in|into|inside|through|out of|away from|clear of) )it)\b/gi;

interface RoomMention {
  room: string;
  quote: string;
  index: number;
}

/** The rooms of a clause, with an anaphor standing for the room it refers to. */
function roomMentions(clause: string, antecedent?: RoomMention): RoomMention[] {
  const rooms = roomsIn(clause);
  const all: RoomMention[] = [...clause.matchAll(ROOM_RE)]
    .map((m) => ({ room: canonicalRoom(m[1]) ?? "", quote: m[0], index: m.index }))
    .filter((m) => m.room);
  for (const a of clause.matchAll(ANAPHOR_RE)) {
    const before = all.filter((m) => m.index < a.index).at(-1) ?? antecedent;
    if (before) all.push({ room: before.room, quote: a[0], index: a.index });
  }
  if (!rooms.length && !all.length) return [];
  return all.sort((x, y) => x.index - y.index);
}

function roomReadings(clause: string, antecedent?: RoomMention): Reading[] {
  const mentions = roomMentions(clause, antecedent);
  if (!mentions.length) return [];
  const stop = STOP_RE.exec(clause);
  const avoid = AVOID_RE.exec(clause);
  const out: Reading[] = [];
  // only rooms that come after the verb (or before "is off limits"), and not rooms in an exception
  let exceptAt =
    /\b(?:except|unless|other than|apart from|but(?! (?:no|not|never|don'?t|do not|please|just|make sure|you)\b))\b/i.exec(
      clause,
    )?.index ?? Number.POSITIVE_INFINITY;
  // "don't go through the kitchen, go through the hallway": rooms after a positive imperative
  const verbAt = Math.min(stop?.index ?? Number.POSITIVE_INFINITY, avoid?.index ?? Number.POSITIVE_INFINITY);
  const positive =
    /[,;]\s*(?:but\s+|and\s+|instead\s+|rather\s+)?(?:please\s+)?(?:go|walk|use|take|pass|head|drive|try|search|look|check|stop|park|wait)\b/gi;
  for (const m of clause.matchAll(positive))
    if (m.index > verbAt && !/\b(?:not|no|never|don'?t)\b/i.test(m[0])) {
      exceptAt = Math.min(exceptAt, m.index);
      break;
    }
  // a room is one requirement: not to stop in it when any mention of it is what the stop is about
  const stopAt = (r: RoomMention) =>
    stop !== null &&
    r.index <= exceptAt &&
    (r.index > stop.index || /\b(?:is|are) /.test(clause.slice(r.index, stop.index)));
  const rooms: RoomMention[] = [];
  for (const r of mentions) {
    if (r.index > exceptAt) continue;
    const k = rooms.findIndex((o) => o.room === r.room);
    if (k < 0) rooms.push(r);
    else if (stopAt(r) && !stopAt(rooms[k])) rooms[k] = r;
  }
  for (const r of rooms) {
    if (stop && stopAt(r)) {
      out.push({
        requirement: { kind: "no_stop_in_room", room: r.room },
        stage: "pre_action",
        quotes: [stop[0], r.quote],
        clear: true,
      });
    } else if (avoid) {
      out.push({
        requirement: { kind: "avoid_room", room: r.room },
        stage: "pre_action",
        quotes: [avoid[0], r.quote],
        clear: true,
      });
    }
  }
  return out;
}

const STOPWORDS = new Set(
  "a an the and or but to of in on at for with by from do does did done doing don't dont not no never always again ever please you your i me my it that this those these so like way be is are was were any anymore more from now on future going forward every time each whenever make sure".split(
    " ",
  ),
);

const VAGUE_BEHAVIOR =
  /\b(careful|better|properly|nicer?|good|right|appropriate(?:ly)?|sensible|sensibly|smart(?:er)?|correctly|well|like that|that way|the same|what i (?:want|like|mean)|it|that|this)\b[.!]?$/i;

function behaviorOf(clause: string): Reading | undefined {
  const styleImperative =
    /^(?:please\s+)?(?:keep|make|be|use|speak|talk|reply|answer|respond|write|sound|stay)\b/i.test(clause) &&
    /\b(repl(?:y|ies)|answers?|responses?|messages?|short|brief|concise|polite(?:ly)?|formal|casual|quiet(?:ly)?|slow(?:ly)?|simple|plain|friendly|calm(?:ly)?|to the point|summar(?:y|ies))\b/i.test(
      clause,
    );
  if (
    !styleImperative &&
    !PERSISTENT.test(clause) &&
    !/\b(make sure|be sure|i(?:'d| would)? (?:want|prefer|like|rather) (?:you|that you|it if you))\b/i.test(clause)
  )
    return undefined;
  const text = clause.replace(/[.!]+$/, "").trim();
  const words = text.split(/\s+/).length;
  // "don't do that again", "never do it like this": what "that" is lies outside the message
  const content = text
    .toLowerCase()
    .replace(/[^\p{L}' ]+/gu, " ")
    .split(/\s+/)
    .filter((w) => w && !STOPWORDS.has(w));
  if (content.length < 2 && /\b(that|this|it|those|these|so)\b/i.test(text)) return undefined;
  const clear = words >= 4 && !VAGUE_BEHAVIOR.test(text);
  return {
    requirement: { kind: "behavior", text },
    stage: /\b(say|tell|repl|answer|respond|talk|speak|messages?|words?)\w*/i.test(text) ? "delivery" : "pre_action",
    quotes: [text],
    clear,
  };
}

// ---- interpretation ------------------------------------------------------------------------

interface Interpretation {
  clause: Span;
  persistence: Persistence | undefined;
  reading?: Reading;
  scope: ScopeReading;
  conds: Conds;
  retract?: { quote: string; target: RetractTarget };
  reason: string;
}

type RetractTarget =
  | { kind: "room"; room: string }
  | { kind: "word_limit" }
  | { kind: "json" }
  | { kind: "mention"; what?: string }
  | { kind: "unknown" };

function retractTarget(clause: string, antecedent?: RoomMention): RetractTarget {
  const rooms = roomMentions(clause, antecedent);
  if (rooms.length) return { kind: "room", room: rooms[0].room };
  // "Don't stop in the bedroom; passing through is fine"
  if (antecedent && PASS_THROUGH_ALONE.test(clause)) return { kind: "room", room: antecedent.room };
  if (
    /\b(mention(?:ing)?|which room|what room|tell(?:ing)? me (?:where|the room)|where (?:it|they) (?:was|were))\b/i.test(
      clause,
    )
  ) {
    const fr = /\b(which room|what room|where|the room)\b/i.test(clause);
    return { kind: "mention", what: fr ? FOUND_ROOM : undefined };
  }
  if (/\b(json|format|fields?|keys?)\b/i.test(clause)) return { kind: "json" };
  if (
    /\b(word[- ]?(?:limit|count|cap)|length|words|short|brief|concise|too long|limit on (?:my|your) (?:replies|answers))\b/i.test(
      clause,
    )
  )
    return { kind: "word_limit" };
  return { kind: "unknown" };
}

function interpret(
  clause: Span,
  ctx: LearnContext,
  antecedent?: RoomMention,
  jsonBefore = false,
  act?: ReturnType<typeof actOf>,
): Interpretation[] {
  const c = clause.text;
  const taskLocal = TASK_LOCAL.test(c) && !NOT_JUST_THIS_TIME.test(c);
  const scope = scopeOf(c, taskLocal);
  const base = (reason: string, extra: Partial<Interpretation> = {}): Interpretation => ({
    clause,
    persistence: undefined,
    scope,
    conds: { conditions: [], exceptions: [], textual: false },
    reason,
    ...extra,
  });

  // retraction first: "you don't have to stay out of the garage any more" also reads as "stay out of"
  const retract = quoteOf(c, RETRACT_RE);
  const json = jsonOf(c, jsonBefore);
  const readings = [...roomReadings(c, antecedent), wordLimitOf(c), json, json ? undefined : mentionOf(c)].filter(
    (r): r is Reading => r !== undefined,
  );
  const lasting = (reading: Reading): Interpretation => {
    const conds = conditionsOf(c, reading.requirement, ctx, scope.quote, reading.quotes);
    let persistence: Persistence = "persistent";
    let reason = "a lasting requirement";
    const vague = quoteOf(c, VAGUE_ACTIVATION);
    if (taskLocal) {
      persistence = "task_local";
      reason = `task-local ("${quoteOf(c, TASK_LOCAL)}")`;
    } else if (vague) {
      persistence = "defer";
      reason = `when it applies is left open ("${vague}")`;
    }
    return base(reason, { persistence, reading, conds });
  };
  if (retract) {
    const target = retractTarget(c, antecedent);
    // "you can pass through the kitchen as long as you don't stop there": a permission to pass
    // that comes with a rule about stopping is both
    const concession =
      target.kind === "room" &&
      readings.some((r) => r.requirement.kind === "no_stop_in_room" && r.requirement.room === target.room);
    if (concession)
      return [
        base("a permission to pass through, with a rule about stopping", {
          persistence: taskLocal ? "task_local" : "persistent",
          retract: { quote: retract, target },
        }),
        ...readings.map(lasting),
      ];
    const negatedPermission = /\b(?:is|are) (?:fine|ok(?:ay)?|alright|all right|allowed|open)\b/i.test(retract)
      ? /\b(?:not|n't|never)\b/i.test(c.slice(0, c.indexOf(retract)))
      : false;
    const avoidWords = /^(?:avoid|stop)\b/i.test(retract) && readings.length > 0;
    if (!negatedPermission && !avoidWords && !(readings.length && /^(?:use|get)\b/i.test(retract))) {
      if (taskLocal)
        return [
          base("a permission for this task only: the stored rule stays", {
            persistence: "task_local",
            retract: { quote: retract, target },
          }),
        ];
      return [base("retraction", { persistence: "persistent", retract: { quote: retract, target } })];
    }
  }

  const doThat = act && !readings.length ? quoteOf(c, DO_THAT) : undefined;
  if (act && doThat)
    readings.push({
      requirement: { kind: act.kind, room: act.room.room },
      stage: "pre_action",
      quotes: [doThat, act.room.quote],
      clear: true,
    });
  if (!readings.length) {
    const b = behaviorOf(c);
    if (b) readings.push(b);
  }
  if (!readings.length) {
    // "not the bathroom": an elliptical instruction about the current task; "go through the
    // hallway, not the kitchen" is about the kitchen only
    const notAt = /\b(?:not|no)\s+(?:in(?:to)?\s+|inside\s+|through\s+)?(?:the|my|that)\b/i.exec(c)?.index ?? 0;
    const rooms = roomsIn(c).filter((r) => r.index > notAt);
    if (
      rooms.length &&
      /\b(?:not|no)\s+(?:in(?:to)?\s+|inside\s+|through\s+)?(?:the|my|that)\b/i.test(c) &&
      !PERSISTENT.test(c)
    )
      return rooms.map((r) =>
        base("an instruction about this task (no lasting rule)", {
          persistence: "task_local",
          scope: { kind: "task", quote: quoteOf(c, TASK_LOCAL) },
          reading: {
            requirement: { kind: "avoid_room", room: r.room },
            stage: "pre_action",
            quotes: [
              quoteOf(c, /\b(?:not|no)\s+(?:in(?:to)?\s+|inside\s+|through\s+)?(?:the|my|that)\b[^,.;]*/i) ?? r.quote,
            ],
            clear: true,
          },
        }),
      );
    return [base("no requirement could be read from the message")];
  }

  return readings.map(lasting);
}

// ---- drafts and resolution -----------------------------------------------------------------

/**
 * The learner matches on a copy of the message with typographic quotes made plain (same
 * length); what it stores is cut from the message as the user wrote it.
 */
interface Texts {
  /** as written */
  original: string;
  /** ’ → ', “ ” → ": same offsets */
  plain: string;
}

function verbatim(t: Texts, q: string, from = 0): string | undefined {
  let k = t.plain.indexOf(q, from);
  if (k < 0) k = t.plain.indexOf(q);
  return k < 0 ? undefined : t.original.slice(k, k + q.length);
}
const spanText = (t: Texts, s: Span) => t.original.slice(s.at, s.at + s.text.length);

function makeDraft(i: Interpretation, t: Texts, ctx: LearnContext): RuleDraft | string {
  const r = i.reading!;
  let scope: Scope = "global";
  if (i.persistence === "task_local") scope = "task";
  else if (i.scope.kind === "scene") {
    if (!ctx.sceneId) return `the rule is for "${i.scope.quote}" but no house is known to tie it to`;
    scope = sceneScope(ctx.sceneId);
  }
  const quotes = [...new Set([...r.quotes, ...(i.scope.quote ? [i.scope.quote] : [])])]
    .map((q) => verbatim(t, q, i.clause.at))
    .filter((q): q is string => q !== undefined);
  const statement = spanText(t, i.clause);
  const cond = (c: Condition): Condition => ({ ...c, quote: verbatim(t, c.quote, i.clause.at) ?? c.quote });
  return {
    statement,
    quotes: quotes.length ? quotes : [statement],
    requirement: r.requirement,
    persistence: i.persistence ?? "persistent",
    scope,
    conditions: i.conds.conditions.map(cond),
    exceptions: i.conds.exceptions.map(cond),
    stage: r.stage,
    clear: r.clear,
    source: { message: t.original, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
  };
}

/** What makes two rules "the same requirement" (the thing a later correction revises). */
export function requirementKey(req: Requirement): string {
  switch (req.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      return `${req.kind}:${req.room}`;
    case "word_limit":
    case "json_fields":
      return `${req.kind}:${req.target}`;
    case "mention":
      return `mention:${req.target}:${req.what.toLowerCase()}`;
    case "behavior":
      return `behavior:${req.text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()}`;
  }
}

const condKey = (cs: Condition[]) =>
  JSON.stringify(
    cs
      .map((c) =>
        c.kind === "time"
          ? `t${c.fromHour}-${c.toHour}`
          : c.kind === "text"
            ? `x:${c.text.toLowerCase()}`
            : `${c.kind}:${"room" in c ? c.room : c.sceneId}`,
      )
      .sort(),
  );

function sameParams(a: Requirement, b: Requirement): boolean {
  if (a.kind === "word_limit" && b.kind === "word_limit") return a.maxWords === b.maxWords;
  if (a.kind === "json_fields" && b.kind === "json_fields") return b.fields.every((f) => a.fields.includes(f));
  return true;
}

const NARROWING = /\b(only|just|actually|instead|rather|correction|change|update|now)\b/i;
const ADDITIVE = /\b(also|too|as well|in addition|additionally|plus)\b/i;

function resolve(draft: RuleDraft, clause: string, rules: RuleVersion[]): LearnItem {
  const key = requirementKey(draft.requirement);
  const candidates = rules.filter(
    (r) =>
      r.status === "active" &&
      requirementKey(r.rule.requirement) === key &&
      (r.rule.scope === draft.scope || r.rule.scope === "global" || draft.scope === "global"),
  );
  const item = (decision: LearnDecision, reason: string, r?: RuleVersion, d: RuleDraft = draft): LearnItem => ({
    decision,
    reason,
    clause,
    persistence: "persistent",
    draft: d,
    ...(r ? { ruleId: r.ruleId, base: r.versionId } : {}),
  });
  if (!candidates.length) return item("add", "no rule of this user covers it");
  const same = candidates.find((r) => r.rule.scope === draft.scope) ?? candidates[0];
  const old = same.rule;
  if (!sameParams(old.requirement, draft.requirement)) {
    if (draft.requirement.kind === "json_fields" && old.requirement.kind === "json_fields" && ADDITIVE.test(clause)) {
      const fields = [...new Set([...old.requirement.fields, ...draft.requirement.fields])];
      return item("revise", "more fields for the same JSON reply", same, {
        ...draft,
        requirement: { ...draft.requirement, fields },
        conditions: old.conditions.length && !draft.conditions.length ? old.conditions : draft.conditions,
      });
    }
    return item("replace", "the same requirement with a new value", same);
  }
  const sameScope = old.scope === draft.scope;
  const sameConds = condKey(old.conditions) === condKey(draft.conditions);
  const sameExc = condKey(old.exceptions) === condKey(draft.exceptions);
  if (sameScope && sameConds && sameExc) return item("reuse", `${same.ruleId} already says this`, same);
  const oldBroader = old.scope === "global" && old.conditions.length === 0 && old.exceptions.length === 0;
  if (oldBroader && !NARROWING.test(clause))
    return item("reuse", `${same.ruleId} already covers this, more broadly`, same);
  return item("revise", "the same requirement with a new scope, condition or exception", same);
}

/**
 * `passOnly`: the message also says not to stop in the room ("you can go through the bedroom,
 * but don't stop there"): the permission lifts a rule to stay out of it, if any, and nothing else.
 */
function resolveRetraction(
  i: Interpretation,
  t: Texts,
  ctx: LearnContext,
  rules: RuleVersion[],
  passOnly = false,
): LearnItem[] {
  const { target } = i.retract!;
  const quote = verbatim(t, i.retract!.quote, i.clause.at) ?? i.retract!.quote;
  const clause = spanText(t, i.clause);
  const plainClause = i.clause.text;
  const active = rules.filter((r) => r.status === "active");
  const hits = active.filter((r) => {
    const q = r.rule.requirement;
    switch (target.kind) {
      case "room":
        return (q.kind === "avoid_room" || (!passOnly && q.kind === "no_stop_in_room")) && q.room === target.room;
      case "word_limit":
        return q.kind === "word_limit";
      case "json":
        return q.kind === "json_fields";
      case "mention":
        return q.kind === "mention" && (target.what === undefined || q.what === target.what);
      default:
        return false;
    }
  });
  if (target.kind === "unknown")
    return [
      {
        decision: "unclear",
        reason: "a retraction, but of what cannot be told from the message",
        clause,
        persistence: "persistent",
        quote,
      },
    ];
  if (!hits.length && passOnly) return [];
  if (!hits.length)
    return [
      {
        decision: "nothing_to_retract",
        reason: "this user has no rule it could retract",
        clause,
        persistence: "persistent",
        quote,
      },
    ];
  // a permission limited in time or to this house is an exception to the rule, not its end
  const times = findTimes(plainClause);
  const scene = i.scope.kind === "scene" && ctx.sceneId ? ctx.sceneId : undefined;
  return hits.map((r): LearnItem => {
    const sceneOwn = scene !== undefined && r.rule.scope === sceneScope(scene);
    if (times.length || (scene && !sceneOwn)) {
      const exceptions: Condition[] = [
        ...r.rule.exceptions,
        ...times.map((t): Condition => ({ kind: "time", fromHour: t.from, toHour: t.to, quote: t.quote })),
        ...(scene && !sceneOwn ? [{ kind: "scene", sceneId: scene, quote: i.scope.quote ?? quote } as Condition] : []),
      ];
      return {
        decision: "revise",
        reason: "allowed again only sometimes or somewhere: an exception to the rule",
        clause,
        persistence: "persistent",
        ruleId: r.ruleId,
        base: r.versionId,
        // this version's words are the permission; the requirement comes from the version it supersedes
        draft: {
          ...r.rule,
          exceptions: exceptions.map((c) => ({ ...c, quote: verbatim(t, c.quote, i.clause.at) ?? c.quote })),
          statement: clause,
          quotes: [quote, ...times.map((x) => verbatim(t, x.quote, i.clause.at) ?? x.quote)],
          source: { message: t.original, at: ctx.at ?? Date.now(), ...(ctx.taskId ? { taskId: ctx.taskId } : {}) },
        },
        quote,
      };
    }
    return {
      decision: "retract",
      reason: `retracts ${r.ruleId}`,
      clause,
      persistence: "persistent",
      ruleId: r.ruleId,
      base: r.versionId,
      quote,
    };
  });
}

/**
 * Reads one user message against the rules in force for that user. Pure: nothing is written;
 * see teach.ts for compiling and storing what it decides.
 */
export function learn(message: string, rules: RuleVersion[], ctx: LearnContext = {}): LearnOutcome {
  const original = message.normalize("NFC");
  const text = original.replace(/[’‘]/g, "'").replace(/[“”]/g, '"');
  const t: Texts = { original, plain: text };
  const spans = clauses(text);
  const signal = spans.some((s) => SIGNAL.test(s.text) && !isTaskRequest(s.text));
  if (!signal) return { message: original, signal: false, items: [] };
  const items: LearnItem[] = [];
  // "there" in one clause is the room last named before it
  let antecedent: RoomMention | undefined;
  let jsonBefore = false;
  const read = spans.map((span, k) => {
    const act = k > 0 ? actOf(spans[k - 1].text) : undefined;
    const out = { span, interpretations: interpret(span, ctx, antecedent, jsonBefore, act) };
    antecedent = roomMentions(span.text, antecedent).at(-1) ?? antecedent;
    jsonBefore ||= /\bjson\b/i.test(span.text);
    return out;
  });
  // "At night, you can go through the kitchen, but don't stop there": the hours said with the
  // permission to pass are the hours of the rule about stopping
  for (let k = 1; k < read.length; k++) {
    const prev = read[k - 1];
    for (const i of read[k].interpretations) {
      const req = i.reading?.requirement;
      if (req?.kind !== "no_stop_in_room" || i.conds.conditions.some((c) => c.kind === "time")) continue;
      const permits =
        prev.interpretations.some((p) => p.retract?.target.kind === "room" && p.retract.target.room === req.room) ||
        (PASS_THROUGH.test(prev.span.text) && roomsIn(prev.span.text).some((r) => r.room === req.room));
      if (!permits) continue;
      for (const w of findTimes(prev.span.text))
        i.conds.conditions.push({ kind: "time", fromHour: w.from, toHour: w.to, quote: w.quote });
    }
  }
  // "Answer in JSON. Include found and room.": one JSON requirement, its fields from both
  const jsons = read.flatMap((r) =>
    r.interpretations.filter((i) => i.reading?.requirement.kind === "json_fields" && !i.retract),
  );
  if (jsons.length > 1) {
    const [first, ...rest] = jsons;
    const req = first.reading!.requirement as Extract<Requirement, { kind: "json_fields" }>;
    for (const j of rest) {
      const other = j.reading!.requirement as Extract<Requirement, { kind: "json_fields" }>;
      if (other.target !== req.target || j.persistence !== first.persistence) continue;
      req.fields = [...new Set([...req.fields, ...other.fields])];
      first.reading!.quotes.push(...j.reading!.quotes);
      for (const r of read) r.interpretations = r.interpretations.filter((i) => i !== j);
    }
  }
  const stopRooms = new Set(
    read.flatMap((r) =>
      r.interpretations.flatMap((i) =>
        i.reading?.requirement.kind === "no_stop_in_room" ? [i.reading.requirement.room] : [],
      ),
    ),
  );
  for (const { span, interpretations } of read) {
    const clause = spanText(t, span);
    for (const i of interpretations) {
      if (i.retract) {
        const passOnly = i.retract.target.kind === "room" && stopRooms.has(i.retract.target.room);
        if (i.persistence === "task_local") {
          if (passOnly) continue;
          const quote = verbatim(t, i.retract.quote, span.at);
          items.push({ decision: "task_local", reason: i.reason, clause, persistence: "task_local", quote });
          continue;
        }
        items.push(...resolveRetraction(i, t, ctx, rules, passOnly));
        continue;
      }
      if (!i.reading) {
        if (isTaskRequest(span.text)) continue;
        // "Go through the office if you must, but don't end up there": the permission half of
        // a rule about stopping
        const rooms = roomsIn(span.text);
        if (rooms.length && rooms.every((r) => stopRooms.has(r.room)) && !/\b(?:not|no|never)\b|n't\b/i.test(span.text))
          continue;
        if (SIGNAL.test(span.text)) items.push({ decision: "unclear", reason: i.reason, clause });
        continue;
      }
      const draft = makeDraft(i, t, ctx);
      if (typeof draft === "string") {
        items.push({ decision: "unclear", reason: draft, clause, persistence: i.persistence });
        continue;
      }
      if (i.persistence === "task_local") {
        items.push({ decision: "task_local", reason: i.reason, clause, persistence: "task_local", draft });
      } else if (i.persistence === "defer") {
        items.push({ decision: "defer", reason: i.reason, clause, persistence: "defer", draft });
      } else {
        items.push({ ...resolve(draft, span.text, rules), clause });
      }
    }
  }
  // "You went into the garage this morning." before the correction itself: what happened, not
  // a requirement left unread
  const understood = items.some((it) => it.decision !== "unclear");
  // two readings of one message about the same requirement: keep the first
  const seen = new Set<string>();
  const deduped = items.filter((it) => {
    if (it.decision === "unclear" && understood && NARRATIVE.test(it.clause)) return false;
    if (!it.draft || it.decision === "task_local") return true;
    const k = `${requirementKey(it.draft.requirement)}|${it.draft.scope}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return {
    message: original,
    signal: true,
    items: deduped.length
      ? deduped
      : [{ decision: "unclear", reason: "a correction, but no requirement could be read", clause: original }],
  };
}
