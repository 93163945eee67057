/**
 * The replay's run picker in Debian's chromium, over a project with many runs (three evaluation
 * folders, two backbones, three memory modes, as `polar eval --trajectories` lays them out): runs
 * are grouped by folder, then by backbone and memory mode, a search narrows them to the runs
 * whose every word matches, and a click opens the run. Compare's lists are grouped and searched
 * the same way.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import { chromiumSkip, openDashboardPage } from "./browser.ts";
import { testProject } from "./fixture.ts";

const skip = chromiumSkip();
let dash: Dashboard;
let closeBrowser: () => Promise<void>;
let page: Page;
/** two evaluations (OUT/episodes/<backbone>/<memory>/<episode>) and a folder of `polar run` runs */
const FOLDERS = ["results/sweep-a", "results/sweep-b", "runs/ablation"];
const pathOf = (folder: string, backbone: string, memory: string, episode: string) =>
  folder.startsWith("results/")
    ? `${folder}/episodes/${backbone}/${memory}/${episode}`
    : `${folder}/${backbone}-${episode}-${memory}`;
const BACKBONES = ["heuristic", "gpt-4o-mini"];
const MODES = ["none", "raw", "polar"] as const;
const EPISODES = ["eval-u1-0001", "eval-u1-0002", "eval-u2-0003", "eval-u2-0004"];
const SCENARIO = (ep: string) => (ep.endsWith("1") || ep.endsWith("3") ? "distractor" : "temporal");

/** an event stream as the agent writes one: the episode's start, a pose, its end */
function writeRun(dir: string, episodeId: string, backbone: string, memory: string): void {
  mkdirSync(dir, { recursive: true });
  const base = { episodeId, t: 0 };
  const lines = [
    {
      type: "episode_start",
      userId: episodeId.slice(5, 7),
      sceneId: "s1",
      stage: "evaluation",
      scenario: SCENARIO(episodeId),
      instruction: "Bring me my mug.",
      memory,
      backbone,
      start: { position: [1, 0, 1], heading: 0 },
      maxSteps: 10,
      hasReferenceImage: false,
      ...base,
      seq: 0,
    },
    { type: "pose", step: 0, pose: { position: [1, 0, 1], heading: 0 }, roomId: null, ...base, seq: 1 },
  ];
  writeFileSync(join(dir, "events.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
}

const all: { path: string; backbone: string; memory: string; episode: string }[] = [];

before(async () => {
  const project = testProject();
  for (const folder of FOLDERS)
    for (const backbone of BACKBONES)
      for (const memory of MODES)
        for (const episode of EPISODES) {
          const path = pathOf(folder, backbone, memory, episode);
          writeRun(join(project.dir, path), episode, backbone, memory);
          all.push({ path, backbone, memory, episode });
        }
  if (skip) return;
  dash = await startDashboard({ config: project.config, projectDir: project.dir, port: 0 });
  ({ page, close: closeBrowser } = await openDashboardPage(`${dash.url}#replay`));
});

after(async () => {
  await closeBrowser?.();
  await dash?.close();
});

test("runs are grouped by folder, then backbone and memory mode, and a search narrows them", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.waitForSelector("[data-testid=run-item]", { state: "attached" });
  assert.match(
    (await page.textContent("[data-testid=run-count]"))!,
    new RegExp(`^${all.length} of ${all.length} runs`),
  );
  // one group per evaluation (its episodes' own folders are by backbone and mode) or folder of runs
  const folders = await page
    .locator("[data-testid=run-folder]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-folder")));
  assert.deepEqual([...folders].sort(), FOLDERS);
  // inside a folder, one group per backbone and memory mode, each with its runs only
  for (const f of ["results/sweep-a", "runs/ablation"]) {
    const folder = page.locator(`[data-testid=run-folder][data-folder="${f}"]`);
    await folder.locator("summary").click();
    assert.equal(await folder.locator("[data-testid=run-mode]").count(), BACKBONES.length * MODES.length);
    for (const b of BACKBONES)
      for (const m of MODES) {
        const group = folder.locator(`[data-testid=run-mode][data-mode="${b} · memory ${m}"]`);
        const paths = await group
          .locator("[data-testid=run-item]")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
        const want = EPISODES.map((e) => pathOf(f, b, m, e));
        assert.deepEqual([...paths].sort(), want.sort(), `${f}: ${b} · ${m}`);
        assert.ok(await group.isVisible(), "an opened folder shows its groups");
      }
  }

  // every word must match, in any field: backbone, memory mode, scenario, episode
  await page.fill("[data-testid=run-search]", "GPT polar distractor sweep-b");
  await page.waitForFunction("document.querySelectorAll('[data-testid=run-item]').length === 2");
  const found = await page
    .locator("[data-testid=run-item]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
  const want = all
    .filter((r) => r.backbone === "gpt-4o-mini" && r.memory === "polar" && SCENARIO(r.episode) === "distractor")
    .filter((r) => r.path.includes("sweep-b"))
    .map((r) => r.path);
  assert.deepEqual([...found].sort(), want.sort());
  assert.match(
    (await page.textContent("[data-testid=run-count]"))!,
    new RegExp(`^2 of ${all.length} runs in 1 folder`),
  );
  await page.fill("[data-testid=run-search]", "no-such-run");
  await page.waitForSelector("text=no run matches");

  // a click opens the run
  await page.fill("[data-testid=run-search]", "eval-u2-0004 raw sweep-a heuristic");
  await page.click("[data-testid=run-item]");
  const path = pathOf("results/sweep-a", "heuristic", "raw", "eval-u2-0004");
  await page.waitForSelector(`[data-testid=episode][data-stream="replay:${path}"]`);
  // the panel is the run's before its events arrive: its outcome line follows them
  await page
    .waitForFunction(
      `document.querySelector("[data-testid=outcome]")?.textContent.includes("eval-u2-0004")`,
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  assert.match(
    (await page.textContent("[data-testid=outcome]"))!,
    /eval-u2-0004 · temporal · user u2 · memory raw · heuristic/,
  );
});

test("compare's lists are grouped the same way and narrowed by one search", { skip: skip ?? false }, async () => {
  await page.click("[data-testid=tab-compare]");
  await page.waitForSelector("[data-testid=compare-a] optgroup", { state: "attached" });
  const groups = await page
    .locator("[data-testid=compare-a] optgroup")
    .evaluateAll((els) => els.map((e) => e.getAttribute("label")));
  assert.equal(groups.length, FOLDERS.length * BACKBONES.length * MODES.length);
  assert.ok(groups.includes("runs/ablation · heuristic · memory polar"), groups.join("; "));
  await page.fill("[data-testid=compare-search]", "eval-u1-0002 sweep-a heuristic");
  await page.waitForFunction(
    "document.querySelectorAll(\"[data-testid=compare-b] option[value]:not([value=''])\").length === 3",
  );
  const a = pathOf("results/sweep-a", "heuristic", "none", "eval-u1-0002");
  const b = pathOf("results/sweep-a", "heuristic", "polar", "eval-u1-0002");
  await page.selectOption("[data-testid=compare-a]", a);
  await page.selectOption("[data-testid=compare-b]", b);
  await page.click("[data-testid=compare-open]");
  await page.waitForSelector(`[data-testid=episode][data-stream="replay:${b}"]`);
});
