/**
 * The rule layer inside real episodes (embedded simulator, heuristic backbone, SQLite library):
 * a room the robot walked through is avoided once the user forbids it, a reply rule is kept by
 * revision, a STOP in a forbidden room is refused, and the methods that only show rules as text
 * change nothing for a backbone that cannot read them.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { reviseSummary } from "../../src/agent/artifact.ts";
import { EpisodeEvent } from "../../src/agent/events.ts";
import { InteractionLog } from "../../src/agent/raw-interactions.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { AcquisitionEpisode, EvaluationEpisode } from "../../src/datasets/scenario-schema.ts";
import { type RunEpisodeOptions, runEpisode } from "../../src/eval/harness.ts";
import { SceneGraphCache } from "../../src/planning/scene-graph.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { countWords } from "../../src/rules/check.ts";
import { openInput } from "../../src/rules/input.ts";
import type { RulesMethod } from "../../src/rules/session-types.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";
import type { Receptacle, SceneInfo } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

const config = loadConfig({ env: {} });
const SCENE = "seed:5";
let sim: Simulator;
let info: SceneInfo;
let receptacles: Receptacle[];
const sceneGraphs = new SceneGraphCache();
const dir = mkdtempSync(join(tmpdir(), "polar-rules-ep-"));

before(async () => {
  sim = await createSimulator(config.simulator);
  const loaded = await sim.loadScene({ scene: SCENE, settings: settingsFromConfig(config.simulator) });
  receptacles = loaded.receptacles;
  info = await sim.sceneInfo();
});
after(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The mug in the region farthest (by waypoint) from the start, so the walk crosses rooms. */
function episode(at = "2025-03-01T22:30:00.000Z"): EvaluationEpisode {
  const start = info.regions.find((r) => receptacles.some((x) => x.regionId === r.id))!;
  const far = info.regions
    .filter((r) => r.id !== start.id && receptacles.some((x) => x.regionId === r.id))
    .sort(
      (a, b) =>
        Math.hypot(b.waypoint[0] - start.waypoint[0], b.waypoint[2] - start.waypoint[2]) -
        Math.hypot(a.waypoint[0] - start.waypoint[0], a.waypoint[2] - start.waypoint[2]),
    )[0];
  return {
    id: "ep-rules-1",
    userId: "u1",
    sceneId: "s5",
    timestamp: at,
    instruction: "Please bring me my mug.",
    start: { position: start.waypoint, heading: 0 },
    placements: [{ id: "mug_1", category: "mug", receptacleId: receptacles.find((x) => x.regionId === far.id)!.id }],
    targetObjectId: "mug_1",
    stage: "evaluation",
    scenario: "compositional_single",
    goldPriorEpisodeIds: [],
    query: [{ dimension: "routine", value: "x" }],
    distractorIds: [],
  };
}

async function run(library: SqliteRuleLibrary, method: RulesMethod, over: Partial<RunEpisodeOptions> = {}) {
  const events: EpisodeEvent[] = [];
  const ep = over.episode ?? episode();
  const r = await runEpisode({
    episode: ep,
    scene: { id: "s5", scene: SCENE, settings: settingsFromConfig(config.simulator) },
    sim,
    policy: new HeuristicPolicy(),
    memory: { mode: "none", topK: 5 },
    agent: config.agent,
    simulator: config.simulator,
    sceneGraphs,
    seed: 0,
    onEvent: (e) => events.push(EpisodeEvent.parse(e)),
    rules: async (task, hour) =>
      (
        await openInput({
          library,
          userId: task.userId,
          method,
          context: { hour, sceneId: task.sceneId, instruction: task.instruction },
        })
      ).session,
    ...over,
  });
  return { r, events };
}

test("a room the user forbade is never entered under the full layer; as text only, the heuristic ignores it", async () => {
  const library = new SqliteRuleLibrary(join(dir, "avoid.db"));
  const free = await run(library, "full");
  assert.ok(free.r.reply && free.r.reply.text.length > 0, "every episode ends with a reply");
  const entered = free.r.roomsEntered ?? [];
  const goal = entered.at(-1)!;
  assert.ok(free.r.success && entered.length >= 2, `found in another room (entered: ${entered.join(" → ")})`);

  await teach(library, "u1", `Never go into the ${goal} at night.`, { sceneId: "s5" });

  const text = await run(library, "text");
  assert.ok((text.r.roomsEntered ?? []).includes(goal), "rules as text change nothing for the heuristic");
  assert.equal(text.events.filter((e) => e.type === "rule_check").length, 0, "text mode checks nothing");

  const full = await run(library, "full");
  assert.ok(
    !(full.r.roomsEntered ?? []).includes(goal),
    `the full layer keeps out of the ${goal}: ${(full.r.roomsEntered ?? []).join(" → ")}`,
  );
  assert.equal(full.r.success, false, "the mug is in the forbidden room: keeping the rule costs the task");
  const rulesEvent = full.events.find((e) => e.type === "rules");
  assert.ok(rulesEvent && rulesEvent.type === "rules" && rulesEvent.selected.length === 1);
  assert.ok(
    (full.r.rules?.refused ?? []).some((x) => x.room === goal),
    `a plan into the ${goal} was refused: ${JSON.stringify(full.r.rules?.refused)}`,
  );
  assert.equal(full.r.rules?.unresolved.length, 0);
  // the user hears why: the reply names the room the rule kept the robot out of
  assert.match(full.r.reply?.text ?? "", new RegExp(`As you asked, I kept out of the ${goal}`), full.r.reply?.text);
  assert.doesNotMatch(free.r.reply?.text ?? "", /As you asked/, "no rule, nothing to say");

  // The same rule at 14:00 is outside "at night": the robot goes in again.
  const day = await run(library, "full", { episode: episode("2025-03-01T14:00:00.000Z") });
  assert.ok((day.r.roomsEntered ?? []).includes(goal), "a night rule does not apply by day");
  assert.equal(day.r.success, true);
  // And an instruction that asks for the room itself takes precedence over the learned rule.
  const asked = { ...episode(), instruction: `Please bring me my mug from the ${goal}.` };
  const wins = await run(library, "full", { episode: asked });
  assert.ok((wins.r.roomsEntered ?? []).includes(goal), "the current instruction takes precedence");
  library.close();
});

test("a reply rule is kept by revision, with the verdicts in the event stream", async () => {
  const library = new SqliteRuleLibrary(join(dir, "reply.db"));
  const none = await run(library, "full");
  assert.ok(countWords(none.r.reply!.text) > 5, `the template says more than 5 words: "${none.r.reply!.text}"`);
  await teach(library, "u1", "Keep your replies under 5 words.", { sceneId: "s5" });
  const full = await run(library, "full");
  const reply = full.r.reply!;
  assert.ok(countWords(reply.text) <= 5, `"${reply.text}"`);
  assert.notEqual(reply.draft, reply.text, "the first draft was revised");
  assert.ok(reply.revisions >= 1);
  const checks = full.events.filter((e) => e.type === "rule_check" && e.stage === "delivery");
  assert.ok(checks.length >= 2, "the draft and the revision were both checked");
  const first = checks[0];
  assert.ok(first.type === "rule_check" && first.results[0].verdict === "violated");
  assert.ok(first.type === "rule_check" && first.results[0].quotes[0].length > 0, "the verdict quotes the reply");
  assert.ok(full.events.some((e) => e.type === "rule_revision"));
  const end = full.events.find((e) => e.type === "reply");
  assert.ok(end && end.type === "reply" && end.text === reply.text);
  library.close();
});

test("a task-local instruction acts in this episode only and is never stored", async () => {
  const library = new SqliteRuleLibrary(join(dir, "local.db"));
  const ep = episode();
  const opened = await openInput({
    library,
    userId: "u1",
    method: "full",
    context: { hour: 22, sceneId: "s5", instruction: ep.instruction },
    messages: ["Just this once, keep the answer under 4 words."],
  });
  assert.equal(opened.taught[0].items[0]?.decision, "task_local");
  assert.equal((await library.snapshot("u1")).rules.length, 0, "nothing stored");
  const { r } = await run(library, "full", { rules: async () => opened.session });
  assert.ok(countWords(r.reply!.text) <= 4, r.reply!.text);
  const next = await run(library, "full");
  assert.ok(countWords(next.r.reply!.text) > 4, "the next episode is back to normal");
  library.close();
});

test("the summary the robot writes (the artifact) keeps to a notes rule before it is written", async () => {
  const library = new SqliteRuleLibrary(join(dir, "notes.db"));
  const learned = await teach(library, "u1", "Keep your notes under 9 words.", { sceneId: "s5" });
  assert.equal(learned.items[0].draft?.requirement.kind, "word_limit");
  assert.equal(learned.items[0].draft?.stage, "artifact");
  const base = episode();
  const acq: AcquisitionEpisode = {
    ...base,
    id: "acq-notes",
    stage: "acquisition",
    referenceImage: "ref/mug_1.png",
    context: [{ dimension: "routine", value: "x", text: "for x" }],
  } as unknown as AcquisitionEpisode;
  const write = async (method: RulesMethod) => {
    const log = new InteractionLog();
    const { r, events } = await run(library, method, { episode: acq, memory: { mode: "none", log, topK: 5 } });
    assert.equal(r.memorized, true);
    return { text: log.list("u1")[0].trajectory, events };
  };
  const plain = await write("text");
  assert.ok(countWords(plain.text) > 9, `the usual summary is longer: "${plain.text}"`);
  const kept = await write("full");
  assert.ok(countWords(kept.text) <= 9, `"${kept.text}"`);
  assert.ok(kept.events.some((e) => e.type === "rule_check" && e.stage === "artifact"));
  assert.ok(kept.events.some((e) => e.type === "rule_revision" && e.stage === "artifact"));
  library.close();
});

test("reviseSummary drops the least useful sentences first and keeps how it ended", () => {
  const text =
    "Searched for the mug. Went through: hall -> kitchen. Saw in kitchen: cup, plate. Found it in kitchen and stopped next to it after 40 steps.";
  const short = reviseSummary(text, [{ kind: "max_words", maxWords: 16 }], {
    found: true,
    foundRoom: "kitchen",
    steps: 40,
  });
  assert.ok(countWords(short) <= 16, short);
  assert.match(short, /^Searched for the mug\./);
  assert.match(short, /Found it in kitchen/);
  const json = JSON.parse(
    reviseSummary(text, [{ kind: "json", fields: ["found", "room", "mood"] }], {
      found: true,
      foundRoom: "kitchen",
      steps: 40,
    }),
  );
  assert.deepEqual(json, { found: true, room: "kitchen", mood: null });
});
