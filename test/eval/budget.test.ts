/**
 * `polar eval --max-cost` and `--dry-run` through the real CLI against the scripted
 * OpenAI-format server with a price: the budget stop holds (spent ≤ cap + one episode's cost,
 * exit 6, said on stderr and in the report, finished results kept and resumable), and a dry
 * run writes nothing to --out. Plus the Budget's own rules on constructed costs.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { Budget } from "../../src/eval/budget.ts";
import { readResults } from "../../src/eval/results.ts";
import { cliEnv, polarAsync, polarSync, STACK } from "../cli/helpers.ts";
import { SCRIPTED_KEYS, scriptedBackbones } from "./scripted-backbones.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-budget-"));
let dataset = "";
const env = () => cliEnv(root, { ...SCRIPTED_KEYS, POLAR_EMBEDDER__TYPE: "lexical", POLAR_SIMULATOR__MAXSTEPS: "30" });
// dear enough that an episode costs cents, so the cap is far above rounding
const PRICES = { inputPerMTok: 5, outputPerMTok: 15 };

before(async () => {
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
});

/** One `polar eval` against a fresh scripted server (the same requests get the same answers). */
async function evalRun(out: string, extra: string[], prices: typeof PRICES | null = PRICES) {
  const servers = await scriptedBackbones(mkdtempSync(join(root, "b-")), prices ? { prices } : {});
  try {
    const args = ["eval", "--dataset", dataset, "--backbones", servers.files[0], "--memory", "none"];
    const r = await polarAsync([...args, "--out", out, "--concurrency", "1", ...extra], env()).done;
    return { ...r, requests: servers.openai.requests.length };
  } finally {
    await servers.close();
  }
}

const costs = (dir: string) =>
  readResults(join(dir, "results.jsonl")).lines.map((l) => {
    assert.notEqual(l.usage.costUsd, null);
    return l.usage.costUsd as number;
  });

test("--max-cost just above three episodes' cost: stops, spends at most one episode more, exits 6, resumes", async () => {
  // what the first three episodes cost, measured by a run of exactly three
  const probe = join(root, "probe");
  const p = await evalRun(probe, ["--limit-acquisition", "3", "--no-report"]);
  assert.equal(p.code, 0, p.err);
  const first = costs(probe);
  assert.equal(first.length, 3);
  const cap = first.reduce((a, c) => a + c, 0) * 1.01;

  const out = join(root, "capped");
  const r = await evalRun(out, ["--max-cost", String(cap)]);
  assert.equal(r.code, 6, `exit code 6 (over budget): ${r.err}`);
  assert.match(r.err, /polar: stopped: the budget of \$[\d.]+ \(--max-cost\) would be passed/);
  assert.match(r.err, /spent this session: \$[\d.]+ of --max-cost/);
  const spent = costs(out);
  const spentUsd = spent.reduce((a, c) => a + c, 0);
  assert.ok(spent.length >= 1 && spent.length < 6, `stopped part way: ${spent.length} of 6`);
  assert.ok(spentUsd <= cap + Math.max(...spent), `spent ${spentUsd} ≤ cap ${cap} + one episode`);
  assert.match(r.out, /stopped early: rerun the same command to resume/);
  const md = await import("node:fs").then((fs) => fs.readFileSync(join(out, "report", "report.md"), "utf8"));
  assert.match(md, /stopped early: the budget of \$[\d.]+ \(--max-cost\) would be passed/);

  // the finished episodes are kept: a rerun without a cap runs only the rest
  const resumed = await evalRun(out, ["--no-report"]);
  assert.equal(resumed.code, 0, resumed.err);
  assert.match(resumed.out, new RegExp(`${spent.length} already done, 0 remaining`));
});

test("a backbone without prices: its cost is not reported, never 0, and --max-cost stops at once (exit 6)", async () => {
  const out = join(root, "unpriced");
  const r = await evalRun(out, ["--max-cost", "10", "--no-report"], null);
  assert.equal(r.code, 6, r.err);
  assert.match(r.err, /scripted-openai did not report the cost of episode .* --max-cost cannot be kept/);
  assert.match(r.err, /spent this session: not reported/);
  const lines = readResults(join(out, "results.jsonl")).lines;
  assert.equal(lines.length, 1, "the probe episode, then nothing");
  assert.equal(lines[0].usage.costUsd, null);
  assert.ok((lines[0].usage.inputTokens ?? 0) > 0, "tokens were reported; only the price is missing");
});

test("--dry-run runs a sample, prints the projection for the whole run and writes nothing to --out", async () => {
  const out = join(root, "dry");
  const r = await evalRun(out, ["--dry-run", "--dry-run-episodes", "1"]);
  assert.equal(r.code, 0, r.err);
  assert.ok(r.requests > 0, "the sample called the backbone");
  assert.ok(!existsSync(out), "nothing under --out");
  assert.match(r.out, /dry run: projected from the sampled episodes/);
  // the slice's full run: 4 acquisition + 2 no-prior evaluation episodes
  assert.match(r.out, /full run: 6 episodes · [\d,]+ model calls · tokens in [\d,]+ \/ out [\d,]+ · USD [\d.]+/);
  const rows = r.out.split("\n").filter((l) => l.startsWith("scripted-openai"));
  assert.equal(rows.length, 2, r.out);
  assert.match(rows[0], /^scripted-openai\s+acquisition\s+1\s+4\s/);
  assert.match(rows[1], /^scripted-openai\s+No-prior\s+1\s+2\s/);
});

test("Budget: the first episode of a backbone runs alone as the probe; later ones are estimated from it", async () => {
  const b = new Budget(1.0);
  const job = (key: string, backbone = "x", stage: "acquisition" | "evaluation" = "acquisition") => ({
    key,
    backbone,
    stage,
  });
  assert.deepEqual(await b.admit(job("1")), { ok: true });
  // a second one of the same backbone waits for the probe's cost
  let second: { ok: boolean } | null = null;
  const waiting = b.admit(job("2")).then((r) => {
    second = r;
  });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(second, null, "waits while the probe is in flight");
  b.finish(job("1"), 0.3);
  await waiting;
  assert.deepEqual(second, { ok: true });
  // 0.3 spent + 0.3 in flight + 0.3 next = 0.9 ≤ 1.0
  assert.deepEqual(await b.admit(job("3")), { ok: true });
  // 0.3 + 0.6 in flight + 0.3 = 1.2 > 1.0
  const refused = await b.admit(job("4"));
  assert.equal(refused.ok, false);
  assert.match(
    (refused as { reason: string }).reason,
    /budget of \$1\.00 \(--max-cost\) would be passed: \$0\.30 spent this session, about \$0\.60 in flight, about \$0\.30 for the next x acquisition episode/,
  );
  assert.equal(b.estimate("x", "evaluation"), 0.3, "another stage falls back to the backbone's mean");
  assert.equal(b.estimate("y", "evaluation"), null);
  assert.throws(() => new Budget(Number.NaN), /at least 0 USD/);
});

test("Budget: earlier sessions' results give the estimate; only this session's spend counts against the cap", async () => {
  const previous = [0.2, 0.4].map((c, i) => ({
    backbone: "x",
    stage: "evaluation" as const,
    usage: { costUsd: c },
    key: String(i),
  }));
  const b = new Budget(0.25, previous as never);
  assert.ok(Math.abs((b.estimate("x", "evaluation") ?? 0) - 0.3) < 1e-12);
  assert.equal(b.spent, 0);
  assert.equal((await b.admit({ key: "n", backbone: "x", stage: "evaluation" })).ok, false, "0.3 > 0.25");
});

test("--max-cost needs an amount of USD: a bad one is one line on stderr, exit 2", () => {
  for (const bad of ["abc", "-1", "Infinity"]) {
    const r = polarSync(["eval", "--max-cost", bad, "--out", join(root, "never")], cliEnv(root));
    assert.equal(r.code, 2, r.err);
    assert.equal(r.err.trim(), `polar: --max-cost expects an amount of USD of at least 0, got "${bad}"`);
    assert.doesNotMatch(r.err, STACK);
  }
  assert.ok(!existsSync(join(root, "never")));
});
