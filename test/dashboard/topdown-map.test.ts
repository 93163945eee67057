/**
 * The metric top-down map: a kept trajectory carries the simulator's drawing of the house
 * (map.png, without the agent or the targets marked) and the harness's analysis (map.json);
 * the page draws it to scale with the robot, its field of view and path on top, in replay,
 * compare and a live session, and the analysis overlay (target, shortest path) only after its
 * toggle. Checked in Debian's chromium by the canvas's pixels: the walls' colour, the robot's
 * colour where the page says it drew the robot, the overlay's magenta absent then present. A
 * trajectory written before maps were kept still opens, with the scene graph instead.
 */
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import { MAP_BUDGET_BYTES, MapInfo } from "../../src/eval/episode-map.ts";
import { chromiumSkip, openDashboardPage } from "./browser.ts";
import { sharedKeptEvaluation, TestClient, testProject } from "./fixture.ts";

declare const document: { querySelectorAll(selector: string): ArrayLike<{ getAttribute(n: string): string | null }> };

const skip = chromiumSkip();
let dash: Dashboard;
let project: ReturnType<typeof testProject>;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let page: Page;
let evalRun: Awaited<ReturnType<typeof sharedKeptEvaluation>>;

const EPISODES = ["acq-u1-0001", "acq-u2-0001"];
const evalDir = () => join(project.dir, "results", "mini");
const episodeDir = (id: string) => join(evalDir(), "episodes", "heuristic", "acquisition", id);
const rel = (p: string) => p.slice(project.dir.length + 1);
const SECOND_RUN = "runs/again/acq-first";

before(async () => {
  project = testProject();
  evalRun = await sharedKeptEvaluation(evalDir(), { limit: 2, report: false });
  // a second run of the first episode (a copy of its folder), for compare: it takes one episode twice
  cpSync(episodeDir(EPISODES[0]), join(project.dir, SECOND_RUN), { recursive: true });
  // a trajectory as written before maps were kept
  const old = join(project.dir, "runs", "old", EPISODES[0]);
  cpSync(episodeDir(EPISODES[0]), old, { recursive: true });
  rmSync(join(old, "map.json"));
  rmSync(join(old, "map.png"));
  dash = await startDashboard({ config: project.config, projectDir: project.dir, port: 0 });
  if (skip) return;
  ({ context, page, close: closeBrowser } = await openDashboardPage(dash.url));
});

after(async () => {
  await closeBrowser?.();
  await dash?.close();
});

const events = (id: string) =>
  readFileSync(join(episodeDir(id), "events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown> & { type: string });

test("a kept trajectory carries the house without marks and the harness's analysis, within the map budget", async () => {
  assert.equal(evalRun.code, 0, `the fixture evaluation ran; its stderr: ${evalRun.err}`);
  for (const id of EPISODES) {
    const info = MapInfo.parse(JSON.parse(readFileSync(join(episodeDir(id), "map.json"), "utf8")));
    const png = readFileSync(join(episodeDir(id), "map.png"));
    assert.ok(png.length <= MAP_BUDGET_BYTES);
    const { data, info: meta } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.equal(meta.width, info.width);
    // no agent (orange disc) and no target ring (red): the simulator drew the house alone
    let agent = 0;
    let ring = 0;
    let wall = 0;
    for (let i = 0; i < data.length; i += meta.channels) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (r >= 240 && g >= 125 && g <= 155 && b <= 40) agent++;
      if (r >= 220 && g <= 40 && b <= 40) ring++;
      if (r === 55 && g === 55 && b === 60) wall++;
    }
    assert.equal(agent, 0, `${id}: no agent drawn in map.png`);
    assert.equal(ring, 0, `${id}: no target ringed in map.png`);
    assert.ok(wall > 200, `${id}: walls drawn (${wall} px)`);
    const ev = events(id);
    const start = ev.find((e) => e.type === "episode_start") as unknown as { start: { position: number[] } };
    const end = ev.find((e) => e.type === "episode_end") as unknown as { shortestPath: number };
    const a = info.analysis;
    assert.equal(a.targets.length, 1);
    assert.ok(a.shortestPath && a.shortestPath.length > 1);
    assert.deepEqual(a.shortestPath[0], [start.start.position[0], start.start.position[2]]);
    // plan_path's walk to the target against the geodesic SPL was measured with: the same route,
    // ending at the navigable cell plan_path snaps the goal to (within a few per cent)
    const geo = a.geodesic ?? -1;
    assert.ok(Math.abs(geo - end.shortestPath) / end.shortestPath < 0.05, `${geo} vs ${end.shortestPath}`);
    // the analysis stays the harness's: no event the agent's stream holds carries the map
    assert.ok(!ev.some((e) => JSON.stringify(e).includes("map.png")));
  }
});

const RGB = {
  wall: [55, 55, 60],
  agent: [224, 40, 30],
  overlay: [255, 0, 255],
} as const;

async function canvasPixels(p: Page, selector: string) {
  const shot = await p.locator(selector).screenshot();
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const near = (i: number, c: readonly number[], tol: number) =>
    Math.abs(data[i] - c[0]) <= tol && Math.abs(data[i + 1] - c[1]) <= tol && Math.abs(data[i + 2] - c[2]) <= tol;
  let wall = 0;
  let overlay = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (near(i, RGB.wall, 3)) wall++;
    if (near(i, RGB.overlay, 25)) overlay++;
  }
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { wall, overlay, at, width: info.width };
}

async function agentColour(p: Page, selector: string) {
  const [x, y] = ((await p.getAttribute(selector, "data-agent")) ?? "").split(",").map(Number);
  assert.ok(Number.isFinite(x) && Number.isFinite(y), "the page says where it drew the robot");
  const px = await canvasPixels(p, selector);
  // the screenshot is at the page's scale, not the canvas's own
  const k = px.width / Number(await p.getAttribute(selector, "width"));
  return px.at(Math.round(x * k), Math.round(y * k));
}

test("replay draws the metric map with the robot on it; the analysis overlay only after its toggle", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", rel(episodeDir(EPISODES[0])));
  await page.click("[data-testid=replay-open]");
  const map = "[data-testid=map][data-kind=metric]";
  await page.waitForSelector(map);
  await page.fill("[data-testid=timeline]", "12");
  await page.waitForSelector(`${map}[data-agent]:not([data-agent=''])`);
  const before = await canvasPixels(page, map);
  assert.ok(before.wall > 200, `walls on the page's map (${before.wall} px)`);
  assert.equal(before.overlay, 0, "no overlay pixels before the toggle");
  const c = await agentColour(page, map);
  assert.ok(c[0] > 180 && c[1] < 90 && c[2] < 90, `the robot's colour where it is drawn (${c})`);
  await page.click("[data-testid=analysis-toggle]");
  await page.waitForSelector(`${map}[data-overlay=on]`);
  const on = await canvasPixels(page, map);
  assert.ok(on.overlay > 60, `overlay drawn after the toggle (${on.overlay} px)`);
  assert.match((await page.textContent("[data-testid=map-legend]")) ?? "", /harness's view .*never given to the agent/);
  await page.click("[data-testid=analysis-toggle]");
  await page.waitForSelector(`${map}[data-overlay=off]`);
  assert.equal((await canvasPixels(page, map)).overlay, 0, "and gone when it is off again");
});

test("the map zooms with the wheel around the pointer, pans by dragging, and resets", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", rel(episodeDir(EPISODES[0])));
  await page.click("[data-testid=replay-open]");
  const map = "[data-testid=map][data-kind=metric]";
  await page.waitForSelector(map);
  await page.fill("[data-testid=timeline]", "12");
  await page.waitForSelector(`${map}[data-agent]:not([data-agent=''])`);
  const agent = async () => ((await page.getAttribute(map, "data-agent")) ?? "").split(",").map(Number);
  const [x0, y0] = await agent();
  await page.locator(map).scrollIntoViewIfNeeded();
  const box = (await page.locator(map).boundingBox())!;
  const width = Number(await page.getAttribute(map, "width"));
  const height = Number(await page.getAttribute(map, "height"));
  const toPage = (x: number, y: number) =>
    [box.x + (x * box.width) / width, box.y + (y * box.height) / height] as const;
  // zoom in twice over the robot: it stays under the pointer, and the house grows around it
  const [px, py] = toPage(x0, y0);
  await page.mouse.move(px, py);
  await page.mouse.wheel(0, -100);
  await page.mouse.wheel(0, -100);
  await page.waitForSelector(`${map}:not([data-zoom='1.00'])`);
  const [x1, y1] = await agent();
  assert.ok(
    Math.abs(x1 - x0) <= 2 && Math.abs(y1 - y0) <= 2,
    `the point under the pointer stays: ${x0},${y0} → ${x1},${y1}`,
  );
  const zoomedWalls = (await canvasPixels(page, map)).wall;
  const c = await agentColour(page, map);
  assert.ok(c[0] > 180 && c[1] < 90 && c[2] < 90, `the robot is drawn where the page says, zoomed (${c})`);
  // a drag moves the view by as much as the pointer moved
  await page.mouse.down();
  await page.mouse.move(px + 60, py + 30, { steps: 4 });
  await page.mouse.up();
  const [x2, y2] = await agent();
  const moved = (60 * width) / box.width;
  assert.ok(
    Math.abs(x2 - x1 - moved) <= 3 && Math.abs(y2 - y1 - (30 * height) / box.height) <= 3,
    `panned: ${x1},${y1} → ${x2},${y2}`,
  );
  // the whole house again
  await page.click("[data-testid=map-reset]");
  await page.waitForSelector(`${map}[data-zoom='1.00']`);
  assert.deepEqual(await agent(), [x0, y0]);
  assert.ok(zoomedWalls > 0);
});

test("compare draws both runs' maps, the overlay on both with one toggle", { skip: skip ?? false }, async () => {
  await page.click("[data-testid=tab-compare]");
  const [a, b] = [rel(episodeDir(EPISODES[0])), SECOND_RUN];
  await page.waitForSelector(`[data-testid=compare-a] option[value='${b}']`, { state: "attached" });
  await page.selectOption("[data-testid=compare-a]", a);
  await page.selectOption("[data-testid=compare-b]", b);
  await page.click("[data-testid=compare-open]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=map][data-kind=metric]").length === 2);
  await page.click("[data-testid=analysis-toggle]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=map][data-overlay=on]").length === 2);
  for (const i of [1, 2]) {
    const px = await canvasPixels(page, `.side-by-side > [data-testid=episode]:nth-child(${i}) [data-testid=map]`);
    assert.ok(px.wall > 200 && px.overlay > 60, `run ${i}: walls ${px.wall} px, overlay ${px.overlay} px`);
  }
});

test("a trajectory without a map still replays, with the scene graph and the reason", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", `runs/old/${EPISODES[0]}`);
  await page.click("[data-testid=replay-open]");
  await page.waitForSelector(`[data-testid=outcome] b:text-is('${EPISODES[0]}')`);
  await page.fill("[data-testid=timeline]", "5");
  await page.waitForSelector("[data-testid=map-legend]:text('kept no map')");
  assert.equal(await page.getAttribute("[data-testid=map]", "data-kind"), "graph");
});

test("a live session's map comes once, with the house and the analysis, and the watching page draws it", async () => {
  const c = await TestClient.open(`${dash.url.replace(/^http/, "ws").replace(/\/(\?.*)?$/, "")}/ws`);
  c.send({
    type: "start",
    dataset: "datasets/polar-mini",
    episode: { id: "eval-u1-0005" },
    backbone: "heuristic",
    memory: "none",
    paceMs: 40,
  });
  const started = await c.next((m) => m.type === "started", 60_000);
  const sid = (started.session as { id: string }).id;
  await c.next(
    (m) => m.type === "events" && m.stream === sid && (m.events as { type: string }[]).some((e) => e.type === "pose"),
    60_000,
  );
  c.send({ type: "map", stream: sid });
  const m = await c.next((x) => x.type === "map" && x.stream === sid);
  const info = MapInfo.parse(m.info);
  assert.equal(info.analysis.targets.length, 1);
  assert.ok(c.binary.length > 0, "the map image came as a binary frame");
  if (!skip) {
    const watcher = await context.newPage();
    await watcher.goto(`${dash.url}${dash.url.includes("?") ? "&" : "?"}watch=${sid}`);
    await watcher.waitForSelector("[data-testid=map][data-kind=metric]");
    const px = await canvasPixels(watcher, "[data-testid=map]");
    assert.ok(px.wall > 200, `walls on the live map (${px.wall} px)`);
    assert.equal(px.overlay, 0, "the live view offers no analysis overlay");
    await watcher.close();
  }
  c.send({ type: "stop", session: sid });
  c.close();
});
