/**
 * A name written as an identifier, its words joined by underscores ("last_seen", "room_name"), is
 * one word: a field's name, as notes and JSON write it. One that opens with a negation
 * ("no_entry", "do_not_enter") is a sign written that way, and its words are read as words.
 */

/** A token as tokens.ts makes it (its type is not imported: tokens.ts calls this module). */
interface Token {
  w: string;
  start: number;
  end: number;
  quoted?: boolean;
}

const NEGATION = new Set(["no", "not", "never", "dont", "do", "keep", "stay"]);

/** The tokens with each identifier that opens with a negation cut into its words. */
export function signsAsWords(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const parts = t.w.split("_");
    if (parts.length > 1 && !t.quoted && NEGATION.has(parts[0]))
      for (const w of parts.flatMap((p) => (p === "dont" ? ["do", "not"] : [p]))) out.push({ ...t, w });
    else out.push(t);
  }
  return out;
}
