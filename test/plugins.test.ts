/**
 * The plug-in points: a new simulator, memory store, backbone and measure is a registration and
 * a config entry; no switch in the code changes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { openEmbedded } from "../sim-bridge/embedded/in-process.ts";
import { MeasureSet, measureKey, registerMeasure, STEPS } from "../src/eval/measures.ts";
import { createSimulator } from "../src/eval/simulators.ts";
import { MemoryConfig } from "../src/memory/config.ts";
import { createStore, registerStore, storeKind } from "../src/memory/create.ts";
import { SqliteMemoryStore } from "../src/memory/sqlite-store.ts";
import { checkBackboneType, createPolicy, registerBackbone } from "../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../src/mllm/config.ts";
import { HeuristicPolicy } from "../src/mllm/heuristic/backbone.ts";
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
