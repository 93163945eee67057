/**
 * Keeping secrets (API keys, database passwords) out of everything a run writes: errors,
 * failures.jsonl, result lines, logs. A server may echo a key in its error body, cut short,
 * lower-cased or inside a longer word, so a match is not only the exact key: every stretch of
 * text that is a substring of the secret of at least MIN_MATCH characters, compared without
 * case, is replaced. A secret shorter than MIN_MATCH is replaced only where it appears whole.
 */

export const MIN_MATCH = 8;
const MIN_SECRET = 4;
export const REDACTED = "[redacted]";

/** ASCII case folding, which keeps every index where it was (toLowerCase may not). */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `text` with every long enough piece of `secret` in it replaced by [redacted]. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < MIN_SECRET || !text) return text;
  const low = fold(text);
  const key = fold(secret);
  const n = Math.min(MIN_MATCH, key.length);
  // every piece of the secret of n characters; a longer piece is a run of overlapping ones
  const grams = new Set<string>();
  for (let i = 0; i + n <= key.length; i++) grams.add(key.slice(i, i + n));
  const hidden = new Uint8Array(text.length);
  let found = false;
  for (let i = 0; i + n <= low.length; i++)
    if (grams.has(low.slice(i, i + n))) {
      hidden.fill(1, i, i + n);
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
