/**
 * Packages loaded on first use. Start-up must not pay for a native or large package a command
 * never touches (better-sqlite3, neo4j-driver, ws, bullmq, ioredis, cli-progress, @mcap/core):
 * with each loaded here, any module, and so every part's entry file, can be imported for free,
 * and the package loads in the call that needs it. Node's require loads them synchronously, so
 * a constructor can use one; each is CommonJS (or ships a CommonJS build), and a package that
 * is not cannot be listed here. test/util/lazy-packages.test.ts holds every entry file to it.
 */
import { createRequire } from "node:module";

type BetterSqlite3 = typeof import("better-sqlite3");
type Neo4j = typeof import("neo4j-driver");
type Ws = typeof import("ws");
type CliProgress = typeof import("cli-progress");
type Mcap = typeof import("@mcap/core");
type Bullmq = typeof import("bullmq");
type Ioredis = typeof import("ioredis");

const requireHere = createRequire(import.meta.url);

function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(name) as T;
    return loaded;
  };
}

export const sqlitePackage = lazy<BetterSqlite3>("better-sqlite3");
export const neo4jPackage = lazy<Neo4j>("neo4j-driver");
export const wsPackage = lazy<Ws>("ws");
export const cliProgressPackage = lazy<CliProgress>("cli-progress");
export const mcapPackage = lazy<Mcap>("@mcap/core");
export const bullmqPackage = lazy<Bullmq>("bullmq");
export const ioredisPackage = lazy<Ioredis>("ioredis");
