/**
 * `polar eval --concurrency N` on N worker threads (episode-thread.ts): the in-process
 * simulator, the rasterizer and the heuristic are CPU work, so episodes sharing one JS thread
 * gain nothing from being in flight together. Each thread plans the run from the same config
 * and holds its own simulator and memory connection; the main thread keeps the schedule, the
 * result file, the budget and the memory's lock.
 */
import { Worker } from "node:worker_threads";
import type { PolarConfig } from "../config/index.ts";
import type { ScenarioSet } from "../datasets/index.ts";
import type { EpisodeWorker, EpisodeWorkers } from "../eval/index.ts";
import { missingFrom } from "../util/index.ts";
import type { RunReply, ThreadReply, ThreadRequest } from "./episode-thread.ts";

/** The worker's entry: this folder's episode-thread, as TypeScript (through tsx) or as built JS. */
function spawn(config: PolarConfig, set: ScenarioSet, env: NodeJS.ProcessEnv | undefined): Worker {
  const typescript = import.meta.url.endsWith(".ts");
  const entry = new URL(`./episode-thread.${typescript ? "ts" : "js"}`, import.meta.url);
  // the set goes as data: each thread parsing and decoding the dataset again cost it ~0.2 s of CPU
  const opts = { workerData: { config, set }, ...(env ? { env } : {}) };
  if (!typescript) return new Worker(entry, opts);
  // a worker starts without the parent's tsx hooks (bin/polar.js registers them in code)
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...opts, eval: true });
}

class ThreadWorker implements EpisodeWorker {
  private pending: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  private dead: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (r: ThreadReply) => {
      const p = this.pending.shift();
      if (!p) return;
      if (r.ok) p.resolve(r.value);
      else p.reject(Object.assign(new Error(r.message), r.stack ? { stack: r.stack } : {}));
    });
    const fail = (e: Error) => {
      this.dead ??= e;
      for (const p of this.pending.splice(0)) p.reject(e);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`an episode thread exited (code ${code})`)));
  }

  static async start(config: PolarConfig, set: ScenarioSet, env?: NodeJS.ProcessEnv): Promise<ThreadWorker> {
    const w = new ThreadWorker(spawn(config, set, env));
    const { ready } = (await w.next()) as { ready: Record<string, string[]> }; // planned, simulator open
    const lacking = missingFrom(ready);
    if (lacking.length) {
      await w.close();
      throw new PluginsNotInThreads(lacking);
    }
    return w;
  }

  private next(): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }

  private request(r: ThreadRequest): Promise<unknown> {
    const reply = this.next();
    if (!this.dead) this.worker.postMessage(r);
    return reply;
  }

  async openBackbone(backbone: string, memoryDir: string): Promise<void> {
    await this.request({ kind: "open", backbone, memoryDir });
  }
  async releaseBackbone(): Promise<void> {
    await this.request({ kind: "release" });
  }
  async renewSimulator(): Promise<void> {
    await this.request({ kind: "renew" });
  }
  run(key: string, trajectoryDir: string | null): Promise<RunReply> {
    return this.request({ kind: "run", key, trajectoryDir }) as Promise<RunReply>;
  }
  async close(): Promise<void> {
    if (!this.dead) await this.request({ kind: "close" }).catch(() => undefined);
    await this.worker.terminate();
  }
}

/** Registered in this process only, so an episode thread could not run the episode as planned. */
export class PluginsNotInThreads extends Error {
  constructor(readonly names: string[]) {
    super(
      `registered in this process only, unknown to a worker thread: ${names.join(", ")} (list its module under plugins: in config and every thread loads it)`,
    );
    this.name = "PluginsNotInThreads";
  }
}

/** N threads for a run planned from `config`, each started before any episode. */
export function episodeThreads(config: PolarConfig, set: ScenarioSet, env?: NodeJS.ProcessEnv): EpisodeWorkers {
  return {
    async open(n) {
      const started = await Promise.allSettled(Array.from({ length: n }, () => ThreadWorker.start(config, set, env)));
      const failed = started.find((s) => s.status === "rejected");
      if (failed) {
        await Promise.all(started.map((s) => (s.status === "fulfilled" ? s.value.close() : undefined)));
        if (failed.reason instanceof PluginsNotInThreads) throw failed.reason;
        throw new Error(`an episode thread did not start: ${(failed.reason as Error)?.message ?? failed.reason}`);
      }
      return started.map((s) => (s as PromiseFulfilledResult<ThreadWorker>).value);
    },
  };
}
