/**
 * Requests the dashboard must not trust, against `polar dashboard` started as a
 * user starts it, on a loopback port: an Origin it cannot trust, a request target it cannot
 * parse, names that every JavaScript object inherits, links out of the data folders, sessions
 * that share a house, and more sessions than it allows. After each case the server still answers.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { REPO_ROOT } from "../../src/config/load.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { type Child, startPolar } from "../cli/polar-process.ts";
import { TestClient } from "../dashboard/fixture.ts";

const SECRET = "SECRET-OUTSIDE-THE-DATA-FOLDERS-7f3a";
const tmp = mkdtempSync(join(tmpdir(), "polar-robust-dash-"));
const project = join(tmp, "project");
const outside = join(tmp, "outside");
let dash: Child;
let base: URL;

before(async () => {
  mkdirSync(project);
  mkdirSync(outside);
  symlinkSync(join(REPO_ROOT, "datasets"), join(project, "datasets"));
  // the file Object.prototype.toString names, where a plain-object lookup would find it
  writeFileSync(join(project, "[object Undefined]"), SECRET);
  writeFileSync(join(outside, "secret.txt"), `${SECRET}\n`);
  writeFileSync(join(outside, "results.jsonl"), `{"key":"${SECRET}"}\n`);
  const store = new SqliteMemoryStore(join(outside, "memory.db"), { embedder: { name: "test", dim: 4 } });
  await store.clearUser("u1");
  await store.close();

  // results/a: results.jsonl is a link out; results/b: a real one, its report.md a link out;
  // runs/m: memory.db a link out
  mkdirSync(join(project, "results", "a"), { recursive: true });
  symlinkSync(join(outside, "results.jsonl"), join(project, "results", "a", "results.jsonl"));
  mkdirSync(join(project, "results", "b", "report"), { recursive: true });
  writeFileSync(join(project, "results", "b", "results.jsonl"), "");
  symlinkSync(join(outside, "secret.txt"), join(project, "results", "b", "report", "report.md"));
  symlinkSync(join(outside, "secret.txt"), join(project, "results", "b", "progress.json"));
  mkdirSync(join(project, "runs", "m"), { recursive: true });
  symlinkSync(join(outside, "memory.db"), join(project, "runs", "m", "memory.db"));

  dash = startPolar(["dashboard", "--port", "0", "--max-sessions", "3"], {
    cwd: project,
    env: {
      ...process.env,
      POLAR_EMBEDDER__TYPE: "lexical",
      POLAR_MEMORY__PATH: join(project, "memory", "memory.db"),
    },
  });
  base = new URL((await dash.waitFor(/dashboard: (http:\/\/\S+)/, 60_000))[1]);
});
after(() => rmSync(tmp, { recursive: true, force: true }));

const wsUrl = () => `ws://${base.host}/ws`;

/** One raw HTTP exchange (fetch would normalise the target and the headers). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: base.hostname, port: base.port, path, headers, timeout: 5_000 }, (res) => {
      let body = "";
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 5 s")));
    req.on("error", (e) => fail(new Error(`${path}: ${e.message}; dashboard stderr:\n${dash.err()}`)));
    req.end();
  });
}

const upgrade = (origin: string) =>
  raw("/ws", {
    connection: "Upgrade",
    upgrade: "websocket",
    "sec-websocket-version": "13",
    "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    origin,
  });

async function stillServes(): Promise<void> {
  assert.equal(dash.child.exitCode, null, `the dashboard exited; stderr:\n${dash.err()}`);
  assert.equal((await raw("/")).status, 200);
}

test("Origin: null or an unparsable Origin is refused, and the server goes on", async () => {
  for (const origin of ["null", "http://[", "not a url", "file://", `http://evil.example:${base.port}`]) {
    const r = await upgrade(origin);
    assert.equal(r.status, 403, `Origin ${origin}: ${r.status} ${r.body}`);
    await stillServes();
  }
  // a request target no URL can be made of
  const r = await raw("//");
  assert.equal(r.status, 400);
  await stillServes();
  // the page's own origin still connects
  const c = await TestClient.open(wsUrl(), { origin: `http://${base.host}` });
  c.close();
});

test("names every object inherits are not files: 404, no internal message", async () => {
  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
    const r = await raw(`/vendor/${name}`);
    assert.equal(r.status, 404, `/vendor/${name}: ${r.status} ${r.body}`);
    assert.doesNotMatch(r.body, /TypeError|ENOENT|Cannot|is not a function|SECRET/);
  }
  assert.equal((await raw("/vendor/preact.mjs")).status, 200);
  await stillServes();
});

test("links out of the data folders are not followed: results.jsonl, report.md, progress.json, memory.db", async () => {
  const c = await TestClient.open(wsUrl());
  try {
    const ask = async (m: Record<string, unknown>) => {
      const n = c.messages.length;
      c.send(m);
      return c.next((x) => (x.type === m.type || x.type === "error") && c.messages.indexOf(x) >= n, 10_000);
    };
    const a = await ask({ type: "results", path: "results/a" });
    assert.equal(a.type, "error");
    assert.match(String(a.message), /results\/a\/results\.jsonl" is not a file or folder the dashboard can open/);

    const b = await ask({ type: "results", path: "results/b" });
    assert.equal(b.type, "results", JSON.stringify(b));
    assert.equal(b.report, null);
    assert.equal(b.progress, null);
    assert.ok((b.problems as string[]).some((p) => /report\.md" is not a file or folder/.test(p)));

    const m = await ask({ type: "memory", path: "runs/m", user: "u1" });
    assert.equal(m.type, "error");
    assert.match(String(m.message), /memory\.db" is not a file or folder the dashboard can open/);

    const f = await raw(`/files?path=${encodeURIComponent("results/b/report/report.md")}`);
    assert.equal(f.status, 404);
    for (const msg of c.messages) assert.doesNotMatch(JSON.stringify(msg), new RegExp(SECRET));
  } finally {
    c.close();
  }
  await stillServes();
});

const start = (c: TestClient, requestId: string, paceMs: number) =>
  c.send({
    type: "start",
    requestId,
    dataset: "datasets/polar-mini",
    episode: { id: "eval-u1-0005" },
    backbone: "heuristic",
    memory: "none",
    views: "agent",
    paceMs,
  });

test("stopping one session leaves the others of its house running; past --max-sessions a start is refused", async () => {
  const c = await TestClient.open(wsUrl());
  const started = async (requestId: string) =>
    (await c.next((x) => x.type === "started" && x.requestId === requestId)).session as { id: string };
  const statusOf = (id: string) => {
    const lists = c.messages.filter((m) => m.type === "sessions");
    const last = lists.at(-1)?.sessions as { id: string; status: string; note: string }[] | undefined;
    return last?.find((s) => s.id === id);
  };
  const sceneGraphOf = (id: string) =>
    c.next(
      (m) =>
        m.type === "events" &&
        m.stream === id &&
        (m.events as { type: string }[]).some((e) => e.type === "scene_graph"),
      30_000,
    );
  try {
    // the first session's simulator walks the house for the scene graph, slowly; the other
    // two wait on that walk
    start(c, "first", 40);
    const first = await started("first");
    start(c, "second", 0);
    start(c, "third", 0);
    const [second, third] = await Promise.all([started("second"), started("third")]);

    start(c, "fourth", 0);
    const refused = await c.next((m) => m.type === "error" && m.request === "start");
    assert.match(String(refused.message), /3 sessions are running.*--max-sessions 3.*stop one or wait/);

    c.send({ type: "stop", session: first.id });
    await c.next(() => statusOf(first.id)?.status === "stopped", 20_000);
    await Promise.all([sceneGraphOf(second.id), sceneGraphOf(third.id)]);
    for (const s of [second, third]) {
      const info = statusOf(s.id);
      assert.ok(info && !["stopped", "failed"].includes(info.status), `${s.id}: ${JSON.stringify(info)}`);
    }
  } finally {
    for (const m of c.messages.filter((x) => x.type === "started"))
      c.send({ type: "stop", session: (m.session as { id: string }).id });
    c.close();
  }
  await stillServes();
});
