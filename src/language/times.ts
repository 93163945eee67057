/**
 * Times of day, a small grammar over normalised words (see tokens.ts: lower case, "9pm" is
 * "9 pm", "it's" is "it is"). A named part of the day ("at night", "once it is dark out",
 * "late in the evening", "in the mornings") is a fixed window; a clock window is built from
 * time points ("9", "9 pm", "nine at night", "21:00", "noon", "midnight"): "between A and B" /
 * "from A to B" / "A to B", "after A" (until the next morning), "before B" / "until B" (from the
 * start of that part of the day). A point without am/pm borrows it from the other end of a
 * range ("between 5 and 9 pm" = 17 → 21) or from the part of day it names ("9 at night", or a meal:
 * "between 6 and 8, at dinner"); a bare range that starts between 1 and 5 is the afternoon.
 * Said the long way it is the same window: "between the hours of ten p.m. and six a.m.", minutes
 * in words ("ten thirty", "half past nine", dropped as those of "10:30" are), "12 till 6" without
 * "from" ("till" says time, where "to" joins numbers of anything).
 * Overlapping readings keep the longest ("after 9 at night" is one window, not two).
 *
 * What only people know is no time here: "while I am asleep", "at bedtime", "during dinner"
 * are conditions the robot cannot compute (the learner keeps them as such), never a guessed
 * window.
 */

import { CLOCK_24, NOT_HOUR } from "./clock-forms.ts";
import { dashedClocks, dayClockPair } from "./dashed-clock.ts";
import { PART_HOURS, partCountedShort } from "./every-part.ts";
import { memoByKey } from "./memo.ts";
import { numberWord } from "./numbers.ts";
import { partOfDay } from "./part-of-day.ts";
import type { Boundary, FoundTime, ReplacedTimes } from "./time-types.ts";
import { ASLEEP, END_NAMED_TO, HOURS_SAID, NAMED_ENDS } from "./time-words.ts";

export type { Boundary, FoundTime, ReplacedTimes };

interface TimeForm {
  re: RegExp;
  from: number;
  to: number;
}
// "when is night": the subject "it" is left out by speakers whose language has none there
const DARK =
  "(?:once|when(?:ever)?|while|after|as soon as|if) (?:it (?:is|gets|has gotten|has got|goes|turns|becomes)|is) (?:dark|night)(?: ?time)?(?: out(?:side)?)?";
const SUN =
  "(?:once|when(?:ever)?|after|as soon as) (?:the sun (?:'s|is|has) (?:down|set|gone down)|the sun (?:goes down|sets)|night (?:falls|has fallen))";
const TIME_FORMS: TimeForm[] = [
  {
    re: new RegExp(
      String.raw`\b(?:at night(?:[- ]?time)?|at nighttime|during the night(?:[- ]?time)?|overnight|after dark|in the night(?:[- ]?time)?|nights|late at night|in the dark|in the middle of the night|at nightfall|after (?:nightfall|sunset|sundown)|late in the evenings?|(?:in|during) the late evenings?|late evenings?|late[- ]night|after dusk|at dusk|${DARK}|${SUN})\b`,
      "gi",
    ),
    from: 21,
    to: 6,
  },
  // "at the mornings", as speakers of other languages say "in the mornings": the same window
  {
    re: /\b(?:(?:in|at) the (?:early )?evenings?|during the (?:early )?evenings?(?: hours)?|evenings|early in the evenings?|each evening|every evening)\b/gi,
    from: 17,
    to: 21,
  },
  {
    re: /\b(?:(?:in|at) the (?:early )?mornings?|during the (?:early )?mornings?|mornings|early in the (?:day|morning)|first thing in the morning|each morning|every morning)\b/gi,
    from: 6,
    to: 12,
  },
  {
    re: /\b(?:in the (?:small|wee|early) hours(?: of the morning)?|before (?:dawn|sunrise|daybreak|first light))\b/gi,
    from: 0,
    to: 6,
  },
  {
    re: /\b(?:(?:in|at) the (?:late |early )?afternoons?|during the afternoons?|afternoons|(?:late|early) in the afternoons?|each afternoon|every afternoon)\b/gi,
    from: 12,
    to: 17,
  },
  {
    // "in the day(s)" is the daytime, not after an hour ("2 in the day"), a time of it ("late in the day"), a
    // count ("twice in the day") or days of a time ("in the days before …"); "days" bare opening what is said allowed is too
    re: /\b(?:during the day(?:time)?|in the daytime|(?<!\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|late|later|early|earlier|once|twice|thrice|times) )(?:in|through|throughout) the day(?! before| after| of)|(?:in|during) the days(?! before| after| of| when| that| I\b| we\b| you\b)|by day|^days(?=[,:]| (?:are|is|were|ok|okay|fine|yes|[,:-]))|in daylight|during daylight(?: hours)?|daytime|(?:while|when) it is (?:light|daylight)(?: out(?:side)?)?)\b/gi,
    from: 6,
    to: 21,
  },
];

/**
 * A part of the day said as a compound with "time", or without its article ("in evening time",
 * "when is night time", "during afternoon"), or as what it is ("when it is morning", "while is
 * evening", its subject left out), or bare right before the hours it holds ("afternoon 1 until 3",
 * which the clock window then narrows), or as the habit of one ("of an evening", "of a morning",
 * as British and Australian voices say "in the evenings"): the same hours as the part of the day.
 */
const compound = (part: string) =>
  new RegExp(
    String.raw`\b(?:(?:in|during|at|by|when(?: it)? is) (?:the )?)?${part}[- ]?times?\b|\b(?:in|during) ${part}s?\b|\b(?:when(?:ever)?|while) (?:it )?is (?:the )?${part}\b|\bof an? ${part}\b|\b${part}s?(?=,? (?:from |between )?\d{1,2}(?::\d\d)? ?(?:to|till|until|til|-|–) ?\d)`,
    "gi",
  );
TIME_FORMS.push(...Object.entries(PART_HOURS).map(([part, hours]) => ({ re: compound(part), ...hours })));

/** "nine at night": the number words a clock can show */
const HOUR_WORDS: Record<string, number> = Object.fromEntries(
  "one two three four five six seven eight nine ten eleven twelve".split(" ").map((w) => [w, numberWord(w) ?? 0]),
);
/**
 * "the" as eye dialects write it ("five in da morning" in Hawaiian Pidgin and Black English, "di" in
 * Jamaican, "de" in Caribbean and Irish): read so only before a part of the day, where no other
 * word could stand, since "da" alone is also a word for a father
 */
const DIALECT_THE = "(?:the|da|di|de|tha|teh) ";
/**
 * "7 morning", "11 night", "1 in the day": the part of the day said straight after the hour, as
 * many Englishes say it; "nine of the night", "seven of the morning", as speakers of Romance
 * languages say it (and older English: "two of the clock in the morning");
 * "nine o'clock a night", as Caribbean English says "at night" (only after "o'clock", where "a"
 * counts nothing: "two a night" is how often)
 */
const PART_OF_DAY = `at night|(?<=oclock )a night|in (?:${DIALECT_THE})?(?:night|evening|morning|afternoon)|of (?:the|an?) (?:night|evening|morning|afternoon)(?![\\w-])|(?:in|during) the day(?:time)?(?![\\w-])|tonight|this (?:evening|morning|afternoon)|(?:night|evening|morning|afternoon)(?![\\w-])`;
const HOUR = String.raw`(?:\d{1,2}(?::[0-5]\d)?|${Object.keys(HOUR_WORDS).join("|")})(?![\d:])`;
/** minutes said in words after the hour ("ten thirty", "six forty five"), or before it ("half past ten") */
const MINUTES_AFTER = String.raw`(?:\s+(?:thirty|fifteen|forty five|forty|twenty|fifty|oh five|o five))`;
const MINUTES_BEFORE = "(?:(?:half|(?:a )?quarter) (?:past|after) |(?:a )?quarter (?:to|till|until|before|of) )";
/** one time point; its parts are read again by `timePoint` */
const TP = String.raw`(?:noon|midday|mid-day|midnight|${MINUTES_BEFORE}?${HOUR}${MINUTES_AFTER}?(?:\s*[ap]m\b)?(?:\s+oclock)?(?:\s+(?:${PART_OF_DAY}))?${NOT_HOUR}|${CLOCK_24})`;
/**
 * What joins the two ends after "from": "to", "till", "up to", "through till", and "reach" as Nigerian and Ghanaian
 * English says "until" ("from 6 reach 8"); "right", "straight", "all the way" before it only stress it
 */
const FROM_JOIN =
  "and|to|till|til|until|up to|up until|up till|reach|through to|through till|through until|through|thru|-|–";
/** "between the hours of 9 and 5": the same window as "between 9 and 5" */
const RANGE_RE = new RegExp(
  String.raw`\b(?:(?:between|from)\s+(?:the hours of\s+)?(${TP})\s*(?:(?:right|straight|all the way)\s+)?(?:${FROM_JOIN})\s*(${TP})|(${TP})\s*(to|till|until|-|–)\s*(${TP}))`,
  "gi",
);
/** "till about 7", "after around 10": an hour said roughly is that hour */
const ROUGHLY = String.raw`(?:(?:about|around|roughly|approximately)\s+)?`;
const AFTER_RE = new RegExp(
  String.raw`\b(?:(?:any ?time |sometime |at any time )?after|past|later than|from|starting (?:at|from)|beginning at|as of)\s+${ROUGHLY}(${TP})`,
  "gi",
);
/** "at 7": a point on the clock, read as its hour when the half of the day is known */
const AT_RE = new RegExp(String.raw`\bat\s+(${TP})`, "gi");
const ONWARDS_RE = new RegExp(
  String.raw`\b(?:(?:at|from)\s+)?(${TP})\s+(?:or later|and later|onwards?|and after|or after)\b`,
  "gi",
);
const BEFORE_RE = new RegExp(
  String.raw`\b(?:(?:any ?time )?before|until|till|til|up (?:to|until)|earlier than|prior to)\s+${ROUGHLY}(${TP})`,
  "gi",
);

interface TimePoint {
  /** 0–24 as said (12 for "12", 0 for midnight) */
  h: number;
  ampm?: "am" | "pm";
  /** "noon", "midnight": no am/pm to infer */
  named?: "noon" | "midnight";
  /** written on a clock face: with its minutes ("20:00", "06:00") or a word for hours ("0600 hrs") */
  written?: boolean;
  /** four digits with nothing of the clock on them ("0600"): a time only where a word frames it */
  bareDigits?: boolean;
}

function timePoint(s: string): TimePoint | undefined {
  const t = s.toLowerCase().trim();
  if (/^(?:noon|midday|mid-day)/.test(t)) return { h: 12, named: "noon" };
  if (t.startsWith("midnight")) return { h: 0, named: "midnight" };
  // "half past ten" is ten; "a quarter to seven" is in the hour before seven (minutes are dropped, as from "10:30")
  const before = /^(?:(?:a )?quarter (to|till|until|before|of)|(?:half|(?:a )?quarter) (?:past|after)) /.exec(t);
  const m = /^(\d{1,2}|[a-z]+)/.exec(before ? t.slice(before[0].length) : t);
  if (!m) return undefined;
  const said = /^\d/.test(m[1]) ? Number(m[1]) : HOUR_WORDS[m[1]];
  const h = before?.[1] && said !== undefined ? (said + 11) % 12 || 12 : said;
  if (h === undefined || h > 24) return undefined;
  const suffix = /\s*(?:hours|hrs?|h)$/.test(t);
  const clock = {
    ...(suffix || /^\d{1,2}:\d\d/.test(t) ? { written: true } : {}),
    ...(/^\d{4}/.test(t) && !suffix ? { bareDigits: true } : {}),
  };
  if (h > 12) return { h, ...clock };
  // the 24-hour clock says its half of the day: four digits, a leading zero ("06:00"), "hours"
  if (/^\d{4}|^0\d:/.test(t) || suffix) return { h, ampm: h === 12 ? "pm" : "am", ...clock };
  const ap = /(?:\d|\s)([ap])\.?m\b/.exec(t);
  if (ap) return { h, ampm: ap[1] === "p" ? "pm" : "am", ...clock };
  if (/\b(?:(?:at|in the) )?night\b/.test(t)) return { h, ampm: h === 12 || h < 6 ? "am" : "pm" };
  if (/\b(?:evening|afternoon|tonight)\b/.test(t)) return { h, ampm: "pm" };
  if (/\bmorning\b/.test(t)) return { h, ampm: h === 12 ? "pm" : "am" }; // "10 to 12 in the morning" ends at noon
  // "1 in the day": the hours of daylight, so 6 to 11 are the morning and 12 to 5 the afternoon
  if (/\b(?:in|during) the day(?:time)?$/.test(t)) return { h, ampm: h >= 6 && h < 12 ? "am" : "pm" };
  return { h, ...clock };
}

/** the hour (0–23) of a point read with am/pm, or as a 24-hour clock when it has none */
function hourOf(p: TimePoint, ampm = p.ampm): number {
  if (p.named) return p.h;
  if (p.h > 12 || !ampm) return p.h % 24;
  return ampm === "pm" ? (p.h % 12) + 12 : p.h % 12;
}
/** a point that does not say which half of the day it is in */
const halfUnsaid = (p: TimePoint) => !(p.ampm || p.named || p.h > 12 || p.h === 0);
/** forward length of [from, to) on the clock */
const span = (from: number, to: number) => (((to - from) % 24) + 24) % 24 || 24;
/** a point that may be am or pm: the reading whose window with `other` is shorter */
function inferFrom(p: TimePoint, fits: (h: number) => number): number {
  if (p.named || p.ampm || p.h > 12 || p.h === 0) return hourOf(p);
  const am = hourOf(p, "am");
  const pm = hourOf(p, "pm");
  return fits(pm) < fits(am) ? pm : am;
}

/**
 * `bareRanges`: "5 to 9" is a window though nothing says time, as in a revision of a rule's hours
 * ("make it 5 to 9"). Remembered: the learner asks of one clause at each reading it tries (its two
 * callers copy what they keep).
 */
const clockWindows = memoByKey((clause: string, bare = false) => `${bare ? 1 : 0}${clause}`, readClockWindows);
function readClockWindows(clause: string, bareRanges = false): FoundTime[] {
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
    const b = timePoint(m[2] ?? m[5]);
    if (a && b && !(a.ampm || a.named || b.ampm || b.named)) a = point(m[1] ?? m[3]);
    if (!a || !b) continue;
    const bare = m[1] === undefined;
    // "5 to 9" without "between"/"from" is only a time when one end says so ("9pm to 6am"), or
    // when what joins them says time ("12 till 6"): "to" and a dash join numbers of anything
    // or when the clause speaks of hours ("work hours, 9 to 5", "nap time 1-3")
    // a clock face ("20:00", "0600 hrs") says time too; four bare digits alone do not ("0600 0900")
    const says = (p: TimePoint) => (p.ampm && !p.bareDigits) || p.named || p.written;
    // four-digit ends joined by "to" are hours as a ward chart writes them; by a dash, as `dashedClocks` allows
    const clockPair =
      a.bareDigits && b.bareDigits && (/^to$/i.test(m[4]) || (/^[-–]$/.test(m[4]) && dashedClocks(m[3], m[5])));
    const joinSaysTime =
      /^(?:till|until)$/i.test(m[4]) || clockPair || dayClockPair(a, b, clause.slice(m.index + m[0].length));
    if (bare && !bareRanges && !(says(a) || says(b)) && !joinSaysTime && !HOURS_SAID.test(clause)) continue;
    let from: number;
    let to: number;
    if (a.ampm || a.named || a.h > 12 || a.h === 0) {
      from = hourOf(a);
      to = b.named === "midnight" ? 24 : inferFrom(b, (h) => span(from, h));
    } else if (b.ampm || b.named || b.h > 12) {
      to = b.named === "midnight" ? 24 : hourOf(b);
      from = inferFrom(a, (h) => span(h, to));
    } else {
      // no am/pm at either end: as said, except that an end before the start is the afternoon
      // ("between 9 and 5" = 9 → 17; the evening when people sleep then) or, from 12, the small hours (0 → 6) unless it ends by 5 ("12 to 3" is lunch)
      from = a.h % 24;
      to = b.h;
      if (a.h <= 12 && b.h < a.h) {
        if (a.h === 12) [from, to] = b.h <= 5 ? [12, b.h + 12] : [0, b.h];
        else if (a.h >= 6) [from, to] = ASLEEP.test(clause) ? [a.h + 12, b.h] : [from, b.h + 12];
      } else if (a.h >= 1 && a.h <= 5 && b.h > a.h && b.h <= 12) {
        // "between 1 and 3", "from 5 to 7": the hours a household lives in, not the small hours
        from = a.h + 12;
        to = b.h + 12;
      }
    }
    if (from === to % 24) continue;
    out.push({ from, to, quote: m[0], index: m.index, ...(halfUnsaid(a) && halfUnsaid(b) ? { guessed: true } : {}) });
  }
  // "mornings are fine, just not at 7": a point said with its half of the day (am/pm, or a part of
  // the day named in the clause) is that one hour; a bare "at 7" could be either, and is not read
  for (const m of clause.matchAll(AT_RE)) {
    const a = point(m[1]);
    if (!a || a.named || !(a.ampm || a.h > 12)) continue;
    const from = hourOf(a);
    out.push({ from, to: from + 1, quote: m[0], index: m.index });
  }
  for (const m of [...clause.matchAll(AFTER_RE), ...clause.matchAll(ONWARDS_RE)]) {
    const a = point(m[1]);
    if (!a) continue;
    // "from 9 pm" alone; a bare "from 9" is too little to go on
    if (/^(?:from|as of|starting)/i.test(m[0]) && !(a.ampm || a.named || a.h > 12)) continue;
    // a bare "after 9" is evening: nobody is told "after 9" meaning the morning
    const from = a.ampm || a.named || a.h > 12 || a.h === 0 ? hourOf(a) : hourOf(a, "pm");
    // until the next morning
    out.push({
      from,
      to: from === 6 ? 24 : 6,
      quote: m[0],
      index: m.index,
      open: "after",
      ...(halfUnsaid(a) ? { guessed: true } : {}),
    });
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
    // from the start of that part of the day: midnight for an hour of the morning ("till 10 in
    // the morning" bans the small hours too), the morning (6) for "before noon" / "until midday",
    // which people say of the morning, and the narrower reading when unsure; else the afternoon (12)
    const from = to < 12 ? 0 : to === 12 ? 6 : 12;
    if (from === to) continue;
    out.push({ from, to, quote: m[0], index: m.index, open: "before", ...(halfUnsaid(b) ? { guessed: true } : {}) });
  }
  return out;
}

/**
 * The morning said with an end at or before its start ("in the morning, before 5"): the small
 * hours up to that end, one window (an end inside the morning narrows it instead: 6 to 10).
 */
export const morningBefore = (part: { from: number; to: number }, w: { from: number; to: number }): boolean =>
  part.from === 6 && part.to === 12 && w.from === 0 && w.to > 0 && w.to <= 6;

/** every reading of every time phrase in a clause, overlapping or not */
export function timeCandidates(clause: string): FoundTime[] {
  const all: FoundTime[] = clockWindows(clause).map((t) => ({ ...t, clock: true }));
  for (const f of TIME_FORMS)
    for (const m of clause.matchAll(f.re))
      if (!partCountedShort(clause, m.index)) all.push({ from: f.from, to: f.to, quote: m[0], index: m.index });
  return all;
}

export function findTimes(clause: string, opts: { repeats?: boolean; bareRanges?: boolean } = {}): FoundTime[] {
  const all = opts.bareRanges
    ? [
        ...clockWindows(clause, true).map((t) => ({ ...t, clock: true })),
        ...timeCandidates(clause).filter((t) => !t.clock),
      ]
    : timeCandidates(clause);
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
  // "at night after 10" is one phrase; "the garage after dark and the attic after 11" two, each its own window
  const samePhrase = (x: FoundTime, y: FoundTime) => {
    const [first, second] = x.index < y.index ? [x, y] : [y, x];
    return !PHRASE_JOIN.test(clause.slice(first.index + first.quote.length, second.index));
  };
  // "in the afternoon after 3" is 15 → 17, "in the evening before 8" 17 → 20
  // "in the morning, before 5" is 0 → 5, as "before 5 in the morning" is: an end at or before the
  // morning's start cannot narrow it, and the part of the day is read with it as one window
  const absorbed = new Set<FoundTime>();
  for (const c of out) {
    if (!c.clock || !c.open) continue;
    const morning = out.find(
      (n) => !n.clock && samePhrase(n, c) && c.open === "before" && morningBefore(n, { from: 0, to: c.to }),
    );
    if (morning) {
      c.from = 0;
      c.guessed = undefined;
      absorbed.add(morning);
      continue;
    }
    const part = out.find(
      (n) => !n.clock && samePhrase(n, c) && hoursIn(n).includes(c.open === "after" ? c.from : (c.to + 23) % 24),
    );
    if (!part) continue;
    if (c.open === "after") c.to = part.to;
    else c.from = part.from;
    c.guessed = undefined;
  }
  const narrowed = (t: FoundTime) =>
    !t.clock &&
    out.some((o) => {
      if (!o.clock || o === t || !samePhrase(o, t)) return false;
      const outer = new Set(hoursIn(t));
      return hoursIn(o).every((h) => outer.has(h));
    });
  // the same window said twice is one condition; a reader that tells a repeat from a contradiction
  // ("fine between 8 and 11, but never between 8 and 11") asks for every saying (`repeats`)
  const seen = new Set<string>();
  return out
    .filter((t) => !narrowed(t) && !absorbed.has(t))
    .sort((x, y) => x.index - y.index)
    .filter((t) => {
      if (opts.repeats) return true;
      const k = `${t.from}-${t.to % 24}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

/** Words between two times that make them two phrases: a conjunction ("after dark and the attic after 11"). */
const PHRASE_JOIN = /\b(?:and|or|but|nor|then|while|whereas)\b/i;

const REPLACED_BEFORE = /\b(?:instead of|rather than|not|and not|no longer|in place of)\s+$/;

/**
 * The hours a revision gives and the ones it takes back: "make that the evening instead of the
 * morning" is now the evening, before the morning; "the evening, not the morning" the same.
 */
export function replacedTimes(clause: string): ReplacedTimes {
  const now: FoundTime[] = [];
  const before: FoundTime[] = [];
  // the clause changes a rule's hours, so a bare range in it is hours ("make it 5 to 9")
  const found = findTimes(clause, { bareRanges: true });
  // a revision names a part of the day bare ("make that the evening"): the same window as "in the evening"
  for (const m of clause.matchAll(BARE_PART)) {
    if (found.some((t) => m.index < t.index + t.quote.length && t.index < m.index + m[0].length)) continue;
    const part = m[1] === "night" ? "at night" : `in the ${m[1]}`;
    const w = findTimes(part)[0];
    if (w) found.push({ from: w.from, to: w.to, quote: m[0], index: m.index });
  }
  for (const t of found.sort((x, y) => x.index - y.index))
    (REPLACED_BEFORE.test(clause.slice(0, t.index)) ? before : now).push(t);
  return { now, before };
}

const BARE_PART = /\b(?:the |those |these )?(morning|afternoon|evening|night)s?\b/g;

/** The hour a clause says is replaced: "rather than eleven", "instead of 11 pm", "not 11". */
const REPLACED_HOUR_RE = new RegExp(String.raw`\b(?:rather than|instead of|not)\s+(?:at\s+)?(${TP})`, "i");

/**
 * "ends now at 7", "starts from now on at 9", "have it finish already at 10": a word of the present, or
 * of an end come sooner than before ("already", "just"), between the verb of a bound and its hour.
 */
const NOW_SAID = String.raw`(?:(?:now|from now on|instead|already|just)\s+)?`;

/**
 * A verb of a bound said as a command, the rule its object or left out: "finish it at 6", "end at 6".
 * "stop" is one only here, in a clause already read as a change of a rule's hours ("make it stop at
 * 8, not 6"); elsewhere it is a verb of ending up in a room.
 */
const IT_OBJECT = (verbs: string) => String.raw`(?:${verbs})(?:\s+(?:it|that))?`;

const BOUNDARY_FORMS: { end: Boundary["end"]; re: RegExp }[] = [
  {
    end: "from",
    re: new RegExp(
      String.raw`\b(?:${IT_OBJECT("start|begin")}|starts|begins|kick in|kicks in)\s+${NOW_SAID}(?:at|from|around)\s+(${TP})`,
      "gi",
    ),
  },
  {
    end: "to",
    re: new RegExp(
      String.raw`\b(?:${IT_OBJECT("end|finish|stop")}|ends|finishes|stops|run|runs|last|lasts)\s+${NOW_SAID}(?:at|until|till|til|around)\s+(${TP})`,
      "gi",
    ),
  },
  ...NAMED_ENDS.map(([end, noun]) => ({ end, re: new RegExp(String.raw`\b${noun}${END_NAMED_TO}(${TP})`, "gi") })),
  // "make that from 11 instead": one bound said alone, with no other end after it, moves that end
  {
    end: "from",
    re: new RegExp(String.raw`\bfrom\s+(${TP})(?!\s*(?:to|till|until|til|through|thru|and|-|–)\s)`, "gi"),
  },
  { end: "to", re: new RegExp(String.raw`\b(?:until|till|til)\s+(${TP})`, "gi") },
  {
    end: "either",
    re: new RegExp(
      String.raw`\b(?:make(?: it| that)?|let us say|lets say|(?:change|set|switch|move) (?:it|that) to)\s+(${TP})(?!\s*(?:to|till|until|-|–)\s)`,
      "gi",
    ),
  },
];

/** The end of a rule's hours a clause moves, or undefined; a window ("from 8 to 6") is no boundary. */
export function boundaryIn(clause: string): Boundary | undefined {
  for (const f of BOUNDARY_FORMS)
    for (const m of clause.matchAll(f.re)) {
      const p = timePoint(m[1]);
      if (!p) continue;
      const atEnd = f.end === "to" && p.named === "midnight" ? 24 : undefined;
      const hours = atEnd ? [atEnd] : halfUnsaid(p) ? [hourOf(p, "am"), hourOf(p, "pm")] : [hourOf(p)];
      const alone = f.end === "either" && /^(?:\d{1,2}|[a-z]+)$/.test(m[1].trim()) && !p.named;
      const r = REPLACED_HOUR_RE.exec(clause);
      const replaced = r ? timePoint(r[1]) : undefined;
      return {
        end: f.end,
        hours,
        quote: m[0],
        index: m.index,
        ...(alone ? { count: p.h } : {}),
        ...(replaced && !replaced.named ? { replaced: replaced.h % 12 } : {}),
      };
    }
  return undefined;
}

/**
 * Whether a clause names hours together with the hours they replace ("from 4, not 3"; "3 till 5,
 * not 2 to 4"; "at 10 instead of 11"): a change of hours said by contrast, with no verb of change.
 */
export function replacesHours(clause: string): boolean {
  const { now, before } = replacedTimes(clause);
  if (now.length && before.length) return true;
  const b = boundaryIn(clause);
  return b !== undefined && b.replaced !== undefined && b.count === undefined;
}
