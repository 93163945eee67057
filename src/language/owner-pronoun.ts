/**
 * "Bunty cleaned his room, you can go in there again": a possessive pronoun before a room's word
 * stands for the person named before it, when the house labels that person's room so ("Bunty's
 * room"). Only one such person may be named before it; with two ("Mia and Sam … her room"),
 * or none, whose room it is stays unread and is asked.
 */
import { roomKey } from "./rooms.ts";

const OWNER_PRONOUN = /^(?:his|her|their)$/;

/** The house label that `words[k]` (a possessive pronoun) and the words after it name, how many words that is, and where its owner was named. */
export function pronounOwnersRoom(
  words: readonly string[],
  k: number,
  houseLabels: readonly string[],
): { room: string; words: number; owner: number } | undefined {
  if (!OWNER_PRONOUN.test(words[k] ?? "")) return undefined;
  const before = new Set(words.slice(0, k));
  const found = new Map<string, { room: string; words: number; owner: number }>();
  for (const label of houseLabels) {
    // "Lerato's room": an owner of one word, its "'s", and the label's own words after it
    const m = /^([\p{L}-]+)['’]s\s+(.+)$/u.exec(label.trim());
    if (!m) continue;
    const owner = m[1].toLowerCase();
    const rest = roomKey(m[2]).split(" ");
    if (!before.has(owner) || words[k - 1] === owner) continue;
    if (rest.every((w, i) => words[k + 1 + i] === w))
      found.set(owner, { room: roomKey(label), words: rest.length + 1, owner: words.lastIndexOf(owner, k - 1) });
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}
