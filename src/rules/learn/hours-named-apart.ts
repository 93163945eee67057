/**
 * A ban held during something people do, whose hours are said in a sentence of their own: "Keep
 * out of the den during her lesson. Her lesson is 4 to 5 pm." The sentence of hours names what the
 * condition names (the condition's last word, what goes on then, said again there), so the
 * condition is those hours; the sentence is no request of its own. Anything less certain stays as
 * it was read (the condition kept in the user's words, the hours asked about).
 */
import { isPlainWord, Words } from "../../language/index.ts";
import { STOPWORDS } from "./behavior.ts";
import type { Cond } from "./conditions.ts";
import { sentenceOf } from "./merge-readings.ts";
import type { HoursReading, ReadCtx, Reading } from "./reading.ts";
import type { Span } from "./segments.ts";

/** A word without its endings of number and tense: "naps" and "nap", "lessons" and "lesson". */
const stem = (w: string) => w.replace(/(?:ing|es|s)$/, "");

/** The last word of a condition that says what goes on then: "while the baby naps" → "naps". */
function lastContentWord(rc: ReadCtx, c: Span): string | undefined {
  return new Words(rc.tokens, c.a, c.b).text
    .split(" ")
    .filter((w) => isPlainWord(w) && !STOPWORDS.has(w))
    .at(-1);
}

export function hoursNamedApart(rc: ReadCtx, sents: Span[], readings: Reading[]): Reading[] {
  const used = new Set<Reading>();
  for (const r of readings) {
    if (r.type !== "rule" || !("room" in r.requirement)) continue;
    const texts = r.conditions.filter((c) => c.kind === "text");
    if (texts.length !== 1 || r.conditions.length !== 1 || texts[0].negated) continue;
    const last = lastContentWord(rc, texts[0]);
    if (!last) continue;
    const hours = readings.find(
      (h): h is HoursReading =>
        h.type === "hours" &&
        !h.retime &&
        !used.has(h) &&
        sentenceOf(sents, h) !== sentenceOf(sents, r) &&
        h.exceptions.length === 0 &&
        h.conditions.length === 1 &&
        h.conditions[0].kind === "time" &&
        !h.conditions[0].negated &&
        h.words.some((w) => stem(w) === stem(last)),
    );
    if (!hours) continue;
    const window = hours.conditions[0] as Extract<Cond, { kind: "time" }>;
    used.add(hours);
    // the condition's words are read, as the rule's own; the window is quoted where it was said
    r.quotes.push({ a: texts[0].a, b: texts[0].b }, { a: hours.clause.a, b: hours.clause.b });
    r.conditions = [{ ...window }];
  }
  return readings.filter((r) => !used.has(r));
}
