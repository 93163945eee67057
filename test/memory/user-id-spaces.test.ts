/**
 * A user id with spaces around it is that user, in the memory store and in the rule library
 * alike.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { compileRule } from "../../src/rules/compile.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-user-id-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

test("a user id with spaces around it is that user, in the memory store and in the rule library alike", async () => {
  const store = new SqliteMemoryStore(join(tmp, "memory.db"), { embedder: { name: "t", dim: 4 } });
  const lib = new SqliteRuleLibrary(join(tmp, "rules.db"), { create: true });
  try {
    await store.clearUser(" u1 ");
    assert.equal((await store.history("u1")).length, 1, "the memory store trims");
    const draft = learn("stay out of the garage", [], { sceneId: "h", at: 1 }).items[0]?.draft;
    assert.ok(draft);
    await lib.apply(" u1 ", [{ op: "add", rule: draft, check: await compileRule(draft) }]);
    assert.equal((await lib.snapshot("u1")).rules.length, 1, "and so does the rule library");
    assert.equal((await lib.snapshot("u1  ")).rules.length, 1);
    assert.equal((await lib.snapshot("u2")).rules.length, 0);
  } finally {
    await store.close();
    await lib.close();
  }
});
