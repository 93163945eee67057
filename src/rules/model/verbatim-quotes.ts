/**
 * Verbatim quotes: every excerpt a model cites must be found, character for character, in what
 * it was shown (the user's message, the evidence). A quote that is not there is the model's
 * paraphrase or invention, and a reading or verdict resting on it is rejected.
 */
import { plainQuotes } from "../../language/index.ts";
import { Evidence } from "../types.ts";

/** Typographic quotes as plain ones, same length: a model often retypes ’ as '. */
const plain = plainQuotes;

/** The user's message, for finding quotes in it. */
export class MessageText {
  readonly original: string;
  private readonly plain: string;
  constructor(message: string) {
    this.original = message.normalize("NFC");
    this.plain = plain(this.original);
  }

  /** The quote as the user wrote it, or undefined when the message does not contain it. */
  find(quote: string): string | undefined {
    const q = plain(quote.normalize("NFC"));
    if (!q.trim()) return undefined;
    const k = this.plain.indexOf(q);
    return k < 0 ? undefined : this.original.slice(k, k + q.length);
  }
}

/** Every text of the evidence a quote may come from. */
export function evidenceTexts(evidence: Evidence): string[] {
  const ev = Evidence.parse(evidence);
  const out: string[] = [];
  const add = (s: unknown) => {
    if (typeof s === "string" && s !== "") out.push(plain(s));
  };
  add(ev.reply);
  add(ev.artifact?.text);
  add(ev.artifact?.name);
  add(ev.context.instruction);
  add(ev.action?.chosenRoom);
  for (const r of ev.action?.pathRooms ?? []) add(r);
  add(ev.action?.stopRoom);
  for (const v of Object.values(ev.fields ?? {})) add(typeof v === "string" ? v : undefined);
  return out;
}

/** The quotes that are not in the evidence (empty: all verbatim). */
export function notInEvidence(quotes: string[], texts: string[]): string[] {
  return quotes.filter((q) => {
    const p = plain(q);
    return !p.trim() || !texts.some((t) => t.includes(p));
  });
}
