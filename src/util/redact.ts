/**
 * Keeping secrets (API keys, database passwords) out of everything a run writes or sends: errors,
 * failures.jsonl, result lines, event streams, logs, the dashboard's socket. A server may echo a
 * key cut short, in another case, inside a longer word, or spelled out with spaces, dashes or
 * any other separators between its characters, so a match is read on letters and digits alone:
 * every stretch of text whose letters and digits, compared without case, are a piece of the
 * secret's of at least MIN_MATCH, is replaced, with whatever separated them. A secret with fewer
 * than MIN_MATCH letters and digits is replaced only where all of them appear.
 */

/** letters and digits of a secret that a piece of text must share with it in a row */
export const MIN_MATCH = 8;
const MIN_SECRET = 4;
export const REDACTED = "[redacted]";

/** The text's letters and digits, folded to lower case, and where each one stands in the text. */
function projection(text: string): { chars: string; at: Int32Array } {
  const at = new Int32Array(text.length);
  let chars = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) chars += text[i];
    else if (c >= 97 && c <= 122) chars += text[i];
    else if (c >= 65 && c <= 90) chars += String.fromCharCode(c + 32);
    else continue;
    at[chars.length - 1] = i;
  }
  return { chars, at: at.subarray(0, chars.length) };
}

interface Pattern {
  n: number;
  grams: Set<string>;
}
const patterns = new Map<string, Pattern | null>();

/** The secret's pieces of n letters and digits; null when it has too few to be matched safely. */
function patternOf(secret: string): Pattern | null {
  let p = patterns.get(secret);
  if (p !== undefined) return p;
  const key = projection(secret).chars;
  if (key.length < MIN_SECRET) p = null;
  else {
    const n = Math.min(MIN_MATCH, key.length);
    const grams = new Set<string>();
    for (let i = 0; i + n <= key.length; i++) grams.add(key.slice(i, i + n));
    p = { n, grams };
  }
  patterns.set(secret, p);
  return p;
}

/** `text` with every long enough piece of `secret` in it, however spelled, replaced by [redacted]. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || !text) return text;
  const pattern = patternOf(secret);
  if (!pattern) return text;
  const { chars, at } = projection(text);
  const { n, grams } = pattern;
  const hidden = new Uint8Array(text.length);
  let found = false;
  for (let i = 0; i + n <= chars.length; i++)
    if (grams.has(chars.slice(i, i + n))) {
      // the piece's first to last character in the text, with the separators between
      hidden.fill(1, at[i], at[i + n - 1] + 1);
      found = true;
    }
  if (!found) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) out += text[i];
    else if (i === 0 || !hidden[i - 1]) out += REDACTED;
  }
  return out;
}

const known = new Set<string>();

/** A secret this process holds (read from the environment): redactKnown removes it from now on. */
export function rememberSecret(secret: string | undefined): void {
  if (secret && secret.length >= MIN_SECRET) known.add(secret);
}

/** `text` without any secret this process has been told of. */
export function redactKnown(text: string): string {
  let out = text;
  for (const s of known) out = redact(out, s);
  return out;
}

/** The same over every string in a JSON-like value (a result or failure line), keys included. */
export function redactDeep<T>(value: T): T {
  if (known.size === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactKnown(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactKnown(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}
