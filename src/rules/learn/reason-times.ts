/**
 * Times told in a reason, not when a rule holds. In a sentence that asks nothing, after a request
 * whose own hours are said ("of an afternoon keep away from the loft"), a time fronted before
 * a statement with a subject of its own ("After lunch I sleep") and a time set off after "because …"
 * ("…, because I start very early, at five") and a statement pointing back at them with "then" ("Then I
 * bake.") say why; they are no hours of that request. Said beside
 * a request with no hours of its own, they are read as before: its hours may be what they give.
 */
import { findTimes, read, THEN_STATEMENT, TIME_THEN_STATEMENT, Words } from "../../language/index.ts";
import type { ReadCtx } from "./clause.ts";
import type { Seg } from "./clauses-in.ts";

const textOf = (rc: ReadCtx, s: Seg) => new Words(rc.tokens, s.a, s.b).text;

/** A part that is a time and no more: hours or a part of the day, no verb. */
const timeAlone = (text: string) =>
  findTimes(text).length > 0 && !read(text).tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");

/** The parts of when in a sentence of no request that only tell a reason, marked as explanation; the parts. */
export function reasonTimes(rc: ReadCtx, segs: Seg[]): Seg[] {
  const sentencesOf = [...new Set(segs.map((s) => s.sentence))];
  for (const i of sentencesOf) {
    const own = segs.filter((s) => s.sentence === i);
    if (own.some((s) => s.kind === "act")) continue;
    // "…, not from six to seven. Then I do my exercises before I leave.": a statement pointing
    // back at the hours said just before tells what happens in them; all it says is why
    const before = segs.filter((s) => s.sentence === i - 1);
    if (
      own[0].kind === "none" &&
      THEN_STATEMENT.test(textOf(rc, own[0])) &&
      before.some((s) => s.kind === "act") &&
      before.some((s) => findTimes(textOf(rc, s)).length)
    ) {
      for (const s of own) if (s.kind === "none" || s.kind === "mod") s.kind = "explain";
      continue;
    }
    // the request its parts of when would join: the next one said, else the one before
    const act =
      segs.find((s) => s.kind === "act" && s.sentence > i) ?? segs.findLast((s) => s.kind === "act" && s.sentence < i);
    if (!act || !findTimes(textOf(rc, act)).length) continue;
    let because = false;
    // "…, not from six to seven. Then I do my exercises before I leave.": a statement pointing
    // back at those hours tells what happens in them; all it says, its own clauses of when too, is why
    for (const s of own) {
      if (s.kind === "explain") because = true;
      if (s.kind !== "mod") continue;
      const text = textOf(rc, s);
      if ((because && timeAlone(text)) || TIME_THEN_STATEMENT.test(text)) s.kind = "explain";
    }
  }
  return segs;
}
