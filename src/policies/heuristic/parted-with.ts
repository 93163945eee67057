/**
 * A request that says the user parted with an object ("now that I sold the old bike, …") asks
 * for another: the candidate its description names is left out of grounding. The description
 * names a candidate by its head (the category's name, or a word the candidate's own statements
 * use: "castle" for a toy first asked for as a wooden castle), its looks telling apart several; a
 * statement that itself tells of parting with something ("… the wooden castle the user donated")
 * describes that thing, not its object. When unsure (several named alike), none is left out.
 */
import { contentWords, namesOf, type PartedWith, partedWith, saysParted, wordSet } from "../../language/index.ts";
import type { MemoryCandidate } from "../../mllm/index.ts";

/** Heads that stand for a category's name ("the cracked one", "the old pair"). */
const STAND_IN = new Set(["one", "ones", "pair", "set"]);

function ownWords(c: MemoryCandidate): Set<string> {
  // a superseded fact still names its object ("the old kettle" is the kettle after its role moved)
  const said = c.statements.filter((s) => !saysParted(s.text)).map((s) => s.text);
  return new Set([...wordSet(said.join(" ")), ...(c.category ? contentWords([...namesOf(c.category)].join(" ")) : [])]);
}

/** The candidates one parted-with description names (by head, then narrowed by looks); none when unsure. */
function named(gone: PartedWith, candidates: { c: MemoryCandidate; words: Set<string> }[]): Set<MemoryCandidate> {
  const [head] = contentWords(gone.head);
  // "the enamel one": a word that stands for the category names every candidate, its looks tell them apart
  const standsIn = STAND_IN.has(gone.head);
  if (!head && !standsIn) return new Set();
  const byHead = standsIn ? candidates : candidates.filter((x) => x.words.has(head));
  if (byHead.length <= 1) return new Set(byHead.map((x) => x.c));
  const looks = contentWords(gone.looks.join(" "));
  const byLooks = looks.length ? byHead.filter((x) => looks.every((w) => x.words.has(w))) : [];
  return byLooks.length === 1 ? new Set([byLooks[0].c]) : new Set();
}

/** The candidates left once those the request says the user parted with are out (all of them when that would leave none). */
export function withoutParted(instruction: string, candidates: MemoryCandidate[]): MemoryCandidate[] {
  const gone = partedWith(instruction);
  if (gone.length === 0) return candidates;
  const words = candidates.map((c) => ({ c, words: ownWords(c) }));
  const out = new Set(gone.flatMap((g) => [...named(g, words)]));
  const kept = candidates.filter((c) => !out.has(c));
  return kept.length ? kept : candidates;
}
