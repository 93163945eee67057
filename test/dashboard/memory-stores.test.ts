/**
 * The dashboard's memory view on both stores: the same writes, read back as the same graph from
 * SQLite and from a REAL Neo4j at $NEO4J_URI (skipped without a server, unless REQUIRE_NEO4J=1).
 * A Neo4j memory folder, as an evaluation opens one, records its namespace (store.json): the
 * dashboard lists and shows it whatever store its own config defaults to, and `polar memory show
 * --memory-dir` finds it.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { createMemoryFactory, memoryConfigFor } from "../../src/compose/memory-factory.ts";
import { createRuntime } from "../../src/compose/wiring.ts";
import { loadConfig } from "../../src/config/load.ts";
import { listMemoryFolders, readMemoryGraph } from "../../src/dashboard/memory-view.ts";
import { DataRoots } from "../../src/dashboard/paths.ts";
import type { ScenarioSet } from "../../src/datasets/index.ts";
import { Neo4jConfig } from "../../src/memory/config.ts";
import { connectNeo4j } from "../../src/memory/neo4j-connect.ts";
import { dropNamespace } from "../../src/memory/neo4j-store.ts";
import type { Policy } from "../../src/mllm/index.ts";
import { runPolar } from "../cli/polar-process.ts";
import { writeBigMemory } from "./big-memory.ts";
import { testProject } from "./fixture.ts";

const uri = process.env.NEO4J_URI || "bolt://127.0.0.1:7687";
const required = process.env.REQUIRE_NEO4J === "1";
// In CI (REQUIRE_NEO4J=1) a busy machine may take more than 3 s to answer: wait and retry there;
// without a server locally the probe still gives up fast.
const PROBE = Neo4jConfig.parse({
  uri,
  namespace: "probe",
  retries: required ? 3 : 0,
  connectTimeoutMs: required ? 10_000 : 3000,
});

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
    admin = await connectNeo4j(PROBE);
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

test("a Neo4j memory folder records its namespace: the dashboard shows it from any config, polar memory finds it", async (t) => {
  const { dir } = testProject();
  const roots = new DataRoots(dir);
  let admin: Awaited<ReturnType<typeof connectNeo4j>>;
  try {
    admin = await connectNeo4j(PROBE);
  } catch (e) {
    if (required) throw new Error(`REQUIRE_NEO4J=1 but no Neo4j at ${uri}: ${(e as Error).message}`);
    t.skip(`no Neo4j at ${uri} (bash .ci/neo4j.sh start; REQUIRE_NEO4J=1 makes this a failure)`);
    return;
  }
  const base = `polar-eval-${randomUUID().slice(0, 8)}`;
  const neo = loadConfig({
    overrides: {
      embedder: { type: "lexical" },
      memory: { store: "neo4j", neo4j: { uri, namespace: base, retries: 0 } },
    },
  });
  const rel = "results/neo-eval/memory/heuristic";
  const folder = join(dir, rel);
  const ns = memoryConfigFor(neo, folder).neo4j.namespace;
  try {
    // the folder as an evaluation opens it: its memory graph's store, recorded beside it
    const factory = await createMemoryFactory(neo);
    const unused = { memorize: () => Promise.reject(new Error("not used")) } as unknown as Policy;
    const handle = await factory.open(folder, "heuristic", unused);
    await handle.close();
    await factory.close();
    const record = JSON.parse(readFileSync(join(folder, "store.json"), "utf8"));
    assert.deepEqual(record, { store: "neo4j", uri, namespace: ns });
    assert.match(ns, new RegExp(`^${base}\\.[0-9a-f]{10}$`));
    await writeBigMemory(neo, folder, "u9", 6);

    // the dashboard with the default store (SQLite) and the same server: listed and shown
    const plain = loadConfig({ overrides: { embedder: { type: "lexical" }, memory: { neo4j: { uri, retries: 0 } } } });
    assert.equal(plain.memory.store, "sqlite");
    assert.ok(listMemoryFolders(roots).includes(rel), listMemoryFolders(roots).join(", "));
    assert.ok(!existsSync(join(folder, "memory.db")));
    const g = await readMemoryGraph(plain, roots, rel, "u9");
    assert.match(g.store, new RegExp(`^neo4j .*namespace ${ns.replace(/\./g, "\\.")}`));
    assert.equal(g.nodes.filter((n) => n.kind === "object").length, 6);
    assert.ok(g.nodes.filter((n) => n.kind === "statement").every((n) => typeof n.at === "number" && n.at > 0));
    // a config for another server: refused, naming both (the password never goes to a server a file names)
    const other = loadConfig({ overrides: { memory: { neo4j: { uri: "bolt://127.0.0.1:1" } } } });
    await assert.rejects(readMemoryGraph(other, roots, rel, "u9"), (e: Error) => {
      assert.match(e.message, new RegExp(`is a Neo4j memory at ${uri} \\(namespace ${ns.replace(/\./g, "\\.")}\\)`));
      assert.match(e.message, /connects to bolt:\/\/127\.0\.0\.1:1/);
      return true;
    });

    // what the evaluation prints: the namespace and a command that needs nothing of its config
    // but the server (this test's server is not the default one)
    const noSet = { scenes: [] } as unknown as ScenarioSet;
    const note = createRuntime(neo, noSet, [], factory).memoryNote?.(folder, "heuristic") ?? "";
    assert.ok(note.includes(`namespace ${ns}`), note);
    const shown = uri === Neo4jConfig.parse({}).uri ? "" : `POLAR_MEMORY__NEO4J__URI=${uri} `;
    assert.ok(
      note.endsWith(
        `see it with: ${shown}polar memory show --memory-dir ${relative(process.cwd(), folder)} --user <user>`,
      ),
      note,
    );
    // polar memory show --memory-dir, as the evaluation's note says: the folder's store.json finds
    // the graph with the default (SQLite) store configured; only the server is the config's to say
    const r = await runPolar(["memory", "show", "--memory-dir", folder, "--user", "u9"], {
      cwd: dir,
      env: { ...process.env, POLAR_MEMORY__NEO4J__URI: uri, POLAR_EMBEDDER__TYPE: "lexical" },
      ms: 60_000,
    });
    assert.equal(r.code, 0, r.err);
    assert.ok(r.out.includes(`namespace ${ns}`), r.out.slice(0, 300));
    assert.match(r.out, /6 objects, 18 statements, 6 episodes/);
  } finally {
    await dropNamespace(admin, ns);
    await admin.driver.close();
  }
});
