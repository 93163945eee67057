/**
 * A room said as the topic of a permission whose subject is left out: "sunroom can go anytime",
 * "the den can come in after lunch". English as many speakers of topic-first languages (Chinese,
 * Japanese, Korean, Malay) say it: the room opens its clause and a modal of permission and a verb of
 * going follow it at once. A room cannot go anywhere, so the one who goes is the listener; the
 * words are read as the fronted topic English writes with its subject ("the sunroom, you can go
 * anytime"), before the clause grammar reads them. Only a room of the house, said whole (an article
 * or possessive before it at most) between the clause's opening and the modal.
 *
 * The token put in takes the span of the modal it stands before, so quotes stay the user's own.
 */
import { roomKey } from "./rooms.ts";
import type { Token } from "./tokens.ts";

/** Modals of permission the dropped subject stands before. */
const MODAL = new Set(["can", "may", "could"]);
/** Verbs of going a room cannot be the subject of. */
const GOING = new Set(["go", "come", "enter", "visit", "pass"]);
/** Marks after which a clause opens. */
const OPENS = new Set([".", "!", "?", ";", ",", ":", "-", "—"]);

/** The tokens with "you" put before the modal of a room's permission said without its subject. */
export function withTopicSubject(tokens: readonly Token[], house: readonly string[]): Token[] {
  const rooms = new Set(house.map(roomKey));
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (MODAL.has(t.w) && !t.quoted && GOING.has(tokens[k + 1]?.w ?? "")) {
      let j = k - 1;
      while (j >= 0 && !OPENS.has(tokens[j].w)) j--;
      const said = tokens
        .slice(j + 1, k)
        .map((x) => x.w)
        .join(" ");
      if (k > j + 1 && rooms.has(roomKey(said))) out.push({ w: "you", start: t.start, end: t.end });
    }
    out.push(t);
  }
  return out;
}
