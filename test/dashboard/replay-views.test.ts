/**
 * An evaluation's kept trajectories carry their views (`polar eval --trajectories`): within the
 * per-episode budget, all three views at every decision point, and the page shows them in the
 * results tab's replay and in compare, in Debian's chromium. The images are checked by their
 * pixels, not by their presence.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import { VIEW_BUDGET_BYTES } from "../../src/eval/view-keeper.ts";
import { chromiumSkip, openDashboardPage } from "./browser.ts";
import { sharedKeptEvaluation, testProject } from "./fixture.ts";

/** the page's document, as the predicates below (run in the page) use it */
declare const document: { querySelectorAll(selector: string): ArrayLike<unknown> };

const skip = chromiumSkip();
let dash: Dashboard;
let project: ReturnType<typeof testProject>;
let closeBrowser: () => Promise<void>;
let page: Page;
let evalRun: Awaited<ReturnType<typeof sharedKeptEvaluation>>;

const evalDir = () => join(project.dir, "results", "mini");
const SECOND_RUN = "runs/again/acq-first";

before(async () => {
  project = testProject();
  evalRun = await sharedKeptEvaluation(evalDir(), { limit: 2, report: false });
  // a second run of the first episode (a copy of its folder), for compare: it takes one episode twice
  const [first] = keptEpisodes();
  if (first) cpSync(first.dir, join(project.dir, SECOND_RUN), { recursive: true });
  if (skip) return;
  dash = await startDashboard({ config: project.config, projectDir: project.dir, port: 0 });
  ({ page, close: closeBrowser } = await openDashboardPage(dash.url));
});

after(async () => {
  await closeBrowser?.();
  await dash?.close();
});

interface Kept {
  dir: string;
  budget: { budgetBytes: number; keptBytes: number; kept: number; leftOut: number; decisionSteps: number[] };
  files: string[];
}

function keptEpisodes(): Kept[] {
  const root = join(evalDir(), "episodes", "heuristic", "acquisition");
  return readdirSync(root).map((id) => {
    const dir = join(root, id);
    return {
      dir,
      budget: JSON.parse(readFileSync(join(dir, "views", "budget.json"), "utf8")),
      files: readdirSync(join(dir, "views")).filter((f) => f.endsWith(".jpeg")),
    };
  });
}

test("--trajectories keeps the three views of every decision point within the episode's budget", () => {
  assert.equal(evalRun.code, 0, `the fixture evaluation ran; its stderr: ${evalRun.err}`);
  const eps = keptEpisodes();
  assert.equal(eps.length, 2);
  for (const ep of eps) {
    const { budget, files } = ep;
    assert.equal(budget.budgetBytes, VIEW_BUDGET_BYTES);
    const bytes = files.reduce((a, f) => a + readFileSync(join(ep.dir, "views", f)).length, 0);
    assert.equal(bytes, budget.keptBytes, "budget.json counts the bytes on disk");
    assert.ok(bytes <= budget.budgetBytes);
    assert.equal(files.length, budget.kept);
    assert.equal(budget.leftOut, 0, "a short heuristic episode fits its budget");
    // the events' decisions are the budget's decision steps, each with all three views
    const events = readFileSync(join(ep.dir, "events.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; step?: number });
    const lowLevel = events.filter((e) => e.type === "low_level").map((e) => e.step as number);
    assert.ok(lowLevel.length > 0);
    for (const s of [0, ...lowLevel]) {
      assert.ok(budget.decisionSteps.includes(s), `step ${s} is a decision point`);
      for (const v of ["front", "left", "right"])
        assert.ok(existsSync(join(ep.dir, "views", `s${String(s).padStart(4, "0")}-${v}.jpeg`)), `step ${s} ${v}`);
    }
    // only decision points (and the views the agent itself was given) are kept, not every step
    const last = events.filter((e) => e.type === "pose").length;
    assert.ok(files.length < last * 3, `${files.length} views of ${last} steps`);
  }
});

/** the spread of a shown image's pixels, read back from a canvas in the page */
const imageSpread = (p: Page, selector: string): Promise<number> =>
  p.evaluate(`(() => {
    const img = document.querySelector(${JSON.stringify(selector)});
    if (!img || !img.naturalWidth) return 0;
    const c = document.createElement("canvas");
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext("2d"); g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let s = 0, s2 = 0, n = 0;
    for (let i = 0; i < d.length; i += 4) { const y = (d[i] + d[i + 1] + d[i + 2]) / 3; s += y; s2 += y * y; n++; }
    const m = s / n; return Math.sqrt(s2 / n - m * m);
  })()`);

test("the results tab's episode opens in replay with the kept views, scrubbed to a decision point", {
  skip: skip ?? false,
}, async () => {
  const [ep] = keptEpisodes();
  const decision = ep.budget.decisionSteps.find((s) => s > 5) as number;
  await page.click("[data-testid=tab-results]");
  await page.waitForSelector("[data-testid=results-path] option[value='results/mini']", { state: "attached" });
  await page.selectOption("[data-testid=results-path]", "results/mini");
  await page.click("[data-testid=results-open]");
  await page.waitForSelector("[data-testid=results-table]");
  const id = ep.dir.split("/").pop() as string;
  const row = page.locator("[data-testid=result-row]", {
    has: page.locator(`[data-testid=episode-link]:text-is('${id}')`),
  });
  await row.locator("button:text('replay')").click();
  await page.waitForSelector(`[data-testid=outcome] b:text-is('${id}')`);
  await page.waitForSelector("[data-testid=view-front][data-ref='s0000-front.jpeg']");
  await page.fill("[data-testid=timeline]", String(decision));
  const ref = `s${String(decision).padStart(4, "0")}`;
  for (const v of ["left", "front", "right"]) {
    await page.waitForSelector(`[data-testid=view-${v}][data-ref='${ref}-${v}.jpeg']`);
    const spread = await imageSpread(page, `[data-testid=view-${v}]`);
    assert.ok(spread > 8, `the ${v} view at step ${decision} has a picture in it (spread ${spread.toFixed(1)})`);
  }
  // one step past a decision point shows the decision's views, saying so
  if (!ep.budget.decisionSteps.includes(decision + 1)) {
    await page.click("[data-testid=step-forward]");
    await page.waitForSelector(`[data-testid=views] small:text('from step ${decision}')`);
  }
  const shot = await page.locator("[data-testid=views]").screenshot();
  const stats = await sharp(shot).stats();
  assert.ok(stats.channels[0].stdev > 15, "the views panel's screenshot shows pictures");
  assert.equal(await page.$("[data-testid=views] .noimg"), null, "no view says 'no image'");
});

test("compare shows both runs' kept views on one cursor", { skip: skip ?? false }, async () => {
  const a = keptEpisodes()[0].dir.slice(project.dir.length + 1);
  const b = SECOND_RUN;
  await page.click("[data-testid=tab-compare]");
  await page.waitForSelector(`[data-testid=compare-a] option[value='${b}']`, { state: "attached" });
  await page.selectOption("[data-testid=compare-a]", a);
  await page.selectOption("[data-testid=compare-b]", b);
  await page.click("[data-testid=compare-open]");
  // functions, not strings: the page's CSP forbids eval, which a string predicate needs
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=episode]").length === 2);
  await page.waitForFunction(
    () => document.querySelectorAll("[data-testid=view-front][data-ref='s0000-front.jpeg']").length === 2,
  );
  for (const i of [1, 2]) {
    const spread = await imageSpread(
      page,
      `.side-by-side > [data-testid=episode]:nth-child(${i}) [data-testid=view-front]`,
    );
    assert.ok(spread > 8, `run ${i}'s front view has a picture (spread ${spread.toFixed(1)})`);
  }
});
