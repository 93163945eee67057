import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { WebSocketSimulator } from "../../src/sim/ws-client.ts";

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
  const child = spawn(process.execPath, ["bin/polar.js", "sim", "serve", "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 30_000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /ws:\/\/\S+/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[0]);
      }
    });
  });
  const sim = await WebSocketSimulator.connect(url);
  assert.equal((await sim.hello()).simulator, "polar-embedded");
  await sim.close();
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (c) => resolve(c));
    child.kill("SIGINT");
  });
  assert.equal(code, 0);
  assert.match(out, /stopped/);
});
