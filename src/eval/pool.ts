/**
 * Runs tasks with at most N in flight, each on a worker-owned resource (a simulator session),
 * stopping handing out new tasks once the signal aborts. Tasks already started finish.
 */
export async function runPool<T, R>(
  items: readonly T[],
  workers: readonly R[],
  task: (item: T, worker: R, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  await Promise.all(
    workers.map(async (worker) => {
      while (next < items.length && !signal?.aborted && errors.length === 0) {
        const i = next++;
        try {
          await task(items[i], worker, i);
        } catch (e) {
          errors.push(e);
        }
      }
    }),
  );
  if (errors.length) throw errors[0];
}
