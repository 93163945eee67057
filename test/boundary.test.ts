/**
 * The agent boundary: the agent's code (src/agent, planning, mllm, memory, and rules once it
 * exists) never reaches an episode's ground truth. It imports nothing from the dataset format
 * or the evaluation harness, uses only the simulator verbs an agent may (act, plan a path,
 * read the regions: AgentSimulator), and names no ground-truth field. Only src/eval (the
 * harness) and the CLI hold those.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";

const AGENT_SIDE = ["src/agent", "src/planning", "src/mllm", "src/perception", "src/memory", "src/rules"];
/** where ground truth lives: the dataset's episode types, the harness, the simulator's engine */
const FORBIDDEN_IMPORTS = ["src/datasets", "src/eval", "sim-bridge"];
/** the dataset's and the harness's names for what only the harness may know */
const GROUND_TRUTH = [
  /\btargetObjectId\b/,
  /\bgoldPriorEpisodeIds\b/,
  /\bdistractorIds\b/,
  /\bplacements\b/,
  /\btargetIds\b/,
  /\.query\b/,
];
/** verbs that speak the episode's ground truth or set it up */
const HARNESS_VERBS = [/\.metrics\(/, /\.reset\(\s*\{/, /\.loadScene\(/, /\.topdown\(/];

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Code without comments, so a comment may explain what the agent never reads. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function imports(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"/g)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith(".")).map((s) => normalize(relative(".", join(dirname(file), s))));
}

const agentFiles = AGENT_SIDE.flatMap(files);

test("the agent boundary: agent-side code imports neither the dataset format, the harness nor the simulator engine", () => {
  assert.ok(agentFiles.length > 40, "found the agent's files");
  const bad = agentFiles.flatMap((f) =>
    imports(f, readFileSync(f, "utf8"))
      .filter((target) => FORBIDDEN_IMPORTS.some((d) => target === d || target.startsWith(`${d}/`)))
      .map((target) => `${f} imports ${target}`),
  );
  assert.deepEqual(bad, []);
});

test("the agent boundary: agent-side code names no ground-truth field and calls no harness verb", () => {
  const bad: string[] = [];
  for (const f of agentFiles) {
    const lines = code(readFileSync(f, "utf8")).split("\n");
    lines.forEach((line, i) => {
      for (const re of [...GROUND_TRUTH, ...HARNESS_VERBS])
        if (re.test(line)) bad.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(bad, []);
});

test("the agent boundary: agent-side code takes the simulator as AgentSimulator, never the whole Simulator", () => {
  const bad = agentFiles.filter((f) =>
    /import[^;]*\bSimulator\b[^;]*from\s+"[^"]*sim\/simulator\.ts"/.test(readFileSync(f, "utf8")),
  );
  assert.deepEqual(bad, []);
});

test("the boundary check itself catches a leak (a rule that cannot fail checks nothing)", () => {
  const leaky =
    'import type { EvaluationEpisode } from "../datasets/scenario-schema.ts";\nconst t = ep.targetObjectId;\n';
  assert.deepEqual(imports("src/agent/leak.ts", leaky), ["src/datasets/scenario-schema.ts"]);
  assert.ok(GROUND_TRUTH.some((re) => re.test(code(leaky))));
  assert.ok(!GROUND_TRUTH.some((re) => re.test(code("// the agent never reads targetObjectId\n"))));
  assert.ok(HARNESS_VERBS.some((re) => re.test("await sim.metrics();")));
});
