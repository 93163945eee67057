/**
 * The dashboard's memory view on both stores: the same writes, read back as the same graph from
 * SQLite and from a REAL Neo4j at $NEO4J_URI (skipped without a server, unless REQUIRE_NEO4J=1).
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { readMemoryGraph } from "../../src/dashboard/memory-view.ts";
import { DataRoots } from "../../src/dashboard/paths.ts";
import { memoryConfigFor } from "../../src/eval/memory-factory.ts";
import { Neo4jConfig } from "../../src/memory/config.ts";
import { connectNeo4j } from "../../src/memory/neo4j-connect.ts";
import { dropNamespace } from "../../src/memory/neo4j-store.ts";
import { writeBigMemory } from "./big-memory.ts";
import { testProject } from "./fixture.ts";

const uri = process.env.NEO4J_URI || "bolt://127.0.0.1:7687";
const required = process.env.REQUIRE_NEO4J === "1";

function shape(g: Awaited<ReturnType<typeof readMemoryGraph>>) {
  const kinds: Record<string, number> = {};
  for (const n of g.nodes) kinds[n.kind] = (kinds[n.kind] ?? 0) + 1;
  return { kinds, labels: g.nodes.map((n) => `${n.kind}:${n.label}`).sort(), edges: g.edges.length };
}

test("the memory view reads the same graph from SQLite and from Neo4j", async (t) => {
  const { dir, config } = testProject();
  const roots = new DataRoots(dir);
  await writeBigMemory(config, join(dir, "runs", "m-sqlite"), "u9", 6);
  const fromSqlite = await readMemoryGraph(config, roots, "runs/m-sqlite", "u9");
  assert.equal(fromSqlite.nodes.length, 1 + 6 * 7);
  assert.deepEqual(shape(fromSqlite).kinds, {
    user: 1,
    object: 6,
    statement: 18,
    episodic: 6,
    instruction: 6,
    image: 6,
  });
  assert.match(fromSqlite.store, /^sqlite/);

  const neo = loadConfig({
    overrides: {
      embedder: { type: "lexical" },
      memory: { store: "neo4j", neo4j: { uri, namespace: `polar-dash-${randomUUID().slice(0, 8)}`, retries: 0 } },
    },
  });
  let admin: Awaited<ReturnType<typeof connectNeo4j>>;
  try {
    admin = await connectNeo4j(Neo4jConfig.parse({ uri, namespace: "probe", retries: 0, connectTimeoutMs: 3000 }));
  } catch (e) {
    if (required) throw new Error(`REQUIRE_NEO4J=1 but no Neo4j at ${uri}: ${(e as Error).message}`);
    t.skip(`no Neo4j at ${uri} (bash .ci/neo4j.sh start; REQUIRE_NEO4J=1 makes this a failure)`);
    return;
  }
  const folder = join(dir, "runs", "m-neo4j");
  try {
    await writeBigMemory(neo, folder, "u9", 6);
    const fromNeo4j = await readMemoryGraph(neo, roots, "runs/m-neo4j", "u9");
    assert.match(fromNeo4j.store, /^neo4j/);
    assert.deepEqual(shape(fromNeo4j), shape(fromSqlite));
  } finally {
    await dropNamespace(admin, memoryConfigFor(neo, folder).neo4j.namespace);
    await admin.driver.close();
  }
});
