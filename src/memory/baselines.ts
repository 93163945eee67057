/**
 * Baseline retrievers for the retrieval analysis (paper Figure 8): BM25 and dense retrieval
 * over the raw prior interactions (instruction + trajectory text), and recall@k for them and
 * for Polar's graph retrieval alike.
 */
import type { RawInteraction } from "../mllm/index.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { dot } from "./embedders/embedder.ts";
import { lexicalTokens } from "./embedders/lexical.ts";
import type { StoredEpisode } from "./store.ts";

export interface RankedInteraction {
  interaction: RawInteraction;
  score: number;
}

export interface InteractionRetriever {
  readonly name: string;
  search(query: string, k: number): Promise<RankedInteraction[]>;
}

export function interactionText(x: RawInteraction): string {
  return `${x.instruction}\n${x.trajectory}`;
}

/** A store's episodes as the raw-interaction baseline sees them. */
export function rawInteractionsFromEpisodes(
  episodes: StoredEpisode[],
  categories?: Map<string, string>,
): RawInteraction[] {
  return episodes.map((e) => ({
    episodeId: e.id,
    timestamp: e.at,
    instruction: e.instruction,
    objectId: e.objectId,
    category: categories?.get(e.objectId),
    trajectory: e.trajectory,
  }));
}

/** Okapi BM25 (k1 = 1.2, b = 0.75) over the lexical tokens of each interaction. */
export class Bm25Retriever implements InteractionRetriever {
  readonly name = "bm25";
  private readonly docs: { x: RawInteraction; tf: Map<string, number>; len: number }[];
  private readonly df = new Map<string, number>();
  private readonly avgLen: number;

  constructor(
    interactions: RawInteraction[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = interactions.map((x) => {
      const tokens = lexicalTokens(interactionText(x));
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { x, tf, len: tokens.length };
    });
    this.avgLen = this.docs.reduce((s, d) => s + d.len, 0) / Math.max(1, this.docs.length);
  }

  async search(query: string, k: number): Promise<RankedInteraction[]> {
    const n = this.docs.length;
    const terms = [...new Set(lexicalTokens(query))];
    const scored = this.docs.map((d) => {
      let score = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * d.len) / (this.avgLen || 1)));
      }
      return { interaction: d.x, score };
    });
    return scored.sort((a, b) => b.score - a.score || b.interaction.timestamp - a.interaction.timestamp).slice(0, k);
  }
}

/** Dense retrieval: the same embedder as Polar, over whole interactions instead of statements. */
export class DenseRawRetriever implements InteractionRetriever {
  readonly name: string;
  private vectors?: Promise<Float32Array[]>;

  constructor(
    private readonly interactions: RawInteraction[],
    private readonly embedder: Embedder,
  ) {
    this.name = `dense-raw(${embedder.name})`;
  }

  async search(query: string, k: number): Promise<RankedInteraction[]> {
    this.vectors ??= this.embedder.embed(this.interactions.map(interactionText));
    const vs = await this.vectors;
    const [q] = await this.embedder.embed([query]);
    return this.interactions
      .map((x, i) => ({ interaction: x, score: dot(q, vs[i]) }))
      .sort((a, b) => b.score - a.score || b.interaction.timestamp - a.interaction.timestamp)
      .slice(0, k);
  }
}

/**
 * recall@k: the share of queries whose gold object is among the first k retrieved objects
 * (ranked object ids, best first; for the raw baselines, each retrieved interaction's object).
 */
export function recallAtK(results: { ranked: (string | undefined)[]; gold: string }[], k: number): number {
  if (results.length === 0) return 0;
  let hits = 0;
  for (const r of results) if (r.ranked.slice(0, k).includes(r.gold)) hits++;
  return hits / results.length;
}
