/**
 * Times in the Neo4j memory store. They are stored as Neo4j DATETIMEs (UTC), so Neo4j Browser and
 * Cypher's date functions read them; a store written before held epoch milliseconds as integers,
 * and every read takes either through `ms`, which gives milliseconds.
 */
import type { DateTime } from "neo4j-driver";
import { neo4jPackage } from "../util/index.ts";

/** A Cypher expression: the time at `x` (a DATETIME or older integer milliseconds) as milliseconds. */
export const ms = (x: string) => `(CASE WHEN ${x} IS :: INTEGER THEN ${x} ELSE ${x}.epochMillis END)`;

/** epoch milliseconds as a Neo4j DATETIME in UTC */
export function neoDateTime(at: number): DateTime<number> {
  const d = new Date(at);
  return new (neo4jPackage().types.DateTime)(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds() * 1_000_000,
    0,
  );
}
