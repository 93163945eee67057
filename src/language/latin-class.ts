/**
 * Explicit character classes for the Latin range, standing in for Unicode property classes in
 * expressions that run often: V8 compiles a `\p{…}` class far more slowly, and for text with no
 * letter or digit beyond this range the explicit class matches exactly the same characters.
 */

/** The last code point the explicit classes cover (Latin Extended-B). */
const LATIN_END = 0x24f;
const NON_LATIN_WORD_CHAR = /(?=[\u0250-\u{10ffff}])[\p{L}\p{N}]/u;

/** Whether the text has a letter or digit beyond the Latin range (the explicit classes would not know it). */
export function hasNonLatinWordChar(text: string): boolean {
  return NON_LATIN_WORD_CHAR.test(text);
}

/** A character class of the code points up to LATIN_END that `test` accepts, e.g. [a-zªµ…]. */
export function latinClass(test: RegExp): string {
  let out = "";
  for (let c = 0; c <= LATIN_END; c++) {
    if (!test.test(String.fromCharCode(c))) continue;
    let end = c;
    while (end < LATIN_END && test.test(String.fromCharCode(end + 1))) end++;
    const hex = (n: number) => `\\u${n.toString(16).padStart(4, "0")}`;
    out += end === c ? hex(c) : `${hex(c)}-${hex(end)}`;
    c = end;
  }
  return `[${out}]`;
}
