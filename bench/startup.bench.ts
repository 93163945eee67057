// Start-up bench (issue 23): how long a user waits before Polar does anything, from the built CLI
// (dist/, as `npm install` leaves it), side by side with `node -e 0` in the same run.
//   - `polar --help`: wall and CPU of the whole process, RUNS times each, alternating;
//   - `polar eval` of one episode on the embedded defaults: the time from spawning the process to
//     the moment its first episode starts its work (the line's finishedAt − durationMs), and the
//     whole process.
// CPU is the child's own (a preloaded hook prints process.cpuUsage() at exit): wall times on this
// shared machine include waiting for a core. `npm run bench startup`.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const RUNS = 10;
const EVAL_RUNS = 5;
const CPU_MARK = "polar-bench-cpu-ms:";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const round = (x: number) => Math.round(x * 1000) / 1000;

/** One process: wall seconds, and its own CPU seconds from the exit hook. */
function timed(hook: string, args: string[]): { wall: number; cpu: number; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--import", hook, ...args], { cwd: ROOT, encoding: "utf8" });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const line = r.stderr.split("\n").find((l) => l.startsWith(CPU_MARK));
  if (!line) throw new Error(`${args.join(" ")}: no CPU line on stderr`);
  return { wall, cpu: Number(line.slice(CPU_MARK.length)) / 1000, stdout: r.stdout };
}

function summary(xs: { wall: number; cpu: number }[]) {
  return {
    wallS: { median: round(median(xs.map((x) => x.wall))), min: round(Math.min(...xs.map((x) => x.wall))) },
    cpuS: { median: round(median(xs.map((x) => x.cpu))) },
  };
}

export async function run(): Promise<Record<string, unknown>> {
  // the CLI as installed: dist/ fresh, or the figures would be tsx's
  execFileSync(process.execPath, [join(ROOT, "scripts/build.mjs")], { stdio: "ignore" });
  const dir = mkdtempSync(join(tmpdir(), "polar-bench-startup-"));
  try {
    const hook = join(dir, "cpu-hook.mjs");
    writeFileSync(
      hook,
      `process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write("${CPU_MARK}" + (u.user + u.system) / 1000 + "\\n"); });\n`,
    );
    const load0 = loadavg()[0];
    const node: { wall: number; cpu: number }[] = [];
    const help: { wall: number; cpu: number }[] = [];
    // a warm-up of each, so the first run does not pay for the file cache alone
    timed(hook, ["-e", "0"]);
    timed(hook, ["bin/polar.js", "--help"]);
    for (let i = 0; i < RUNS; i++) {
      node.push(timed(hook, ["-e", "0"]));
      help.push(timed(hook, ["bin/polar.js", "--help"]));
    }

    const firstEpisode: number[] = [];
    const evalRuns: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < EVAL_RUNS + 1; i++) {
      const out = join(dir, `eval-${i}`);
      const spawnedAt = Date.now();
      const r = timed(hook, [
        "bin/polar.js",
        "eval",
        "--dataset",
        "datasets/polar-mini",
        "--limit-acquisition",
        "1",
        "--no-report",
        "--out",
        out,
      ]);
      const [line] = readFileSync(join(out, "results.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { finishedAt: string; durationMs: number });
      if (i === 0) continue; // warm-up
      firstEpisode.push((Date.parse(line.finishedAt) - line.durationMs - spawnedAt) / 1000);
      evalRuns.push(r);
    }
    return {
      loadAverage1mBefore: round(load0),
      loadAverage1mAfter: round(loadavg()[0]),
      runs: RUNS,
      nodeE0: summary(node),
      polarHelp: summary(help),
      helpOverNodeWall: round(median(help.map((x) => x.wall)) / median(node.map((x) => x.wall))),
      evalFirstEpisode: {
        command: "polar eval --dataset datasets/polar-mini --limit 1 --no-report",
        runs: EVAL_RUNS,
        secondsToFirstEpisodeStart: { median: round(median(firstEpisode)), all: firstEpisode.map(round) },
        wholeProcess: summary(evalRuns),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
