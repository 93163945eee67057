/**
 * A rule written as config fields ("room=loft action=no_entry hours=21:00-06:00", "block: loft |
 * when: 21:00-06:00 | why: she sleeps"): a key that only labels the value after it ("room=",
 * "hours:") is left out, so the value reads as said alone; a key that is the verdict ("block:",
 * "deny:") is a sign's "no entry" put on what follows; a key of why ("reason=", "note:") opens a
 * reason; and a bar between fields cuts a part, as a comma does. Read so only when the message holds two fields or
 * more and one of them is written as config is (a key with "=", or bars between fields), so a
 * heading ("Note: …", "Rule: …") in a sentence stays a heading.
 *
 * Tokens keep their spans in the message, so every quote stays the user's own.
 */
import type { Token } from "./token.ts";

/** Keys that only label the value after them. */
const LABEL_KEYS = new Set([
  "room",
  "rooms",
  "where",
  "place",
  "area",
  "location",
  "zone",
  "target",
  "action",
  "effect",
  "type",
  "rule",
  "window",
  "schedule",
  "hours",
  "time",
  "times",
  "when",
]);
/** Keys that are the verdict on the value after them: the robot is kept out of it. */
const VERDICT_KEYS = new Set([
  "deny",
  "denied",
  "block",
  "blocked",
  "forbid",
  "forbidden",
  "ban",
  "banned",
  "disallow",
]);
/** Keys whose value says why. */
const REASON_KEYS = new Set(["reason", "why", "note", "notes", "comment", "rationale"]);
/** What sets a key off from its value. */
const KEY_MARK = /^(?::|=)$/;
/** What sets one field off from the next. */
const BAR = /^[|¦]$/;

const isKey = (w: string) => LABEL_KEYS.has(w) || VERDICT_KEYS.has(w) || REASON_KEYS.has(w);

/** The tokens with config fields read as the words they stand for; any other message as it was. */
export function configFields(tokens: readonly Token[]): Token[] {
  const keys: number[] = [];
  for (let k = 0; k + 1 < tokens.length; k++)
    if (!tokens[k].quoted && isKey(tokens[k].w) && KEY_MARK.test(tokens[k + 1].w)) keys.push(k);
  const configLike = tokens.some((t) => BAR.test(t.w)) || keys.some((k) => tokens[k + 1].w === "=");
  if (keys.length < 2 || !configLike) return [...tokens];
  const out: Token[] = [];
  const at = new Set(keys);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (BAR.test(t.w)) {
      // the next field goes on with the same request, as a comma's part does; a reason stops it (below)
      if (!REASON_KEYS.has(tokens[k + 1]?.w ?? "")) out.push({ ...t, w: "," });
      continue;
    }
    if (!at.has(k)) {
      // "action=deny": a verdict said as a key's value is the sign's "no entry" too
      const valued = k >= 2 && at.has(k - 2) && LABEL_KEYS.has(tokens[k - 2].w) && VERDICT_KEYS.has(t.w);
      out.push(
        ...(valued
          ? [
              { ...t, w: "no" },
              { ...t, w: "entry" },
            ]
          : [t]),
      );
      continue;
    }
    const mark = tokens[k + 1];
    if (VERDICT_KEYS.has(t.w)) out.push({ ...t, w: "no" }, { ...t, w: "entry" }, mark);
    else if (REASON_KEYS.has(t.w)) {
      // the reason is a part of its own: a stop before it, unless one stands there already
      if (out.length && out.at(-1)?.w !== ".") out.push({ ...mark, w: "." });
      out.push({ ...t, w: "because" });
    }
    k++;
  }
  return out;
}
