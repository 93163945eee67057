// The first-use build of all-MiniLM-L6-v2 (what `npm start` does without BGE-M3), with injected
// builder commands: nothing here downloads anything or runs python.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { EmbedderConfig } from "../../src/memory/config.ts";
import { createEmbedder, planEmbedder } from "../../src/memory/embedders/create.ts";
import { LEXICAL_NAME } from "../../src/memory/embedders/lexical.ts";
import { MINILM_NAME } from "../../src/memory/embedders/minilm.ts";
import {
  type BuilderCommand,
  buildMiniLm,
  buildPaths,
  ensureDenseEmbedder,
  readBuildFailure,
} from "../../src/memory/embedders/minilm-build.ts";
import { writeTinyBert } from "./tiny-bert.ts";
import { writeTinyBge } from "./tiny-bge.ts";

const root = mkdtempSync(join(tmpdir(), "polar-minilm-build-"));
after(() => rmSync(root, { recursive: true, force: true }));

const tinyBert = writeTinyBert(join(root, "tiny-bert-source"));
let n = 0;
/** a fresh models/ folder: no BGE-M3, no MiniLM */
function fresh() {
  const models = join(root, `case-${++n}`, "models");
  mkdirSync(models, { recursive: true });
  return {
    models,
    config: EmbedderConfig.parse({ modelDir: join(models, "bge-m3"), minilmDir: join(models, "all-MiniLM-L6-v2") }),
  };
}

/** node -e <code> [...extra] <output folder>: the output folder is process.argv.at(-1) */
const node = (code: string, ...extra: string[]): BuilderCommand => ({
  command: process.execPath,
  args: ["-e", code, ...extra],
});
/** prints two progress lines, appends to a counter file, then copies the tiny BERT into place */
const copyBuilder = (counter: string, delayMs = 0): BuilderCommand =>
  node(
    `const fs = require("fs");
     console.log("downloading the weights"); console.error("checking the graph");
     fs.appendFileSync(process.argv[2], "x");
     setTimeout(() => fs.cpSync(process.argv[1], process.argv.at(-1), { recursive: true }), ${delayMs});`,
    tinyBert,
    counter,
  );
const failingBuilder = node(`console.log("creating python venv"); console.error("pip: no network"); process.exit(1);`);
/** a builder that must never run: it would leave a file behind */
const sentinelBuilder = (file: string) => node(`require("fs").writeFileSync(${JSON.stringify(file)}, "ran")`);

function collect() {
  const lines: string[] = [];
  return { lines, onLine: (l: string) => lines.push(l) };
}

describe("first-use MiniLM build (auto)", () => {
  it("no model and a failing builder: one clear notice, the lexical embedder, and no retry next run", async () => {
    const { models, config } = fresh();
    const progress = collect();
    const r = await ensureDenseEmbedder(config, { builder: failingBuilder, onLine: progress.onLine });
    assert.equal(r.status, "failed");
    assert.match(progress.lines[0], /no dense embedder on disk: building all-MiniLM-L6-v2 once/, "says what it does");
    assert.ok(
      progress.lines.some((l) => l.includes("pip: no network")),
      "the builder's lines are shown",
    );
    // nothing half-built, a marker with the reason and a log with everything
    assert.deepEqual(readdirSync(models).sort(), ["all-MiniLM-L6-v2.build-failed.json", "all-MiniLM-L6-v2.build.log"]);
    const failure = readBuildFailure(config.minilmDir);
    assert.match(failure?.reason ?? "", /^exit 1: pip: no network \(after \d+\.\d s\)$/);
    assert.match(readFileSync(buildPaths(config.minilmDir).log, "utf8"), /creating python venv\npip: no network\n/);

    const notices: string[] = [];
    const e = await createEmbedder(config, (m) => notices.push(m));
    assert.equal(e.name, LEXICAL_NAME);
    assert.equal(notices.length, 1, "said once");
    assert.match(notices[0], /^no dense embedder .*: using the lexical fallback lexical-hash-v1/);
    assert.match(
      notices[0],
      /\. Building all-MiniLM-L6-v2 failed on \S+Z: exit 1: pip: no network \(after .*\)\. Log: .*\.build\.log\./,
    );
    assert.match(notices[0], /Retry with `npx polar models build`$/);

    // the next run does not try again, and prints nothing of its own
    const sentinel = join(root, `sentinel-${n}`);
    const again = collect();
    const r2 = await ensureDenseEmbedder(config, { builder: sentinelBuilder(sentinel), onLine: again.onLine });
    assert.equal(r2.status, "failed-before");
    assert.equal(existsSync(sentinel), false, "the builder did not run");
    assert.deepEqual(again.lines, []);
  });

  it("a working builder: the folder appears whole, auto then uses MiniLM; a built folder is never rebuilt", async () => {
    const { models, config } = fresh();
    const counter = join(root, `counter-${n}`);
    const progress = collect();
    const r = await ensureDenseEmbedder(config, { builder: copyBuilder(counter), onLine: progress.onLine });
    assert.equal(r.status, "built");
    assert.ok(progress.lines.some((l) => l === `  ${MINILM_NAME}: downloading the weights`));
    assert.match(progress.lines.at(-1) ?? "", /^built all-MiniLM-L6-v2 in \d+(\.\d+)? s/);
    assert.deepEqual(readdirSync(models).sort(), ["all-MiniLM-L6-v2", "all-MiniLM-L6-v2.build.log"], "no temp, lock");
    assert.equal(planEmbedder(config).type, "minilm");
    const notices: string[] = [];
    const e = await createEmbedder(config, (m) => notices.push(m));
    assert.equal(e.name, MINILM_NAME, "reports name the dense embedder");
    assert.match(notices[0], /using all-MiniLM-L6-v2/);
    await e.close?.();

    const r2 = await ensureDenseEmbedder(config, { builder: copyBuilder(counter) });
    assert.deepEqual(r2, { status: "not-needed", reason: "all-MiniLM-L6-v2 files present" });
    assert.equal(readFileSync(counter, "utf8"), "x", "built once");
  });

  it("`polar models build` retries after a failure and clears the marker", async () => {
    const { config } = fresh();
    await ensureDenseEmbedder(config, { builder: failingBuilder, onLine: () => {} });
    assert.ok(readBuildFailure(config.minilmDir));
    const r = await buildMiniLm(config.minilmDir, {
      builder: copyBuilder(join(root, `counter-${n}`)),
      onLine: () => {},
    });
    assert.equal(r.status, "built");
    assert.equal(readBuildFailure(config.minilmDir), null);
    assert.equal(planEmbedder(config).type, "minilm");
  });

  it("a builder that exits 0 without every file is a failure, and leaves no folder", async () => {
    const { models, config } = fresh();
    const partial = node(`const fs = require("fs"); const d = process.argv.at(-1);
      fs.mkdirSync(d, { recursive: true }); fs.writeFileSync(d + "/tokenizer.json", "{}");`);
    const r = await ensureDenseEmbedder(config, { builder: partial, onLine: () => {} });
    assert.equal(r.status, "failed");
    assert.match(readBuildFailure(config.minilmDir)?.reason ?? "", /did not write tokenizer_config\.json, model\.onnx/);
    assert.equal(existsSync(join(models, "all-MiniLM-L6-v2")), false);
  });

  it("a builder that hangs is stopped at the timeout; one that cannot start is a failure too", async () => {
    const { config } = fresh();
    const hang = node("setTimeout(() => {}, 60_000)");
    const r = await ensureDenseEmbedder(config, { builder: hang, timeoutMs: 300, onLine: () => {} });
    assert.equal(r.status, "failed");
    assert.match(readBuildFailure(config.minilmDir)?.reason ?? "", /^timed out after/);
    const other = fresh();
    const r2 = await ensureDenseEmbedder(other.config, {
      builder: { command: join(root, "no-such-builder"), args: [] },
      onLine: () => {},
    });
    assert.equal(r2.status, "failed");
    assert.match(readBuildFailure(other.config.minilmDir)?.reason ?? "", /could not start .*ENOENT/);
  });

  it("two runs starting at once: one builds, the other waits and uses its folder", async () => {
    const { models, config } = fresh();
    const counter = join(root, `counter-${n}`);
    const a = collect();
    const b = collect();
    const opts = { builder: copyBuilder(counter, 400), lockPollMs: 50 };
    const [ra, rb] = await Promise.all([
      ensureDenseEmbedder(config, { ...opts, onLine: a.onLine }),
      ensureDenseEmbedder(config, { ...opts, onLine: b.onLine }),
    ]);
    assert.deepEqual([ra.status, rb.status].sort(), ["built", "built-elsewhere"]);
    assert.equal(readFileSync(counter, "utf8"), "x", "the builder ran once");
    const waiter = ra.status === "built" ? b : a;
    assert.match(waiter.lines[0], /^waiting for process \d+ on .*, building all-MiniLM-L6-v2 since/);
    assert.equal(planEmbedder(config).type, "minilm");
    assert.equal(existsSync(join(models, "all-MiniLM-L6-v2.lock")), false);
  });

  it("two processes starting at once: one builds, the other waits; the folder is whole", async () => {
    const { models, config } = fresh();
    const counter = join(root, `counter-${n}`);
    const module = new URL("../../src/memory/embedders/minilm-build.ts", import.meta.url).href;
    const code = `import { ensureDenseEmbedder } from ${JSON.stringify(module)};
      const r = await ensureDenseEmbedder(${JSON.stringify(config)}, {
        builder: ${JSON.stringify(copyBuilder(counter, 1500))}, lockPollMs: 50, onLine: (l) => console.error(l) });
      console.log(r.status);`;
    const run = () =>
      new Promise<{ out: string; err: string }>((done, fail) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "--input-type=module", "-e", code],
          { timeout: 120_000 },
          (e, out, err) => (e ? fail(new Error(`${e.message}\n${err}`)) : done({ out: out.trim(), err })),
        ),
      );
    const [a, b] = await Promise.all([run(), run()]);
    // the second one normally waits on the lock; on a very slow machine it may start after the
    // first has finished, and then finds the folder present: either way the builder ran once
    const [first, second] = a.out === "built" ? [a, b] : [b, a];
    assert.equal(first.out, "built", a.err + b.err);
    assert.ok(["built-elsewhere", "not-needed"].includes(second.out), second.out);
    if (second.out === "built-elsewhere") assert.match(second.err, /waiting for process \d+/);
    assert.equal(readFileSync(counter, "utf8"), "x", "the builder ran once");
    assert.deepEqual(readdirSync(models).sort(), ["all-MiniLM-L6-v2", "all-MiniLM-L6-v2.build.log"]);
    assert.equal(planEmbedder(config).type, "minilm");
  });

  it("a lock left by a process that is gone is taken over, and its temporary folder removed", async () => {
    const { models, config } = fresh();
    const dead = 2 ** 22 + 12345; // above the largest pid Linux allows (2^22): never alive
    const lock = buildPaths(config.minilmDir).lock;
    writeFileSync(
      lock,
      JSON.stringify({
        pid: dead,
        host: (await import("node:os")).hostname(),
        at: new Date().toISOString(),
        token: "t",
      }),
    );
    mkdirSync(join(models, `all-MiniLM-L6-v2.tmp-${dead}`));
    const r = await ensureDenseEmbedder(config, { builder: copyBuilder(join(root, `counter-${n}`)), onLine: () => {} });
    assert.equal(r.status, "built");
    assert.deepEqual(readdirSync(models).sort(), ["all-MiniLM-L6-v2", "all-MiniLM-L6-v2.build.log"]);
  });
});

describe("when no build happens", () => {
  it("embedder.type lexical (also POLAR_EMBEDDER__TYPE=lexical) and bge-m3 never build", async () => {
    const { config } = fresh();
    const sentinel = join(root, `sentinel-${n}`);
    const builder = sentinelBuilder(sentinel);
    const lexical = loadConfig({ env: { POLAR_EMBEDDER__TYPE: "lexical" } }).embedder;
    assert.equal(lexical.type, "lexical");
    const r = await ensureDenseEmbedder({ ...lexical, minilmDir: config.minilmDir }, { builder });
    assert.deepEqual(r, { status: "not-needed", reason: "embedder.type is lexical" });
    const notices: string[] = [];
    const e = await createEmbedder({ ...lexical, minilmDir: config.minilmDir }, (m) => notices.push(m));
    assert.equal(e.name, LEXICAL_NAME);
    assert.deepEqual(notices, [], "asked for by name: no notice");
    const bge = await ensureDenseEmbedder({ ...config, type: "bge-m3" }, { builder });
    assert.equal(bge.status, "not-needed");
    assert.equal(existsSync(sentinel), false);
  });

  it("auto with BGE-M3 on disk does not build MiniLM", async () => {
    const { models, config } = fresh();
    writeTinyBge(join(models, "bge-m3"), { layout: "int8" });
    const sentinel = join(root, `sentinel-${n}`);
    const r = await ensureDenseEmbedder(config, { builder: sentinelBuilder(sentinel) });
    assert.deepEqual(r, { status: "not-needed", reason: "BGE-M3 files present" });
    assert.equal(existsSync(sentinel), false);
  });

  it("without a marker, the lexical notice says how to get the dense embedder", () => {
    const { config } = fresh();
    const plan = planEmbedder(config);
    assert.equal(plan.type, "lexical");
    assert.match(plan.reason, /^no dense embedder \(BGE-M3 files missing in .*, all-MiniLM-L6-v2 not built in .*\): /);
    assert.match(plan.reason, /`npx polar models build` builds all-MiniLM-L6-v2 .*`npm start` does on first use/);
  });
});
