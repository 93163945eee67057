/**
 * Reaching a Neo4j server: driver settings, the password from the env var the config names
 * (never logged, never put in a message), and a bounded connect-with-retries that fails with an
 * error naming the URI.
 */
import type { Driver } from "neo4j-driver";
import { neo4jPackage, rememberSecret } from "../util/index.ts";
import type { Neo4jConfig } from "./config.ts";
import { MemoryStoreError } from "./store.ts";

function isAuthFailure(e: unknown): boolean {
  return (
    e instanceof neo4jPackage().Neo4jError &&
    /Security\.(Unauthorized|AuthenticationRateLimit|CredentialsExpired)/.test(e.code)
  );
}

export interface Neo4jConnection {
  driver: Driver;
  /** the database to run on, or undefined for the server's default */
  database: string | undefined;
  uri: string;
}

/**
 * Opens a driver and proves the server answers, trying `1 + retries` times with a short
 * backoff. The worst case is bounded by (retries + 1) × connectTimeoutMs plus ≤ 2 s of waits
 * per retry; an authentication failure is not retried.
 */
export async function connectNeo4j(
  cfg: Neo4jConfig,
  env: NodeJS.ProcessEnv = process.env,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Neo4jConnection> {
  const password = env[cfg.passwordEnv];
  rememberSecret(password);
  const auth = password ? neo4jPackage().auth.basic(cfg.user, password) : neo4jPackage().auth.basic(cfg.user, "");
  let driver: Driver;
  try {
    driver = neo4jPackage().driver(cfg.uri, auth, {
      connectionTimeout: cfg.connectTimeoutMs,
      connectionAcquisitionTimeout: cfg.connectTimeoutMs * 2,
      // The driver's own retry loop for executeRead/executeWrite; kept short so that an outage
      // surfaces within seconds instead of the default 30 s.
      maxTransactionRetryTime: cfg.connectTimeoutMs * Math.max(1, cfg.retries),
      // Timestamps are ms since the epoch: safe integers, so plain numbers are lossless here.
      disableLosslessIntegers: true,
      userAgent: "polar-memory",
    });
  } catch (e) {
    throw new MemoryStoreError(`invalid Neo4j URI ${JSON.stringify(cfg.uri)}: ${(e as Error).message}`, { cause: e });
  }
  let last: unknown;
  const attempts = cfg.retries + 1;
  for (let i = 0; i < attempts; i++) {
    try {
      await driver.verifyConnectivity({ database: cfg.database });
      return { driver, database: cfg.database, uri: cfg.uri };
    } catch (e) {
      last = e;
      if (isAuthFailure(e)) {
        await driver.close();
        const how = password
          ? `user ${JSON.stringify(cfg.user)} with the password from $${cfg.passwordEnv}`
          : `user ${JSON.stringify(cfg.user)}: $${cfg.passwordEnv} is not set`;
        throw new MemoryStoreError(`Neo4j at ${cfg.uri} refused the credentials (${how})`, { cause: e });
      }
      if (i + 1 < attempts) await sleep(Math.min(250 * 2 ** i, 2000));
    }
  }
  await driver.close();
  throw new MemoryStoreError(
    `Neo4j at ${cfg.uri} is unreachable after ${attempts} attempt${attempts === 1 ? "" : "s"} ` +
      `(connect timeout ${cfg.connectTimeoutMs} ms): ${errorText(last)}. ` +
      "Start it (`bash .ci/neo4j.sh start` or `docker compose up neo4j`) or set memory.neo4j.uri.",
    { cause: last },
  );
}

export function errorText(e: unknown): string {
  if (e instanceof neo4jPackage().Neo4jError) return `${e.code}: ${e.message.split("\n")[0]}`;
  return e instanceof Error ? e.message : String(e);
}
