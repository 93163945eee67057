import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { generateHouse } from "../../sim-bridge/embedded/generate.ts";
import { saveHouseFile } from "../../sim-bridge/embedded/house-file.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";
import { startPolar } from "../cli/polar-process.ts";

const polar = (args: string[]) =>
  spawnSync(process.execPath, ["bin/polar.js", ...args], { encoding: "utf8", timeout: 60_000 });

test("polar sim render writes three views and a top-down map as PNG", async () => {
  const out = mkdtempSync(join(tmpdir(), "polar-render-"));
  const r = polar(["sim", "render", "--seed", "4", "--out", out, "--width", "96", "--height", "72"]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(readdirSync(out).sort(), ["front.png", "left.png", "pose.json", "right.png", "topdown.png"]);
  for (const v of ["front", "left", "right"]) {
    const meta = await sharp(join(out, `${v}.png`)).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ["png", 96, 72]);
  }
  assert.equal((await sharp(join(out, "topdown.png")).metadata()).format, "png");
  assert.equal(JSON.parse(readFileSync(join(out, "pose.json"), "utf8")).scene, "seed:4");
});

test("polar sim serve prints its URL, serves, and stops cleanly on SIGINT", async () => {
  const server = startPolar(["sim", "serve", "--port", "0"]);
  const { child } = server;
  const [url] = await server.waitFor(/ws:\/\/\S+/, 60_000);
  const sim = await WebSocketSimulator.connect(url);
  assert.equal((await sim.hello()).simulator, "polar-embedded");
  await sim.close();
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (c) => resolve(c));
    child.kill("SIGINT");
  });
  assert.equal(code, 0);
  assert.match(server.out(), /stopped/);
});

test("polar sim serve --scene-dir: files there load, others are refused; SIGTERM still stops it after absurd input", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-scenes-"));
  saveHouseFile(generateHouse(5), join(dir, "five.house.json"));
  const server = startPolar(["sim", "serve", "--port", "0", "--scene-dir", dir]);
  const { child } = server;
  const [url] = await server.waitFor(/ws:\/\/\S+/, 60_000);
  const sim = await WebSocketSimulator.connect(url, { timeoutMs: 10_000 });
  assert.equal((await sim.loadScene({ scene: "five.house.json" })).sceneId, generateHouse(5).id);
  for (const scene of ["/etc/passwd", "/dev/zero", "../../../etc/passwd"]) {
    const e = await sim.loadScene({ scene }).catch((x) => x);
    assert.ok(e instanceof SimError && e.code === "not_found", `${scene}: ${e}`);
    assert.ok(!e.message.includes("root:"));
  }
  await sim.loadScene({ scene: "seed:5" });
  const info = await sim.sceneInfo();
  await sim.reset({ start: { position: info.regions[0].waypoint, heading: 0 } });
  // what wedged the server, sent without waiting, then SIGTERM at once
  const pending = [
    sim.reset({ start: { position: [0, 0, 1e15], heading: 0 } }),
    sim.planPath({ goal: [1e308, 0, 1e308] }),
  ].map((p) => p.catch((e) => e));
  const t0 = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (c) => resolve(c));
    child.kill("SIGTERM");
  });
  assert.equal(code, 0);
  assert.ok(Date.now() - t0 < 10_000, "stopped promptly");
  assert.match(server.out() + server.err(), /scene files from/);
  await Promise.all(pending);
  await sim.close();
  const bad = polar(["sim", "serve", "--port", "0", "--scene-dir", join(dir, "nope")]);
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /--scene-dir .*nope is not a folder/);
});
