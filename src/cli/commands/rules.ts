import type { Command } from "commander";
import type { PolarConfig } from "../../config/index.ts";
import { resolveBackbone } from "../../config/index.ts";
import { summarizeCalls } from "../../mllm/index.ts";
import type { RuleVersion } from "../../rules/index.ts";
import {
  defaultRulesDb,
  describeRule,
  openRuleLibrary,
  type RuleLibrary,
  RuleLibraryError,
  ruleLayerFor,
  ruleLibraryKind,
  type TeachOptions,
  teach,
} from "../../rules/index.ts";
import { configFor, UserError } from "../options.ts";

interface Common {
  user: string;
  rulesDb?: string;
  json?: boolean;
}

/** The rules library lives next to the memory store: <dirname(memory.path)>/rules.db, unless --rules-db. */
function dbPath(cmd: Command, opts: Common): string {
  if (opts.rulesDb !== undefined) {
    if (opts.rulesDb.trim() === "") throw new UserError("--rules-db is empty: give a file path");
    return opts.rulesDb;
  }
  return defaultRulesDb(configFor(cmd).memory.path);
}

function checkText(text: string, what: string): string {
  if (text.includes("\uFFFD"))
    throw new UserError(`the ${what} is not valid UTF-8 (check the terminal's or the script's encoding)`);
  if (text.trim() === "") throw new UserError(`the ${what} is empty`);
  return text;
}

async function withLibrary<T>(
  config: PolarConfig,
  path: string,
  create: boolean,
  use: (l: RuleLibrary) => Promise<T>,
): Promise<T> {
  let lib: RuleLibrary;
  try {
    lib = await openRuleLibrary(config.rules.store, { path, create, neo4j: config.memory.neo4j });
  } catch (e) {
    if (e instanceof RuleLibraryError) throw new UserError(e.message);
    throw e;
  }
  try {
    return await use(lib);
  } catch (e) {
    if (e instanceof RuleLibraryError) throw new UserError(e.message);
    throw e;
  } finally {
    await lib.close();
  }
}

const when = (at: number) =>
  new Date(at)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");

function line(v: RuleVersion): string {
  return `${v.ruleId.padEnd(4)} v${v.version}  ${v.check.kind.padEnd(12)} ${describeRule(v.rule)}   "${v.rule.statement}"`;
}

async function requireUser(lib: RuleLibrary, user: string): Promise<void> {
  if ((await lib.history(user)).length === 0)
    throw new UserError(`unknown user "${user}": the rules library at ${lib.location} holds no rules of theirs`);
}

export function registerRules(program: Command): void {
  const rules = program
    .command("rules")
    .description("the rules a user taught the robot by correcting it (TellOnce): teach, list, show, history, retract");
  const common = (c: Command) =>
    c
      .requiredOption("-u, --user <id>", "whose rules")
      .option("--rules-db <file>", "the rules library (default: rules.db next to memory.path)")
      .option("--json", "print JSON");

  common(rules.command("teach"))
    .description("read one correction and store the rule it makes (or say why none)")
    .argument("<message>", 'what the user said, e.g. "stay out of the garage"')
    .option("--scene <id>", 'the house the user is in ("in this house …" needs it)')
    .option(
      "--backbone <name>",
      "read, compile and review with this backbone from configs/backbones (or a YAML path); default: offline",
    )
    .action(teachRule);

  common(rules.command("list"))
    .description("the rules in force (--json: an array of rule versions, [] for a user with none)")
    .action(listRules);

  common(rules.command("show"))
    .description("one rule in full: its words, scope, conditions, check and validation (default: all in force)")
    .argument("[ruleId]", "e.g. R1")
    .action(showRules);

  common(rules.command("history")).description("every version of every rule, in the order written").action(ruleHistory);

  common(rules.command("retract"))
    .description("retract one rule (a new version that ends it; history keeps every version)")
    .argument("<ruleId>", "e.g. R1")
    .action(retractRule);
}

async function teachRule(
  message: string,
  opts: Common & { scene?: string; backbone?: string },
  cmd: Command,
): Promise<void> {
  checkText(message, "message");
  // resolved before the library is opened: a bad backbone or missing key changes nothing
  const backbone = opts.backbone !== undefined ? resolveBackbone(opts.backbone) : undefined;
  const layer = backbone ? ruleLayerFor(backbone) : undefined;
  const model: TeachOptions = layer ?? {};
  await withLibrary(configFor(cmd), dbPath(cmd, opts), true, async (lib) => {
    const r = await teach(lib, opts.user, message, { sceneId: opts.scene, at: Date.now() }, model);
    if (opts.json) {
      console.log(JSON.stringify(r, null, 2));
      return;
    }
    if (!r.signal) console.log("not a correction: no rule learned");
    for (const it of r.signal ? r.items : []) {
      const what = it.draft ? describeRule(it.draft) : "";
      const id = it.ruleId ? `${it.ruleId} ` : "";
      const kind = it.check ? ` → ${it.check.kind}${"reason" in it.check ? ` (${it.check.reason})` : ""}` : "";
      console.log(
        `${it.decision.padEnd(18)} ${id}${what}${kind}${it.decision === "add" || it.draft ? "" : ` — ${it.reason}`}`,
      );
      if (it.decision === "task_local") console.log("                   (for the current task only; not stored)");
    }
    if (r.reply) console.log(`robot: ${r.reply}`);
    if (r.write) console.log(`library version ${r.write.libraryVersion} (${lib.location})`);
    if (r.calls.length) {
      const u = summarizeCalls(r.calls);
      const tokens = u.inputTokens === null ? "tokens unknown" : `${u.inputTokens} tokens in, ${u.outputTokens} out`;
      console.log(
        `model calls: ${u.calls} to ${backbone?.name} (${tokens}${u.failures ? `, ${u.failures} unusable` : ""})`,
      );
    }
  });
}

async function listRules(opts: Common, cmd: Command): Promise<void> {
  const config = configFor(cmd);
  const path = dbPath(cmd, opts);
  // no library yet holds no rules: a script reads that as [], and listing creates nothing
  if (opts.json && !ruleLibraryKind(config.rules.store).exists({ path, create: false, neo4j: config.memory.neo4j })) {
    console.log("[]");
    return;
  }
  await withLibrary(config, path, false, async (lib) => {
    // a script reads "no rules" as [], not as an error
    if (opts.json) {
      console.log(JSON.stringify((await lib.snapshot(opts.user)).rules, null, 2));
      return;
    }
    await requireUser(lib, opts.user);
    const s = await lib.snapshot(opts.user);
    console.log(`rules of ${opts.user} — library version ${s.libraryVersion} at ${lib.location}`);
    if (!s.rules.length) console.log("(no rules in force)");
    for (const v of s.rules) console.log(line(v));
    const n = { programmatic: 0, semantic: 0, guidance: 0, inactive: 0 };
    for (const v of s.rules) n[v.check.kind]++;
    console.log(
      `${n.programmatic} programmatic, ${n.semantic} semantic, ${n.guidance} guidance, ${n.inactive} inactive`,
    );
  });
}

async function showRules(ruleId: string | undefined, opts: Common, cmd: Command): Promise<void> {
  await withLibrary(configFor(cmd), dbPath(cmd, opts), false, async (lib) => {
    await requireUser(lib, opts.user);
    const list = ruleId ? [(await lib.versions(opts.user, ruleId)).at(-1)!] : (await lib.snapshot(opts.user)).rules;
    if (opts.json) {
      console.log(JSON.stringify(ruleId ? list[0] : list, null, 2));
      return;
    }
    for (const v of list) {
      const r = v.rule;
      console.log(`■ ${v.versionId} (${v.status}) — ${describeRule(r)}`);
      console.log(`  said:        "${r.statement}"   [${when(v.createdAt)}]`);
      console.log(`  quotes:      ${r.quotes.map((q) => `"${q}"`).join(", ")}`);
      console.log(`  scope:       ${r.scope}; stage ${r.stage}`);
      if (r.conditions.length) console.log(`  when:        ${r.conditions.map((c) => `"${c.quote}"`).join(", ")}`);
      if (r.exceptions.length) console.log(`  except:      ${r.exceptions.map((c) => `"${c.quote}"`).join(", ")}`);
      const c = v.check;
      console.log(
        `  check:       ${c.kind}${"spec" in c ? ` ${JSON.stringify(c.spec)}` : ""}${"reason" in c ? ` — ${c.reason}` : ""}`,
      );
      if (c.validation)
        console.log(
          `  validation:  ${c.validation.outcome} in ${c.validation.rounds} round(s), ${c.validation.cases} cases, reviewer ${c.validation.reviewer}`,
        );
      if (v.supersedes) console.log(`  supersedes:  ${v.supersedes}`);
      if (v.retracts) console.log(`  retracts:    ${v.retracts} ("${v.retraction?.quote}")`);
    }
    if (!list.length) console.log("(no rules in force)");
  });
}

async function ruleHistory(opts: Common, cmd: Command): Promise<void> {
  await withLibrary(configFor(cmd), dbPath(cmd, opts), false, async (lib) => {
    await requireUser(lib, opts.user);
    const h = await lib.history(opts.user);
    if (opts.json) {
      console.log(JSON.stringify(h, null, 2));
      return;
    }
    for (const v of h) {
      const link = v.supersedes ? ` supersedes ${v.supersedes}` : v.retracts ? ` retracts ${v.retracts}` : "";
      console.log(
        `${when(v.createdAt)}  lib v${v.libraryVersion}  ${v.versionId.padEnd(6)} ${v.change.padEnd(8)}${link}  "${v.retraction?.message ?? v.rule.statement}"`,
      );
    }
  });
}

async function retractRule(ruleId: string, opts: Common, cmd: Command): Promise<void> {
  if (!/^R\d+$/.test(ruleId)) throw new UserError(`"${ruleId}" is not a rule id (they look like R1, R2, …)`);
  await withLibrary(configFor(cmd), dbPath(cmd, opts), false, async (lib) => {
    await requireUser(lib, opts.user);
    const last = (await lib.versions(opts.user, ruleId)).at(-1)!;
    if (last.status === "retracted")
      throw new UserError(`rule ${ruleId} of user ${opts.user} is already retracted (${last.versionId})`);
    const w = await lib.apply(opts.user, [
      {
        op: "retract",
        ruleId,
        base: last.versionId,
        quote: `polar rules retract ${ruleId}`,
        message: `polar rules retract ${ruleId}`,
      },
    ]);
    if (opts.json) console.log(JSON.stringify(w, null, 2));
    else
      console.log(
        `retracted ${ruleId} (${w.written[0].versionId} retracts ${last.versionId}); library version ${w.libraryVersion}`,
      );
  });
}
