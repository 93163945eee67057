/**
 * Where the queue lives: a `redis://[:password@]host[:port][/db]` URL, checked before anything
 * connects, and the names of the keys one run uses.
 */
import type { ConnectionOptions } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import { ioredisPackage, rememberSecret } from "../util/index.ts";
import { QueueUnreachableError } from "./errors.ts";

export class QueueUrlError extends Error {}

/** How long `polar worker` and `polar eval --queue` wait for Redis to answer when they start. */
export const CONNECT_TIMEOUT_MS = 10_000;

export { QueueUnreachableError };

/**
 * A connection to the queue's Redis once it answers, or QueueUnreachableError after
 * `timeoutMs`. Past the first answer, ioredis reconnects on its own for as long as it takes (a
 * Redis restart mid-run is waited out); before it, nothing would ever say that nothing is there.
 */
export async function connectRedis(
  connection: ReturnType<typeof parseQueueUrl>,
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<Redis> {
  const redis = new (ioredisPackage().Redis)(connection);
  let last = "no answer";
  const onError = (e: Error) => {
    last = (e as NodeJS.ErrnoException).code === "ECONNREFUSED" ? "connection refused" : e.message;
  };
  redis.on("error", onError);
  const ready = await new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once("ready", () => {
      clearTimeout(timer);
      done(true);
    });
  });
  if (ready) return redis;
  redis.disconnect();
  const where = `${connection.host}:${connection.port}/${connection.db}`;
  throw new QueueUnreachableError(
    `cannot reach Redis at ${where} within ${timeoutMs / 1000} s (${last}): start it (redis-server --port ${connection.port}) or check --queue`,
  );
}

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
  rememberSecret(parsed.data.password);
  // BullMQ's blocking commands need ioredis to wait through a Redis restart, never give up
  return { ...parsed.data, maxRetriesPerRequest: null };
}

/** One queue per run, so workers can refuse a run without touching another's jobs. */
export const queueName = (runHash: string) => `polar-run-${runHash}`;
export const RUNS_KEY = "polar:runs";
/** published on when a run is added to RUNS_KEY, so waiting workers join it at once */
export const RUNS_CHANNEL = "polar:runs:added";
export const specKey = (runHash: string) => `polar:run:${runHash}`;
export const refusalsKey = (runHash: string) => `polar:run:${runHash}:refused`;
