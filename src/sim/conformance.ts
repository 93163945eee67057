/**
 * The simulator conformance suite: what any Simulator (in-process, the embedded server, the
 * Habitat bridge) must do to be driven by Polar. Plain async checks that throw on failure, so
 * the test runner (test/sim) and `polar sim conformance --url` share them. Checks that speak
 * raw WebSocket frames (malformed JSON, binary frames, over-large messages) run only when a URL
 * is given.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { avoidRegionChecks } from "./conformance-avoid.ts";
import { type Check, rawFrameChecks } from "./conformance-raw.ts";
import { encodedImage, fileFormat } from "./image-bytes.ts";
import {
  ACTIONS,
  type ImageHeader,
  PROTOCOL_VERSION,
  type SimSettings,
  VERB_RESULTS,
  VERBS,
  type Vec3,
} from "./protocol.ts";
import { type Image, SimError, type Simulator } from "./simulator.ts";

export interface ConformanceOptions {
  /** scene to load; the embedded simulator's procedural houses by default */
  scene?: string;
  /** bridge URL: enables the raw-frame checks */
  url?: string;
  /** per raw-frame reply */
  timeoutMs?: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** Settings every check loads with, so expectations do not depend on a bridge's defaults. */
export const SUITE_SETTINGS = {
  stepLength: 0.5,
  turnAngle: 30,
  successDistance: 1.0,
  maxSteps: 500,
  camera: { width: 160, height: 120, hfov: 90, format: "jpeg", quality: 80 },
} as const satisfies SimSettings;

const DEG = Math.PI / 180;
const angleDiff = (a: number, b: number) => Math.atan2(Math.sin(a - b), Math.cos(a - b));
const dist2d = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

async function expectSimError(p: Promise<unknown>, code: string, pathPrefix?: string): Promise<SimError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof SimError, `expected a SimError(${code}), got ${e}`);
    assert.equal(e.code, code, `expected error code ${code}, got ${e.code}: ${e.message}`);
    assert.ok(e.message.length > 0, "error replies say what was wrong");
    if (pathPrefix) assert.ok(e.path?.startsWith(pathPrefix), `error path ${e.path} should start with ${pathPrefix}`);
    return e;
  }
  assert.fail(`expected a SimError(${code}), but the call succeeded`);
}

function checkResult(verb: keyof typeof VERB_RESULTS, value: unknown): void {
  const { imageData: _ignored, ...rest } = value as { imageData?: unknown };
  const parsed = VERB_RESULTS[verb].safeParse(rest);
  assert.ok(parsed.success, `${verb} result does not match the protocol: ${parsed.error?.message}`);
}

async function checkImages(announced: ImageHeader[] | undefined, imageData: Image[], views: string[]) {
  // An in-process simulator may hand views over as raw pixels, with no wire header (there are
  // no bytes to announce); they must be whole RGB frames, in the order asked, and encode as
  // the settings say.
  if (imageData.some((img) => img.format === "rgb")) {
    assert.equal(announced, undefined, "raw views announce no binary frames");
    assert.deepEqual(
      imageData.map((img) => img.view),
      views,
      "images come in the order asked",
    );
    for (const img of imageData) {
      assert.equal(img.format, "rgb", `${img.view}: all views raw, or none`);
      assert.equal(img.data.length, img.width * img.height * 3, `${img.view}: width × height RGB bytes`);
      const encoded = await encodedImage(img);
      const meta = await sharp(encoded.data).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], [encoded.format, img.width, img.height]);
    }
    return;
  }
  const headers = announced ?? [];
  assert.deepEqual(
    headers.map((h) => h.view),
    views,
    "images come in the order asked",
  );
  assert.equal(imageData.length, headers.length, "one binary payload per announced image");
  for (const [i, h] of headers.entries()) {
    const img = imageData[i];
    assert.equal(img.data.length, h.bytes, `${h.view}: payload size matches its header`);
    const meta = await sharp(img.data).metadata();
    assert.equal(meta.format, h.format, `${h.view}: decodes as ${h.format}`);
    assert.equal(meta.width, h.width, `${h.view}: width`);
    assert.equal(meta.height, h.height, `${h.view}: height`);
  }
}

interface Setup {
  sim: Simulator;
  scene: Awaited<ReturnType<Simulator["loadScene"]>>;
  info: Awaited<ReturnType<Simulator["sceneInfo"]>>;
}

/** What every group of checks shares: how to get a fresh simulator, and the suite's scene on it. */
interface SuiteContext {
  makeSim: () => Promise<Simulator>;
  scene: string;
  /** fn on a fresh simulator with the suite's scene loaded with these settings; always closes it */
  withScene: (settings: SimSettings, fn: (s: Setup) => Promise<void>) => () => Promise<void>;
  /** withScene with the suite's settings */
  suite: (fn: (s: Setup) => Promise<void>) => () => Promise<void>;
  /** a start pose at region i's waypoint */
  startAt: (s: Setup, i?: number, heading?: number) => { position: [number, number, number]; heading: number };
}

export function conformanceChecks(makeSim: () => Promise<Simulator>, opts: ConformanceOptions = {}): Check[] {
  const scene = opts.scene ?? "seed:7";
  const withScene: SuiteContext["withScene"] = (settings, fn) => async () => {
    const sim = await makeSim();
    try {
      const loaded = await sim.loadScene({ scene, settings });
      const info = await sim.sceneInfo();
      assert.ok(info.regions.length > 0, "the scene has regions");
      await fn({ sim, scene: loaded, info });
    } finally {
      await sim.close();
    }
  };
  const suite: SuiteContext["suite"] = (fn) => withScene(SUITE_SETTINGS, fn);
  const startAt: SuiteContext["startAt"] = (s, i = 0, heading = 0) => ({
    position: s.info.regions[i % s.info.regions.length].waypoint,
    heading,
  });
  const ctx: SuiteContext = { makeSim, scene, withScene, suite, startAt };
  const checks: Check[] = [
    ...sessionChecks(ctx),
    ...motionChecks(ctx),
    ...groundTruthChecks(ctx),
    ...refusalChecks(ctx),
  ];
  checks.push(...avoidRegionChecks({ suite, startAt, expectSimError, stepLength: SUITE_SETTINGS.stepLength }));
  if (opts.url) checks.push(...rawFrameChecks(opts.url, scene, SUITE_SETTINGS, opts.timeoutMs ?? 10_000));
  return checks;
}

/** The session: the handshake, a scene and its regions, a reset, the images and their headers. */
function sessionChecks({ makeSim, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "hello names the protocol, every verb, action and view",
      run: async () => {
        const sim = await makeSim();
        try {
          const h = await sim.hello();
          checkResult("hello", h);
          assert.equal(h.protocol.split(".")[0], PROTOCOL_VERSION.split(".")[0], "same protocol major version");
          for (const v of VERBS) assert.ok(h.verbs.includes(v), `verb ${v} is offered`);
          for (const a of ACTIONS) assert.ok(h.actions.includes(a), `action ${a} is offered`);
          assert.deepEqual([...h.views].sort(), ["front", "left", "right"]);
        } finally {
          await sim.close();
        }
      },
    },
    {
      name: "load_scene returns bounds, navigable area, receptacles and the settings in force",
      run: suite(async ({ scene: r, info }) => {
        checkResult("load_scene", r);
        assert.ok(r.navigableArea > 0, "some floor is navigable");
        for (let k = 0; k < 3; k++) assert.ok(r.bounds.min[k] <= r.bounds.max[k], "bounds min ≤ max");
        assert.equal(r.settings.stepLength, SUITE_SETTINGS.stepLength);
        assert.equal(r.settings.turnAngle, SUITE_SETTINGS.turnAngle);
        assert.equal(r.settings.successDistance, SUITE_SETTINGS.successDistance);
        assert.equal(r.settings.camera?.width, SUITE_SETTINGS.camera.width);
        const regionIds = new Set(info.regions.map((g) => g.id));
        for (const rec of r.receptacles)
          assert.ok(regionIds.has(rec.regionId), `receptacle ${rec.id} is in a known region`);
      }),
    },
    {
      name: "scene_info: every region has a label and a navigable waypoint; adjacency names known regions",
      run: suite(async (s) => {
        checkResult("scene_info", s.info);
        const ids = new Set(s.info.regions.map((g) => g.id));
        assert.equal(ids.size, s.info.regions.length, "region ids are unique");
        for (const [a, b] of s.info.adjacency)
          assert.ok(ids.has(a) && ids.has(b), `adjacency ${a}–${b} names known regions`);
        if (s.info.regions.length > 1) assert.ok(s.info.adjacency.length > 0, "rooms connect through doorways");
        for (const [i, g] of s.info.regions.entries()) {
          assert.ok(g.label.length > 0, `${g.id} has a label`);
          const obs = await s.sim.reset({ start: startAt(s, i) });
          assert.ok(
            dist2d(obs.pose.position, g.waypoint) < 0.05,
            `${g.id}'s waypoint is navigable (not moved on reset)`,
          );
        }
      }),
    },
    {
      name: "reset returns the start pose, step 0 and the visible lists; views only when asked",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s, 0, 0.5) });
        checkResult("reset", obs);
        assert.equal(obs.stepCount, 0);
        assert.ok(Math.abs(angleDiff(obs.pose.heading, 0.5)) < 1e-6, "start heading kept");
        assert.equal(obs.images, undefined, "no images unless asked");
        assert.equal(obs.imageData.length, 0);
        for (const v of ["front", "left", "right"] as const)
          assert.ok(Array.isArray(obs.visible[v]), `${v} list present`);
      }),
    },
    {
      name: "images decode and match their headers (three views, one view, top-down)",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s), views: true });
        await checkImages(obs.images, obs.imageData, ["front", "left", "right"]);
        assert.equal(obs.imageData.length, 3);
        for (const img of obs.imageData) {
          assert.equal(img.width, SUITE_SETTINGS.camera.width);
          assert.equal(img.height, SUITE_SETTINGS.camera.height);
          assert.equal(fileFormat(img), "jpeg");
        }
        const left = await s.sim.step("TURN_LEFT", ["left"]);
        await checkImages(left.observation.images, left.imageData, ["left"]);
        assert.equal(left.imageData.length, 1);
        const none = await s.sim.step("TURN_LEFT");
        assert.equal(none.imageData.length, 0, "no images when views are not asked");
        const map = await s.sim.topdown({ path: true });
        checkResult("topdown", map);
        await checkImages(map.images, map.imageData, [map.image.view]);
        assert.deepEqual(map.images[0], map.image, "the announced image is the map");
        assert.equal(map.image.format, "png", "top-down maps are PNG by default");
      }),
    },
  ];
}

/** Moving: turns, steps, walls, STOP, the step budget, plan_path walked to its goal. */
function motionChecks({ withScene, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "twelve 30° turns return to the start heading in place; TURN_LEFT turns counter-clockwise",
      run: suite(async (s) => {
        const start = await s.sim.reset({ start: startAt(s, 0, 0.3) });
        const one = await s.sim.step("TURN_LEFT");
        checkResult("step", one);
        assert.ok(Math.abs(angleDiff(one.observation.pose.heading, 0.3 + 30 * DEG)) < 1e-6, "TURN_LEFT adds 30°");
        assert.equal(one.collided, false);
        for (let i = 1; i < 12; i++) await s.sim.step("TURN_LEFT");
        const back = await s.sim.step("TURN_RIGHT");
        for (let i = 1; i < 12; i++) await s.sim.step("TURN_RIGHT");
        const end = (await s.sim.metrics()).pose;
        assert.ok(
          Math.abs(angleDiff(back.observation.pose.heading, 0.3 - 30 * DEG)) < 1e-6,
          "12 left turns, then one right",
        );
        assert.ok(Math.abs(angleDiff(end.heading, 0.3)) < 1e-6, "after 12 right turns");
        assert.ok(dist2d(end.position, start.pose.position) < 1e-9, "turning does not move the agent");
        assert.equal(back.observation.stepCount, 13);
      }),
    },
    {
      name: "MOVE_FORWARD moves stepLength along the heading in open space",
      run: suite(async (s) => {
        let free = 0;
        for (let i = 0; i < s.info.regions.length && free < 4; i++) {
          for (let k = 0; k < 12 && free < 4; k++) {
            const heading = k * 30 * DEG;
            const obs = await s.sim.reset({ start: startAt(s, i, heading) });
            const r = await s.sim.step("MOVE_FORWARD");
            const [x0, y0, z0] = obs.pose.position;
            const [x1, y1, z1] = r.observation.pose.position;
            const moved = Math.hypot(x1 - x0, z1 - z0);
            assert.ok(moved <= SUITE_SETTINGS.stepLength + 1e-6, "never more than one step");
            assert.ok(Math.abs(y1 - y0) < 1e-6, "flat floor keeps y");
            if (r.collided) continue;
            free++;
            assert.ok(
              Math.abs(moved - SUITE_SETTINGS.stepLength) < 1e-3,
              `moved ${moved} m, not ${SUITE_SETTINGS.stepLength}`,
            );
            assert.ok(Math.abs(x1 - x0 - -Math.sin(heading) * moved) < 1e-3, "moves along (-sin h, -cos h): x");
            assert.ok(Math.abs(z1 - z0 - -Math.cos(heading) * moved) < 1e-3, "moves along (-sin h, -cos h): z");
          }
        }
        assert.ok(free > 0, "some forward step from a waypoint is free");
      }),
    },
    {
      name: "walking into a wall reports a collision and stops short",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s) });
        let prev = obs.pose.position;
        for (let i = 0; i < 200; i++) {
          const r = await s.sim.step("MOVE_FORWARD");
          const moved = dist2d(prev, r.observation.pose.position);
          if (r.collided) {
            assert.ok(moved < SUITE_SETTINGS.stepLength - 1e-6, "a blocked step is shorter than stepLength");
            const again = await s.sim.step("MOVE_FORWARD");
            assert.equal(again.collided, true, "pushing on stays blocked");
            assert.ok(dist2d(again.observation.pose.position, r.observation.pose.position) < 0.05, "and barely moves");
            return;
          }
          prev = r.observation.pose.position;
        }
        assert.fail("never hit a wall walking straight for 200 steps");
      }),
    },
    {
      name: "STOP ends the episode; a step after it is refused; reset starts a new one",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        await s.sim.step("TURN_LEFT");
        const stop = await s.sim.step("STOP");
        assert.equal(stop.done, true);
        assert.equal(stop.observation.stepCount, 2);
        await expectSimError(s.sim.step("TURN_LEFT"), "out_of_order");
        const m = await s.sim.metrics();
        assert.equal(m.stopped, true);
        assert.equal(m.steps, 2);
        const again = await s.sim.reset({ start: startAt(s) });
        assert.equal(again.stepCount, 0);
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
      }),
    },
    {
      name: "the episode ends when the step budget is spent",
      run: withScene({ ...SUITE_SETTINGS, maxSteps: 3 }, async (s) => {
        await s.sim.reset({ start: startAt(s) });
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
        assert.equal((await s.sim.step("TURN_LEFT")).done, true);
        await expectSimError(s.sim.step("TURN_LEFT"), "out_of_order");
        assert.equal((await s.sim.metrics()).stopped, false, "running out of steps is not a STOP");
      }),
    },
    {
      name: "plan_path's actions, walked, reach the goal",
      run: suite(async (s) => {
        assert.ok(s.info.regions.length > 1, "needs two regions");
        await s.sim.reset({ start: startAt(s, 0) });
        const goal = s.info.regions[s.info.regions.length - 1].waypoint;
        const plan = await s.sim.planPath({ goal });
        checkResult("plan_path", plan);
        assert.equal(plan.reachable, true);
        assert.ok(plan.geodesic !== null && plan.geodesic > 0);
        assert.ok(plan.actions.length > 0);
        assert.ok(!plan.actions.includes("STOP"), "the caller decides when to stop");
        const mf = plan.actions.filter((a) => a === "MOVE_FORWARD").length;
        assert.ok(mf * SUITE_SETTINGS.stepLength >= plan.geodesic - SUITE_SETTINGS.stepLength, "enough forward steps");
        for (const a of plan.actions) await s.sim.step(a);
        const rest = await s.sim.planPath({ goal });
        assert.ok(
          rest.geodesic !== null && rest.geodesic <= SUITE_SETTINGS.stepLength,
          `ended ${rest.geodesic} m from goal`,
        );
        const capped = await s.sim.planPath({ goal: s.info.regions[0].waypoint, maxActions: 2 });
        assert.ok(capped.actions.length <= 2, "maxActions caps the plan");
      }),
    },
  ];
}

/** What only the harness reads: metrics and geodesics, the sensor's own instance ids, objects on receptacles. */
function groundTruthChecks({ suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "metrics: geodesics, shortest path, success after walking plan_path to the target and STOP",
      run: suite(async (s) => {
        const n = s.info.regions.length;
        assert.ok(n > 1, "needs two regions");
        const targetAt = s.info.regions[n - 1].waypoint;
        const objects = [
          { id: "conf-target", category: "mug" as const, position: targetAt },
          ...(s.scene.receptacles.length
            ? [{ id: "conf-other", category: "mug" as const, receptacleId: s.scene.receptacles[0].id }]
            : []),
        ];
        const obs = await s.sim.reset({ start: startAt(s, 0), objects, targetIds: ["conf-target"] });
        const m0 = await s.sim.metrics();
        checkResult("metrics", m0);
        assert.deepEqual(m0.targetIds, ["conf-target"]);
        assert.equal(m0.steps, 0);
        assert.equal(m0.pathLength, 0);
        assert.equal(m0.success, false);
        const d0 = m0.distances["conf-target"];
        assert.ok(d0 !== null && d0 !== undefined && m0.shortestPath !== null);
        assert.ok(Math.abs(m0.shortestPath - d0) < 1e-6, "at the start, shortest path = distance to the target");
        assert.ok(d0 >= dist2d(obs.pose.position, targetAt) - 0.05, "geodesic ≥ straight line");
        const only = await s.sim.metrics({ objectIds: ["conf-target"] });
        assert.deepEqual(Object.keys(only.distances), ["conf-target"]);

        const plan = await s.sim.planPath({ goal: targetAt });
        for (const a of plan.actions) await s.sim.step(a);
        const before = await s.sim.metrics();
        assert.equal(before.success, false, "no success before STOP");
        await s.sim.step("STOP");
        const m = await s.sim.metrics();
        assert.equal(m.stopped, true);
        assert.equal(m.steps, plan.actions.length + 1);
        const d = m.distances["conf-target"];
        assert.ok(d !== null && d !== undefined && d <= SUITE_SETTINGS.successDistance, `ended ${d} m from the target`);
        assert.equal(m.success, true);
        assert.equal(m.shortestPath, m0.shortestPath, "shortest path is fixed at reset");
        assert.ok(m.pathLength + d >= m0.shortestPath - 0.1, "walked at least the shortest path (less what is left)");
        assert.ok(m.nearestObject !== null && m.nearestObject.distance <= d + 1e-6, "nearest object is reported");
      }),
    },
    {
      name: "instance ids in observations are the sensor's own, new at every reset (never the reset's object ids)",
      run: suite(async (s) => {
        // one object on the first receptacle that takes it, looked for from every region in four headings
        let placed: { id: string; category: "mug"; receptacleId: string } | null = null;
        for (const r of s.scene.receptacles) {
          const o = { id: "conf-seen", category: "mug" as const, receptacleId: r.id };
          const ok = await s.sim.reset({ start: startAt(s), objects: [o] }).then(
            () => true,
            () => false,
          );
          if (ok) {
            placed = o;
            break;
          }
        }
        assert.ok(placed, "some receptacle takes a mug");
        const sightings = async (): Promise<string[][]> => {
          const out: string[][] = [];
          for (const [i] of s.info.regions.entries()) {
            for (const heading of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) {
              const obs = await s.sim.reset({ start: { ...startAt(s, i), heading }, objects: [placed!] });
              out.push([...obs.visible.front, ...obs.visible.left, ...obs.visible.right].map((v) => v.id));
            }
          }
          return out;
        };
        const first = await sightings();
        const second = await sightings();
        const seen = first.flat();
        assert.ok(seen.length > 0, "the mug is in view from some region");
        assert.ok(!seen.includes(placed!.id), "the sensor does not name objects by the reset's ids");
        const again = second.flat();
        assert.ok(
          seen.every((id) => !again.includes(id)),
          "a new reset gives the same object a new id (ids must not persist across episodes)",
        );
      }),
    },
    {
      name: "objects on receptacles get distances; unknown targets and scenes are refused",
      run: suite(async (s) => {
        assert.ok(s.scene.receptacles.length > 0, "the scene has receptacles");
        // a receptacle may be too small or too full for a given object: collect a few that take one
        const objects: { id: string; category: "keys"; receptacleId: string }[] = [];
        for (const r of s.scene.receptacles) {
          if (objects.length === 3) break;
          const o = { id: `on-${objects.length}`, category: "keys" as const, receptacleId: r.id };
          try {
            await s.sim.reset({ start: startAt(s), objects: [...objects, o] });
            objects.push(o);
          } catch (e) {
            assert.ok(e instanceof SimError && e.code === "unplaceable", `placing on ${r.id}: ${e}`);
          }
        }
        assert.ok(objects.length > 0, "some receptacle takes an object");
        await s.sim.reset({ start: startAt(s), objects, targetIds: ["on-0"] });
        const m = await s.sim.metrics();
        assert.deepEqual(Object.keys(m.distances).sort(), objects.map((o) => o.id).sort(), "one distance per object");
        assert.ok(
          Object.values(m.distances).some((d) => d !== null),
          "some object is reachable",
        );
        await expectSimError(
          s.sim.reset({ start: startAt(s), objects, targetIds: ["nope"] }),
          "not_found",
          "params.targetIds",
        );
        await expectSimError(
          s.sim.reset({
            start: startAt(s),
            objects: [{ id: "x", category: "mug", receptacleId: "no-such-furniture" }],
          }),
          "not_found",
          "params.objects.0.receptacleId",
        );
        await expectSimError(s.sim.loadScene({ scene: "/no/such/scene.json" }), "not_found");
      }),
    },
  ];
}

/** Bad requests refused with the right error, the session still usable afterwards; sessions independent. */
function refusalChecks({ makeSim, scene, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "out-of-order requests are refused and the session stays usable",
      run: async () => {
        const sim = await makeSim();
        try {
          await expectSimError(sim.step("TURN_LEFT"), "out_of_order");
          await expectSimError(sim.reset({ start: { position: [0, 0, 0], heading: 0 } }), "out_of_order");
          await expectSimError(sim.sceneInfo(), "out_of_order");
          await sim.loadScene({ scene, settings: SUITE_SETTINGS });
          await expectSimError(sim.step("TURN_LEFT"), "out_of_order");
          await expectSimError(sim.metrics(), "out_of_order");
          await expectSimError(sim.planPath({ goal: [0, 0, 0] }), "out_of_order");
          const info = await sim.sceneInfo();
          await sim.reset({ start: { position: info.regions[0].waypoint, heading: 0 } });
          assert.equal((await sim.step("TURN_LEFT")).observation.stepCount, 1);
        } finally {
          await sim.close();
        }
      },
    },
    {
      name: "bad params get invalid_params naming the field; the session stays usable",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        await expectSimError(s.sim.step("JUMP" as "STOP"), "invalid_params", "params.action");
        await expectSimError(s.sim.reset({} as never), "invalid_params", "params.start");
        await expectSimError(
          s.sim.reset({ start: { position: [1, 2] as unknown as Vec3, heading: 0 } }),
          "invalid_params",
          "params.start.position",
        );
        await expectSimError(
          s.sim.planPath({ goal: [0, 0, 0], maxActions: -1 }),
          "invalid_params",
          "params.maxActions",
        );
        await expectSimError(
          s.sim.loadScene({ scene, settings: { stepLenght: 1 } as never }),
          "invalid_params",
          "params.settings",
        );
        const sim = s.sim as Simulator & { request?: (verb: string, params: unknown) => Promise<unknown> };
        if (sim.request) await expectSimError(sim.request("fly", {}), "unknown_verb");
        assert.equal((await s.sim.step("TURN_LEFT")).observation.stepCount, 1, "still usable");
      }),
    },
    {
      name: "absurd coordinates (1e15, 1e308) get invalid_params at once; the session stays usable",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        const t0 = performance.now();
        await expectSimError(
          s.sim.reset({ start: { position: [0, 0, 1e15], heading: 0 } }),
          "invalid_params",
          "params.start.position",
        );
        await expectSimError(s.sim.planPath({ goal: [1e308, 0, 1e308] }), "invalid_params", "params.goal");
        await expectSimError(s.sim.planPath({ goal: [-1e15, 0, 0] }), "invalid_params", "params.goal");
        await expectSimError(
          s.sim.reset({ start: startAt(s), objects: [{ id: "far", category: "mug", position: [1e15, 0, 0] }] }),
          "invalid_params",
          "params.objects.0.position",
        );
        const ms = performance.now() - t0;
        assert.ok(ms < 5000, `refusing four requests took ${Math.round(ms)} ms`);
        const obs = await s.sim.reset({ start: startAt(s) });
        assert.equal(obs.stepCount, 0, "still usable");
        const plan = await s.sim.planPath({ goal: s.info.regions[0].waypoint });
        assert.equal(plan.reachable, true);
      }),
    },
    {
      name: "scene paths outside the scene folders (/etc/passwd, /dev/zero) are refused unread",
      run: suite(async (s) => {
        for (const path of ["/etc/passwd", "/dev/zero", "../../../../../../etc/passwd", "/proc/self/environ"]) {
          const t0 = performance.now();
          let err: unknown;
          try {
            await s.sim.loadScene({ scene: path, settings: SUITE_SETTINGS });
          } catch (e) {
            err = e;
          }
          assert.ok(err instanceof SimError, `load_scene ${path} must fail, got ${err ?? "success"}`);
          assert.ok(["not_found", "invalid_params"].includes(err.code), `${path}: ${err.code}: ${err.message}`);
          const quoted = /root:|PATH=/.test(err.message) || err.message.includes(String.fromCharCode(0));
          assert.ok(!quoted, `${path}: the error quotes the file: ${err.message}`);
          assert.ok(performance.now() - t0 < 5000, `${path}: refused at once`);
        }
        // a good scene still loads
        await s.sim.loadScene({ scene, settings: SUITE_SETTINGS });
        await s.sim.reset({ start: startAt(s) });
        assert.equal((await s.sim.step("TURN_LEFT")).observation.stepCount, 1, "still usable");
      }),
    },
    {
      name: "sessions are independent",
      run: async () => {
        const a = await makeSim();
        const b = await makeSim();
        try {
          await a.loadScene({ scene, settings: SUITE_SETTINGS });
          await expectSimError(b.reset({ start: { position: [0, 0, 0], heading: 0 } }), "out_of_order");
          await b.loadScene({ scene, settings: { ...SUITE_SETTINGS, stepLength: 0.25 } });
          const info = await a.sceneInfo();
          const start = { position: info.regions[0].waypoint, heading: 0 };
          await Promise.all([a.reset({ start }), b.reset({ start })]);
          const [sa, sb] = await Promise.all([a.step("TURN_LEFT"), b.step("TURN_RIGHT")]);
          assert.ok(angleDiff(sa.observation.pose.heading, sb.observation.pose.heading) > 0, "each turned its own way");
          assert.equal((await b.loadScene({ scene })).settings.stepLength !== undefined, true);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      },
    },
  ];
}

/** Runs every check in turn; `onResult` sees each as it finishes. */
export async function runConformance(
  makeSim: () => Promise<Simulator>,
  opts: ConformanceOptions = {},
  onResult?: (r: CheckResult) => void,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of conformanceChecks(makeSim, opts)) {
    const t0 = performance.now();
    let r: CheckResult;
    try {
      await check.run();
      r = { name: check.name, ok: true, ms: performance.now() - t0 };
    } catch (e) {
      r = {
        name: check.name,
        ok: false,
        ms: performance.now() - t0,
        error: e instanceof Error ? e.message : String(e),
      };
    }
    results.push(r);
    onResult?.(r);
  }
  return results;
}
