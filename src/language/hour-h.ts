/**
 * "from 15h to 18h", "between 9h and 11h30": the hour written with "h", as French, German and
 * Portuguese speakers write it, is that hour on the clock; so is "21.00" or "9.30" with a dot.
 * Split as "15" "h" it was read as a bare 15 opening a window to the morning, a ban wider in time
 * than said. Glued here, before the words
 * are read, into the clock's own form ("15:00"), only after a word that puts a number on the clock:
 * "for 2h" is a duration and "it costs 2.50" a price, and stay as typed.
 */

/** A piece of the message as the tokenizer cut it: its text and where it stands. */
export type RawPiece = { s: string; start: number; end: number };

const PUTS_ON_CLOCK = new Set([
  "from",
  "to",
  "till",
  "til",
  "until",
  "between",
  "and",
  "after",
  "before",
  "at",
  "since",
  "by",
]);

export function hoursWithH(raw: readonly RawPiece[]): RawPiece[] {
  const out: RawPiece[] = [];
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    const next = raw[i + 1];
    const h = /^h(\d\d)?$/i.exec(next?.s ?? "");
    const onClock = PUTS_ON_CLOCK.has(out.at(-1)?.s.toLowerCase() ?? "");
    const minutes = raw[i + 2];
    const isHour = /^\d{1,2}$/.test(r.s) && Number(r.s) <= 24 && onClock;
    if (h && next && next.start === r.end && isHour) {
      out.push({ s: `${r.s}:${h[1] ?? "00"}`, start: r.start, end: next.end });
      i++;
    } else if (
      isHour &&
      next?.s === "." &&
      next.start === r.end &&
      minutes?.start === next.end &&
      /^[0-5]\d$/.test(minutes.s)
    ) {
      // "from 21.00 until 23.00": the dot between hour and minutes, as much of Europe and Asia writes
      // the clock; split at the dot, "21" "." "00" ended a sentence and the window opened to the morning
      out.push({ s: `${r.s}:${minutes.s}`, start: r.start, end: minutes.end });
      i += 2;
    } else out.push(r);
  }
  return out;
}
