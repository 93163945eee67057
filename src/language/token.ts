/**
 * One word of a message as tokens.ts makes it, in a module of its own so that the passes
 * tokens.ts runs over its tokens (other tongues, spoken clocks, split days …) share the type
 * without importing the tokenizer that calls them.
 */
export interface Token {
  /** the normalised word (lower case; punctuation is its own token: "," "." "'" …) */
  w: string;
  /** the span in the original message: [start, end) */
  start: number;
  end: number;
  /** inside a quotation ("'no problem'") */
  quoted?: boolean;
}

/** A token that is a word, not punctuation or a number. */
export const isWord = (w: string | undefined): boolean => w !== undefined && /^\p{L}/u.test(w);

/** What a run of tokens says in English: the words, and how many tokens they stand for. */
export interface Reading {
  words: readonly string[];
  span: number;
}

/**
 * The tokens with another variety's words read as the English they stand for: first the
 * readings that need the words around them, then the word table (a word read as "" is dropped).
 * Quoted words are the user's own and stay as said.
 */
export function readAsEnglish(
  tokens: readonly Token[],
  inContext: (tokens: readonly Token[], k: number) => Reading | undefined,
  asEnglish: Readonly<Record<string, string>>,
): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.quoted) {
      out.push(t);
      continue;
    }
    const read = inContext(tokens, k);
    if (read) {
      const end = tokens[k + read.span - 1].end;
      for (const w of read.words) out.push({ w, start: t.start, end });
      k += read.span - 1;
      continue;
    }
    const english = Object.hasOwn(asEnglish, t.w) ? asEnglish[t.w] : undefined;
    if (english === undefined) out.push(t);
    else for (const w of english.split(" ").filter(Boolean)) out.push({ ...t, w });
  }
  return out;
}

/**
 * A table looked up by a user's words, without Object's own keys: "constructor" is a word a
 * person may type, and must find nothing in a table of slang or numbers.
 */
export const wordTable = <V>(entries: Readonly<Record<string, V>>): Readonly<Record<string, V>> =>
  Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));
