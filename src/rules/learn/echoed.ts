/**
 * "you can go, go, …": the last word of a request said again alone right after it, in the same
 * sentence, only urges it; it is no second request (a bare "go" would be read as a permission
 * with no room of its own, and come between the first and the hours refused after it).
 */
import { isWordToken } from "../../language/index.ts";
import type { ReadCtx } from "./clause.ts";
import type { Seg } from "./clauses-in.ts";
import type { Span } from "./segments.ts";

/** Whether part `g` is nothing but the last word of part `prev`, once or twice ("go", "go go"). */
function echoesLastWord(rc: ReadCtx, prev: Span, g: Span): boolean {
  const wordsOf = (s: Span) => rc.tokens.slice(s.a, s.b).filter((t) => isWordToken(t.w));
  const last = wordsOf(prev).at(-1)?.w;
  const said = wordsOf(g);
  return last !== undefined && said.length > 0 && said.length <= 2 && said.every((t) => t.w === last);
}

/** The parts, with an act that only echoes the act before it marked as filler. */
export function echoedWords(rc: ReadCtx, segs: Seg[]): Seg[] {
  let prev: Seg | undefined;
  for (const s of segs) {
    if (s.kind === "act" && prev?.sentence === s.sentence && echoesLastWord(rc, prev, s)) s.kind = "filler";
    else if (s.kind === "act") prev = s;
  }
  return segs;
}
