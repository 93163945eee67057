/**
 * The backbone comparison through an actual `polar eval --backbones a,b` against
 * the scripted OpenAI- and Gemini-format servers with the real clients: the report's backbone
 * and per-stage tables equal sums over results.jsonl, the servers' own request and image counts
 * match what the lines recorded (retries and re-asks included), Figure 9 and the paired
 * comparisons are written, and `polar report` prints the backbone table.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { backboneTables, formatUsd } from "../../src/eval/report/backbone-usage.ts";
import { readResults } from "../../src/eval/results.ts";
import { histogramQuantile, mergeHistograms } from "../../src/eval/usage-detail.ts";
import { cliEnv, polarAsync } from "../cli/helpers.ts";
import { openaiSchemaName } from "../mllm/scripted-server.ts";
import { SCRIPTED_KEYS, type ScriptedBackbones, scriptedBackbones } from "./scripted-backbones.ts";
import { tinySet } from "./slice.ts";

const root = process.env.KEEP_DIR ?? mkdtempSync(join(tmpdir(), "polar-backbones-"));
const out = join(root, "cmp");
let servers: ScriptedBackbones;
let run: { code: number | null; out: string; err: string };
const PRICES = { inputPerMTok: 0.15, outputPerMTok: 0.6 };

before(async () => {
  const dataset = await tinySet(root, { evaluation: 2, extraAcquisition: 1 });
  servers = await scriptedBackbones(root, { fail: [3], malformed: [6], prices: PRICES });
  const env = cliEnv(root, { ...SCRIPTED_KEYS, POLAR_EMBEDDER__TYPE: "lexical", POLAR_SIMULATOR__MAXSTEPS: "40" });
  const args = ["eval", "--dataset", dataset, "--backbones", servers.files.join(","), "--memory", "none,polar"];
  run = await polarAsync([...args, "--out", out, "--concurrency", "1", "--trajectories"], env).done;
});

after(async () => {
  await servers?.close();
});

test("polar eval --backbones with two scripted providers finishes and writes the backbone sections", () => {
  assert.equal(run.code, 0, run.err);
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  assert.match(md, /## Backbones — calls, tokens, cost and latency/);
  assert.match(md, /## Figure 9 — SR against cost per episode/);
  assert.match(md, /## Paired comparisons/);
  for (const f of ["fig9_cost.svg", "fig9_cost.png", "paired.csv", "paired_disagreements.csv"])
    assert.ok(existsSync(join(out, "report", f)), f);
});

test("the result lines record every request the servers saw, retries and re-asks included, and name the ones that got no answer", () => {
  const lines = readResults(join(out, "results.jsonl")).lines;
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((a, l) => a + f(l), 0);
  const seen = servers.openai.requests.length + servers.gemini.requests.length;
  // each call is one request, plus one per transport retry and per schema re-ask
  const sent = sum((l) => l.usage.calls + (l.usage.retries ?? 0) + (l.usage.reasks ?? 0));
  // On a loaded machine a request can go out on a keep-alive socket the server has just dropped:
  // it gets no answer, the client sends it again, and the server never read it. The lines count
  // such requests apart, so the accounting stays exact: every request the server saw was
  // recorded, and every recorded request the server did not see is one that got no answer.
  const unanswered = sum((l) => l.usage.unanswered ?? 0);
  assert.ok(
    seen <= sent && seen >= sent - unanswered,
    `${accountingGap(lines)}\nsent ${sent}, unanswered ${unanswered}`,
  );
  const retries = sum((l) => l.usage.retries ?? 0);
  assert.ok(
    retries >= 2 && retries <= 2 + unanswered,
    `one 500 per server, retried, plus a retry per request that got no answer: ${retries} retries, ${unanswered} unanswered`,
  );
  assert.equal(
    sum((l) => l.usage.reasks ?? 0),
    2,
    "one malformed answer per server, re-asked",
  );
  const images = sum((l) => l.usage.images ?? -1e9);
  if (unanswered === 0) assert.equal(images, servers.imagesReceived());
  else assert.ok(servers.imagesReceived() <= images, "images of a request that got no answer may never have arrived");
  assert.ok(servers.imagesReceived() > 0, "the backbones were sent views");
  for (const l of lines) {
    const stages = Object.values(l.usage.stages ?? {});
    assert.equal(
      stages.reduce((a, s) => a + s.calls, 0),
      l.usage.calls,
      `${l.key}: per-stage calls add up`,
    );
    // a known price and reported tokens: a known cost
    assert.ok(l.usage.costUsd !== null && l.usage.inputTokens !== null, l.key);
  }
});

/**
 * Where seen and recorded requests part, per server and task (the OpenAI server's requests name
 * their schema and carry the client's call id), so a failure says which calls no line claims.
 */
function accountingGap(lines: ReturnType<typeof readResults>["lines"]): string {
  const recorded = (backbone: string) => {
    const byTask: Record<string, number> = {};
    for (const l of lines.filter((x) => x.backbone === backbone))
      for (const [task, s] of Object.entries(l.usage.stages ?? {}))
        byTask[task] = (byTask[task] ?? 0) + s.calls + (s.retries ?? 0) + (s.reasks ?? 0);
    return JSON.stringify(byTask);
  };
  const bySchema: Record<string, number> = {};
  const perCall = new Map<string, string[]>();
  for (const r of servers.openai.requests) {
    const schema = openaiSchemaName(r.body) ?? "?";
    bySchema[schema] = (bySchema[schema] ?? 0) + 1;
    const id = String(r.headers["x-polar-call"]);
    perCall.set(id, [...(perCall.get(id) ?? []), `${schema}@${Math.round(r.at)}ms`]);
  }
  const repeated = [...perCall].filter(([, xs]) => xs.length > 1).map(([id, xs]) => `call ${id}: ${xs.join(", ")}`);
  return [
    `openai server saw ${servers.openai.requests.length} ${JSON.stringify(bySchema)}; its lines ${recorded("scripted-openai")}`,
    `gemini server saw ${servers.gemini.requests.length}; its lines ${recorded("scripted-gemini")}`,
    `openai calls sent more than once: ${repeated.join("; ") || "none"}`,
  ].join("\n");
}

test("the backbone table's numbers are sums over results.jsonl", () => {
  const lines = readResults(join(out, "results.jsonl")).lines;
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  const t = backboneTables(lines);
  for (const backbone of ["scripted-openai", "scripted-gemini"]) {
    const mine = lines.filter((l) => l.backbone === backbone);
    const polar = mine.filter((l) => l.stage === "evaluation" && l.memory === "polar");
    const row = t.groups.find((g) => g.backbone === backbone && g.group === "polar");
    assert.ok(row, `${backbone} polar row`);
    const total = (xs: typeof lines, f: (l: (typeof lines)[number]) => number) => xs.reduce((a, l) => a + f(l), 0);
    assert.equal(row.episodes, polar.length);
    assert.equal(
      row.calls,
      total(polar, (l) => l.usage.calls),
    );
    assert.equal(
      row.inputTokens,
      total(polar, (l) => l.usage.inputTokens ?? Number.NaN),
    );
    assert.equal(
      row.outputTokens,
      total(polar, (l) => l.usage.outputTokens ?? Number.NaN),
    );
    assert.equal(
      row.images,
      total(polar, (l) => l.usage.images ?? Number.NaN),
    );
    assert.equal(
      row.wallMs,
      total(polar, (l) => l.durationMs),
    );
    const cost = total(polar, (l) => l.usage.costUsd ?? Number.NaN);
    assert.ok(Math.abs((row.costUsd ?? Number.NaN) - cost) < 1e-12);
    // cost from the prices: tokens × USD per million
    const tokensCost =
      (total(polar, (l) => l.usage.inputTokens ?? 0) * PRICES.inputPerMTok +
        total(polar, (l) => l.usage.outputTokens ?? 0) * PRICES.outputPerMTok) /
      1e6;
    assert.ok(Math.abs(cost - tokensCost) < 1e-12);

    // the same numbers, per episode, in report.md's row
    const n = polar.length;
    const cells = md
      .slice(md.indexOf("## Backbones"))
      .split("\n")
      .find((r) => r.startsWith(`| ${backbone} | Polar |`))
      ?.split("|")
      .map((c) => c.trim());
    assert.ok(cells, `${backbone}'s Polar row in report.md`);
    assert.equal(cells[3], String(n));
    assert.equal(cells[5], (row.calls / n).toFixed(1));
    assert.equal(cells[7], ((row.inputTokens ?? 0) / n).toFixed(0));
    assert.equal(cells[8], ((row.outputTokens ?? 0) / n).toFixed(0));
    assert.equal(cells[10], formatUsd(cost / n));
    const successes = polar.filter((l) => l.success).length;
    assert.equal(cells[11], successes ? formatUsd(cost / successes) : "no success");

    // per stage, over all of the backbone's episodes
    for (const stage of ["ground", "high_level", "low_level", "memorize"]) {
      const s = t.stages.find((r) => r.backbone === backbone && r.stage === stage);
      const want = total(mine, (l) => l.usage.stages?.[stage]?.calls ?? 0);
      if (want === 0) continue;
      assert.ok(s, `${backbone} ${stage}`);
      assert.equal(s.calls, want);
      assert.equal(s.episodes, mine.length);
      assert.equal(
        s.inputTokens,
        total(mine, (l) => l.usage.stages?.[stage]?.inputTokens ?? 0),
      );
      const hist = mergeHistograms(
        mine.flatMap((l) => (l.usage.stages?.[stage] ? [l.usage.stages[stage].latency] : [])),
      );
      assert.equal(histogramQuantile(s.latency, 0.95), histogramQuantile(hist, 0.95));
    }
  }
});

test("paired comparisons list the disagreeing episodes, linked to the event streams --trajectories kept", () => {
  const md = readFileSync(join(out, "report", "report.md"), "utf8");
  const lines = readResults(join(out, "results.jsonl")).lines.filter((l) => l.stage === "evaluation");
  const a = lines.filter((l) => l.backbone === "scripted-openai" && l.memory === "none");
  const b = lines.filter((l) => l.backbone === "scripted-gemini" && l.memory === "none");
  const onlyA = a.filter((x) => x.success && b.some((y) => y.episodeId === x.episodeId && !y.success)).length;
  const onlyB = a.filter((x) => !x.success && b.some((y) => y.episodeId === x.episodeId && y.success)).length;
  const row = md.split("\n").find((r) => r.startsWith("| scripted-openai vs scripted-gemini | memory No-prior |"));
  assert.ok(row, "the backbone pair in no-prior mode");
  const cells = row.split("|").map((c) => c.trim());
  assert.deepEqual([cells[3], cells[8], cells[9]], [String(a.length), String(onlyA), String(onlyB)]);
  for (const l of lines)
    assert.ok(existsSync(join(out, "episodes", l.backbone, l.memory, l.episodeId, "events.jsonl")));
  const links = [...md.matchAll(/\]\(\.\.\/(episodes\/[^)]+)\)/g)].map((m) => m[1]);
  for (const link of links) assert.ok(existsSync(join(out, link)), link);
});

test("polar report prints the backbone table", async () => {
  const r = await polarAsync(["report", out], cliEnv(root)).done;
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /backbone\s+episodes\s+n\s+calls\/ep/);
  assert.match(r.out, /scripted-gemini\s+Polar/);
});
