/**
 * A worker's simulator sessions: up to one per job in flight, opened when first needed and
 * reused; a session that an infrastructure failure spent is closed, never handed out again.
 */
import type { EvalRuntime } from "../eval/index.ts";
import type { Simulator } from "../sim/index.ts";

export class SimPool {
  private idle: Simulator[] = [];
  private all = new Set<Simulator>();

  constructor(private readonly runtime: EvalRuntime) {}

  async take(): Promise<Simulator> {
    const sim = this.idle.pop() ?? (await this.runtime.openSimulators(1))[0];
    this.all.add(sim);
    return sim;
  }

  give(sim: Simulator): void {
    this.idle.push(sim);
  }

  async discard(sim: Simulator): Promise<void> {
    this.all.delete(sim);
    await sim.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.all].map((s) => s.close().catch(() => undefined)));
    this.all.clear();
    this.idle = [];
  }
}
