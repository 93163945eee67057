/**
 * An arrow in notes ("JSON replies -> cancelled", "kitchen → no entry after 9", "limit => 12"):
 * what is on its left becomes or is what is on its right, as a colon sets a heading before what is
 * said of it. Read as a colon, so the grammar reads the two sides as it reads "JSON replies:
 * cancelled". An arrow typed as two marks ("->", "=>") is one.
 */

/** A token as tokens.ts makes it (its type is not imported: tokens.ts calls this module). */
interface Token {
  w: string;
  start: number;
  end: number;
  quoted?: boolean;
}

const HEADS = new Set(["-", "=", "–", "—"]);

/** The tokens with every arrow made a colon spanning its marks. */
export function arrowsAsColons(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1];
    if (t.quoted) out.push(t);
    else if (t.w === "→" || t.w === "⇒") out.push({ ...t, w: ":" });
    else if (HEADS.has(t.w) && next?.w === ">" && next.start === t.end) {
      out.push({ w: ":", start: t.start, end: next.end });
      k++;
    } else out.push(t);
  }
  return out;
}
