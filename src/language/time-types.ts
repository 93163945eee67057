/** The shapes of what the time grammar (times.ts) finds in a clause. */

export interface FoundTime {
  from: number;
  to: number;
  /** the words matched, and where in the text */
  quote: string;
  index: number;
  /** said with the clock ("after 10"), not as a part of the day ("at night") */
  clock?: boolean;
  /** "after 10" / "before 8": one end said, the other assumed */
  open?: "after" | "before";
  /** no end says am or pm (nor noon, midnight, an hour past 12, a part of the day): which half of the day is a guess */
  guessed?: boolean;
}

/** What a revision says of hours: the new ones, and the old ones it names ("instead of the morning"). */
export interface ReplacedTimes {
  now: FoundTime[];
  before: FoundTime[];
}

/**
 * One end of a rule's hours, said to move it: "should start at 8 pm" (its start), "run until
 * 7" (its end), "make it 10pm" (the end the rule was said with). `hours` are the readings of the
 * point: one when the half of the day is said, else the morning's and the evening's.
 */
export interface Boundary {
  end: "from" | "to" | "either";
  hours: number[];
  quote: string;
  index: number;
  /** "make it 15", "change that to 8": a number alone, which may as well be a count (a word limit's) */
  count?: number;
  /** "… rather than eleven", "… instead of 11": the hour said to be replaced, on a 12-hour clock (0–11) */
  replaced?: number;
}
