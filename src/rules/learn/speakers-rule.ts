/**
 * "My room is open to you again", said while the one rule in force about a person's own room is a
 * ban on Kofi's room: the speaker's room is that room. The learner has no speaker to resolve "my
 * room" to, so it is read this way only where the rules in force leave one room it can be: a single
 * rule about a room of a person's own (a house label "<name>'s room"). With none, or rules about
 * two people's rooms, "my room" stays unread and is asked, as before. The reply names the room, so
 * a wrong guess shows.
 */
import { roomKey, speakersRoomAt, type Token, tokenize } from "../../language/index.ts";
import type { RuleVersion } from "../types.ts";
import { roomsIn } from "./rooms-in.ts";

/** A room label of a person's own: "Kofi's room", "Bibi's bedroom". */
function ownedRoom(label: string): boolean {
  const w = tokenize(label).map((t) => t.w);
  return w.length >= 3 && w[w.length - 2] === "'s" && speakersRoomAt(["my", w[w.length - 1]], 0) === 2;
}

/** The tokens with "my room" read as the one person's room the rules in force name, when there is one. */
export function withSpeakersRuleRoom(
  tokens: readonly Token[],
  house: readonly string[],
  rules: readonly RuleVersion[],
): Token[] {
  // the house's own label for each room the rules in force name (a rule keeps its room as a key)
  const labelOf = (room: string) => house.find((h) => roomKey(h) === roomKey(room));
  const owned = new Set(
    rules.flatMap((v) => {
      const label =
        v.status === "active" && "room" in v.rule.requirement ? labelOf(v.rule.requirement.room) : undefined;
      return label && ownedRoom(label) ? [label] : [];
    }),
  );
  if (owned.size !== 1) return [...tokens];
  const [room] = owned;
  const words = tokens.map((t) => t.w);
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const n = speakersRoomAt(words, k);
    // a house with a room the words name ("my bedroom" of a house with a "bedroom") keeps its own reading
    if (!n || roomsIn(tokens, k, k + n, house).some((r) => !r.anaphor)) {
      out.push(tokens[k]);
      continue;
    }
    const { start } = tokens[k];
    const { end } = tokens[k + n - 1];
    for (const t of tokenize(room)) out.push({ w: t.w, start, end });
    k += n - 1;
  }
  return out;
}
