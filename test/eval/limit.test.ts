/**
 * `polar eval --limit N` runs N evaluation episodes, spread over the run's backbones and memory
 * modes so they can be compared, with exactly the acquisition episodes those episodes need;
 * `--limit-acquisition N` keeps the old meaning (the first N new episodes in the run's order).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { buildPlan } from "../../src/compose/setup.ts";
import { loadConfig, REPO_ROOT } from "../../src/config/load.ts";
import { readResults } from "../../src/eval/results.ts";
import { type Job, planJobs, selectEvaluation } from "../../src/eval/runner.ts";
import { cliEnv, polarSync } from "../cli/helpers.ts";
import { tinySet } from "./slice.ts";

const root = mkdtempSync(join(tmpdir(), "polar-limit-"));
const env = { OPENAI_API_KEY: "sk-test-not-used" };

async function plannedJobs(extra: Record<string, unknown> = {}): Promise<Job[]> {
  const config = loadConfig({
    env,
    overrides: {
      embedder: { type: "lexical" },
      eval: {
        dataset: join(REPO_ROOT, "datasets", "polar-mini"),
        out: join(root, "plan"),
        backbones: ["heuristic", "gpt-4o-mini"],
        ...extra,
      },
    },
  });
  return planJobs((await buildPlan(config, env)).plan);
}

const column = (j: Job) => `${j.backbone}/${j.memory}/${j.representation}`;

test("--limit 20 over two backbones and three memory modes: 20 evaluation episodes, the same ones in every column", async () => {
  const jobs = await plannedJobs();
  const chosen = selectEvaluation(jobs, 20);
  const evaluation = chosen.filter((j) => j.stage === "evaluation");
  assert.equal(evaluation.length, 20);
  const columns = new Map<string, string[]>();
  for (const j of evaluation) columns.set(column(j), [...(columns.get(column(j)) ?? []), j.episode.id]);
  assert.equal(columns.size, 6, "every backbone and memory mode gets episodes");
  const sizes = [...columns.values()].map((c) => c.length);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `spread evenly: ${sizes}`);
  const longest = [...columns.values()].sort((a, b) => b.length - a.length)[0];
  for (const c of columns.values()) assert.deepEqual(c, longest.slice(0, c.length), "the same episodes, in order");

  // the acquisitions: every prior episode of those episodes' users, for each backbone, and no other
  const acquisition = chosen.filter((j) => j.stage === "acquisition");
  for (const b of ["heuristic", "gpt-4o-mini"]) {
    const users = new Set(
      evaluation.filter((j) => j.backbone === b && j.memory !== "none").map((j) => j.episode.userId),
    );
    const want = jobs.filter((j) => j.stage === "acquisition" && j.backbone === b && users.has(j.episode.userId));
    assert.deepEqual(
      acquisition.filter((j) => j.backbone === b).map((j) => j.key),
      want.map((j) => j.key),
    );
  }
});

test("--limit with one scenario and only the no-prior mode needs no acquisition at all", async () => {
  const jobs = await plannedJobs({ memoryModes: ["none"], scenarios: ["distractor"] });
  const chosen = selectEvaluation(jobs, 7);
  assert.equal(chosen.length, 7);
  assert.ok(chosen.every((j) => j.stage === "evaluation"));
  assert.ok(chosen.every((j) => (j.episode as { scenario?: string }).scenario === "distractor"));
});

test("--limit larger than the run takes the whole run", async () => {
  const jobs = await plannedJobs();
  assert.deepEqual(
    selectEvaluation(jobs, 100_000).map((j) => j.key),
    jobs.map((j) => j.key),
  );
});

let dataset = "";
before(async () => {
  // 4 evaluation units over the two modes: --limit 2 leaves some to name
  dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
});

test("polar eval --limit 2: one evaluation episode per memory mode, the user's acquisitions, and what is left named", () => {
  const out = join(root, "cli");
  const r = polarSync(
    ["eval", "--dataset", dataset, "--memory", "none,raw", "--limit", "2", "--no-report", "--out", out],
    // which episodes run is the point, not how far they get
    cliEnv(root, { POLAR_EMBEDDER__TYPE: "lexical", POLAR_SIMULATOR__MAXSTEPS: "80" }),
    { timeout: 180_000 },
  );
  assert.equal(r.code, 0, r.err);
  const lines = readResults(join(out, "results.jsonl")).lines;
  const evaluation = lines.filter((l) => l.stage === "evaluation");
  assert.deepEqual(evaluation.map((l) => l.memory).sort(), ["none", "raw"]);
  assert.equal(evaluation[0].episodeId, evaluation[1].episodeId, "both modes ran the same episode");
  const set = JSON.parse(readFileSync(join(dataset, "scenario-set.json"), "utf8")) as {
    acquisition: { id: string; userId: string }[];
  };
  const user = evaluation[0].user;
  assert.deepEqual(
    lines
      .filter((l) => l.stage === "acquisition")
      .map((l) => l.episodeId)
      .sort(),
    set.acquisition
      .filter((a) => a.userId === user)
      .map((a) => a.id)
      .sort(),
  );
  assert.match(r.out, /--limit 2: the run has \d+ more episodes/);
});
