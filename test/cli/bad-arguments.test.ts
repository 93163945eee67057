/**
 * Bad command-line arguments, through the real CLI: one line on stderr naming what is wrong,
 * exit 2, no stack trace, no hang, nothing written. A further value a command refuses while it
 * reads its arguments is checked by that command's parsing in this process, each command keeping
 * a case through the CLI. (A missing
 * Redis is in test/queue/unreachable-and-refused.test.ts, bad paths in bad-input.test.ts.)
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Command } from "commander";
import { registerCommands } from "../../src/cli/commands/index.ts";
import { cliEnv, STACK } from "../cli/helpers.ts";
import { tinySet } from "../eval/slice.ts";
import { runPolar } from "./polar-process.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-robust-input-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
// memory.path under the test's folder: nothing (a rules.db) lands in the working folder
const env = cliEnv(tmp, { POLAR_EMBEDDER__TYPE: "lexical", POLAR_MEMORY__PATH: join(tmp, "m", "memory.db") });
const noImages = join(tmp, "no-images");

before(async () => {
  const slice = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  mkdirSync(join(noImages, "images"), { recursive: true });
  writeFileSync(join(noImages, "scenario-set.json"), readFileSync(join(slice, "scenario-set.json")));
});

interface Case {
  name: string;
  args: string[];
  line: RegExp;
  env?: Record<string, string>;
  /** a path that must not exist afterwards */
  untouched?: string;
  /**
   * refused while the arguments are read, by the same check as a case that goes through the CLI:
   * checked in this process (parsed), not by a CLI start of its own (half a second of CPU each)
   */
  parsing?: true;
}

const out = (name: string) => join(tmp, "out", name);
const evalArgs = (name: string, ...more: string[]) => [
  "eval",
  "--dataset",
  "datasets/polar-mini",
  "--memory",
  "none",
  "--limit-acquisition",
  "1",
  "--no-report",
  "--out",
  out(name),
  ...more,
];
const evalId = () =>
  (JSON.parse(readFileSync(join(noImages, "scenario-set.json"), "utf8")) as { evaluation: { id: string }[] })
    .evaluation[0].id;

const cases = (): Case[] => [
  {
    name: "a dataset whose images are missing (eval)",
    args: ["eval", "--dataset", noImages, "--memory", "none", "--out", out("no-images"), "--no-report"],
    line: /^polar: .*scenario-set\.json: \d+ reference image\(s\) missing under .*no-images \(acq-/,
    untouched: join(out("no-images"), "results.jsonl"),
  },
  {
    name: "a dataset whose images are missing (run)",
    args: ["run", "--dataset", noImages, "--episode", evalId(), "--memory", "raw", "--out", out("no-images-run")],
    line: /^polar: .*reference image\(s\) missing/,
  },
  {
    name: "--concurrency 1000000000",
    args: evalArgs("c1", "--concurrency", "1000000000"),
    line: /^polar: --concurrency expects a whole number in 1–256, got "1000000000"$/,
    untouched: out("c1"),
  },
  {
    name: "--concurrency 0",
    parsing: true,
    args: evalArgs("c0", "--concurrency", "0"),
    line: /^polar: --concurrency expects a whole number in 1–256, got "0"$/,
  },
  {
    name: "worker --concurrency 1e9",
    args: ["worker", "--queue", "redis://127.0.0.1:1/0", "--concurrency", "1000000000"],
    line: /^polar: --concurrency expects a whole number in 1–256/,
  },
  {
    name: '--memory ""',
    args: ["eval", "--memory", "", "--out", out("m0")],
    line: /^polar: --memory expects a comma-separated list of names, got ""$/,
    untouched: out("m0"),
  },
  {
    name: '--memory ",,"',
    parsing: true,
    args: ["eval", "--memory", ",,", "--out", out("m1")],
    line: /^polar: --memory expects a comma-separated list of names, got ",,"$/,
    untouched: out("m1"),
  },
  { name: '--out ""', args: ["eval", "--memory", "none", "--out", ""], line: /^polar: --out is empty: give a path$/ },
  {
    name: 'run --memory-dir ""',
    args: ["run", "--episode", "eval-u1-0005", "--memory-dir", ""],
    line: /^polar: --memory-dir is empty/,
  },
  {
    name: "POLAR_MEMORY__STORE=mongo: models check",
    args: ["models", "check"],
    env: { POLAR_MEMORY__STORE: "mongo" },
    line: /^polar: invalid configuration: key "memory\.store": unknown memory store "mongo" \(known: neo4j, sqlite\)$/,
  },
  {
    name: "POLAR_MEMORY__STORE=mongo: memory show",
    args: ["memory", "show", "--user", "u1"],
    env: { POLAR_MEMORY__STORE: "mongo" },
    line: /^polar: invalid configuration: key "memory\.store": unknown memory store "mongo"/,
  },
  {
    name: "POLAR_MEMORY__STORE=mongo: eval",
    args: evalArgs("mongo"),
    env: { POLAR_MEMORY__STORE: "mongo" },
    line: /^polar: invalid configuration: key "memory\.store": unknown memory store "mongo"/,
    untouched: out("mongo"),
  },
  {
    name: "report --samples -5",
    args: ["report", out("r"), "--samples", "-5"],
    line: /^polar: --samples expects a whole number in 1–100000, got "-5"$/,
  },
  {
    name: "report --samples abc",
    parsing: true,
    args: ["report", out("r"), "--samples", "abc"],
    line: /^polar: --samples expects a whole number in 1–100000, got "abc"$/,
  },
  {
    name: "report --samples 1e9",
    parsing: true,
    args: ["report", out("r"), "--samples", "1000000000"],
    line: /^polar: --samples expects a whole number in 1–100000/,
  },
  ...(existsSync("/proc/self")
    ? [
        {
          name: "sim render --out /proc/1/x",
          args: ["sim", "render", "--out", "/proc/1/x"],
          line: /^polar: --out \/proc\/1\/x: cannot create \/proc\/1\/x: /,
        },
      ]
    : []),
  {
    name: "dataset generate --scenes 1000000",
    args: ["dataset", "generate", "--scenes", "1000000", "--out", out("g1")],
    line: /^polar: --scenes expects a whole number in 1–200, got "1000000"$/,
    untouched: out("g1"),
  },
  {
    name: 'dataset generate --out ""',
    parsing: true,
    args: ["dataset", "generate", "--out", ""],
    line: /^polar: --out is empty: give a path$/,
  },
  {
    name: "dataset generate --image-size 0",
    parsing: true,
    args: ["dataset", "generate", "--image-size", "0", "--out", out("g2")],
    line: /^polar: --image-size expects a whole number in 16–1024, got "0"$/,
  },
  {
    name: "dataset generate --habitual 1.5",
    args: ["dataset", "generate", "--habitual", "1.5", "--out", out("g4")],
    line: /^polar: --habitual expects a share from 0 to 1 \(such as 0\.7\), got "1\.5"$/,
    untouched: out("g4"),
  },
  {
    name: "dataset generate --habitual often",
    parsing: true,
    args: ["dataset", "generate", "--habitual", "often", "--out", out("g5")],
    line: /^polar: --habitual expects a share from 0 to 1 \(such as 0\.7\), got "often"$/,
  },
  {
    name: "dataset generate --image-size 100000",
    parsing: true,
    args: ["dataset", "generate", "--image-size", "100000", "--out", out("g3")],
    line: /^polar: --image-size expects a whole number in 16–1024, got "100000"$/,
  },
];

test("a bad argument, value or dataset: one line on stderr, exit 2, no stack, no hang, nothing written", {
  timeout: 300_000,
}, async () => {
  const all = cases().filter((c) => !c.parsing);
  // every command refusing a value while it parses still does so through the CLI once
  for (const command of new Set(
    cases()
      .filter((c) => c.parsing)
      .map((c) => c.args[0]),
  ))
    assert.ok(
      all.some((c) => c.args[0] === command),
      `${command}: no case through the CLI`,
    );
  const failures: string[] = [];
  // three at a time: each is a whole CLI start
  let next = 0;
  const run = async () => {
    while (next < all.length) {
      const c = all[next++];
      const r = await runPolar(c.args, { env: { ...env, ...c.env }, ms: 30_000 }).catch((e: Error) => ({
        code: "hung",
        err: e.message,
        out: "",
        ms: 30_000,
      }));
      const lines = r.err.trim().split("\n");
      const problems = [
        r.code !== 2 && `exit ${r.code}`,
        !c.line.test(lines[0] ?? "") && `first line ${JSON.stringify(lines[0])} does not match ${c.line}`,
        lines.length !== 1 && `${lines.length} lines on stderr`,
        STACK.test(r.err) && "a stack trace",
        c.untouched && existsSync(c.untouched) && `${c.untouched} was written`,
      ].filter(Boolean);
      if (problems.length)
        failures.push(`${c.name}: ${problems.join("; ")}\n    stderr: ${r.err.trim().slice(0, 600)}`);
    }
  };
  await Promise.all([run(), run(), run()]);
  assert.deepEqual(failures, [], failures.join("\n"));
});

/**
 * The command's own parsing in this process (as src/cli/main.ts sets it up): the error it throws,
 * or null when the arguments were accepted. The action never runs.
 */
async function parsed(args: string[]): Promise<Error | null> {
  const program = new Command().name("polar").exitOverride();
  program.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  program.hook("preAction", () => {
    throw new Error("the arguments were accepted");
  });
  await registerCommands(program, args);
  try {
    await program.parseAsync(args, { from: "user" });
    return null;
  } catch (e) {
    return e as Error;
  }
}

test("a bad value refused while the arguments are read: the error the CLI prints as one line with exit 2", async () => {
  const failures: string[] = [];
  for (const c of cases().filter((x) => x.parsing)) {
    const e = await parsed(c.args);
    // src/cli/main.ts prints a user-facing error as "polar: <message>" and exits 2
    const line = `polar: ${e?.message ?? "(accepted)"}`;
    const problems = [
      (e as { userFacing?: boolean } | null)?.userFacing !== true && `not a user-facing error: ${e?.stack ?? e}`,
      !c.line.test(line) && `${JSON.stringify(line)} does not match ${c.line}`,
      line.includes("\n") && "more than one line",
      c.untouched && existsSync(c.untouched) && `${c.untouched} was written`,
    ].filter(Boolean);
    if (problems.length) failures.push(`${c.name}: ${problems.join("; ")}`);
  }
  assert.deepEqual(failures, [], failures.join("\n"));
});
