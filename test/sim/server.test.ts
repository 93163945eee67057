import assert from "node:assert/strict";
import { after, test } from "node:test";
import WebSocket from "ws";
import { HARD_LIMIT_BYTES, startServer } from "../../sim-bridge/embedded/server.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";

const server = await startServer({ config: SimulatorConfig.parse({}) });
after(() => server.close());

test("a message over the socket's hard limit closes that connection only", async () => {
  const ws = new WebSocket(server.url);
  await new Promise((r) => ws.once("open", r));
  const code = await new Promise<number>((resolve) => {
    ws.once("close", (c) => resolve(c));
    ws.on("error", () => {});
    ws.send("x".repeat(HARD_LIMIT_BYTES + 1));
  });
  assert.equal(code, 1009);
  const sim = await WebSocketSimulator.connect(server.url);
  assert.equal((await sim.hello()).simulator, "polar-embedded");
  await sim.close();
});

test("several sessions at once keep their own scene and episode", async () => {
  const sims = await Promise.all([1, 2, 3, 4].map(() => WebSocketSimulator.connect(server.url)));
  await Promise.all(sims.map((sim, i) => sim.loadScene({ scene: `seed:${20 + (i % 2)}` })));
  const infos = await Promise.all(sims.map((sim) => sim.sceneInfo()));
  await Promise.all(sims.map((sim, i) => sim.reset({ start: { position: infos[i].regions[0].waypoint, heading: 0 } })));
  for (let k = 0; k < 5; k++) {
    await Promise.all(sims.map((sim, i) => sim.step(i % 2 ? "TURN_LEFT" : "MOVE_FORWARD", k === 0)));
  }
  const ms = await Promise.all(sims.map((sim) => sim.metrics()));
  assert.deepEqual(
    ms.map((m) => m.steps),
    [5, 5, 5, 5],
  );
  for (const [i, m] of ms.entries()) {
    if (i % 2) assert.equal(m.pathLength, 0, "the turning agents did not move");
  }
  assert.equal(server.sessions(), 4);
  await Promise.all(sims.map((s) => s.close()));
});

test("closing the server ends client sessions with a clear error", async () => {
  const other = await startServer({ config: SimulatorConfig.parse({}) });
  const sim = await WebSocketSimulator.connect(other.url);
  await sim.hello();
  await other.close();
  const err = await sim.hello().catch((e) => e);
  assert.ok(err instanceof SimError);
  assert.equal(err.code, "disconnected");
  assert.ok(err.message.includes(other.url));
});

/** The handshake's answer with these headers: "open", or the HTTP status it was refused with. */
function handshake(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => {
      ws.close();
      ok("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      ws.terminate();
      ok(String(res.statusCode));
    });
    ws.once("error", (e) => {
      if (!/Unexpected server response/.test(e.message)) fail(e);
    });
  });
}

test("a page that rebinds its own name to loopback cannot open the simulator's socket", async () => {
  const port = new URL(server.url).port;
  const evil = `evil.example:${port}`;
  assert.equal(await handshake(server.url, { host: evil, origin: `http://${evil}` }), "403");
  assert.equal(await handshake(server.url, { host: evil }), "403", "a foreign Host without Origin");
  assert.equal(await handshake(server.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` }), "open");
  assert.equal(await handshake(server.url, {}), "open", "a program: no Origin, its own Host");
});
