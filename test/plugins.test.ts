/**
 * The plug-in points: a new simulator, memory store, backbone and measure is a registration and
 * a config entry; no switch in the code changes.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { openEmbedded } from "../sim-bridge/embedded/in-process.ts";
import { createSimulator } from "../src/compose/simulators.ts";
import { loadConfig, REPO_ROOT } from "../src/config/load.ts";
import { MeasureSet, measureKey, registerMeasure, STEPS } from "../src/eval/measures/built-in.ts";
import { MemoryConfig } from "../src/memory/config.ts";
import { createStore, registerStore, storeKind } from "../src/memory/create.ts";
import { SqliteMemoryStore } from "../src/memory/sqlite-store.ts";
import { checkBackboneType, createPolicy, registerBackbone } from "../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../src/mllm/config.ts";
import { HeuristicPolicy } from "../src/policies/heuristic/backbone.ts";
import { SimulatorConfig } from "../src/sim/config.ts";
import { registerSimulator } from "../src/sim/simulator-registry.ts";

test("a simulator registered by name is chosen by simulator.type", async () => {
  const opened: string[] = [];
  registerSimulator("plugin-sim", async (config) => {
    opened.push(config.type);
    return openEmbedded(config);
  });
  const sim = await createSimulator(SimulatorConfig.parse({ type: "plugin-sim" }));
  try {
    assert.deepEqual(opened, ["plugin-sim"]);
    assert.equal((await sim.hello()).simulator, "polar-embedded");
  } finally {
    await sim.close();
  }
  await assert.rejects(
    createSimulator(SimulatorConfig.parse({ type: "nope" })),
    /unknown simulator type "nope".*plugin-sim/,
  );
});

test("a memory store registered by name is chosen by memory.store", async () => {
  registerStore("plugin-store", {
    open: async (_config, opts) => new SqliteMemoryStore(":memory:", opts),
    describe: () => "plugin store (in memory)",
    local: true,
    placeIn: (config) => config,
  });
  const config = MemoryConfig.parse({ store: "plugin-store" });
  assert.equal(storeKind(config.store).describe(config), "plugin store (in memory)");
  const store = await createStore(config, { embedder: { name: "test", dim: 4 } });
  try {
    assert.deepEqual(await store.listEpisodes("u1"), []);
  } finally {
    await store.close();
  }
  await assert.rejects(createStore(MemoryConfig.parse({ store: "nope" })), /unknown memory store type "nope"/);
});

test("a backbone registered by name is chosen by backbone.type", () => {
  registerBackbone("plugin-backbone", (config) => new HeuristicPolicy({ name: `${config.name} (plugin)` }));
  const config = BackboneConfig.parse({ type: "plugin-backbone", name: "mine", model: "m" });
  checkBackboneType(config);
  assert.equal(createPolicy(config).name, "mine (plugin)");
  const unknown = BackboneConfig.parse({ type: "nope", name: "x", model: "m" });
  assert.throws(() => checkBackboneType(unknown), /unknown type "nope"/);
});

test("a measure registered by name is chosen by eval.measures and read through its typed key", () => {
  const TURNS = measureKey<number>("plugin_turns");
  registerMeasure(TURNS, () => {
    let n = 0;
    return {
      key: TURNS,
      dependsOn: [STEPS],
      reset() {
        n = 0;
      },
      update(e) {
        if (e.kind === "step" && e.action.startsWith("TURN")) n++;
      },
      value: () => n,
    };
  });
  const set = new MeasureSet(["steps", "plugin_turns"]);
  set.reset();
  set.update({
    kind: "reset",
    position: [0, 0, 0],
    shortestPath: 1,
    successDistance: 1,
    targetIds: [],
    targetCategory: null,
  });
  for (const action of ["TURN_LEFT", "MOVE_FORWARD", "TURN_RIGHT"] as const)
    set.update({ kind: "step", action, position: [0, 0, 0], collided: false });
  const turns: number = set.get(TURNS);
  assert.equal(turns, 2);
  assert.equal(set.get(STEPS), 3);
  assert.throws(() => new MeasureSet(["plugin_turns"]), /depends on "steps"/);
  assert.throws(() => new MeasureSet(["steps"]).require([TURNS]), /lacks "plugin_turns"/);
});

// A plug-in as a user writes it: plain JavaScript beside their config, importing nothing of Polar
// (the built CLI bundles Polar's modules, so an import of src/ would be another copy)
const STEP_COUNTER = `export default function register({ registerMeasure }) {
  const key = { id: "plugin_step_events" };
  registerMeasure(key, () => {
    let n = 0;
    return {
      key, dependsOn: [],
      reset() { n = 0; },
      update(e) { if (e.kind === "reset") n = 0; else if (e.kind === "step") n++; },
      value: () => n,
    };
  });
}
`;

function pluginFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "polar-plugin-"));
  mkdirSync(join(dir, "mine"));
  writeFileSync(join(dir, "mine", "step-counter.mjs"), STEP_COUNTER);
  const measures = [...loadConfig().eval.measures, "plugin_step_events"];
  writeFileSync(
    join(dir, "polar.yaml"),
    `plugins: [./mine/step-counter.mjs]\neval:\n  measures: ${JSON.stringify(measures)}\n`,
  );
  return dir;
}

test("a plug-in's path in config is relative to the config file that lists it", () => {
  const dir = pluginFolder();
  try {
    const config = loadConfig({ file: join(dir, "polar.yaml") });
    assert.deepEqual(config.plugins, [join(dir, "mine", "step-counter.mjs")]);
    assert.deepEqual(loadConfig().plugins, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const polar = (args: string[], cwd: string) =>
  promisify(execFile)(process.execPath, [join(REPO_ROOT, "bin", "polar.js"), ...args], {
    cwd,
    env: { ...process.env, POLAR_EMBEDDER__TYPE: "lexical" },
  });

test("a measure listed under plugins: reaches every episode of a threaded eval, with no code change", async () => {
  const dir = pluginFolder();
  try {
    const out = join(dir, "out");
    const dataset = join(REPO_ROOT, "datasets", "polar-mini");
    const common = ["eval", "--dataset", dataset, "--memory", "none", "--limit", "2", "--concurrency", "2"];
    await polar(["-c", "polar.yaml", ...common, "--out", out], dir);
    const lines = readFileSync(join(out, "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 2);
    for (const l of lines) assert.equal(l.measures.plugin_step_events, l.steps, l.episodeId);
    // the threads loaded it themselves: the run did not fall back to one thread
    assert.doesNotMatch(readFileSync(join(out, "report", "report.md"), "utf8"), /ran on one thread/);

    // without the plug-in the measure is unknown, said before any episode runs
    writeFileSync(join(dir, "bare.yaml"), readFileSync(join(dir, "polar.yaml"), "utf8").replace(/^plugins:.*$/m, ""));
    const bare = await polar(["-c", "bare.yaml", ...common, "--out", join(dir, "bare")], dir).catch((e) => e);
    assert.equal(bare.code, 2, bare.stderr);
    assert.match(bare.stderr, /plugin_step_events/);

    // a plug-in that cannot load is a config error naming it (exit 2)
    writeFileSync(join(dir, "broken.yaml"), "plugins: [./mine/nothing-here.mjs]\n");
    const broken = await polar(["-c", "broken.yaml", ...common, "--out", join(dir, "broken")], dir).catch((e) => e);
    assert.equal(broken.code, 2, broken.stderr);
    assert.match(broken.stderr, /key "plugins": cannot load ".*nothing-here\.mjs"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
