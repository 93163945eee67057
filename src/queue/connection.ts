/**
 * Where the queue lives: a `redis://[:password@]host[:port][/db]` URL, checked before anything
 * connects, and the names of the keys one run uses.
 */
import type { ConnectionOptions } from "bullmq";
import { z } from "zod";

export class QueueUrlError extends Error {}

const Url = z.strictObject({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  db: z.number().int().min(0).max(15),
  password: z.string().optional(),
});

export function parseQueueUrl(url: string): ConnectionOptions & z.infer<typeof Url> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueUrlError(`--queue expects redis://host:port/db, got "${url}"`);
  }
  if (u.protocol !== "redis:") throw new QueueUrlError(`--queue expects a redis:// URL, got "${url}"`);
  const db = u.pathname.replace(/^\//, "");
  const parsed = Url.safeParse({
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    db: db === "" ? 0 : Number(db),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new QueueUrlError(`--queue ${url}: ${first.path.join(".")}: ${first.message}`);
  }
  // BullMQ's blocking commands need ioredis to wait through a Redis restart, never give up
  return { ...parsed.data, maxRetriesPerRequest: null };
}

/** One queue per run, so workers can refuse a run without touching another's jobs. */
export const queueName = (runHash: string) => `polar-run-${runHash}`;
export const RUNS_KEY = "polar:runs";
export const specKey = (runHash: string) => `polar:run:${runHash}`;
export const refusalsKey = (runHash: string) => `polar:run:${runHash}:refused`;
