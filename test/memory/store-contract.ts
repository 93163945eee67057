/**
 * The contract every MemoryStore passes (SQLite in sqlite-store.test.ts, Neo4j in its own test).
 * `open()` must reach the SAME database on every call within one suite run (so reopening and
 * embedder checks can be tested); tests isolate themselves by using fresh user ids, so a shared
 * Neo4j database works.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { type EpisodeWrite, MemoryScopeError, type MemoryStore, type StoreOptions } from "../../src/memory/store.ts";

export interface StoreFactory {
  open(opts: StoreOptions): Promise<MemoryStore>;
  /** called once after the suite (remove tmp dirs, stop servers) */
  dispose?(): Promise<void>;
}

export const CONTRACT_EMBEDDER = { name: "contract-test-embedder", dim: 8 };

/** A normalized 8-d vector from up to 8 numbers. */
export function vec(...values: number[]): Float32Array {
  const v = new Float32Array(8);
  values.forEach((x, i) => {
    v[i] = x;
  });
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

const user = (tag: string) => `u-${tag}-${randomUUID().slice(0, 8)}`;
const id = (tag: string) => `${tag}-${randomUUID()}`;

/** A write plan for a new object with new statements. */
function plan(opts: {
  objectId: string;
  at: number;
  matchedBy?: "new" | "id" | "image";
  statements?: EpisodeWrite["statements"];
  category?: string | null;
  image?: string | null;
  instruction?: string;
  success?: boolean;
}): EpisodeWrite {
  return {
    episode: {
      id: id("ep"),
      at: opts.at,
      instruction: opts.instruction ?? "bring me the mug my sister gave me",
      success: opts.success ?? true,
      trajectory: "kitchen -> living room; found in living room",
    },
    object: { id: opts.objectId, category: opts.category ?? "mug", matchedBy: opts.matchedBy ?? "new", detail: "" },
    instructionId: id("ins"),
    referenceImage: opts.image ? { id: id("img"), hash: opts.image, path: null } : null,
    statements: opts.statements ?? [
      { kind: "new", id: id("st"), text: "the user's sister gave them this mug", embedding: vec(1, 0, 0) },
      { kind: "new", id: id("st"), text: "used on weekday mornings", embedding: vec(0, 1, 0) },
    ],
    episodic: { id: id("epi"), text: "success: found in the living room; kitchen had nothing" },
  };
}

export function defineStoreContract(name: string, factory: StoreFactory): void {
  describe(`MemoryStore contract: ${name}`, () => {
    const opened: MemoryStore[] = [];
    const open = async (opts: StoreOptions = { embedder: CONTRACT_EMBEDDER }) => {
      const s = await factory.open(opts);
      opened.push(s);
      return s;
    };
    after(async () => {
      for (const s of opened) await s.close().catch(() => {});
      await factory.dispose?.();
    });

    it("refuses every operation without a user id", async () => {
      const s = await open();
      const bad = ["", "   ", undefined as unknown as string];
      for (const u of bad) {
        await assert.rejects(() => s.writeEpisode(u, plan({ objectId: "o", at: 1 })), MemoryScopeError);
        await assert.rejects(() => s.searchStatements(u, vec(1), 5), MemoryScopeError);
        await assert.rejects(() => s.statementLinks(u, ["x"]), MemoryScopeError);
        await assert.rejects(() => s.getObject(u, "o"), MemoryScopeError);
        await assert.rejects(() => s.listObjects(u), MemoryScopeError);
        await assert.rejects(() => s.objectMemories(u), MemoryScopeError);
        await assert.rejects(() => s.listImageHashes(u), MemoryScopeError);
        await assert.rejects(() => s.listEpisodes(u), MemoryScopeError);
        await assert.rejects(() => s.history(u), MemoryScopeError);
        await assert.rejects(() => s.stats(u), MemoryScopeError);
        await assert.rejects(() => s.clearUser(u), MemoryScopeError);
      }
    });

    it("writes an episode: object, statements, instruction, episodic, image, events", async () => {
      const s = await open();
      const u = user("write");
      const w = plan({ objectId: "mug_1", at: 1000, image: "0f0f0f0f0f0f0f0f" });
      const events = await s.writeEpisode(u, w);
      const kinds = events.map((e) => e.kind).sort();
      assert.deepEqual(kinds, [
        "episode_created",
        "episodic_created",
        "image_created",
        "instruction_created",
        "object_created",
        "statement_created",
        "statement_created",
        "user_created",
      ]);
      for (const e of events) {
        assert.equal(e.at, 1000);
        assert.ok(e.recordedAt > 0);
      }
      const stText = events.filter((e) => e.kind === "statement_created").map((e) => e.detail);
      assert.deepEqual(stText.sort(), ["the user's sister gave them this mug", "used on weekday mornings"]);

      const obj = await s.getObject(u, "mug_1");
      assert.deepEqual(obj, { objectId: "mug_1", category: "mug", createdAt: 1000, updatedAt: 1000 });
      const [mem] = await s.objectMemories(u, ["mug_1"]);
      assert.equal(mem.statements.length, 2);
      assert.ok(mem.statements.every((x) => x.episodeId === w.episode.id && x.at === 1000));
      assert.deepEqual(mem.instructions, [
        { id: w.instructionId, episodeId: w.episode.id, text: w.episode.instruction, at: 1000 },
      ]);
      assert.deepEqual(mem.episodic, [
        { id: w.episodic.id, episodeId: w.episode.id, text: w.episodic.text, success: true, at: 1000 },
      ]);
      assert.equal(mem.images.length, 1);
      assert.equal(mem.images[0].hash, "0f0f0f0f0f0f0f0f");
      assert.deepEqual(
        (await s.listImageHashes(u)).map((h) => [h.objectId, h.hash]),
        [["mug_1", "0f0f0f0f0f0f0f0f"]],
      );
      const eps = await s.listEpisodes(u);
      assert.equal(eps.length, 1);
      assert.equal(eps[0].objectId, "mug_1");
      assert.equal(eps[0].trajectory, w.episode.trajectory);
      const st = await s.stats(u);
      assert.deepEqual(
        { ...st, events: st.events > 0 },
        {
          objects: 1,
          statements: 2,
          statementLinks: 2,
          episodes: 1,
          episodic: 1,
          instructions: 1,
          images: 1,
          events: true,
        },
      );
    });

    it("searches statements by dot product, best first, within the limit", async () => {
      const s = await open();
      const u = user("search");
      await s.writeEpisode(
        u,
        plan({
          objectId: "o1",
          at: 10,
          statements: [
            { kind: "new", id: id("a"), text: "a", embedding: vec(1, 0, 0) },
            { kind: "new", id: id("b"), text: "b", embedding: vec(1, 1, 0) },
            { kind: "new", id: id("c"), text: "c", embedding: vec(0, 0, 1) },
          ],
        }),
      );
      const hits = await s.searchStatements(u, vec(1, 0.2, 0), 2);
      assert.deepEqual(
        hits.map((h) => h.statement.text),
        ["a", "b"],
      );
      const q = vec(1, 0.2, 0);
      assert.ok(Math.abs(hits[0].similarity - q[0]) < 1e-5, `similarity ${hits[0].similarity}`);
      assert.ok(Math.abs(hits[1].similarity - (q[0] + q[1]) / Math.SQRT2) < 1e-5);
      assert.equal(hits[0].statement.createdAt, 10);
      assert.equal((await s.searchStatements(u, q, 10)).length, 3);
      assert.deepEqual(await s.searchStatements(user("empty"), q, 5), []);
    });

    it("never returns one user's memories for another user", async () => {
      const s = await open();
      const alice = user("alice");
      const bob = user("bob");
      const aliceStatement = id("st");
      await s.writeEpisode(
        alice,
        plan({
          objectId: "shared_id",
          at: 5,
          image: "ffffffffffffffff",
          statements: [{ kind: "new", id: aliceStatement, text: "alice's secret mug", embedding: vec(1) }],
        }),
      );
      assert.deepEqual(await s.searchStatements(bob, vec(1), 5), []);
      assert.equal(await s.getObject(bob, "shared_id"), null);
      assert.deepEqual(await s.listObjects(bob), []);
      assert.deepEqual(await s.objectMemories(bob), []);
      assert.deepEqual(await s.objectMemories(bob, ["shared_id"]), []);
      assert.deepEqual(await s.statementLinks(bob, [aliceStatement]), []);
      assert.deepEqual(await s.listImageHashes(bob), []);
      assert.deepEqual(await s.listEpisodes(bob), []);
      assert.deepEqual(await s.history(bob), []);
      // Bob cannot attach himself to Alice's statement node, nor reuse her object.
      await assert.rejects(() =>
        s.writeEpisode(
          bob,
          plan({
            objectId: "bobs_mug",
            at: 6,
            statements: [{ kind: "link", id: aliceStatement, mergedText: "x", similarity: 1 }],
          }),
        ),
      );
      await assert.rejects(() => s.writeEpisode(bob, plan({ objectId: "shared_id", at: 6, matchedBy: "id" })));
      assert.equal((await s.stats(bob)).objects, 0);
      // The same object id for Bob is his own object, separate from Alice's.
      await s.writeEpisode(
        bob,
        plan({
          objectId: "shared_id",
          at: 7,
          category: "book",
          statements: [{ kind: "new", id: id("st"), text: "bob's book", embedding: vec(1) }],
        }),
      );
      const bobHits = await s.searchStatements(bob, vec(1), 5);
      assert.deepEqual(
        bobHits.map((h) => h.statement.text),
        ["bob's book"],
      );
      assert.equal((await s.getObject(bob, "shared_id"))?.category, "book");
      assert.equal((await s.getObject(alice, "shared_id"))?.category, "mug");
      const aliceHits = await s.searchStatements(alice, vec(1), 5);
      assert.deepEqual(
        aliceHits.map((h) => h.statement.text),
        ["alice's secret mug"],
      );
      // Clearing Bob leaves Alice intact.
      const ev = await s.clearUser(bob);
      assert.equal(ev.kind, "user_cleared");
      assert.equal((await s.stats(bob)).objects, 0);
      assert.deepEqual(await s.searchStatements(bob, vec(1), 5), []);
      assert.equal((await s.stats(alice)).statements, 1);
      assert.equal((await s.history(bob)).at(-1)?.kind, "user_cleared");
    });

    it("links a statement to another object with a newer edge instead of duplicating it", async () => {
      const s = await open();
      const u = user("link");
      const first = plan({ objectId: "mug_a", at: 100 });
      await s.writeEpisode(u, first);
      const sister = first.statements[0];
      await s.writeEpisode(
        u,
        plan({
          objectId: "mug_b",
          at: 200,
          statements: [{ kind: "link", id: sister.id, mergedText: "a gift from the user's sister", similarity: 0.95 }],
        }),
      );
      const st = await s.stats(u);
      assert.equal(st.statements, 2);
      assert.equal(st.statementLinks, 3);
      const links = await s.statementLinks(u, [sister.id]);
      assert.deepEqual(
        links.map((l) => [l.objectId, l.at]),
        [
          ["mug_b", 200],
          ["mug_a", 100],
        ],
      );
      const hist = await s.history(u);
      const linked = hist.find((e) => e.kind === "statement_linked");
      assert.equal(linked?.nodeId, sister.id);
      assert.equal(linked?.objectId, "mug_b");
      assert.match(linked?.detail ?? "", /a gift from the user's sister/);
      // history is oldest first; limit keeps the newest
      assert.ok(hist.every((e, i) => i === 0 || e.at >= hist[i - 1].at));
      const last2 = await s.history(u, { limit: 2 });
      assert.deepEqual(last2, hist.slice(-2));
    });

    it("supersedes an edge with the episode's time, keeps it, and records why", async () => {
      const s = await open();
      const u = user("supersede");
      const first = plan({ objectId: "watch_1", at: 100, category: "watch" });
      await s.writeEpisode(u, first);
      const [running] = first.statements;
      const office = id("st");
      const second = plan({
        objectId: "watch_1",
        at: 200,
        matchedBy: "id",
        category: "watch",
        statements: [
          { kind: "new", id: office, text: "the user wears this watch to the office", embedding: vec(0, 0, 1) },
        ],
      });
      second.invalidate = [
        { id: running.id, objectId: "watch_1", reason: 'by "the user wears this watch to the office"' },
      ];
      const events = await s.writeEpisode(u, second);
      const sup = events.find((e) => e.kind === "statement_superseded");
      assert.equal(sup?.nodeId, running.id);
      assert.equal(sup?.objectId, "watch_1");
      assert.equal(sup?.at, 200);
      assert.match(sup?.detail ?? "", /"the user's sister gave them this mug" superseded by "the user wears/);
      assert.ok((await s.history(u)).some((e) => e.kind === "statement_superseded" && e.nodeId === running.id));
      // nothing is deleted: the edge stays, with the time it stopped holding
      const links = await s.statementLinks(u, [running.id, office]);
      assert.deepEqual(
        links.map((l) => [l.statementId === office ? "office" : "running", l.objectId, l.at, l.invalidAt]),
        [
          ["office", "watch_1", 200, null],
          ["running", "watch_1", 100, 200],
        ],
      );
      const [mem] = await s.objectMemories(u, ["watch_1"]);
      assert.deepEqual(mem.statements.map((x) => [x.text, x.at, x.invalidAt]).sort(), [
        ["the user wears this watch to the office", 200, null],
        ["the user's sister gave them this mug", 100, 200],
        ["used on weekday mornings", 100, null],
      ]);
      assert.equal((await s.stats(u)).statements, 3);
      // an edge that no longer holds (or never existed) cannot be superseded: the write fails whole
      const before = await s.stats(u);
      for (const target of [running.id, "no-such-statement"]) {
        const again = plan({ objectId: "watch_1", at: 300, matchedBy: "id", category: "watch", statements: [] });
        again.invalidate = [{ id: target, objectId: "watch_1", reason: "again" }];
        await assert.rejects(() => s.writeEpisode(u, again), /cannot supersede/);
      }
      assert.deepEqual(await s.stats(u), before);
    });

    it("keeps facts about the user or another entity off every object", async () => {
      const s = await open();
      const u = user("facts");
      const rex = id("st");
      const w = plan({
        objectId: "ball_1",
        at: 100,
        category: "ball",
        statements: [
          { kind: "new", id: id("st"), text: "Rex chews this ball", embedding: vec(1, 0, 0) },
          { kind: "new", id: rex, text: "Rex is the user's neighbour's dog", embedding: vec(0, 1, 0), about: "user" },
        ],
      });
      const events = await s.writeEpisode(u, w);
      const created = events.find((e) => e.kind === "statement_created" && e.nodeId === rex);
      assert.equal(created?.objectId, null);
      assert.match(created?.detail ?? "", /about the user: Rex is/);
      const [mem] = await s.objectMemories(u, ["ball_1"]);
      assert.deepEqual(
        mem.statements.map((x) => x.text),
        ["Rex chews this ball"],
      );
      assert.equal((await s.searchStatements(u, vec(0, 1, 0), 1))[0].statement.id, rex);
      assert.deepEqual(
        (await s.statementLinks(u, [rex])).map((l) => [l.objectId, l.episodeId, l.at, l.invalidAt]),
        [[null, w.episode.id, 100, null]],
      );
      // restated in a later episode: a second edge from the user; then superseded by a third
      const later = plan({
        objectId: "ball_1",
        at: 200,
        matchedBy: "id",
        category: "ball",
        statements: [
          { kind: "link", id: rex, mergedText: "Rex is my neighbour's dog", similarity: 0.97, about: "user" },
        ],
      });
      await s.writeEpisode(u, later);
      const moved = plan({ objectId: "ball_1", at: 300, matchedBy: "id", category: "ball", statements: [] });
      moved.invalidate = [{ id: rex, objectId: null, reason: "by the user: Rex moved away" }];
      await s.writeEpisode(u, moved);
      assert.deepEqual(
        (await s.statementLinks(u, [rex])).map((l) => [l.objectId, l.at, l.invalidAt]),
        [
          [null, 200, 300],
          [null, 100, 300],
        ],
      );
      assert.equal((await s.stats(u)).statementLinks, 1, "object edges only");
      await s.clearUser(u);
      assert.deepEqual(await s.statementLinks(u, [rex]), []);
      assert.deepEqual(await s.searchStatements(u, vec(0, 1, 0), 1), []);
    });

    it("links a later episode to an existing object and keeps it updated", async () => {
      const s = await open();
      const u = user("obj");
      await s.writeEpisode(u, plan({ objectId: "mug_1", at: 100 }));
      const events = await s.writeEpisode(u, plan({ objectId: "mug_1", at: 300, matchedBy: "id" }));
      assert.ok(events.some((e) => e.kind === "object_linked" && e.nodeId === "mug_1"));
      assert.ok(!events.some((e) => e.kind === "user_created"));
      assert.deepEqual(await s.getObject(u, "mug_1"), {
        objectId: "mug_1",
        category: "mug",
        createdAt: 100,
        updatedAt: 300,
      });
      const [mem] = await s.objectMemories(u);
      assert.equal(mem.instructions.length, 2);
      assert.deepEqual(
        mem.episodic.map((e) => e.at),
        [300, 100],
      );
      assert.deepEqual(
        mem.statements.map((e) => e.at),
        [300, 300, 100, 100],
      );
      assert.deepEqual(
        (await s.listEpisodes(u)).map((e) => e.at),
        [100, 300],
      );
    });

    it("writes an episode all or nothing", async () => {
      const s = await open();
      const u = user("atomic");
      await s.writeEpisode(u, plan({ objectId: "mug_1", at: 100 }));
      const before = await s.stats(u);
      const historyBefore = await s.history(u);
      const failing: EpisodeWrite[] = [
        // new statements are written first, then the link to a statement that does not exist fails
        plan({
          objectId: "mug_2",
          at: 200,
          image: "0000000000000000",
          statements: [
            { kind: "new", id: id("st"), text: "fresh one", embedding: vec(0, 0, 0, 1) },
            { kind: "link", id: "no-such-statement", mergedText: "x", similarity: 1 },
          ],
        }),
        // "new" object that already exists
        plan({ objectId: "mug_1", at: 200, matchedBy: "new" }),
        // linking to an object that does not exist
        plan({ objectId: "mug_9", at: 200, matchedBy: "image" }),
        // wrong embedding dimension after a good statement
        plan({
          objectId: "mug_3",
          at: 200,
          statements: [
            { kind: "new", id: id("st"), text: "ok", embedding: vec(1) },
            { kind: "new", id: id("st"), text: "bad", embedding: new Float32Array(3) },
          ],
        }),
      ];
      for (const w of failing) await assert.rejects(() => s.writeEpisode(u, w));
      assert.deepEqual(await s.stats(u), before);
      assert.deepEqual(await s.history(u), historyBefore);
      assert.equal(await s.getObject(u, "mug_2"), null);
      assert.equal((await s.searchStatements(u, vec(0, 0, 0, 1), 5)).length, 2);
      assert.ok((await s.searchStatements(u, vec(0, 0, 0, 1), 5)).every((h) => h.statement.text !== "fresh one"));
    });

    it("persists across reopening and refuses another embedder's vectors", async () => {
      const s = await open();
      const u = user("persist");
      await s.writeEpisode(u, plan({ objectId: "mug_1", at: 100 }));
      assert.deepEqual(await s.embedder(), CONTRACT_EMBEDDER);
      const again = await open();
      assert.equal((await again.stats(u)).statements, 2);
      const hits = await again.searchStatements(u, vec(1), 1);
      assert.equal(hits[0].statement.text, "the user's sister gave them this mug");
      await assert.rejects(() => open({ embedder: { name: "some-other-embedder", dim: 8 } }), /contract-test-embedder/);
      await assert.rejects(() => open({ embedder: { name: CONTRACT_EMBEDDER.name, dim: 16 } }), /dim/);
      // read-only use without an embedder works
      const ro = await open({});
      assert.equal((await ro.listObjects(u)).length, 1);
    });
  });
}
