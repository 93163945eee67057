import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ConfigError, loadConfig, loadYamlAs } from "../../src/config/load.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-config-"));
const write = (name: string, text: string) => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};

test("default config selects the embedded simulator, SQLite memory and the heuristic backbone", () => {
  const c = loadConfig({ env: {} });
  assert.equal(c.simulator.type, "embedded");
  assert.equal(c.memory.store, "sqlite");
  assert.equal(c.backbone.type, "heuristic");
  assert.equal(c.simulator.agent.stepLength, 1);
  assert.equal(c.simulator.agent.turnAngle, 30);
  assert.equal(c.simulator.successDistance, 2);
  assert.equal(c.simulator.maxSteps, 700);
  assert.equal(c.memory.topK, 5);
});

test("pin.yaml carries PIN's published settings over the defaults", () => {
  const c = loadConfig({ file: "configs/pin.yaml", env: {} });
  assert.equal(c.simulator.agent.stepLength, 0.25);
  assert.equal(c.simulator.successDistance, 1);
  assert.equal(c.simulator.maxSteps, 1000);
  assert.deepEqual([c.simulator.camera.height, c.simulator.camera.width, c.simulator.camera.hfov], [360, 640, 42]);
  assert.equal(c.memory.store, "sqlite", "keys the file does not set keep their defaults");
});

test("environment variables override file values", () => {
  const c = loadConfig({ env: { POLAR_SIMULATOR__MAXSTEPS: "300", POLAR_MEMORY__STORE: "neo4j" } });
  assert.equal(c.simulator.maxSteps, 300);
  assert.equal(c.memory.store, "neo4j");
});

test("an unknown key names the file, the key and what was expected", () => {
  const file = write("typo.yaml", "simulator:\n  maxStep: 10\n");
  assert.throws(
    () => loadConfig({ file, env: {} }),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /typo\.yaml/);
      assert.match(e.message, /simulator\.maxStep/);
      assert.match(e.message, /maxSteps/);
      return true;
    },
  );
});

test("a bad value names the file and the key", () => {
  // (an unknown memory.store is a registry's error, when the store is opened: test/plugins.test.ts)
  const file = write("bad.yaml", "memory:\n  topK: many\n");
  assert.throws(() => loadConfig({ file, env: {} }), /bad\.yaml.*memory\.topK/s);
});

test("a bad environment value names the variable", () => {
  assert.throws(() => loadConfig({ env: { POLAR_SIMULATOR__MAXSTEPS: "-4" } }), /POLAR_SIMULATOR__MAXSTEPS.*maxSteps/s);
  assert.throws(() => loadConfig({ env: { POLAR_SIMULATOR__NOPE: "1" } }), /POLAR_SIMULATOR__NOPE/);
});

test("a missing file is a clear error", () => {
  assert.throws(() => loadConfig({ file: join(tmp, "absent.yaml"), env: {} }), /absent\.yaml: cannot read/);
});

test("an unknown key in a backbone YAML lists the backbone's own keys, not the config's sections", () => {
  const file = write("backbone-typo.yaml", "name: b\ntype: heuristic\ntemprature: 0.2\nprices:\n  inptPerMTok: 1\n");
  assert.throws(
    () => loadYamlAs(file, BackboneConfig),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      const [top] = e.problems.filter((p) => p.includes('"temprature"'));
      assert.match(top, /backbone-typo\.yaml: unknown key "temprature" \(expected one of: name, type, model, /);
      assert.match(top, /temperature/);
      assert.doesNotMatch(top, /simulator|embedder|eval/, "the whole config's sections are not the expected keys");
      const [nested] = e.problems.filter((p) => p.includes("inptPerMTok"));
      assert.match(nested, /unknown key "prices\.inptPerMTok" \(expected one of: inputPerMTok, outputPerMTok\)/);
      return true;
    },
  );
});

test("yaml is loaded on the first read of a YAML file, not with the module; the defaults need not load it", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-config-yaml-"));
  try {
    const userFile = join(dir, "mine.yaml");
    writeFileSync(userFile, "eval:\n  seed: 7\n");
    const script = `
      import { createRequire } from "node:module";
      import { readFileSync } from "node:fs";
      const require = createRequire(import.meta.url);
      const yamlLoaded = () => Object.keys(require.cache).some((k) => k.includes("/node_modules/yaml/"));
      const { loadConfig, DEFAULT_CONFIG } = await import(${JSON.stringify(join(import.meta.dirname, "..", "..", "src", "config", "load.ts"))});
      const { PolarConfig } = await import(${JSON.stringify(join(import.meta.dirname, "..", "..", "src", "config", "schema.ts"))});
      const atImport = yamlLoaded();
      const defaults = loadConfig({ env: {} });
      const afterDefaults = yamlLoaded();
      const mine = loadConfig({ env: {}, file: ${JSON.stringify(userFile)} });
      const afterFile = yamlLoaded();
      // whatever path the defaults took (the build's parse of the same text, or yaml), the same config
      const byYaml = PolarConfig.parse(require("yaml").parse(readFileSync(DEFAULT_CONFIG, "utf8")));
      console.log(JSON.stringify({ atImport, afterDefaults, afterFile, seed: mine.eval.seed,
        same: JSON.stringify(defaults) === JSON.stringify(byYaml) }));
    `;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "");
    assert.equal(got.atImport, false, "importing the loader loads yaml");
    // with dist/ built (npm install does it) the defaults come from the build's parse
    if (existsSync(join(import.meta.dirname, "..", "..", "dist", "default-config.json")))
      assert.equal(got.afterDefaults, false, "the defaults loaded yaml although the build parsed them");
    assert.equal(got.afterFile, true);
    assert.equal(got.seed, 7);
    assert.equal(got.same, true, "the defaults differ from yaml's parse of configs/default.yaml");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
