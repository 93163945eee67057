/** A progress line's "time left": the rate so far carried over what remains, in words a person reads. */
export function eta(startedMs: number, done: number, total: number, nowMs = Date.now()): string {
  if (done >= total) return "done";
  const elapsed = nowMs - startedMs;
  if (done === 0 || elapsed <= 0) return "ETA unknown yet";
  const left = Math.round(((total - done) * elapsed) / done / 1000);
  const m = Math.floor(left / 60);
  const s = left % 60;
  return `ETA ${m > 0 ? `${m} min ${String(s).padStart(2, "0")} s` : `${s} s`}`;
}
