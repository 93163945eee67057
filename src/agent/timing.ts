/**
 * Wall-clock accounting by category, so the agent's own time per step can be reported apart
 * from the model's, the simulator's and memory's.
 */
export class Stopwatch {
  private readonly totals = new Map<string, number>();

  async time<T>(category: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.totals.set(category, (this.totals.get(category) ?? 0) + performance.now() - t0);
    }
  }

  ms(category: string): number {
    return this.totals.get(category) ?? 0;
  }
}
