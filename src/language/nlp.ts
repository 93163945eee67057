/**
 * The NLP library the language part stands on: wink-nlp with its English model
 * (wink-eng-lite-web-model), loaded on first use and kept. Loading it costs about 0.2 s and
 * 30 MB, which `polar --help` and every command that reads no English must not pay, so nothing
 * imports the packages at start-up: `nlp()` requires them the first time a reader needs them.
 */
import { createRequire } from "node:module";

export interface NlpToken {
  /** the token as typed */
  text: string;
  /** lower case, contractions spelt out ("n't" → "not") */
  normal: string;
  /** Universal POS tag (NOUN, VERB, ADJ, ADP, AUX, PART, CCONJ, SCONJ, PRON, DET, NUM, PUNCT, …) */
  pos: string;
  /** inside the scope of a negation ("never go in the …": go, in, the, …) */
  negated: boolean;
  /** the spaces before it in the text (joining text after space rebuilds the text) */
  space: string;
}

export interface NlpDoc {
  sentences: string[];
  tokens: NlpToken[];
}

interface Wink {
  readDoc(text: string): {
    sentences(): { out(): string[] };
    tokens(): { out(f?: unknown): unknown[] };
  };
  its: Record<string, unknown>;
}

let wink: Wink | undefined;
/** The first id the library gives a word its lexicon lacks: every word read later that it lacks gets one at or above it. */
let firstUnknown = Number.POSITIVE_INFINITY;

function load(): Wink {
  if (wink) return wink;
  const require = createRequire(import.meta.url);
  const winkNLP = require("wink-nlp") as (model: unknown) => Wink;
  const w = winkNLP(require("wink-eng-lite-web-model"));
  // a word in no lexicon, read before anything else, marks where the lexicon's own ids end
  [firstUnknown] = w.readDoc("qzxjvkqzxjvk").tokens().out(w.its.uniqueId) as number[];
  wink = w;
  return w;
}

/** Whether a lower-case word is in the library's English lexicon ("hall", "lot"), not a slip ("hal", "lofft"). */
export function knownWord(word: string): boolean {
  const w = load();
  const ids = w.readDoc(word).tokens().out(w.its.uniqueId) as number[];
  return ids.length > 0 && ids.every((id) => id < firstUnknown);
}

/** The library's normal form of one word ("goin" is "going" to it), or the word when it has none. */
export function normalOf(word: string): string {
  const w = load();
  const normals = w.readDoc(word).tokens().out(w.its.normal) as string[];
  return normals.length === 1 ? normals[0] : word;
}

/** The library's reading of a text: its sentences and tagged tokens. */
export function read(text: string): NlpDoc {
  const w = load();
  const doc = w.readDoc(text);
  const its = w.its;
  const t = doc.tokens();
  const texts = t.out() as string[];
  const normals = t.out(its.normal) as string[];
  const pos = t.out(its.pos) as string[];
  const neg = t.out(its.negationFlag) as boolean[];
  const spaces = t.out(its.precedingSpaces) as string[];
  return {
    sentences: doc.sentences().out(),
    tokens: texts.map((x, i) => ({
      text: x,
      normal: normals[i],
      pos: pos[i],
      negated: neg[i] === true,
      space: spaces[i] ?? "",
    })),
  };
}
