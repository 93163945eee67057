/**
 * The brackets a stretch of words stands in: "… the hall (one word on the plan, not 'hallway')
 * …". What is said inside them is an aside, read with its own words and the sentence around it.
 */

const SENTENCE_END = new Set([".", "?", "!"]);

/**
 * The words inside the brackets the span stands in ("… (two words, mind) …") and those of the
 * sentence around them, or undefined when it stands in none.
 */
export function aside(
  ws: readonly string[],
  span: { a: number; b: number },
): { inside: string; around: string } | undefined {
  let open = span.a - 1;
  while (open >= 0 && !["(", ")"].includes(ws[open]) && !SENTENCE_END.has(ws[open])) open--;
  let close = span.b;
  while (close < ws.length && !["(", ")"].includes(ws[close]) && !SENTENCE_END.has(ws[close])) close++;
  if (ws[open] !== "(" || ws[close] !== ")") return undefined;
  let a = open;
  while (a > 0 && !SENTENCE_END.has(ws[a - 1])) a--;
  let b = close + 1;
  while (b < ws.length && !SENTENCE_END.has(ws[b])) b++;
  return {
    inside: ws.slice(open + 1, close).join(" "),
    around: [...ws.slice(a, open), ...ws.slice(close + 1, b)].join(" "),
  };
}
