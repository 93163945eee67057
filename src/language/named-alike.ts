/**
 * A statement with its object named alike ("the user brings this hat hiking" → "the user brings it
 * hiking"), its change markers off: two statements about different objects then compare by what
 * they say, not by the object's own name, which makes same-category statements look closer than
 * they are.
 */

/** Pure: `text` with a determiner and one of `categories` as "it", a leading change marker off. */
export function namedAlike(text: string, categories: readonly string[]): string {
  return text
    .replace(new RegExp(`\\b(?:the|this|these|that|those|my|our) (?:${categories.join("|")})\\b`, "giu"), "it")
    .replace(/^(?:now|these days|nowadays|from now on)[,]?\s+/i, "")
    .replace(/^it now\b/i, "it");
}
