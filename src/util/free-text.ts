/**
 * Text a model or a user wrote, where it enters what Polar keeps or shows: an episode's events,
 * the memory store, the terminal. A model may answer megabytes in any field, and may answer
 * escape sequences; neither may reach a file, the dashboard or a terminal as it came.
 */
import { redactKnown } from "./redact.ts";

/** characters one free-text string keeps where it enters an event or a store */
export const FREE_TEXT_CAP = 10_000;
/** characters all the strings of one event keep together (a model call's exchange is within 24,000) */
export const EVENT_TEXT_BUDGET = 48_000;
/** strings this short are never cut: ids, names, enum values, which a reader needs whole */
const ALWAYS_WHOLE = 200;

/** `text` cut to `max` characters, saying how many were cut. */
export function capText(text: string, max = FREE_TEXT_CAP): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - 40);
  return `${text.slice(0, keep)}… [${text.length - keep} characters cut]`;
}

/**
 * A JSON-like value as it may be kept: every string cut to FREE_TEXT_CAP, all of them together
 * to `budget`, and every secret this process knows redacted (after the cut, which keeps the
 * redactor's work bounded; a key cut in two is still matched by its pieces).
 */
export function keptValue<T>(value: T, budget = EVENT_TEXT_BUDGET): T {
  let left = budget;
  const text = (s: string): string => {
    if (s.length <= ALWAYS_WHOLE) return redactKnown(s);
    const out = capText(s, Math.max(ALWAYS_WHOLE, Math.min(FREE_TEXT_CAP, left)));
    left = Math.max(0, left - out.length);
    return redactKnown(out);
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

// Built from strings: the characters themselves are what these expressions match.
const ESC = "\\u001b";
const BEL = "\\u0007";
// an escape sequence as a whole: CSI (ESC [ … final byte, or its 8-bit form), OSC / DCS / APC /
// PM / SOS (… up to BEL or ESC \), or ESC and one more character
const SEQUENCE = new RegExp(
  [
    `${ESC}\\[[0-?]*[ -/]*[@-~]`,
    `\\u009b[0-?]*[ -/]*[@-~]`,
    `${ESC}[\\]PX^_][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)?`,
    `${ESC}[@-Z\\\\-_]`,
  ].join("|"),
  "g",
);
// what is left of them: C0 controls but tab and newline, DEL, and the C1 controls
const CONTROL = new RegExp(`[${"\\u0000"}-\\u0008\\u000b-\\u001f\\u007f-\\u009f]`, "g");

/** `text` safe to print on a terminal: escape sequences and other control characters removed. */
export function forTerminal(text: string): string {
  return text.replace(SEQUENCE, "").replace(CONTROL, "");
}
