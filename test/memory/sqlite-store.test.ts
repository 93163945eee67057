import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import Database from "better-sqlite3";
import { MIGRATIONS } from "../../src/memory/sqlite-migrations.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { CONTRACT_EMBEDDER, defineStoreContract, vec } from "./store-contract.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-sqlite-"));
const file = join(dir, "nested", "memory.db");

defineStoreContract("sqlite", {
  open: async (opts) => new SqliteMemoryStore(file, opts),
  dispose: async () => rmSync(dir, { recursive: true, force: true }),
});

describe("SqliteMemoryStore specifics", () => {
  const own = mkdtempSync(join(tmpdir(), "polar-sqlite-own-"));
  after(() => rmSync(own, { recursive: true, force: true }));

  it("uses WAL and records the schema version", async () => {
    const path = join(own, "v.db");
    const s = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
    await s.close();
    const db = new Database(path, { readonly: true });
    assert.equal(db.pragma("journal_mode", { simple: true }), "wal");
    assert.equal(db.pragma("user_version", { simple: true }), MIGRATIONS.length);
    db.close();
  });

  it("refuses a file written by a newer schema", () => {
    const path = join(own, "newer.db");
    const db = new Database(path);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    assert.throws(() => new SqliteMemoryStore(path), /schema version .* newer/);
  });

  it("rolls back a write that crashes half-way (injected failure)", async () => {
    const s = new SqliteMemoryStore(join(own, "crash.db"), { embedder: CONTRACT_EMBEDDER });
    let n = 0;
    s.onWriteStep = (step) => {
      if (step === "statement" && ++n === 2) throw new Error("power cut");
    };
    const w = {
      episode: { id: "ep1", at: 1, instruction: "bring the mug", success: true, trajectory: "" },
      object: { id: "mug", category: "mug", matchedBy: "new" as const, detail: "" },
      instructionId: "ins1",
      referenceImage: null,
      statements: [
        { kind: "new" as const, id: "s1", text: "one", embedding: vec(1) },
        { kind: "new" as const, id: "s2", text: "two", embedding: vec(0, 1) },
      ],
      episodic: { id: "epi1", text: "found it" },
    };
    await assert.rejects(() => s.writeEpisode("u", w), /power cut/);
    const st = await s.stats("u");
    assert.deepEqual(st, {
      objects: 0,
      statements: 0,
      statementLinks: 0,
      episodes: 0,
      episodic: 0,
      instructions: 0,
      images: 0,
      events: 0,
    });
    assert.deepEqual(await s.searchStatements("u", vec(1), 5), []);
    assert.equal(await s.embedder(), null);
    s.onWriteStep = undefined;
    await s.writeEpisode("u", w);
    assert.equal((await s.stats("u")).statements, 2);
    await s.close();
  });

  it("sees statements another connection wrote (cache invalidation)", async () => {
    const path = join(own, "two.db");
    const a = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
    const b = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
    const mk = (i: number) => ({
      episode: { id: `ep${i}`, at: i, instruction: "x", success: true, trajectory: "" },
      object: { id: `o${i}`, category: null, matchedBy: "new" as const, detail: "" },
      instructionId: `ins${i}`,
      referenceImage: null,
      statements: [{ kind: "new" as const, id: `s${i}`, text: `t${i}`, embedding: vec(1, i) }],
      episodic: { id: `epi${i}`, text: "e" },
    });
    await a.writeEpisode("u", mk(1));
    assert.equal((await b.searchStatements("u", vec(1), 5)).length, 1);
    await a.writeEpisode("u", mk(2));
    assert.equal((await b.searchStatements("u", vec(1), 5)).length, 2);
    assert.equal((await a.searchStatements("u", vec(1), 5)).length, 2);
    await a.close();
    await b.close();
  });

  it("searches exactly like brute force: cold, after its own writes, after another connection's", async () => {
    const path = join(own, "exact.db");
    const dim = CONTRACT_EMBEDDER.dim;
    let seed = 9;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31) * 2 - 1;
    };
    const all = new Map<string, { text: string; v: Float32Array }[]>([
      ["u", []],
      ["other", []],
    ]);
    let ep = 0;
    const write = async (store: SqliteMemoryStore, user: string, n: number) => {
      ep++;
      const statements = Array.from({ length: n }, (_, j) => {
        const v = Float32Array.from({ length: dim }, rand);
        const text = `${user} ${ep}.${j}`;
        all.get(user)?.push({ text, v });
        return { kind: "new" as const, id: `${user}-s${ep}-${j}`, text, embedding: v };
      });
      await store.writeEpisode(user, {
        episode: { id: `ep${ep}`, at: ep, instruction: "x", success: true, trajectory: "" },
        object: { id: `o${ep}`, category: null, matchedBy: "new" as const, detail: "" },
        instructionId: `ins${ep}`,
        referenceImage: null,
        statements,
        episodic: { id: `epi${ep}`, text: "e" },
      });
    };
    const check = async (store: SqliteMemoryStore, user: string) => {
      const q = Float32Array.from({ length: dim }, rand);
      const exact = (all.get(user) ?? [])
        .map((s, i) => ({ i, text: s.text, score: s.v.reduce((a, x, j) => a + x * q[j], 0) }))
        .sort((x, y) => y.score - x.score || x.i - y.i)
        .slice(0, 7);
      const got = await store.searchStatements(user, q, 7);
      assert.deepEqual(
        got.map((h) => h.statement.text),
        exact.map((e) => e.text),
      );
      for (const [n, h] of got.entries()) assert.ok(Math.abs(h.similarity - exact[n].score) < 1e-9);
    };
    const a = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
    for (let i = 0; i < 20; i++) await write(a, i % 4 ? "u" : "other", 10);
    const b = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
    await check(b, "u"); // cold: b builds the matrix from disk
    await check(b, "other");
    await write(b, "u", 5); // b's own write, appended to its cached matrix
    await check(b, "u");
    await write(a, "u", 5); // another connection commits, then b writes: b must not miss a's rows
    await write(b, "u", 5);
    await check(b, "u");
    await check(a, "u");
    await a.close();
    await b.close();
  });
});
