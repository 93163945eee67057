/**
 * One worker thread of `polar eval --concurrency N`: its own simulator, its own connection to
 * the run's memory and its own embedder, planned from the run's config exactly as the main
 * thread planned it, so an episode here is the episode the main thread would have run. It
 * answers one request at a time (thread-pool.ts sends them).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PolarConfig } from "../config/index.ts";
import type { ScenarioSet } from "../datasets/index.ts";
import { type BackboneRuntime, type EpisodeOutcome, type Job, planJobs, runKeeping } from "../eval/index.ts";
import type { Simulator } from "../sim/index.ts";
import { registeredNames } from "../util/index.ts";
import { createMemoryFactory } from "./memory-factory.ts";
import { loadPlugins } from "./plugins.ts";
import { buildPlan } from "./setup.ts";
import { createRuntime } from "./wiring.ts";

export type ThreadRequest =
  | { kind: "open"; backbone: string; memoryDir: string }
  | { kind: "run"; key: string; trajectoryDir: string | null }
  | { kind: "release" }
  | { kind: "renew" }
  | { kind: "close" };

export type ThreadReply = { ok: true; value: unknown } | { ok: false; message: string; stack?: string };

/** The episode's outcome; the harness's recall is the main thread's (one embedding of a user's pool for all threads). */
export interface RunReply {
  outcome: EpisodeOutcome;
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("episode-thread.ts runs as a worker thread of polar eval");
  const { config, set } = workerData as { config: PolarConfig; set: ScenarioSet };
  // a fresh realm: the config's plugins register their names here too before anything is planned
  await loadPlugins(config.plugins);
  const { plan, backbones } = await buildPlan(config, process.env, { measuresKnown: false, set });
  // the main thread has said which embedder the run uses: once is enough. Warmed before the
  // thread says it is ready, so no episode of this thread waits for the model to load
  const runtime = createRuntime(
    config,
    plan.set,
    backbones,
    await createMemoryFactory(config, () => {}, { warm: true }),
  );
  const byKey = new Map<string, Job>(planJobs(plan).map((j) => [j.key, j]));
  let [sim]: Simulator[] = await runtime.openSimulators(1);
  let bb: BackboneRuntime | null = null;

  const handle = async (r: ThreadRequest): Promise<unknown> => {
    switch (r.kind) {
      case "open":
        await bb?.close();
        bb = null;
        bb = await runtime.openBackbone(r.backbone, r.memoryDir);
        return null;
      case "release":
        await bb?.close();
        bb = null;
        return null;
      case "renew":
        await sim.close().catch(() => undefined);
        [sim] = await runtime.openSimulators(1);
        return null;
      case "close":
        await bb?.close();
        bb = null;
        await sim.close().catch(() => undefined);
        await runtime.close();
        return null;
      case "run": {
        const job = byKey.get(r.key);
        if (!job) throw new Error(`${r.key} is not a unit of this run as this thread planned it`);
        if (!bb || bb.name !== job.backbone) throw new Error(`${r.key}: backbone ${job.backbone} is not open here`);
        const outcome = await runKeeping(bb, job, sim, r.trajectoryDir);
        return { outcome } satisfies RunReply;
      }
    }
  };

  // one request at a time, in order: the main thread waits for each reply before the next
  let chain = Promise.resolve();
  port.on("message", (r: ThreadRequest) => {
    chain = chain.then(async () => {
      try {
        port.postMessage({ ok: true, value: await handle(r) } satisfies ThreadReply);
      } catch (e) {
        const err = e as Error;
        port.postMessage({ ok: false, message: err?.message ?? String(e), stack: err?.stack } satisfies ThreadReply);
      }
    });
  });
  // ready, with what this thread knows by name: the main thread falls back to itself when it
  // registered a plug-in (a measure, a provider) that this thread, a fresh realm, never saw
  port.postMessage({ ok: true, value: { ready: registeredNames() } } satisfies ThreadReply);
}

await main();
