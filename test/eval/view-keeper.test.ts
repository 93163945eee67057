/**
 * The view keeper's budget and decision points, on synthetic views: a decision keeps the held
 * renders of its own step only, the agent's views are kept as given, and nothing past the budget
 * is written (budget.json counts what was left out).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import type { EpisodeEvent } from "../../src/agent/events.ts";
import { ViewKeeper } from "../../src/eval/view-keeper.ts";
import type { Image } from "../../src/sim/simulator.ts";

async function noise(view: string, seed: number): Promise<Image> {
  const raw = Buffer.alloc(64 * 48 * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    raw[i] = x & 0xff;
  }
  const data = await sharp(raw, { raw: { width: 64, height: 48, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { view, format: "jpeg", width: 64, height: 48, data };
}

const ev = (e: Record<string, unknown>) => ({ episodeId: "e", seq: 0, t: 0, ...e }) as unknown as EpisodeEvent;

/** a fake simulator whose every reset and step renders what it is asked for */
function fakeSim(images: Image[]) {
  const answer = (views: unknown) => ({
    imageData: views === true ? images : images.filter((i) => Array.isArray(views) && views.includes(i.view)),
  });
  return {
    reset: async (p: { views?: unknown }) => answer(p.views),
    step: async (_a: unknown, views?: unknown) => answer(views),
  } as never;
}

test("a decision keeps its own step's three views; steps without one keep only the agent's", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-views-"));
  const imgs = await Promise.all(["front", "left", "right"].map((v, i) => noise(v, i)));
  const keeper = new ViewKeeper(dir);
  const sim = keeper.wrap(fakeSim(imgs)) as unknown as {
    reset(p: object): Promise<{ imageData: Image[] }>;
    step(a: string, v?: unknown): Promise<{ imageData: Image[] }>;
  };
  const r0 = await sim.reset({ episodeId: "e", views: false });
  assert.equal(r0.imageData.length, 0, "the agent gets only what it asked for");
  keeper.onEvent(ev({ type: "pose", step: 0 }));
  keeper.onEvent(ev({ type: "grounding" }));
  const r1 = await sim.step("move_forward", ["front"]);
  assert.deepEqual(
    r1.imageData.map((i) => i.view),
    ["front"],
  );
  keeper.saveImage("s0001-front.jpeg", r1.imageData[0]);
  keeper.onEvent(ev({ type: "pose", step: 1 }));
  await sim.step("move_forward", false);
  keeper.onEvent(ev({ type: "pose", step: 2 }));
  keeper.onEvent(ev({ type: "low_level", step: 2 }));
  const b = await keeper.finish();
  const files = readdirSync(join(dir, "views"))
    .filter((f) => f.endsWith(".jpeg"))
    .sort();
  assert.deepEqual(files, [
    "s0000-front.jpeg",
    "s0000-left.jpeg",
    "s0000-right.jpeg",
    "s0001-front.jpeg",
    "s0002-front.jpeg",
    "s0002-left.jpeg",
    "s0002-right.jpeg",
  ]);
  assert.deepEqual(b.decisionSteps, [0, 2]);
  const bytes = files.reduce((a, f) => a + readFileSync(join(dir, "views", f)).length, 0);
  assert.equal(bytes, b.keptBytes);
  assert.ok(bytes < imgs[0].data.length * files.length, "re-encoded smaller than the simulator's views");
});

test("past the budget views are left out and counted", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-views-"));
  const img = await noise("front", 3);
  const keeper = new ViewKeeper(dir, 3 * 1024);
  for (let s = 0; s < 20; s++) keeper.saveImage(`s${String(s).padStart(4, "0")}-front.jpeg`, img);
  const b = await keeper.finish();
  assert.ok(b.leftOut > 0 && b.kept > 0, `${b.kept} kept, ${b.leftOut} left out`);
  assert.equal(b.kept + b.leftOut, 20);
  assert.ok(b.keptBytes <= 3 * 1024);
  assert.equal(JSON.parse(readFileSync(join(dir, "views", "budget.json"), "utf8")).leftOut, b.leftOut);
});
