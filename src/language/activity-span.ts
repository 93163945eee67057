/**
 * A stretch of the day named by what is done in it, with no hours: "his exam hours", "it's nap
 * time", "her practice session". Said as the reason for a ban, it says when the ban holds without
 * saying which hours those are, so the ban is asked, never kept at every hour.
 */
import { knownWord, read } from "./nlp.ts";

/** Nouns of a stretch of time that an activity before them names. */
const SPAN_NOUN = /^(?:hours|times?|shifts?|slots?|sessions?|periods?)$/;

/** What may stand before the activity of such a stretch in a noun phrase: a possessive, an article, a verb "to be" or "to have". */
const OPENS_PHRASE = /^(?:my|our|his|her|their|your|its|the|is|are|was|were|be|been|has|have|had)$/;

/** Whether a text names an activity's stretch of time ("those are his exam hours"): an English activity word right before the span, opening its phrase. */
export function namesActivitySpan(text: string): boolean {
  const ts = read(text).tokens;
  return ts.some((t, i) => {
    if (i < 1 || !SPAN_NOUN.test(t.normal) || t.pos !== "NOUN") return false;
    const activity = ts[i - 1];
    if ((activity.pos !== "NOUN" && activity.pos !== "VERB") || !knownWord(activity.normal)) return false;
    // the phrase opened by its own word ("her", "the", "it's"): a bare noun before the span may be
    // a word of another language, said before an English "time"
    return i >= 2 && OPENS_PHRASE.test(ts[i - 2].normal);
  });
}
