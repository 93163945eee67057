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
