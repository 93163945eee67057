/**
 * Hour windows: the one definition every part uses (the learner writes them, the checker, the
 * compiler and the reviewer read them, the rule phase's profiles hold them).
 *
 * A window is local hours [from, to) on a 24-hour clock, `from` in 0–23 and `to` in 0–24 (24 is
 * midnight at the end: "before midnight" is [18, 24)). When `from` is after `to` the window wraps
 * past midnight ("at night" is [21, 6): 21, 22, 23, 0 … 5).
 *
 * Equal ends (`from === to % 24`, e.g. [9, 9) or [0, 24)) are the whole day. That is the safe
 * reading for a ban: a condition said with such hours never drops the ban for part of the day.
 * An exception as wide as the day would lift its ban at every hour, so the learner never writes
 * one and `wholeDay` lets a reader refuse it.
 */

export interface HourWindow {
  fromHour: number;
  toHour: number;
}

/** Whether local hour `h` (0–23) lies in the window [from, to). */
export function inWindow(h: number, from: number, to: number): boolean {
  const f = from % 24;
  const t = to % 24;
  if (f === t) return true;
  return f < t ? h >= f && h < t : h >= f || h < t;
}

/** The hours a window holds, in clock order from its start. */
export function hoursOf(from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 24; k++) {
    const h = (from + k) % 24;
    if (!inWindow(h, from, to)) break;
    out.push(h);
  }
  return out;
}

/** How many hours a window holds (1–24). */
export const windowLength = (from: number, to: number): number => hoursOf(from, to).length;

/** An hour inside the window and one outside it (undefined when the window is the whole day). */
export function hourInside(from: number, _to: number): number {
  return from % 24;
}
export function hourOutside(from: number, to: number): number | undefined {
  for (let h = 0; h < 24; h++) if (!inWindow(h, from, to)) return h;
  return undefined;
}

/** A window whose ends are equal: every hour of the day. */
export const wholeDay = (from: number, to: number): boolean => from % 24 === to % 24;

// ---- the algebra of windows: what a ban with exceptions, or a revision, leaves in force ------

/** The hours a window holds, as a set. */
export const hourSet = (w: HourWindow): Set<number> => new Set(hoursOf(w.fromHour, w.toHour));

/** The one way to write a window's hours: [9, 9) and [0, 24) are both [0, 24), [22, 26) is never written. */
export function canonical(w: HourWindow): HourWindow {
  const [c] = windowsOf(hoursOf(w.fromHour, w.toHour));
  return c;
}

/** Whether two windows hold the same hours, however their ends are written. */
export function sameHours(a: HourWindow, b: HourWindow): boolean {
  const x = canonical(a);
  const y = canonical(b);
  return x.fromHour === y.fromHour && x.toHour === y.toHour;
}

/**
 * Hours as the fewest windows that hold exactly them, in clock order: a run that crosses
 * midnight is one window ([22, 2)); every hour is the whole day [0, 24); none is no window.
 */
export function windowsOf(hours: Iterable<number>): HourWindow[] {
  const on = new Array<boolean>(24).fill(false);
  for (const h of hours) on[((h % 24) + 24) % 24] = true;
  if (on.every(Boolean)) return [{ fromHour: 0, toHour: 24 }];
  const out: HourWindow[] = [];
  // start from an hour that is off, so a run over midnight is read whole
  const off = on.indexOf(false);
  for (let k = 1; k <= 24; k++) {
    const h = (off + k) % 24;
    const prev = (h + 23) % 24;
    if (on[h] && !on[prev]) {
      let e = h;
      while (on[(e + 1) % 24]) e = (e + 1) % 24;
      out.push({ fromHour: h, toHour: e + 1 });
    }
  }
  return out.sort((a, b) => a.fromHour - b.fromHour);
}

/** The hours of `a` that are not in `b`: a ban's window less its exception's. */
export function minus(a: HourWindow, b: HourWindow): HourWindow[] {
  const out = hourSet(b);
  return windowsOf(hoursOf(a.fromHour, a.toHour).filter((h) => !out.has(h)));
}

/** The hours both windows hold. */
export function overlap(a: HourWindow, b: HourWindow): HourWindow[] {
  const inB = hourSet(b);
  return windowsOf(hoursOf(a.fromHour, a.toHour).filter((h) => inB.has(h)));
}

/** Whether window `a` holds every hour of `b`. */
export function covers(a: HourWindow, b: HourWindow): boolean {
  const inA = hourSet(a);
  return hoursOf(b.fromHour, b.toHour).every((h) => inA.has(h));
}

/**
 * When a rule with time conditions (all must hold) and time exceptions (any lifts it) applies:
 * the hours in every condition's window and in no exception's. No condition is every hour.
 */
export function inForce(conditions: readonly HourWindow[], exceptions: readonly HourWindow[]): number[] {
  const out: number[] = [];
  for (let h = 0; h < 24; h++)
    if (
      conditions.every((c) => inWindow(h, c.fromHour, c.toHour)) &&
      !exceptions.some((x) => inWindow(h, x.fromHour, x.toHour))
    )
      out.push(h);
  return out;
}

/** How far apart two clock hours are, the short way round (0–12). */
const hoursApart = (a: number, b: number): number => {
  const d = Math.abs((a % 24) - (b % 24));
  return Math.min(d, 24 - d);
};

/**
 * Whether a part of the day said in words ("in the daytime", [6, 21)) is the rest of the day
 * beside a clock window said with it ("… only not from 10pm to 6am", [22, 6)). A part of the day
 * has no exact ends: when each of its ends lies within `slack` hours of the clock window's facing
 * end, the speaker meant the two to meet, and the clock's ends are the ones said.
 */
export function meetsAsRestOfDay(part: HourWindow, clock: HourWindow, slack = 2): boolean {
  if (wholeDay(part.fromHour, part.toHour) || wholeDay(clock.fromHour, clock.toHour)) return false;
  return hoursApart(part.fromHour, clock.toHour) <= slack && hoursApart(part.toHour, clock.fromHour) <= slack;
}
