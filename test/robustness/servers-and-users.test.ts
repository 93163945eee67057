/**
 * The probe's smaller cases (issue 25, defect 12): `polar sim serve` refuses a WebSocket from
 * another origin, "null" or an unparsable one as the dashboard does, against the real server
 * on a loopback port; and a user id with spaces around it is the same user in the memory store
 * and in the rule library.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import WebSocket from "ws";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { compileRule } from "../../src/rules/compile.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { startPolar } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-robust-small-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The handshake's answer: "open", or the HTTP status it was refused with. */
function handshake(url: string, origin?: string): Promise<string> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { headers: { origin } });
    const t = setTimeout(() => {
      ws.terminate();
      fail(new Error(`no answer from ${url} in 10 s`));
    }, 10_000);
    ws.once("open", () => {
      clearTimeout(t);
      ws.close();
      ok("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      clearTimeout(t);
      ws.terminate();
      ok(String(res.statusCode));
    });
    ws.once("error", (e) => {
      clearTimeout(t);
      if (!/Unexpected server response/.test(e.message)) fail(e);
    });
  });
}

test("12. polar sim serve: a WebSocket from another origin is refused (403); programs and its own origin connect", {
  timeout: 60_000,
}, async () => {
  const sim = startPolar(["sim", "serve", "--port", "0"]);
  const url = (await sim.waitFor(/listening on (ws:\/\/\S+)/, 45_000))[1];
  const host = new URL(url).host;
  for (const origin of ["http://evil.example", "null", "http://[", `https://other.example:${new URL(url).port}`])
    assert.equal(await handshake(url, origin), "403", `Origin ${origin}`);
  assert.equal(await handshake(url), "open", "no Origin: a program, not a page");
  assert.equal(await handshake(url, `http://${host}`), "open", "its own origin");
  assert.equal(sim.child.exitCode, null, sim.err());
  await sim.stop();
});

test("12. a user id with spaces around it is that user, in the memory store and in the rule library alike", async () => {
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
