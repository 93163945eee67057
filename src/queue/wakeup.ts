/**
 * A poll loop's sleep that an event can cut short: the loop still looks every `ms` (the event
 * may be missed while Redis restarts), but a run published or a job finished is acted on at once
 * instead of up to a poll interval later, an interval every run would otherwise pay at each
 * hand-over (worker joins, gate releases, coordinator collects).
 */
export class Wakeup {
  private pending = false;
  private waiter: (() => void) | null = null;

  /** Ends the current (or the next) wait now. */
  wake(): void {
    this.pending = true;
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  /** Resolves after `ms`, on `wake()`, or at once if woken since the last wait. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.pending || signal?.aborted) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        this.waiter = null;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      this.waiter = done;
    });
  }
}
