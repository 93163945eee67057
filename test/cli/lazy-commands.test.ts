import assert from "node:assert/strict";
import { test } from "node:test";
import { Command } from "commander";
import { COMMAND_GROUPS, commandName, registerCommands } from "../../src/cli/commands/index.ts";
import { polarSync } from "./helpers.ts";

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
