/**
 * The fallback embedder for machines without a dense model (neither BGE-M3 nor all-MiniLM-L6-v2
 * on disk), or when named (embedder.type lexical): hashed word, word-bigram and
 * character-trigram features (feature hashing with a sign bit), sublinear term frequency,
 * stop words dropped, a light suffix stemmer, L2-normalized. It matches shared words and
 * word pieces, not meanings ("tea" does not reach "mug"): a run that uses it says so.
 */
import { type Embedder, normalize } from "./embedder.ts";

export const LEXICAL_NAME = "lexical-hash-v1";

const STOP = new Set(
  "a an the and or of to in on at for with from by is are was were be been it its this that these those my me i you your we our they them their he she his her user user's users please can could would will bring get find go fetch take grab want need some".split(
    " ",
  ),
);

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function stem(w: string): string {
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

export function lexicalTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

export class LexicalEmbedder implements Embedder {
  readonly name = LEXICAL_NAME;
  readonly description: string;

  constructor(readonly dim = 2048) {
    this.description = `lexical fallback (hashed word + char n-grams, ${dim} dims) — no dense model`;
  }

  embedOne(text: string): Float32Array {
    // feature → [weight of its kind, occurrences]
    const counts = new Map<string, [number, number]>();
    const add = (f: string, w: number) => {
      const c = counts.get(f);
      if (c) c[1]++;
      else counts.set(f, [w, 1]);
    };
    const words = lexicalTokens(text);
    for (const [i, w] of words.entries()) {
      add(`w:${w}`, 1);
      if (i > 0) add(`b:${words[i - 1]}_${w}`, 0.5);
      const padded = `<${w}>`;
      for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25);
    }
    const v = new Float32Array(this.dim);
    for (const [f, [w, tf]] of counts) {
      const h = hash(f);
      const sign = h & 0x80000000 ? -1 : 1;
      v[h % this.dim] += sign * w * (1 + Math.log(tf));
    }
    return normalize(v);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}
