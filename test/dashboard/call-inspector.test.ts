/**
 * The model-call inspector, in Debian's chromium: real episodes of an image backbone (the real
 * `openai` client against a scripted server, whose first grounding answer is malformed so it is
 * re-asked) are written to run folders as `polar run` writes them, and their replay shows, for a
 * call, across the page, the request text, every image sent (the stored views, and the user's
 * photo of an explicit request, stored with the run by its hash; checked by their pixels), every
 * answer with the rejected one's problem, and the parsed value; the episode's clock is on the
 * page. The event stream keeps each call within its size budget.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { loadReferenceImage } from "../../src/agent/reference-image.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { REPO_ROOT } from "../../src/config/load.ts";
import { type Dashboard, startDashboard } from "../../src/dashboard/server.ts";
import type { AcquisitionEpisode, EvaluationEpisode } from "../../src/datasets/scenario-schema.ts";
import { runEpisode } from "../../src/eval/harness.ts";
import { TrajectoryWriter } from "../../src/eval/trajectory-writer.ts";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { EXCHANGE_BUDGET } from "../../src/mllm/exchange.ts";
import { SceneGraphCache } from "../../src/planning/scene-graph.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import { openaiBySchema, openaiCompletion, openaiSchemaName, ScriptedServer } from "../mllm/scripted-server.ts";
import { chromiumSkip, openDashboardPage } from "./browser.ts";
import { testProject } from "./fixture.ts";

declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const skip = chromiumSkip();
let server: ScriptedServer;
let dash: Dashboard;
let project: ReturnType<typeof testProject>;
let closeBrowser: () => Promise<void>;
let page: Page;
const RUN = "runs/llm-run";
/** an explicit request: the user shows the object's photo, which every call about it is sent */
const SHOWN = "runs/llm-shown";
const PHOTO = join(REPO_ROOT, "datasets", "polar-mini", "images", "u1-hat-1.png");
const MALFORMED = "I think the mug is probably in the kitchen, not JSON";

before(async () => {
  project = testProject();
  const answer = openaiBySchema({
    ground_target: () => ({
      objectId: null,
      category: "mug",
      description: "a blue mug",
      reason: "scripted grounding",
      hints: [],
      likelyRooms: [],
    }),
    choose_room: (req) => {
      const enumOf = (
        req.body as { response_format: { json_schema: { schema: { properties: { roomId: { enum: string[] } } } } } }
      ).response_format.json_schema.schema.properties.roomId.enum;
      return { roomId: enumOf[enumOf.length - 1], reason: "scripted room" };
    },
    next_action: () => ({ decision: "forward", reason: "scripted: onwards" }),
    scan_room: () => ({ decision: "forward", reason: "scripted: onwards", nextRoomId: null }),
    reply: () => ({ text: "I did not find it." }),
    memories: () => ({ statements: ["The user's uncle gave them the hat."], episodic: "scripted walk" }),
  });
  let malformedSent = false;
  server = await ScriptedServer.start({
    responder: (req, i) => {
      if (!malformedSent && openaiSchemaName(req.body) === "ground_target") {
        malformedSent = true;
        return openaiCompletion(MALFORMED);
      }
      return answer(req, i);
    },
  });
  process.env.INSPECTOR_KEY = "not-a-secret";
  const policy = createPolicy(
    BackboneConfig.parse({
      name: "scripted",
      type: "openai",
      model: "scripted",
      baseUrl: `${server.url}/v1`,
      apiKeyEnv: "INSPECTOR_KEY",
    }),
  );
  const config = project.config;
  const sim = await createSimulator(config.simulator);
  const settings = settingsFromConfig(config.simulator);
  const loaded = await sim.loadScene({ scene: "seed:21", settings });
  const info = await sim.sceneInfo();
  const episode: EvaluationEpisode = {
    id: "inspect-1",
    userId: "u",
    sceneId: "s21",
    timestamp: "2025-03-01T22:40:00.000Z",
    instruction: "Bring me my mug.",
    start: { position: info.regions[0].waypoint, heading: 0 },
    placements: [{ id: "mug_1", category: "mug", receptacleId: loaded.receptacles[0].id }],
    targetObjectId: "mug_1",
    stage: "evaluation",
    scenario: "compositional_single",
    goldPriorEpisodeIds: [],
    query: [],
    distractorIds: [],
  };
  const { scenario: _s, goldPriorEpisodeIds: _g, query: _q, distractorIds: _d, ...base } = episode;
  const shown: AcquisitionEpisode = {
    ...base,
    id: "shown-1",
    stage: "acquisition",
    timestamp: "2025-02-01T09:00:00.000Z",
    instruction: "Go to the hat my uncle gave me.",
    placements: [{ id: "hat_1", category: "hat", receptacleId: loaded.receptacles[0].id }],
    targetObjectId: "hat_1",
    referenceImage: "images/u1-hat-1.png",
    context: [{ dimension: "giver", value: "uncle", text: "my uncle gave me" }],
  };
  try {
    for (const [ep, run] of [
      [episode, RUN],
      [shown, SHOWN],
    ] as const) {
      const writer = new TrajectoryWriter(join(project.dir, run));
      await runEpisode({
        episode: ep,
        scene: { id: "s21", scene: "seed:21", settings },
        sim,
        policy,
        memory: { mode: "none", topK: 5 },
        seed: 0,
        agent: config.agent,
        simulator: { ...config.simulator, maxSteps: 40 },
        sceneGraphs: new SceneGraphCache(),
        onEvent: writer.onEvent,
        saveImage: writer.saveImage,
        ...(ep.stage === "acquisition"
          ? { referenceImage: await loadReferenceImage(PHOTO), referenceImagePath: PHOTO }
          : {}),
      });
    }
  } finally {
    await sim.close();
  }
  if (skip) return;
  dash = await startDashboard({ config, projectDir: project.dir, port: 0 });
  ({ page, close: closeBrowser } = await openDashboardPage(dash.url));
});

after(async () => {
  await closeBrowser?.();
  await dash?.close();
  await server?.close();
});

type Ev = {
  type: string;
  step?: number;
  task?: string;
  reasks?: number;
  exchange?: {
    messages: { text: string }[];
    images: { ref?: string; hash: string; source?: string }[];
    answers: { text: string; problem?: string }[];
    parsed?: unknown;
  };
};
const events = (run = RUN): Ev[] =>
  readFileSync(join(project.dir, run, "events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

test("every model call's event carries its exchange, within the size budget, images by stored view", () => {
  const calls = events().filter((e) => e.type === "model_call");
  assert.ok(calls.length >= 3, `${calls.length} calls`);
  for (const c of calls) {
    assert.ok(c.exchange, `${c.task} has its exchange`);
    const chars =
      c.exchange.messages.reduce((a, m) => a + m.text.length, 0) +
      c.exchange.answers.reduce((a, m) => a + m.text.length, 0);
    assert.ok(chars <= EXCHANGE_BUDGET + 400, `${c.task}: ${chars} characters`);
  }
  const ground = calls.find((c) => c.task === "ground")!;
  assert.equal(ground.reasks, 1);
  assert.equal(ground.exchange!.answers[0].text, MALFORMED);
  assert.match(ground.exchange!.answers[0].problem ?? "", /not valid JSON/);
  assert.deepEqual((ground.exchange!.parsed as { category: string }).category, "mug");
  const withViews = calls.find((c) => c.task === "low_level" && c.exchange!.images.length > 0);
  assert.ok(withViews, "a low-level call sent views");
  for (const img of withViews.exchange!.images) assert.match(img.ref ?? "", /^s\d{4}-(front|left|right)\.jpeg$/);
});

test("the user's photo a call was sent is stored once with the run, named by the hash of its bytes", async () => {
  const calls = events(SHOWN).filter((e) => e.type === "model_call");
  const photo = readFileSync(PHOTO);
  const sent = calls.flatMap((c) => c.exchange?.images ?? []).filter((i) => !/^s\d{4}-/.test(i.ref ?? ""));
  assert.ok(sent.length >= 1, "a call was sent the user's photo");
  const refs = new Set(sent.map((i) => i.ref));
  assert.equal(refs.size, 1, `one file for the photo, however often it was sent: ${[...refs].join(", ")}`);
  const ref = [...refs][0]!;
  assert.match(ref, /^sent-[0-9a-f]{16}\.(png|jpeg)$/);
  const file = join(project.dir, SHOWN, "views", ref);
  assert.ok(existsSync(file), `${ref} is in the run's views/`);
  // the bytes the model got: the photo as the agent read it (re-encoded or not), hashed to its name
  const stored = readFileSync(file);
  assert.equal(ref.slice(5, 21), createHash("sha1").update(stored).digest("hex").slice(0, 16));
  const [a, b] = await Promise.all([sharp(stored).metadata(), sharp(photo).metadata()]);
  assert.deepEqual([a.width, a.height], [b.width, b.height], "the stored image is the user's photo's size");
});

test("the inspector shows a call's request, its images as thumbnails, its answers and parsed value", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", RUN);
  await page.click("[data-testid=replay-open]");
  await page.waitForSelector("[data-testid=clock]");
  // to the end: every call in view
  const last = events().filter((e) => e.type === "pose").length - 1;
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-testid=timeline]")?.getAttribute("max")) >= n,
    last,
  );
  await page.fill("[data-testid=timeline]", String(last));
  await page.waitForSelector("[data-testid=outcome-line]");
  assert.match((await page.textContent("[data-testid=clock]"))!, /requested at 2025-03-01 22:40 \(UTC, hour 22\)/);
  // the grounding call: re-asked once
  const rows = page.locator("[data-testid=call-row]");
  await rows.filter({ hasText: "ground" }).first().click();
  await page.waitForSelector("[data-testid=call-inspector]");
  const inspector = page.locator("[data-testid=call-inspector]");
  assert.match((await inspector.textContent())!, /1 re-ask/);
  const request = (await inspector.locator("[data-testid=call-request]").allTextContents()).join("\n");
  assert.ok(request.includes("Bring me my mug."), "the request as sent, with the user's instruction");
  const answers = inspector.locator("[data-testid=call-answer]");
  assert.equal(await answers.count(), 2);
  assert.match((await answers.nth(0).textContent())!, /rejected, re-asked: the answer is not valid JSON/);
  assert.ok((await answers.nth(0).textContent())!.includes(MALFORMED));
  assert.match((await inspector.locator("[data-testid=call-parsed]").textContent())!, /"category": "mug"/);

  // a low-level call with views: thumbnails of the stored views it sent
  const lowLevel = events()
    .filter((e) => e.type === "model_call")
    .findIndex((c) => c.task === "low_level" && (c.exchange?.images.length ?? 0) > 0);
  await rows.nth(lowLevel).click();
  await page.waitForSelector("[data-testid=call-inspector] [data-testid=call-image]");
  await page.waitForFunction(
    "[...document.querySelectorAll('[data-testid=call-image]')].every((i) => i.naturalWidth > 0)",
  );
  const thumbs = page.locator("[data-testid=call-image]");
  assert.ok((await thumbs.count()) >= 1);
  const shot = await thumbs.first().screenshot();
  const stats = await sharp(shot).stats();
  assert.ok(stats.channels[0].stdev > 8, `the thumbnail shows a picture (stdev ${stats.channels[0].stdev.toFixed(1)})`);
  if (process.env.POLAR_INSPECTOR_SCREENSHOT)
    await sharp(await page.screenshot({ fullPage: true })).toFile(process.env.POLAR_INSPECTOR_SCREENSHOT);
  const panel = await page.locator("[data-testid=calls]").screenshot();
  assert.ok((await sharp(panel).stats()).channels[1].stdev > 15, "the calls panel is drawn");
});

test("the inspector spans the page and shows the user's photo the model was sent, not a placeholder", {
  skip: skip ?? false,
}, async () => {
  await page.click("[data-testid=tab-replay]");
  await page.fill("[data-testid=replay-input]", SHOWN);
  await page.click("[data-testid=replay-open]");
  await page.waitForSelector(`[data-testid=episode][data-stream="replay:${SHOWN}"]`);
  const last = events(SHOWN).filter((e) => e.type === "pose").length - 1;
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-testid=timeline]")?.getAttribute("max")) >= n,
    last,
  );
  await page.fill("[data-testid=timeline]", String(last));
  await page.waitForSelector("[data-testid=outcome-line]");
  const calls = events(SHOWN).filter((e) => e.type === "model_call");
  const withPhoto = calls.findIndex((c) => (c.exchange?.images ?? []).some((i) => i.ref?.startsWith("sent-")));
  assert.ok(withPhoto >= 0);
  await page.locator("[data-testid=call-row]").nth(withPhoto).click();
  const inspector = page.locator("[data-testid=call-inspector]");
  await inspector.locator("[data-testid=call-image][data-ref^=sent-]").first().waitFor();
  await page.waitForFunction(
    "[...document.querySelectorAll('[data-testid=call-image]')].every((i) => i.complete && i.naturalWidth > 0)",
  );
  assert.equal(
    await inspector.locator("[data-testid=call-image-missing]").count(),
    0,
    "no image left as a placeholder",
  );
  // across the page: as wide as the episode's grid, not a column of it
  const grid = (await page.locator("[data-testid=episode] .grid").first().boundingBox())!;
  const box = (await inspector.boundingBox())!;
  assert.ok(box.width > grid.width * 0.95, `inspector ${box.width} px of the grid's ${grid.width} px`);
  const img = inspector.locator("[data-testid=call-image][data-ref^=sent-]").first();
  const imgBox = (await img.boundingBox())!;
  assert.ok(imgBox.width >= 300, `the photo is shown ${imgBox.width} px wide`);
  assert.match((await inspector.textContent())!, /the user's photo of the target|Reference image of the target/);
  // the photo's pixels, not a grey box: colourful, and like the file the user showed
  const shot = await img.screenshot();
  const stats = await sharp(shot).stats();
  const spread = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
  assert.ok(spread > 12, `the photo shows a picture (stdev ${spread.toFixed(1)})`);
  const grey = stats.channels.slice(0, 3).every((c) => Math.abs(c.mean - stats.channels[0].mean) < 2);
  assert.ok(!grey, "the shown image has colour, as the photo does");
  const want = await sharp(PHOTO).resize(32, 32, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const got = await sharp(shot).resize(32, 32, { fit: "fill" }).removeAlpha().raw().toBuffer();
  let diff = 0;
  for (let i = 0; i < want.length; i++) diff += Math.abs(want[i] - got[i]);
  assert.ok(
    diff / want.length < 24,
    `the shown image is the user's photo (mean difference ${(diff / want.length).toFixed(1)})`,
  );
  if (process.env.POLAR_INSPECTOR_SCREENSHOT)
    await sharp(await page.screenshot({ fullPage: true })).toFile(
      process.env.POLAR_INSPECTOR_SCREENSHOT.replace(/(\.png)?$/, "-photo.png"),
    );
});
