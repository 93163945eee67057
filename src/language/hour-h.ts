/**
 * "from 15h to 18h", "between 9h and 11h30": the hour written with "h", as French, German and
 * Portuguese speakers write it, is that hour on the clock. Split as "15" "h" it was read as a bare
 * 15 opening a window to the morning, a ban wider in time than said. Glued here, before the words
 * are read, into the clock's own form ("15:00"), only after a word that puts a number on the clock:
 * "for 2h" is a duration and stays as typed.
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
    if (h && next && next.start === r.end && /^\d{1,2}$/.test(r.s) && Number(r.s) <= 24 && onClock) {
      out.push({ s: `${r.s}:${h[1] ?? "00"}`, start: r.start, end: next.end });
      i++;
    } else out.push(r);
  }
  return out;
}
