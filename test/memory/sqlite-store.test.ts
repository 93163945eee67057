import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import Database from "better-sqlite3";
import { indexFilePath } from "../../src/memory/index-file.ts";
import { MIGRATIONS } from "../../src/memory/sqlite-migrations.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { BLOCK_ROWS } from "../../src/memory/sqlite-vectors.ts";
import { CONTRACT_EMBEDDER, defineStoreContract, vec } from "./store-contract.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-sqlite-"));
const file = join(dir, "nested", "memory.db");

defineStoreContract("sqlite", {
  open: async (opts) => new SqliteMemoryStore(file, opts),
  dispose: async () => rmSync(dir, { recursive: true, force: true }),
});

const align8 = (n: number) => Math.ceil(n / 8) * 8;

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

  describe("vector blocks", () => {
    const dim = CONTRACT_EMBEDDER.dim;
    let seed = 31;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31) * 2 - 1;
    };
    const randomVec = () => Float32Array.from({ length: dim }, rand);
    const bruteForce = (rows: { id: string; v: Float32Array }[], q: Float32Array, k: number) =>
      rows
        .map((r, i) => ({ i, id: r.id, score: r.v.reduce((a, x, j) => a + x * q[j], 0) }))
        .sort((x, y) => y.score - x.score || x.i - y.i)
        .slice(0, k);
    const assertExact = async (store: SqliteMemoryStore, user: string, rows: { id: string; v: Float32Array }[]) => {
      for (let t = 0; t < 5; t++) {
        const q = randomVec();
        const want = bruteForce(rows, q, 6);
        const got = await store.searchStatements(user, q, 6);
        assert.deepEqual(
          got.map((h) => h.statement.id),
          want.map((w) => w.id),
        );
        for (const [n, h] of got.entries()) assert.ok(Math.abs(h.similarity - want[n].score) < 1e-9);
      }
    };
    const blocks = (path: string, user: string) => {
      const db = new Database(path, { readonly: true });
      const out = db
        .prepare("SELECT rowid AS r, block, rows, ids FROM statement_vectors WHERE user_id = ? ORDER BY block")
        .all(user) as { r: number; block: number; rows: number; ids: string }[];
      const order = db.prepare("SELECT id FROM statements WHERE user_id = ? ORDER BY rowid").pluck().all(user);
      db.close();
      return { blocks: out, ids: out.flatMap((b) => JSON.parse(b.ids) as string[]), order };
    };

    it("are written with the statements, across block boundaries, and dropped with the user", async () => {
      const path = join(own, "blocks.db");
      const a = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
      const rows = new Map<string, { id: string; v: Float32Array }[]>([
        ["u", []],
        ["other", []],
      ]);
      let ep = 0;
      // sizes that end exactly on a block, start a new one, and span several in one write
      for (const [user, n] of [
        ["u", 100],
        ["other", 3],
        ["u", BLOCK_ROWS - 100],
        ["u", 1],
        ["u", 2 * BLOCK_ROWS + 7],
        ["other", 5],
      ] as const) {
        ep++;
        const statements = Array.from({ length: n }, (_, j) => {
          const r = { id: `${user}-${ep}-${j}`, v: randomVec() };
          rows.get(user)?.push(r);
          return { kind: "new" as const, id: r.id, text: `t ${r.id}`, embedding: r.v };
        });
        await a.writeEpisode(user, {
          episode: { id: `ep${ep}`, at: ep, instruction: "x", success: true, trajectory: "" },
          object: { id: `o${ep}`, category: null, matchedBy: "new" as const, detail: "" },
          instructionId: `ins${ep}`,
          referenceImage: null,
          statements,
          episodic: { id: `epi${ep}`, text: "e" },
        });
      }
      const u = blocks(path, "u");
      assert.deepEqual(u.ids, u.order, "the blocks hold the user's statements in row order");
      assert.equal(u.ids.length, 3 * BLOCK_ROWS + 8);
      assert.deepEqual(
        u.blocks.map((b) => b.rows),
        [BLOCK_ROWS, BLOCK_ROWS, BLOCK_ROWS, 8],
      );
      assert.deepEqual(
        blocks(path, "other").ids,
        (rows.get("other") ?? []).map((r) => r.id),
      );
      // a fresh connection loads the blocks as they are (no rebuild: the same rows stay)
      const b = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
      await assertExact(b, "u", rows.get("u") ?? []);
      await assertExact(b, "other", rows.get("other") ?? []);
      assert.deepEqual(blocks(path, "u").blocks, u.blocks);
      await a.clearUser("u");
      assert.deepEqual(blocks(path, "u").blocks, []);
      assert.equal(blocks(path, "other").ids.length, 8);
      assert.deepEqual(await b.searchStatements("u", randomVec(), 3), []);
      await assertExact(b, "other", rows.get("other") ?? []);
      await a.close();
      await b.close();
    });

    it("load from the index file beside the database while it is current, never from a stale or torn one", async () => {
      const path = join(own, "index-file.db");
      const open = () => {
        const s = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
        s.indexFileMinRows = 50;
        return s;
      };
      const settle = () => new Promise((r) => setImmediate(r));
      const rows: { id: string; v: Float32Array }[] = [];
      let ep = 0;
      const write = async (store: SqliteMemoryStore, user: string, n: number) => {
        ep++;
        const statements = Array.from({ length: n }, (_, j) => {
          const r = { id: `${user}-f${ep}-${j}`, v: randomVec() };
          if (user === "u") rows.push(r);
          return { kind: "new" as const, id: r.id, text: `t ${r.id}`, embedding: r.v };
        });
        await store.writeEpisode(user, {
          episode: { id: `fe${ep}`, at: ep, instruction: "x", success: true, trajectory: "" },
          object: { id: `fo${ep}`, category: null, matchedBy: "new" as const, detail: "" },
          instructionId: `fins${ep}`,
          referenceImage: null,
          statements,
          episodic: { id: `fepi${ep}`, text: "e" },
        });
      };
      const writer = open();
      await write(writer, "u", 300);
      await write(writer, "other", 60);
      const file = indexFilePath(path, "u");

      const first = open();
      await assertExact(first, "u", rows);
      assert.equal(first.lastIndexSource, "blocks");
      await settle();
      assert.ok(existsSync(file), "a large index is kept as a file once loaded");
      const second = open();
      await assertExact(second, "u", rows);
      assert.equal(second.lastIndexSource, "file");

      // another write moves the user's generation: the file is stale, the blocks are read
      await write(writer, "u", 7);
      const third = open();
      await assertExact(third, "u", rows);
      assert.equal(third.lastIndexSource, "blocks");
      await settle();
      const fourth = open();
      await assertExact(fourth, "u", rows);
      assert.equal(fourth.lastIndexSource, "file", "written again at the new generation");

      // a torn file (cut short) is not trusted
      truncateSync(file, statSync(file).size - 100);
      const fifth = open();
      await assertExact(fifth, "u", rows);
      assert.equal(fifth.lastIndexSource, "blocks");

      await writer.clearUser("u");
      assert.ok(!existsSync(file), "cleared with the user's memory");
      const sixth = open();
      assert.deepEqual(await sixth.searchStatements("u", randomVec(), 3), []);
      for (const s of [writer, first, second, third, fourth, fifth, sixth]) await s.close();
    });

    it("an index file damaged without changing its size is not trusted; one that is no file, or its folder a file or FIFO, is no error", async () => {
      const path = join(own, "index-damage.db");
      const open = (p = path) => {
        const s = new SqliteMemoryStore(p, { embedder: CONTRACT_EMBEDDER });
        s.indexFileMinRows = 50;
        return s;
      };
      const settle = () => new Promise((r) => setImmediate(r));
      const rows: { id: string; v: Float32Array }[] = [];
      const write = async (store: SqliteMemoryStore, ep: number, n: number, into = rows) => {
        const statements = Array.from({ length: n }, (_, j) => {
          const r = { id: `d${ep}-${j}`, v: randomVec() };
          into.push(r);
          return { kind: "new" as const, id: r.id, text: `t ${r.id}`, embedding: r.v };
        });
        await store.writeEpisode("u", {
          episode: { id: `de${ep}`, at: ep, instruction: "x", success: true, trajectory: "" },
          object: { id: `do${ep}`, category: null, matchedBy: "new" as const, detail: "" },
          instructionId: `dins${ep}`,
          referenceImage: null,
          statements,
          episodic: { id: `depi${ep}`, text: "e" },
        });
      };
      const writer = open();
      await write(writer, 1, 300);
      const file = indexFilePath(path, "u");
      const loader = open();
      await assertExact(loader, "u", rows);
      await settle();
      const good = readFileSync(file);
      const check = open();
      await assertExact(check, "u", rows);
      assert.equal(check.lastIndexSource, "file", "the undamaged file is used");

      const idsAt = good.indexOf(Buffer.from('["d1-0"'));
      const idsEnd = good.indexOf(Buffer.from('"]'), idsAt) + 2;
      const damages: [string, (b: Buffer) => void][] = [
        ["a flipped byte in the int8 rows", (b) => (b[b.length - 7] ^= 0x55)],
        ["random bytes in the stats", (b) => randomBytes(64).copy(b, align8(idsEnd) + 40)],
        [
          "the ids array reversed",
          (b) => Buffer.from(JSON.stringify(JSON.parse(b.subarray(idsAt, idsEnd).toString()).reverse())).copy(b, idsAt),
        ],
      ];
      for (const [what, damage] of damages) {
        const bytes = Buffer.from(good);
        damage(bytes);
        assert.equal(bytes.length, good.length);
        assert.ok(!bytes.equals(good), what);
        writeFileSync(file, bytes);
        const s = open();
        await assertExact(s, "u", rows);
        assert.equal(s.lastIndexSource, "blocks", what);
        await settle();
        await s.close();
      }

      // the index folder's place taken by a regular file, or a FIFO: queries answer, nothing throws later
      for (const [what, make] of [
        ["a regular file", (p: string) => writeFileSync(p, "not a folder")],
        ["a FIFO", (p: string) => execFileSync("mkfifo", [p])],
      ] as const) {
        const other = join(own, `index-${what.replace(/\W/g, "")}.db`);
        const w = open(other);
        await write(w, 2, 80, []);
        make(`${other}-index`);
        const s = open(other);
        await s.searchStatements("u", randomVec(), 3);
        await settle();
        await new Promise((r) => setTimeout(r, 50));
        await s.clearUser("u");
        for (const x of [w, s]) await x.close();
      }

      // a killed writer's temporary file goes with the next write
      const dead = spawnSync(process.execPath, ["-e", ""]).pid as number;
      const stale = `${file}.${dead}.0badcafe.tmp`;
      writeFileSync(stale, "half an index");
      await write(writer, 3, 5);
      const after = open();
      await assertExact(after, "u", rows);
      await settle();
      assert.ok(existsSync(file));
      assert.ok(!existsSync(stale), "the dead writer's .tmp is gone");
      for (const x of [writer, loader, check, after]) await x.close();
    });

    it("are rebuilt once from the rows of a store written before them (schema 2)", async () => {
      const path = join(own, "v2.db");
      const db = new Database(path);
      db.pragma("journal_mode = WAL");
      for (const m of MIGRATIONS.slice(0, 2)) db.exec(m);
      db.pragma("user_version = 2");
      db.prepare("INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)").run(
        "embedder_name",
        CONTRACT_EMBEDDER.name,
        "embedder_dim",
        String(dim),
      );
      const rows = new Map<string, { id: string; v: Float32Array }[]>([
        ["u", []],
        ["w", []],
      ]);
      const insert = db.prepare(
        "INSERT INTO statements (id, user_id, text, embedding, created_at) VALUES (?, ?, ?, ?, ?)",
      );
      for (const user of ["u", "w"]) db.prepare("INSERT INTO users (user_id, created_at) VALUES (?, 0)").run(user);
      for (let i = 0; i < BLOCK_ROWS + 40; i++) {
        const user = i % 5 ? "u" : "w";
        const r = { id: `old-${i}`, v: randomVec() };
        rows.get(user)?.push(r);
        insert.run(r.id, user, `t${i}`, Buffer.from(r.v.buffer), i);
      }
      db.close();
      const s = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
      await assertExact(s, "u", rows.get("u") ?? []);
      const built = blocks(path, "u");
      assert.deepEqual(built.ids, built.order);
      assert.equal(built.ids.length, rows.get("u")?.length);
      assert.deepEqual(blocks(path, "w").blocks, [], "only the user searched is rebuilt");
      const again = new SqliteMemoryStore(path, { embedder: CONTRACT_EMBEDDER });
      await assertExact(again, "u", rows.get("u") ?? []);
      await assertExact(again, "w", rows.get("w") ?? []);
      assert.deepEqual(blocks(path, "u").blocks, built.blocks, "rebuilt once, then loaded as they are");
      await s.close();
      await again.close();
    });
  });
});
