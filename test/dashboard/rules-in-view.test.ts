/**
 * Time and rules in view, in Debian's chromium: a real `polar run` with a task-local instruction
 * that the rule layer makes the robot revise a room choice for, replayed; the page shows the
 * request's clock time, the rules in force in words, the checks and their verdicts counted
 * apart, and, with the reply, what the user's rules changed in what the robot did.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { REPO_ROOT } from "../../src/config/load.ts";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import { chromiumSkip, openDashboardPage } from "./browser.ts";
import { testProject } from "./fixture.ts";

declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const skip = chromiumSkip();
let dash: Dashboard;
let project: ReturnType<typeof testProject>;
let closeBrowser: () => Promise<void>;
let page: Page;
const RUN = "runs/rules-run";
const SAID = "don't go into the bathroom this time";
let run: { status: number | null; stdout: string; stderr: string };
/** every request of the page answered 4xx or 5xx (a missing favicon was one) */
const notFound: string[] = [];

before(async () => {
  project = testProject();
  run = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, "bin", "polar.js"),
      "run",
      "--dataset",
      join(project.dir, "datasets", "polar-mini"),
      "--episode",
      "eval-u1-0005",
      "--memory",
      "none",
      "--rules",
      "full",
      "--say",
      SAID,
      "--rules-db",
      join(project.dir, "runs", "rules.db"),
      "--out",
      join(project.dir, RUN),
    ],
    // a run still going after 3 min is killed: its stderr is in the status assertion below
    { cwd: project.dir, env: { ...process.env, POLAR_EMBEDDER__TYPE: "lexical" }, encoding: "utf8", timeout: 180_000 },
  );
  if (skip) return;
  dash = await startDashboard({ config: project.config, projectDir: project.dir, port: 0 });
  ({ page, close: closeBrowser } = await openDashboardPage(dash.url, (p) =>
    p.on("response", (r) => {
      if (r.status() >= 400) notFound.push(`${r.status()} ${r.url()}`);
    }),
  ));
});

after(async () => {
  await closeBrowser?.();
  await dash?.close();
});

test("the page loads without a single 4xx or 5xx, favicon included", { skip: skip ?? false }, async () => {
  await page.waitForLoadState("networkidle");
  assert.deepEqual(notFound, []);
  const icon = await page.getAttribute("link[rel=icon]", "href");
  assert.equal(icon, "/favicon.svg");
});

test("polar run names the rule library's version in words", () => {
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /rules \(full, the user's rule library at version 0: nothing learned yet\): 0 in force/);
  assert.doesNotMatch(run.stdout, /library v\d/);
});

test("the replay shows the clock, the rules in force, and what a rule changed in what the robot did", {
  skip: skip ?? false,
}, async () => {
  const events = readFileSync(join(project.dir, RUN, "events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; stage?: string; subject?: string; results?: unknown[] });
  const revised = events.filter((e) => e.type === "rule_revision" && e.stage === "pre_action");
  assert.ok(revised.length > 0, "the rule layer revised an action");
  const checks = events.filter((e) => e.type === "rule_check");
  const verdicts = checks.reduce((a, c) => a + (c.results?.length ?? 0), 0);
  const start = JSON.parse(
    readFileSync(join(REPO_ROOT, "datasets", "polar-mini", "scenario-set.json"), "utf8"),
  ).evaluation.find((e: { id: string }) => e.id === "eval-u1-0005") as { timestamp: string };

  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", RUN);
  await page.click("[data-testid=replay-open]");
  await page.waitForSelector("[data-testid=clock]");
  const hh = start.timestamp.slice(11, 16);
  assert.match(
    (await page.textContent("[data-testid=clock]"))!,
    new RegExp(`requested at ${start.timestamp.slice(0, 10)} ${hh} \\(UTC, hour ${Number(hh.slice(0, 2))}\\)`),
  );
  const last = events.filter((e) => e.type === "pose").length - 1;
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-testid=timeline]")?.getAttribute("max")) >= n,
    last,
  );
  await page.fill("[data-testid=timeline]", String(last));
  await page.waitForSelector("[data-testid=outcome-line]");

  const rules = (await page.textContent("[data-testid=rules-panel]"))!.replace(/\s+/g, " ");
  assert.match(
    rules,
    /the user's rule library, version 0 \(nothing learned yet\) · 0 rule\(s\) in force · method full · 1 for this request/,
  );
  assert.ok(rules.includes(`${checks.length} check(s), ${verdicts} verdict(s):`), rules.slice(0, 300));
  const changes = (await page.textContent("[data-testid=rule-changes]"))!.replace(/\s+/g, " ");
  assert.match(changes, /Because of the user's rules, the robot/);
  assert.ok(changes.includes(`revised “${revised[0].subject}”`), changes);
  assert.ok(changes.includes(SAID), "the rule it followed, quoted");
  // drawn: the note's highlight is on the screenshot
  const shot = await page.locator("[data-testid=rule-changes]").screenshot();
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  let highlight = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i] - 0xff) < 4 && Math.abs(data[i + 1] - 0xf4) < 4 && Math.abs(data[i + 2] - 0xd6) < 4)
      highlight++;
  assert.ok(highlight > (info.width * info.height) / 3, `highlighted note (${highlight} px)`);
});
