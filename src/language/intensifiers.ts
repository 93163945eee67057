/**
 * Words said only for force inside a clause, left out before it is read, as a listener hears past
 * them: a reflexive stressing the subject right after it ("I myself"), an adverb of completeness
 * before a predicate of allowing ("is completely fine"), an expletive inside a phrasal verb ("keep the hell away from the den", "keep the heck away")
 * a formal adverb of performing by saying ("is hereby lifted"), and an aside of emphasis set off by commas right after a negation or a modal ("you must not,
 * under any circumstances, go in", "never, ever, stop there"), and an aside of stance right after
 * a word opening a condition ("unless, of course, I ask"). Without this the verb and its
 * particle, or the negation and its verb, are cut apart and the clause is asked back.
 *
 * Only words of these closed classes are left out, and only where they cannot say when or where:
 * an aside holding any other word stays, so no condition is ever lost. Tokens are only left out,
 * never changed, so quotes stay verbatim.
 */
import { wordTable } from "./token.ts";
import type { Token } from "./tokens.ts";

/** Nouns of an oath that English puts after "the" inside a phrasal verb. */
const OATH = /^(?:hell|heck|fuck|frick|blazes|dickens|devil|deuce)$/;
/** An oath sits between a verb and its particle: "stay the hell out", "get the heck away". */
const PARTICLE_AFTER = /^(?:out|outside|away|off|in|into|inside|clear|from|of|back)$/;
/** "bloody", "flipping": a curse word before the oath's noun ("the bloody hell"). */
const OATH_MODIFIER = /^(?:bloody|flipping|flaming|freaking|frigging|blooming)$/;

/** Formal adverbs of performing by saying ("hereby"): they say neither when nor where. */
const PERFORMATIVE = /^(?:hereby|herewith)$/;

/** What an aside of emphasis follows: a negation, or a modal before its verb. */
const HOST = /^(?:not|never|must|shall|should|will|to)$/;
/**
 * Asides that say every case, or only repeat for force: "ever", "under any circumstances",
 * "on any account", "for any reason", "whatsoever", "I repeat", "repeat". "at all" and "any time"
 * say every hour, no narrower than the clause without them.
 */
const EMPHASIS: readonly (readonly string[])[] = [
  ["ever"],
  ["whatsoever"],
  ["repeat"],
  ["i", "repeat"],
  ["at", "all"],
  ["at", "any", "time"],
  ["under", "any", "circumstances"],
  ["under", "any", "circumstance"],
  ["in", "any", "circumstances"],
  ["on", "any", "account"],
  ["for", "any", "reason"],
  ["in", "any", "case"],
];
const COMMA = /^(?:,|—|–|-)$/;

/** What an aside of the speaker's stance follows: a word opening a condition or an exception. */
const STANCE_HOST = /^(?:unless|except|if|when|but|only)$/;
/**
 * Asides that say only that what follows goes without saying ("unless, of course, I ask",
 * "except naturally when I call"): the condition holds as much without them.
 */
const STANCE: readonly (readonly string[])[] = [
  ["of", "course"],
  ["obviously"],
  ["naturally"],
  ["needless", "to", "say"],
  ["it", "goes", "without", "saying"],
];
/** A subject pronoun and the reflexive that stresses it ("I myself", "we ourselves"). */
const REFLEXIVE_OF: Readonly<Record<string, string>> = wordTable({
  i: "myself",
  we: "ourselves",
  he: "himself",
  she: "herself",
  they: "themselves",
});

/**
 * Adverbs of completeness said between a copula and a predicate of allowing, only for force:
 * "is completely fine", "'s all good again", "are totally ok". The predicate allows as much without them.
 */
const COMPLETELY = /^(?:perfectly|totally|completely|absolutely|entirely|quite|really|all|just)$/;
const COPULA_OF_STATE = /^(?:is|are|'s|was)$/;
const NOW_OR_AGAIN = /^(?:now|again)$/;
const ALLOWING = /^(?:fine|ok|okay|alright|allowed|good|safe|open|accessible)$/;

const at = (tokens: readonly Token[], k: number) => tokens[k]?.w ?? "";

/** The length of the emphasis phrase starting at k, or 0. */
function emphasisAt(tokens: readonly Token[], k: number): number {
  for (const phrase of EMPHASIS) if (phrase.every((w, i) => at(tokens, k + i) === w)) return phrase.length;
  return 0;
}

/** The length of the stance phrase starting at k, or 0. */
function stanceAt(tokens: readonly Token[], k: number): number {
  for (const phrase of STANCE) if (phrase.every((w, i) => at(tokens, k + i) === w)) return phrase.length;
  return 0;
}

/** The last token of a stance aside right after a condition's word at k (with its commas), or undefined. */
function stanceAsideEnd(tokens: readonly Token[], k: number): number | undefined {
  if (!STANCE_HOST.test(at(tokens, k))) return undefined;
  const open = COMMA.test(at(tokens, k + 1)) ? k + 2 : k + 1;
  const n = stanceAt(tokens, open);
  if (n === 0) return undefined;
  const end = COMMA.test(at(tokens, open + n)) ? open + n : open + n - 1;
  // the aside must lead on into its condition: a word, not the end of a sentence
  return /^[a-z]/.test(at(tokens, end + 1)) ? end : undefined;
}

/** The tokens a listener keeps: oaths inside a phrasal verb and asides of emphasis left out. */
export function withoutIntensifiers(tokens: readonly Token[]): Token[] {
  const drop = new Set<number>();
  for (let k = 0; k < tokens.length; k++) {
    // "the limit is hereby lifted": the formal adverb only says the saying is the act; it goes
    if (PERFORMATIVE.test(at(tokens, k))) {
      drop.add(k);
      continue;
    }
    // "stay the (bloody) hell out of": "the" and the oath go, the verb meets its particle again
    if (at(tokens, k) === "the" && k > 0) {
      const oath = OATH_MODIFIER.test(at(tokens, k + 1)) ? k + 2 : k + 1;
      if (OATH.test(at(tokens, oath)) && PARTICLE_AFTER.test(at(tokens, oath + 1))) {
        for (let d = k; d <= oath; d++) drop.add(d);
        k = oath;
        continue;
      }
    }
    // "the den is completely fine now": the adverb goes, the copula meets its predicate again
    if (COPULA_OF_STATE.test(at(tokens, k))) {
      const adv = NOW_OR_AGAIN.test(at(tokens, k + 1)) ? k + 2 : k + 1;
      if (COMPLETELY.test(at(tokens, adv)) && ALLOWING.test(at(tokens, adv + 1))) {
        drop.add(adv);
        k = adv;
        continue;
      }
    }
    // "unless we ourselves ask": a reflexive right after its own subject only stresses who
    if (REFLEXIVE_OF[at(tokens, k)] === at(tokens, k + 1)) {
      drop.add(k + 1);
      k += 1;
      continue;
    }
    // "unless, of course, I ask": the aside of stance and its commas go
    const stance = stanceAsideEnd(tokens, k);
    if (stance !== undefined) {
      for (let d = k + 1; d <= stance; d++) drop.add(d);
      k = stance;
      continue;
    }
    // "must not, under any circumstances, enter": the aside and the commas around it go
    if (HOST.test(at(tokens, k)) && COMMA.test(at(tokens, k + 1))) {
      const n = emphasisAt(tokens, k + 2);
      if (n === 0) continue;
      const after = k + 2 + n;
      const end = COMMA.test(at(tokens, after)) ? after : after - 1;
      // the aside must lead on into its clause: a word, not the end of a sentence
      if (!/^[a-z]/.test(at(tokens, end + 1))) continue;
      for (let d = k + 1; d <= end; d++) drop.add(d);
      k = end;
    }
  }
  return drop.size ? tokens.filter((_, k) => !drop.has(k)) : [...tokens];
}
