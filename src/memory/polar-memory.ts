/**
 * The memory graph as the episode loop uses it (src/agent/memory-access.ts's PolarMemory):
 * retrieve top-k candidates, memorize a finished episode. One store, one embedder, one backbone.
 */
import type { CallRecord, MemorizeInput, MemoryCandidate, Policy } from "../mllm/index.ts";
import type { EmbedderConfig, MemoryConfig } from "./config.ts";
import { createStore } from "./create.ts";
import { createEmbedder } from "./embedders/create.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { type MemorizeResult, memorizeEpisode } from "./memorize.ts";
import { retrieve } from "./retrieve.ts";
import type { MemoryStore } from "./store.ts";

export class GraphMemory {
  /** the last memorization's outcome, for logs and the dashboard */
  lastMemorized?: MemorizeResult;
  /**
   * Memorization reads the graph (linking, de-duplication) before its write transaction, so two
   * episodes of one user in flight at once must not interleave: one chain per user.
   */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(
    readonly store: MemoryStore,
    readonly embedder: Embedder,
    private readonly policy: Pick<Policy, "memorize">,
    private readonly config: MemoryConfig,
    /** "now" for recency; an evaluation passes its episode clock */
    private readonly now: () => number = Date.now,
  ) {}

  /** `now` is the episode's time (ms); without it, the clock this memory was opened with */
  retrieve(userId: string, instruction: string, k: number, now?: number): Promise<MemoryCandidate[]> {
    return retrieve(this.store, this.embedder, userId, instruction, {
      k,
      now: now ?? this.now(),
      recencyWeight: this.config.recencyWeight,
      recencyHalfLifeDays: this.config.recencyHalfLifeDays,
    });
  }

  async photosOf(userId: string, category: string, now: number): Promise<{ objectId: string; path: string }[]> {
    const ids = (await this.store.listObjects(userId)).filter((o) => o.category === category).map((o) => o.objectId);
    if (ids.length === 0) return [];
    return (await this.store.objectMemories(userId, ids)).flatMap((m) => {
      // images are newest first
      const photo = m.images.find((i) => i.path !== null && i.at <= now);
      return photo?.path ? [{ objectId: m.object.objectId, path: photo.path }] : [];
    });
  }

  async memorize(
    input: MemorizeInput & { timestamp: number; referenceImagePath?: string },
    onCalls?: (calls: readonly CallRecord[]) => void,
  ): Promise<{ calls: CallRecord[] }> {
    const { timestamp, referenceImagePath, ...episode } = input;
    // with onCalls, the model's calls are handed over the moment they return: the store's write
    // comes after them and may fail, and a call made must be counted either way
    const policy: Pick<Policy, "memorize"> = onCalls
      ? {
          memorize: async (i) => {
            const d = await this.policy.memorize(i);
            onCalls(d.calls);
            return d;
          },
        }
      : this.policy;
    const previous = this.writing.get(input.userId) ?? Promise.resolve();
    const mine = previous
      .catch(() => undefined)
      .then(() =>
        memorizeEpisode(this.store, this.embedder, policy, episode, {
          at: timestamp,
          config: this.config,
          referenceImagePath,
        }),
      );
    this.writing.set(input.userId, mine);
    try {
      this.lastMemorized = await mine;
      return { calls: onCalls ? [] : this.lastMemorized.calls };
    } finally {
      if (this.writing.get(input.userId) === mine) this.writing.delete(input.userId);
    }
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.embedder.close?.();
  }
}

/** Embedder (auto: BGE-M3, else all-MiniLM-L6-v2, else the lexical fallback, with a notice) + store, from config. */
export async function openGraphMemory(
  config: { memory: MemoryConfig; embedder: EmbedderConfig },
  policy: Pick<Policy, "memorize">,
  opts: { onNotice?: (m: string) => void; now?: () => number } = {},
): Promise<GraphMemory> {
  const embedder = await createEmbedder(config.embedder, opts.onNotice);
  const store = await createStore(config.memory, { embedder: { name: embedder.name, dim: embedder.dim } });
  return new GraphMemory(store, embedder, policy, config.memory, opts.now);
}
