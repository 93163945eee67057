/** A condition read in a clause, by the token span it was said in: hours, a clause of when, the asked exception, a scene. */
export type Cond =
  /** `negated`: said under a negation of its own ("… but never after 9"): a window banned, never one permitted */
  /** `open`: one end said ("after 10"), the other assumed, so a fragment said next may give it */
  | {
      kind: "time";
      from: number;
      to: number;
      a: number;
      b: number;
      negated?: boolean;
      guessed?: boolean;
      open?: "after" | "before";
      /** said by the clock ("10 pm"), not as a part of the day */
      clock?: boolean;
    }
  /** `negated`: a clause of when said under a negation ("just not while I'm cooking"): when a permission does not hold */
  | { kind: "text"; a: number; b: number; negated?: boolean }
  | { kind: "asked"; a: number; b: number }
  | { kind: "scene"; a: number; b: number };
