/**
 * What a semantic statement is about, read from its own words (never from a dataset's labels:
 * memorization sees what a robot sees). memorize.ts uses it to decide supersession:
 *
 *   kind      the dimension of personal context the statement holds (routine, preference, giver,
 *             occasion, owner, season, place), or null when no cue says (looks, free facts).
 *             A later statement of the same kind about the same object replaces the earlier one;
 *             routine and preference are exclusive (one object at a time), so a later statement
 *             of the same value about ANOTHER object moves it there.
 *   update    the words mark it as a change ("these days", "now", "instead", "from now on").
 *   retracts  it takes a fact back ("no longer", "not … anymore"): nothing new to store.
 *   about     "entity" when it is a fact about someone or something else that the episode
 *             mentioned in passing ("Rex is the user's neighbour's dog"): it names no object.
 *   value     the content words that identify the context's value, for "same value" tests.
 *
 *   replaces  a change of referent: the description of the object the fact was taken from.
 *
 * The English is read in the language part (src/language/statement-cues.ts: cue words, change
 * markers, retractions, value words); this file adds the PInNED categories and the shape memory
 * uses.
 */
import {
  aboutAnotherEntity,
  kindOf,
  plainStatement,
  type StatementKind,
  saysSwitch,
  valueTouches,
  valueWithin,
  valueWords as valueWordsAmong,
} from "../language/index.ts";
import { PINNED_CATEGORIES as CATEGORIES } from "../sim/index.ts";

export { STATEMENT_KINDS, type StatementKind } from "../language/index.ts";

/** One object at a time holds these: a later one with the same value moves to its new object. */
export const EXCLUSIVE_KINDS: readonly StatementKind[] = ["routine", "preference"];

export interface StatementInfo {
  /** the statement without its change markers ("these days", "instead"): what is stored */
  text: string;
  kind: StatementKind | null;
  update: boolean;
  retracts: boolean;
  about: "object" | "entity";
  /** stemmed content words naming the value (no subject, object, generic verbs or markers) */
  value: Set<string>;
  /**
   * a change of referent: the description of the object this fact was taken from ("… instead
   * of the striped mug" → "striped mug"), null when the words name none
   */
  replaces: string | null;
}

/** Content words naming a statement's value, the object's category and every PInNED one left out. */
export function valueWords(text: string, category: string | null): Set<string> {
  return valueWordsAmong(text, category ? [category, ...CATEGORIES] : CATEGORIES);
}

export { kindOf, valueOverlap } from "../language/index.ts";

/**
 * Whether a change names part of the value a held statement has (valueWithin); a change said with
 * a verb of changing over ("switched to …") says the role came from another object, and names
 * it when it shares a word of use with it (valueTouches).
 */
export function namesPartOf(
  change: StatementInfo,
  held: { text: string } | undefined,
  category: string | null,
): boolean {
  if (held === undefined || !change.update) return false;
  const value = valueWords(held.text, category);
  return valueWithin(change.value, value) || (saysSwitch(change.text) && valueTouches(change.value, value));
}

/** Reads a statement (first or third person). `category` is the episode's object category. */
export function readStatement(said: string, category: string | null): StatementInfo {
  const { text, read, update, retracts, replaced } = plainStatement(said);
  return {
    text,
    kind: kindOf(read),
    update,
    retracts,
    about: aboutAnotherEntity(read, category ? [category, ...CATEGORIES] : CATEGORIES) ? "entity" : "object",
    value: valueWords(read, category),
    replaces: replaced,
  };
}

/** Kinds of fact about what an object is used for, where and when: what a change of referent moves. */
export const USAGE_KINDS: readonly (StatementKind | null)[] = ["routine", "place", "season"];

/**
 * A change of referent whose own words name no kind of fact ("Black one's this mug now instead
 * of the white mug") says that the role the same message gives the object came from the object
 * it names: the message's usage facts about its object ("the mug is for the morning coffee") are
 * read as changes from it. Only when the message names one replaced object, and only its facts
 * that name no replaced object of their own; a change that names its own kind moves that fact alone.
 */
export function carryReferentChange(infos: StatementInfo[]): StatementInfo[] {
  const bare = new Set(infos.filter((i) => i.replaces !== null && i.kind === null).map((i) => i.replaces));
  const named = new Set(infos.filter((i) => i.replaces !== null).map((i) => i.replaces));
  if (bare.size !== 1 || named.size !== 1) return infos;
  const [replaces] = bare;
  return infos.map((i) =>
    i.about === "object" && i.replaces === null && !i.retracts && USAGE_KINDS.includes(i.kind)
      ? { ...i, replaces, update: true }
      : i,
  );
}
