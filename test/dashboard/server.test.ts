/**
 * The dashboard's server over a real socket, without a browser: bad messages get errors and
 * the server goes on; no path outside the data folders is readable (WebSocket or HTTP); a
 * non-loopback address needs the token; a browser that stops reading does not slow an episode;
 * two episodes run at once; a running evaluation's progress file is announced.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { hostname } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import { fileProgress } from "../../src/eval/progress-file.ts";
import { TestClient, testProject } from "./fixture.ts";

let dash: Dashboard;
let project: ReturnType<typeof testProject>;
const wsUrl = () => `${dash.url.replace(/^http/, "ws").replace(/\/(\?.*)?$/, "")}/ws`;

before(async () => {
  project = testProject();
  dash = await startDashboard({ config: project.config, projectDir: project.dir, port: 0, progressEveryMs: 100 });
});
after(async () => {
  await dash.close();
});

const start = (c: TestClient, extra: Record<string, unknown> = {}) =>
  c.send({
    type: "start",
    dataset: "datasets/polar-mini",
    episode: { id: "eval-u1-0005" },
    backbone: "heuristic",
    memory: "none",
    ...extra,
  });

test("bad messages are answered with an error naming what and where, and the connection lives on", async () => {
  const c = await TestClient.open(wsUrl());
  const bad: [unknown, RegExp][] = [
    ["{not json", /not JSON/],
    [{ type: "start", dataset: "datasets/polar-mini", episode: {}, backbone: "heuristic", memory: "none" }, /episode/],
    [
      { type: "start", dataset: "datasets/polar-mini", episode: { id: "nope" }, backbone: "heuristic", memory: "none" },
      /episode "nope" is not in scenario set/,
    ],
    [
      {
        type: "start",
        dataset: "datasets/polar-mini",
        episode: { id: "eval-u1-0005" },
        backbone: "../../etc/passwd",
        memory: "none",
      },
      /unknown backbone/,
    ],
    [
      {
        type: "start",
        dataset: "datasets/polar-mini",
        episode: { id: "eval-u1-0005" },
        backbone: "/etc/backbone.yaml",
        memory: "none",
      },
      /backbone file "\/etc\/backbone.yaml" is not a file the dashboard can open/,
    ],
    [{ type: "replay", path: "../../../../etc/passwd" }, /not a file or folder the dashboard can open/],
    [{ type: "results", path: "/etc" }, /not a file or folder the dashboard can open/],
    [{ type: "memory", path: "datasets/../../", user: "u1" }, /not a file or folder the dashboard can open/],
    [{ type: "images", stream: "replay:nothing", step: 3 }, /no session or replay/],
    [{ type: "stop", session: "s999" }, /no session "s999"/],
  ];
  for (const [m, want] of bad) {
    const n = c.messages.length;
    c.send(m);
    const e = await c.next((x) => x.type === "error" && c.messages.indexOf(x) >= n);
    assert.match(String(e.message), want, JSON.stringify(m));
  }
  c.send({ type: "catalogue" });
  const cat = await c.next((x) => x.type === "catalogue");
  assert.ok((cat.datasets as string[]).includes("datasets/polar-mini"));
  assert.ok((cat.backbones as string[]).includes("heuristic"));
  c.close();
});

test("HTTP serves the page and its modules, never a file outside the data folders", async () => {
  const get = (p: string) => fetch(new URL(p, dash.url));
  assert.equal((await get("/")).status, 200);
  assert.equal((await get("/vendor/preact.mjs")).status, 200);
  assert.equal((await get("/vendor/cytoscape.mjs")).status, 200);
  for (const icon of ["/favicon.ico", "/favicon.svg"]) {
    const r = await get(icon);
    assert.equal(r.status, 200, icon);
    assert.match(r.headers.get("content-type") ?? "", /image\/svg\+xml/);
    assert.match(await r.text(), /^<svg /);
  }
  for (const p of [
    "/app/../server.ts",
    "/vendor/../../package.json",
    "/files?path=../../../../etc/passwd",
    "/files?path=/etc/passwd",
    "/files?path=datasets/../package.json",
    "/files?path=" + encodeURIComponent(join(project.dir, "datasets", "..", "..", "etc", "passwd")),
  ])
    assert.equal((await get(p)).status, 404, p);
  const spoofed = await new Promise<number>((ok, fail) =>
    request(new URL("/", dash.url), { headers: { host: "evil.example:80" } }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    })
      .on("error", fail)
      .end(),
  );
  assert.equal(spoofed, 421, "DNS rebinding: a foreign Host header is refused on loopback");
  const foreign = TestClient.open(wsUrl(), { origin: "http://evil.example" });
  await assert.rejects(foreign, /403/);
});

test("any address but loopback needs the token it prints", async () => {
  const open = await startDashboard({ config: project.config, projectDir: project.dir, host: "0.0.0.0", port: 0 });
  try {
    assert.ok(open.token && open.token.length >= 16);
    assert.equal(new URL(open.url).hostname, hostname().toLowerCase(), "the printed URL names this machine");
    const base = new URL(open.url);
    const plain = `http://127.0.0.1:${base.port}`;
    assert.equal((await fetch(`${plain}/`)).status, 401);
    assert.equal((await fetch(`${plain}/?token=wrong`)).status, 401);
    assert.equal((await fetch(`${plain}/?token=${open.token}`)).status, 200);
    await assert.rejects(TestClient.open(`ws://127.0.0.1:${base.port}/ws`), /401/);
    const c = await TestClient.open(`ws://127.0.0.1:${base.port}/ws?token=${open.token}`);
    c.send({ type: "catalogue" });
    await c.next((m) => m.type === "catalogue");
    c.close();
  } finally {
    await open.close();
  }
});

test("a browser that stops reading does not hold an episode back; two run at once", async () => {
  // A watcher whose socket never reads, and two sessions at the same time. Timing is not what is
  // asserted (a busy machine makes any time bound flaky, and speed lives in the benchmarks): the
  // episodes must end while the stuck page still has events it never took, so nothing waited
  // for it, and its queue must stay bounded.
  const c = await TestClient.open(wsUrl());
  const stuck = await TestClient.open(wsUrl());
  (stuck.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  start(c, { requestId: "a" });
  const a = (await c.next((m) => m.type === "started" && m.requestId === "a")).session as { id: string };
  stuck.send({ type: "subscribe", stream: a.id });
  start(c, { requestId: "b" });
  const b = (await c.next((m) => m.type === "started" && m.requestId === "b")).session as { id: string };
  await c.next((m) => m.type === "sessions" && ended(m, a.id) && ended(m, b.id), 120_000);
  const sessions = (c.messages.filter((m) => m.type === "sessions").at(-1)?.sessions ?? []) as {
    id: string;
    status: string;
    note: string;
  }[];
  for (const id of [a.id, b.id]) assert.match(sessions.find((s) => s.id === id)?.note ?? "", /in 700 steps|success/);
  // both were under way at once: some sessions message lists neither as ended
  assert.ok(
    c.messages.some((m) => m.type === "sessions" && running(m, a.id) && running(m, b.id)),
    "the two sessions ran at the same time",
  );
  // the stuck page's channel: more events were meant for it than it was sent, or it was resynced
  const channels = dash.clients();
  assert.ok(
    channels.some((ch) => ch.stats.eventsQueued > ch.stats.eventsSent || ch.stats.resyncs > 0 || ch.pending.events > 0),
    `every channel caught up: ${JSON.stringify(channels.map((ch) => ch.stats))}`,
  );
  const queued = channels.map((ch) => ch.pending.events);
  assert.ok(Math.max(...queued) <= 5000, `queued events per client ${queued}`);
  stuck.ws.terminate();
  c.close();
});

test("a free instruction runs in the chosen house and says what it is measured against", async () => {
  const c = await TestClient.open(wsUrl());
  c.send({
    type: "start",
    dataset: "datasets/polar-mini",
    episode: { sceneId: "s2", userId: "u2", instruction: "bring me to the blue vase" },
    backbone: "heuristic",
    memory: "none",
    rules: "none",
    views: "agent",
  });
  const s = (await c.next((m) => m.type === "started")).session as { id: string; label: string; userId: string };
  assert.match(s.label, /^free instruction in s2 \(measured against eval-u2-\d+'s target\)$/);
  assert.equal(s.userId, "u2");
  const start = await c.next(
    (m) => m.type === "events" && (m.events as { type: string }[]).some((e) => e.type === "episode_start"),
  );
  const e = (start.events as { type: string; instruction?: string; sceneId?: string }[]).find(
    (x) => x.type === "episode_start",
  );
  assert.equal(e?.instruction, "bring me to the blue vase");
  assert.equal(e?.sceneId, "s2");
  c.send({ type: "stop", session: s.id });
  await c.next((m) => m.type === "sessions" && ended(m, s.id), 30_000);
  c.close();
});

test("a backbone YAML file inside the data folders is taken, as the CLI takes a path", async () => {
  writeFileSync(join(project.dir, "runs", "my-backbone.yaml"), "name: heuristic-copy\ntype: heuristic\n");
  const c = await TestClient.open(wsUrl());
  start(c, { backbone: "runs/my-backbone.yaml", rules: "none", views: "agent" });
  const s = (await c.next((m) => m.type === "started")).session as { id: string };
  const begun = await c.next(
    (m) => m.type === "events" && (m.events as { type: string }[]).some((e) => e.type === "episode_start"),
  );
  const e = (begun.events as { type: string; backbone?: string }[]).find((x) => x.type === "episode_start");
  assert.equal(e?.backbone, "heuristic-copy", "the file's backbone runs the episode");
  c.send({ type: "stop", session: s.id });
  await c.next((m) => m.type === "sessions" && ended(m, s.id), 30_000);
  c.close();
});

test("a running evaluation's progress file is announced to pages", async () => {
  const dir = join(project.dir, "results", "running");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "results.jsonl"), "");
  const c = await TestClient.open(wsUrl());
  const p = fileProgress(dir);
  p.start(40, 3);
  p.episode(true, "heuristic/none eval-u1-0001");
  const m = await c.next(
    (x) =>
      x.type === "progress" &&
      (x.runs as { path: string; done: number }[]).some((r) => r.path === "results/running" && r.done === 4),
  );
  const run = (m.runs as { path: string; alive: boolean; total: number }[]).find((r) => r.path === "results/running");
  assert.equal(run?.alive, true);
  assert.equal(run?.total, 40);
  p.stop();
  c.close();
});

function running(m: Record<string, unknown>, id: string): boolean {
  const s = (m.sessions as { id: string; status: string }[]).find((x) => x.id === id);
  return s !== undefined && (s.status === "running" || s.status === "preparing");
}

function ended(m: Record<string, unknown>, id: string): boolean {
  const s = (m.sessions as { id: string; status: string }[]).find((x) => x.id === id);
  return s !== undefined && (s.status === "ended" || s.status === "failed" || s.status === "stopped");
}
