/**
 * A window's end said on its own, after the sentence that opened it: "Keep off the patio after
 * 9 pm. Until 7." The second sentence is a fragment that only bounds the first one's hours; it is
 * no request of its own. The open window ("after 9 pm", its end assumed) takes the end said, and
 * the fragment's readings (the same room again, from midnight) go.
 *
 * What makes a fragment is read from word classes: one time with only its end said ("until 7",
 * "till about 6"), and nothing else but fillers and hedges ("I suppose", "maybe").
 */
import { bounded, FILLER, findTimes, HEDGE, isWordToken, Words } from "../../language/index.ts";
import type { Cond } from "./conditions.ts";
import { sentenceOf } from "./merge-readings.ts";
import type { ReadCtx, Reading } from "./reading.ts";
import type { Span } from "./segments.ts";

type TimeCond = Extract<Cond, { kind: "time" }>;

/** The end a sentence says, when the sentence says nothing else: its hour and the tokens saying it. */
function endOnly(rc: ReadCtx, s: Span): { to: number; guessed: boolean; span: Span } | undefined {
  const w = new Words(rc.tokens, s.a, s.b);
  const times = findTimes(w.text);
  if (times.length !== 1 || times[0].open !== "before") return undefined;
  const [a, b] = w.range(times[0].index, times[0].quote.length);
  const said = new Array<boolean>(s.b - s.a).fill(false);
  const mark = (x: Span) => {
    for (let k = x.a; k < x.b; k++) said[k - s.a] = true;
  };
  mark({ a, b });
  for (const src of [FILLER, HEDGE]) for (const m of w.matches(bounded(src))) mark(m);
  const rest = rc.tokens.slice(s.a, s.b).some((t, k) => !said[k] && isWordToken(t.w));
  return rest ? undefined : { to: times[0].to, guessed: times[0].guessed === true, span: { a, b } };
}

/** An hour said without its half of the day, read so the window from `from` is the shorter one. */
function nearer(from: number, to: number): number {
  const len = (h: number) => (((h - from) % 24) + 24) % 24 || 24;
  const pm = (to % 12) + 12;
  return len(pm) < len(to % 12) ? pm % 24 : to % 12;
}

/**
 * Gives each window opened in one sentence the end said alone in the next, and drops what was
 * read of that fragment. When the sentence before holds more than one open window, whose end it
 * is cannot be told, and nothing changes.
 */
export function completeWindows(rc: ReadCtx, sents: Span[], readings: Reading[]): Reading[] {
  let out = readings;
  const timesOf = (r: Reading) =>
    r.type === "unclear" ? [] : r.conditions.filter((c): c is TimeCond => c.kind === "time");
  const inside = (c: Span, s: Span) => s.a <= c.a && c.b <= s.b;
  for (let i = 1; i < sents.length; i++) {
    const end = endOnly(rc, sents[i]);
    if (!end) continue;
    // a clause may run on past the full stop ("… after 10 pm. Till 6."): the window is found by where it was said
    const open = out.flatMap(timesOf).filter((c) => c.open === "after" && inside(c, sents[i - 1]));
    if (new Set(open.map((c) => c.a)).size !== 1) continue;
    const to = end.guessed ? nearer(open[0].from, end.to) : end.to;
    if (to % 24 === open[0].from % 24) continue;
    for (const c of open) {
      c.to = to;
      c.b = end.span.b;
      delete c.open;
    }
    // what was read of the fragment alone: the end again, from midnight, of the same request
    out = out.filter((r) => {
      const ts = timesOf(r);
      return !(sentenceOf(sents, r) === i || (ts.length > 0 && ts.every((c) => inside(c, sents[i]))));
    });
  }
  return out;
}
