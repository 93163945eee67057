/**
 * Time left on a long job, from the pace since its first unit finished. The first unit carries
 * the job's start-up (models, memory, threads, a phase that learns before it tests), which no
 * later unit pays again: an estimate that counts it overstates the rest many times over. Until
 * two more units have finished there is no pace to tell, and the estimate says so.
 */
export class Pace {
  private first: { at: number; done: number } | null = null;

  /** Records progress: `done` units finished by `now` (ms). */
  mark(done: number, now = Date.now()): void {
    if (this.first === null && done > 0) this.first = { at: now, done };
  }

  /** Milliseconds left, or null while there is no pace yet. */
  leftMs(done: number, total: number, now = Date.now()): number | null {
    if (done >= total) return 0;
    if (this.first === null || done - this.first.done < 2 || now <= this.first.at) return null;
    return ((total - done) * (now - this.first.at)) / (done - this.first.done);
  }

  /** "ETA 3 min 05 s", "ETA estimating", or "done". */
  text(done: number, total: number, now = Date.now()): string {
    const left = this.leftMs(done, total, now);
    if (left === 0) return "done";
    return left === null ? "ETA estimating" : `ETA ${duration(left)}`;
  }
}

/** 185_000 → "3 min 05 s"; 42_000 → "42 s"; hours past an hour. */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} min`;
  return m > 0 ? `${m} min ${String(s).padStart(2, "0")} s` : `${s} s`;
}
