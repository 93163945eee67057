import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { type WebSocket, WebSocketServer } from "ws";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { createSimulator } from "../../src/sim/simulator-registry.ts";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";

/** A scripted bridge: `onRequest` decides what to do with each request frame. */
async function scriptedBridge(
  onRequest: (req: { id: number; verb: string }, send: (d: string | Buffer) => void, drop: () => void) => void,
) {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => wss.once("listening", r));
  wss.on("connection", (ws) => {
    ws.on("message", (data) =>
      onRequest(
        JSON.parse(String(data)),
        (d) => ws.send(d),
        () => ws.terminate(),
      ),
    );
  });
  // a failed assertion can leave a client connected: end it, or close() waits for ever
  after(() => {
    for (const c of wss.clients) c.terminate();
    return new Promise<void>((r) => wss.close(() => r()));
  });
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

const HELLO = {
  protocol: "1.0",
  simulator: "scripted",
  version: "0",
  verbs: ["hello"],
  actions: ["STOP"],
  views: ["front"],
  maxMessageBytes: 1024,
};

test("a bridge that never answers gives a timeout naming the URL and the verb", async () => {
  const url = await scriptedBridge(() => {});
  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 300, connectTimeoutMs: 20_000 });
  const err = await sim.hello().catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(err.code, "timeout");
  assert.match(err.message, new RegExp(url.replace(/[/.]/g, "\\$&")));
  assert.match(err.message, /hello/);
  assert.equal(err.infrastructure, true);
  assert.equal(err.url, url);
  await sim.close();
});

test("a dropped connection fails the request in flight and every later one, clearly", async () => {
  const url = await scriptedBridge((_req, _send, drop) => drop());
  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 5000 });
  const err = await sim.sceneInfo().catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(err.code, "disconnected");
  assert.match(err.message, /scene_info/);
  assert.ok(err.message.includes(url));
  const later = await sim.hello().catch((e) => e);
  assert.equal(later.code, "disconnected");
  assert.match(later.message, /hello/);
  assert.equal(err.infrastructure, true);
  assert.equal(later.infrastructure, true);
  assert.equal(isInfrastructureFailure(later), true);
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test("a refused connection names the URL and says refused, as an infrastructure failure", async () => {
  const err = await WebSocketSimulator.connect("ws://127.0.0.1:1", { timeoutMs: 2000 }).catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(err.code, "connect_failed");
  assert.equal(err.message, "cannot reach the simulator at ws://127.0.0.1:1 (connection refused)");
  assert.equal(err.infrastructure, true);
  assert.equal(err.url, "ws://127.0.0.1:1");
});

test("createSimulator on a simulator that is not running: one line saying how to start it", async () => {
  const port = await closedPort();
  const url = `ws://127.0.0.1:${port}`;
  const err = await createSimulator(SimulatorConfig.parse({ type: "websocket", url })).catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(
    err.message.split(";")[0],
    `cannot reach the simulator at ${url} (connection refused)`,
    "the cause first",
  );
  assert.match(err.message, new RegExp(`start it with polar sim serve --port ${port}\\b`));
  assert.match(err.message, /or fix simulator\.url$/);
  assert.doesNotMatch(err.message, /\n/);
  assert.equal(isInfrastructureFailure(err), true);
  const fromList = await createSimulator(SimulatorConfig.parse({ type: "websocket", urls: [url] }), { url }).catch(
    (e) => e,
  );
  assert.match(fromList.message, /or fix simulator\.urls$/);
});

test("polar run against a simulator that is not running prints one line, no stack trace", async () => {
  const port = await closedPort();
  const dir = mkdtempSync(join(tmpdir(), "polar-nosim-"));
  const config = join(dir, "config.yaml");
  writeFileSync(config, `simulator:\n  type: websocket\n  url: ws://127.0.0.1:${port}\n`);
  const r = spawnSync(
    process.execPath,
    [
      "bin/polar.js",
      "-c",
      config,
      "run",
      "--episode",
      "acq-u1-0001",
      "--backbone",
      "heuristic",
      "--out",
      join(dir, "out"),
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  assert.notEqual(r.status, 0);
  const lines = r.stderr.trim().split("\n");
  assert.equal(
    lines.at(-1),
    `polar: cannot reach the simulator at ws://127.0.0.1:${port} (connection refused); ` +
      `start it with polar sim serve --port ${port} ` +
      `(or the Habitat bridge: python -m polar_habitat.server --port ${port}) or fix simulator.url`,
    r.stderr,
  );
  assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack trace");
  assert.doesNotMatch(r.stderr, /SimError/);
});

test("error replies become SimErrors with the bridge's code and path", async () => {
  const url = await scriptedBridge((req, send) =>
    send(
      JSON.stringify({
        id: req.id,
        ok: false,
        error: { code: "invalid_params", message: "bad start", path: "params.start" },
      }),
    ),
  );
  const sim = await WebSocketSimulator.connect(url);
  const err = await sim.reset({ start: { position: [0, 0, 0], heading: 0 } }).catch((e) => e);
  assert.equal(err.code, "invalid_params");
  assert.equal(err.path, "params.start");
  assert.equal(err.message, "bad start");
  // the bridge answered and refused: a bug or the agent's doing, never infrastructure
  assert.equal(err.infrastructure, false);
  assert.equal(isInfrastructureFailure(err), false);
  // and the connection stays usable
  assert.equal(
    (await sim.reset({ start: { position: [0, 0, 0], heading: 0 } }).catch((e) => e)).code,
    "invalid_params",
  );
  await sim.close();
});

test("a reply that breaks the protocol is refused with the field named", async () => {
  const url = await scriptedBridge((req, send) =>
    send(JSON.stringify({ id: req.id, ok: true, result: { ...HELLO, verbs: "all" } })),
  );
  const sim = await WebSocketSimulator.connect(url);
  const err = await sim.hello().catch((e) => e);
  assert.equal(err.code, "bad_reply");
  assert.match(err.message, /result\.verbs/);
  assert.equal(err.infrastructure, false, "a bridge that breaks the protocol is a bug, not an outage");
  await sim.close();
});

test("binary frames are matched to the reply that announced them, even out of lockstep", async () => {
  const png = Buffer.from("not really a png, but 27 b.");
  const url = await scriptedBridge((req, send) => {
    const header = { view: "topdown", format: "png", width: 4, height: 4, bytes: png.length };
    const result = { image: header, metersPerPixel: 0.1, origin: [0, 0], images: [header] };
    // a late reply to an id nobody waits for, with its frame, must be skipped cleanly
    send(JSON.stringify({ id: 999, ok: true, result }));
    send(Buffer.from("stale frame.......!!!!!!!!!"));
    send(JSON.stringify({ id: req.id, ok: true, result }));
    send(png);
  });
  const sim = await WebSocketSimulator.connect(url);
  const map = await sim.topdown();
  assert.equal(map.imageData.length, 1);
  assert.deepEqual(map.imageData[0].data, png);
  await sim.close();
});

test("after a timeout, a late reply (and its frames) is never taken for a later answer: the connection is given up", async () => {
  // A bridge like the real one: one session per connection, requests handled one at a time in
  // order. It is frozen for the first load_scene (SIGSTOP, then SIGCONT): it answers 300 ms late,
  // with an image frame, after switching its scene, and only then reads the next request.
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => wss.once("listening", r));
  // a failed assertion can leave a client connected: end it, or close() waits for ever
  after(() => {
    for (const c of wss.clients) c.terminate();
    return new Promise<void>((r) => wss.close(() => r()));
  });
  const lateReplies: { socketOpen: boolean }[] = [];
  let connections = 0;
  wss.on("connection", (ws: WebSocket) => {
    const frozen = connections++ === 0;
    let scene = "A";
    let chain = Promise.resolve();
    ws.on("message", (data) => {
      const req = JSON.parse(String(data)) as { id: number; verb: string; params: { scene?: string } };
      chain = chain.then(async () => {
        if (req.verb === "load_scene") {
          if (frozen) await new Promise((r) => setTimeout(r, 300));
          scene = req.params.scene ?? scene;
          const frame = Buffer.from(`late frame of ${scene}`);
          const header = { view: "topdown", format: "png", width: 1, height: 1, bytes: frame.length };
          lateReplies.push({ socketOpen: ws.readyState === ws.OPEN });
          if (ws.readyState !== ws.OPEN) return;
          ws.send(JSON.stringify({ id: req.id, ok: true, result: { images: [header] } }));
          ws.send(frame);
          return;
        }
        const region = { id: "r1", label: `room of scene ${scene}`, waypoint: [0, 0, 0] };
        if (ws.readyState === ws.OPEN) {
          ws.send(JSON.stringify({ id: req.id, ok: true, result: { regions: [region], adjacency: [] } }));
        }
      });
    });
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;

  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 200, connectTimeoutMs: 5000 });
  const timedOut = await sim.loadScene({ scene: "B" }).catch((e) => e);
  assert.ok(timedOut instanceof SimError);
  assert.equal(timedOut.code, "timeout");
  assert.equal(timedOut.infrastructure, true);
  assert.match(timedOut.message, /load_scene/);

  // The caller still believes scene A is loaded; the bridge will switch to B when it resumes.
  // Whatever the bridge answers from now on comes from a session in a state nobody asked for,
  // so the next request must fail as infrastructure, not be answered with scene B's rooms.
  const next = await sim.sceneInfo().catch((e) => e);
  assert.ok(next instanceof SimError, `answered from the out-of-sync session: ${JSON.stringify(next)}`);
  assert.equal(next.code, "disconnected");
  assert.equal(next.infrastructure, true);
  assert.match(next.message, /scene_info/);
  assert.match(next.message, /load_scene got no reply within 200 ms/);

  // the late reply and its frame found the connection closed: nothing could pick them up
  await new Promise((r) => setTimeout(r, 400));
  assert.deepEqual(lateReplies, [{ socketOpen: false }]);

  // a fresh connection (what a runner opens after an infrastructure failure) answers correctly
  const fresh = await WebSocketSimulator.connect(url, { timeoutMs: 2000 });
  const info = await fresh.sceneInfo();
  assert.equal(info.regions[0].label, "room of scene A");
  await fresh.close();
  await sim.close();
});

test("avoidRegions on a 1.0 bridge (no plan_path.avoidRegions feature) fails clearly before plan_path is sent", async () => {
  const verbs: string[] = [];
  const plan = { actions: ["MOVE_FORWARD"], reachable: true, geodesic: 1 };
  const url = await scriptedBridge((req, send) => {
    verbs.push(req.verb);
    send(JSON.stringify({ id: req.id, ok: true, result: req.verb === "hello" ? HELLO : plan }));
  });
  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 5000 });
  const err = await sim.planPath({ goal: [1, 0, 1], avoidRegions: ["garage"] }).catch((e) => e);
  assert.ok(err instanceof SimError, String(err));
  assert.equal(err.code, "unsupported");
  assert.equal(err.path, "params.avoidRegions");
  assert.match(err.message, /plan_path\.avoidRegions/);
  assert.match(err.message, /scripted 0 \(protocol 1\.0\)/);
  assert.equal(err.infrastructure, false, "a missing feature is not a transport failure");
  assert.deepEqual(verbs, ["hello"], "the plan was never sent");
  // plain plans (and an empty list, which avoids nothing) still work on it, without regions
  assert.deepEqual(await sim.planPath({ goal: [1, 0, 1], avoidRegions: [] }), plan);
  assert.deepEqual(verbs, ["hello", "plan_path"]);
  await sim.close();
});

test("avoidRegions go through once hello lists the feature (asked once per connection)", async () => {
  const sent: { verb: string; params?: unknown }[] = [];
  const url = await scriptedBridge((req, send) => {
    sent.push(req as { verb: string; params?: unknown });
    const result =
      req.verb === "hello"
        ? { ...HELLO, protocol: "1.1", features: ["plan_path.avoidRegions"] }
        : { actions: [], reachable: false, geodesic: null, regions: ["a"] };
    send(JSON.stringify({ id: req.id, ok: true, result }));
  });
  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 5000 });
  for (let i = 0; i < 2; i++) {
    const r = await sim.planPath({ goal: [1, 0, 1], avoidRegions: ["b"] });
    assert.deepEqual(r.regions, ["a"]);
  }
  assert.deepEqual(
    sent.map((s) => s.verb),
    ["hello", "plan_path", "plan_path"],
  );
  assert.deepEqual(sent[1].params, { goal: [1, 0, 1], avoidRegions: ["b"] });
  await sim.close();
});
