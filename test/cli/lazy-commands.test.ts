import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Command } from "commander";
import { COMMAND_GROUPS, commandName, registerCommands } from "../../src/cli/commands/index.ts";
import { cliEnv, polarSync } from "./helpers.ts";

test("the command an argument list names: past -c and its value, through help", () => {
  assert.equal(commandName(["eval", "--dataset", "x"]), "eval");
  assert.equal(commandName(["-c", "configs/pin.yaml", "run", "--episode", "e"]), "run");
  assert.equal(commandName(["--config", "a.yaml", "sim"]), "sim");
  assert.equal(commandName(["help", "memory"]), "memory");
  assert.equal(commandName(["--help"]), undefined);
  assert.equal(commandName([]), undefined);
});

test("each group's line in the lazy list is the one its module gives its command", async () => {
  for (const g of COMMAND_GROUPS) {
    const program = new Command();
    (await g.load())(program);
    const own = program.commands.find((c) => c.name() === g.name);
    assert.ok(own, `${g.name}: its module registers it`);
    assert.equal(g.description, own.description(), g.name);
  }
});

test("only the named group is registered; with none, every group as its name and line", async () => {
  const one = new Command();
  await registerCommands(one, ["memory", "show"]);
  assert.deepEqual(
    one.commands.map((c) => c.name()),
    ["memory"],
  );
  assert.ok(one.commands[0].commands.length > 0, "with its subcommands");
  const all = new Command();
  await registerCommands(all, ["--help"]);
  assert.deepEqual(
    all.commands.map((c) => c.name()),
    COMMAND_GROUPS.map((g) => g.name),
  );
});

test("polar --help lists every group; polar rules --help and an unknown command still work", () => {
  const help = polarSync(["--help"], process.env);
  assert.equal(help.code, 0, help.err);
  for (const g of COMMAND_GROUPS) assert.match(help.out, new RegExp(`^  ${g.name} `, "m"));
  const rules = polarSync(["rules", "--help"], process.env);
  assert.equal(rules.code, 0, rules.err);
  assert.match(rules.out, /teach/);
  const bad = polarSync(["nope"], process.env);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /unknown command 'nope'/);
});

test("a local polar eval on the defaults never loads the queue, Neo4j, model SDK or bridge packages", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-lazy-eval-"));
  try {
    // the CLI's own process writes down every package it imports or requires
    const log = join(dir, "packages.txt");
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        join(import.meta.dirname, "..", "startup", "record-packages.mjs"),
        "bin/polar.js",
        "eval",
        "--dataset",
        "datasets/polar-mini",
        "--limit-acquisition",
        "1",
        "--no-report",
        "--out",
        join(dir, "out"),
      ],
      { encoding: "utf8", env: { ...cliEnv(dir), POLAR_PACKAGE_LOG: log }, timeout: 120_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const loaded = new Set(
      readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("\t")[0]),
    );
    assert.ok(loaded.has("better-sqlite3"), "the hook saw the packages the run does use");
    for (const pkg of ["bullmq", "ioredis", "neo4j-driver", "openai", "@google/genai", "ws"])
      assert.ok(![...loaded].some((s) => s === pkg || s.startsWith(`${pkg}/`)), `${pkg} was loaded`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
