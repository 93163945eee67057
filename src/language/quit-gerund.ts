/**
 * "quit calling me that", "quit parking in the hall": "quit" before a gerund ends that doing, as
 * "stop" does, so it reads as "stop", the verb of ending the grammar knows (its characters stay the
 * speaker's for every quote). "quit" before anything else ("quit it", "I quit") is left as said.
 */
import type { Token } from "./token.ts";

/** A word in "-ing" long enough to be a verb's gerund ("calling", "going"; never "king", "thing"). */
function isGerund(w: string | undefined): boolean {
  return w !== undefined && w.length > 5 && w.endsWith("ing") && !w.endsWith("thing");
}

export function quitAsStop(tokens: readonly Token[]): Token[] {
  return tokens.map((t, k) => (t.w === "quit" && !t.quoted && isGerund(tokens[k + 1]?.w) ? { ...t, w: "stop" } : t));
}
