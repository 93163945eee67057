/**
 * The RuleLibrary contract: one suite that every store passes (SQLite and Neo4j).
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { compileRule } from "../../src/rules/compile.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { type RuleLibrary, RuleLibraryError } from "../../src/rules/library.ts";
import type { CompiledCheck, RuleDraft } from "../../src/rules/types.ts";

export interface ContractStore {
  open(): Promise<RuleLibrary>;
  dispose?(): Promise<void>;
}

async function taught(message: string): Promise<{ rule: RuleDraft; check: CompiledCheck }> {
  const d = learn(message, [], { sceneId: "house_7", at: 1 }).items[0]?.draft;
  assert.ok(d, message);
  return { rule: d, check: await compileRule(d) };
}

export function defineLibraryContract(name: string, store: ContractStore): void {
  describe(`RuleLibrary contract: ${name}`, () => {
    const opened: RuleLibrary[] = [];
    const open = async () => {
      const l = await store.open();
      opened.push(l);
      return l;
    };
    after(async () => {
      for (const l of opened) await l.close();
      await store.dispose?.();
    });
    const user = () => `u-${randomUUID().slice(0, 8)}`;

    it("an empty user has library version 0 and no rules", async () => {
      const lib = await open();
      const s = await lib.snapshot(user());
      assert.equal(s.libraryVersion, 0);
      assert.deepEqual(s.rules, []);
    });

    it("add, revise, retract: immutable versions linked by supersedes / retracts", async () => {
      const lib = await open();
      const u = user();
      const garage = await taught("stay out of the garage");
      const words = await taught("keep your replies under 15 words");
      const a = await lib.apply(u, [
        { op: "add", ...garage },
        { op: "add", ...words },
      ]);
      assert.equal(a.libraryVersion, 1, "one write is one library version");
      assert.deepEqual(
        a.written.map((w) => w.versionId),
        ["R1@1", "R2@1"],
      );
      const night = await taught("never go into the garage at night");
      const b = await lib.apply(u, [{ op: "revise", ruleId: "R1", base: "R1@1", ...night }], 2_000);
      assert.equal(b.libraryVersion, 2);
      assert.equal(b.written[0].supersedes, "R1@1");
      assert.equal(b.written[0].createdAt, 2_000);
      const c = await lib.apply(u, [
        { op: "retract", ruleId: "R2", base: "R2@1", quote: "forget the word limit", message: "forget the word limit" },
      ]);
      assert.equal(c.written[0].retracts, "R2@1");
      assert.equal(c.written[0].status, "retracted");

      const now = await lib.snapshot(u);
      assert.equal(now.libraryVersion, 3);
      assert.deepEqual(
        now.rules.map((r) => r.versionId),
        ["R1@2"],
      );
      assert.deepEqual(now.rules[0].rule.conditions[0]?.kind, "time");

      const v1 = await lib.versions(u, "R1");
      assert.deepEqual(
        v1.map((v) => [v.versionId, v.change, v.status]),
        [
          ["R1@1", "add", "active"],
          ["R1@2", "revise", "active"],
        ],
      );
      // the first version is unchanged by the revision
      assert.deepEqual(v1[0].rule, garage.rule);
      const h = await lib.history(u);
      assert.deepEqual(
        h.map((v) => v.versionId),
        ["R1@1", "R2@1", "R1@2", "R2@2"],
      );
    });

    it("a pinned library version stays the same while the library moves on", async () => {
      const lib = await open();
      const u = user();
      await lib.apply(u, [{ op: "add", ...(await taught("stay out of the garage")) }]);
      const pinned = await lib.snapshot(u);
      await lib.apply(u, [{ op: "add", ...(await taught("Always reply in JSON.")) }]);
      await lib.apply(u, [{ op: "retract", ruleId: "R1", base: "R1@1", quote: "x", message: "x" }]);
      const again = await lib.snapshot(u, pinned.libraryVersion);
      assert.deepEqual(again, pinned);
      assert.deepEqual(
        (await lib.snapshot(u)).rules.map((r) => r.ruleId),
        ["R2"],
      );
      await assert.rejects(lib.snapshot(u, 99), RuleLibraryError);
      // another connection sees the same
      const other = await open();
      assert.deepEqual(await other.snapshot(u, pinned.libraryVersion), pinned);
    });

    it("one user's rules never reach another", async () => {
      const lib = await open();
      const [a, b] = [user(), user()];
      await lib.apply(a, [{ op: "add", ...(await taught("stay out of the garage")) }]);
      assert.deepEqual((await lib.snapshot(b)).rules, []);
      assert.deepEqual(await lib.history(b), []);
      await assert.rejects(lib.versions(b, "R1"), /has no rule R1/);
      await assert.rejects(
        lib.apply(b, [{ op: "retract", ruleId: "R1", base: "R1@1", quote: "x", message: "x" }]),
        /has no rule R1/,
      );
      // b's own first rule is R1 too, and a's is untouched
      await lib.apply(b, [{ op: "add", ...(await taught("Never park in the hallway.")) }]);
      assert.equal((await lib.snapshot(a)).rules[0].rule.requirement.kind, "avoid_room");
      assert.equal((await lib.snapshot(b)).rules[0].rule.requirement.kind, "no_stop_in_room");
    });

    it("a stale base, a retracted rule, or a task-local rule is refused, and nothing of the write is kept", async () => {
      const lib = await open();
      const u = user();
      const g = await taught("stay out of the garage");
      await lib.apply(u, [{ op: "add", ...g }]);
      await lib.apply(u, [{ op: "revise", ruleId: "R1", base: "R1@1", ...g }]);
      await assert.rejects(lib.apply(u, [{ op: "revise", ruleId: "R1", base: "R1@1", ...g }]), /is at R1@2, not R1@1/);
      // all or nothing: the add before the bad retraction is not kept
      await assert.rejects(
        lib.apply(u, [
          { op: "add", ...(await taught("Always reply in JSON.")) },
          { op: "retract", ruleId: "R9", base: "R9@1", quote: "x", message: "x" },
        ]),
        RuleLibraryError,
      );
      assert.equal((await lib.snapshot(u)).libraryVersion, 2);
      assert.equal((await lib.history(u)).length, 2);
      await lib.apply(u, [{ op: "retract", ruleId: "R1", base: "R1@2", quote: "x", message: "x" }]);
      await assert.rejects(
        lib.apply(u, [{ op: "retract", ruleId: "R1", base: "R1@3", quote: "x", message: "x" }]),
        /retracted/,
      );
      const local = learn("not the bathroom this time", [], { at: 1 }).items[0].draft!;
      await assert.rejects(
        lib.apply(u, [{ op: "add", rule: local, check: { kind: "inactive", reason: "x" } }]),
        /never stored/,
      );
    });

    it("concurrent writers of one user get distinct rule ids and library versions", async () => {
      const [l1, l2] = [await open(), await open()];
      const u = user();
      const g = await taught("stay out of the garage");
      await Promise.all([
        l1.apply(u, [{ op: "add", ...g }]),
        l2.apply(u, [{ op: "add", ...g }]),
        l1.apply(u, [{ op: "add", ...g }]),
      ]);
      const s = await l1.snapshot(u);
      assert.equal(s.libraryVersion, 3);
      assert.deepEqual(s.rules.map((r) => r.ruleId).sort(), ["R1", "R2", "R3"]);
    });

    it("bad user ids are refused", async () => {
      const lib = await open();
      await assert.rejects(lib.snapshot(""), /bad user id/);
      await assert.rejects(lib.snapshot("   "), /bad user id/);
      await assert.rejects(lib.snapshot("a\u0000b"), /control characters/);
    });

    it("a user id with spaces around it is that user, as the memory store reads it", async () => {
      const lib = await open();
      const u = user();
      const written = await lib.apply(` ${u}  `, [{ op: "add", ...(await taught("stay out of the garage")) }]);
      assert.equal(written.written[0]?.userId, u, "stored under the trimmed id");
      assert.deepEqual(
        (await lib.snapshot(u)).rules.map((r) => r.ruleId),
        ["R1"],
      );
      assert.deepEqual(
        (await lib.history(`${u} `)).map((r) => r.versionId),
        ["R1@1"],
      );
    });
  });
}
