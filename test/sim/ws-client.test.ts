import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { WebSocketServer } from "ws";
import { SimError } from "../../src/sim/simulator.ts";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";

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
  after(() => new Promise<void>((r) => wss.close(() => r())));
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
});

test("a refused connection names the URL", async () => {
  const err = await WebSocketSimulator.connect("ws://127.0.0.1:1", { timeoutMs: 2000 }).catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(err.code, "connect_failed");
  assert.match(err.message, /ws:\/\/127\.0\.0\.1:1/);
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
