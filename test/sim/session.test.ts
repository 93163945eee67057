import assert from "node:assert/strict";
import { test } from "node:test";
import sharp from "sharp";
import { cachedScenes, EmbeddedSession } from "../../sim-bridge/embedded/session.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { SimError } from "../../src/sim/simulator.ts";

const config = SimulatorConfig.parse({});

async function rejects(p: Promise<unknown>, code: string, path?: string) {
  const e = await p.then(
    () => assert.fail("expected an error"),
    (x) => x,
  );
  assert.ok(e instanceof SimError, String(e));
  assert.equal(e.code, code, e.message);
  if (path !== undefined) assert.equal(e.path, path);
  return e;
}

async function ready(scene = "seed:3", settings: object = {}) {
  const s = new EmbeddedSession(config);
  await s.handle("load_scene", { scene, settings });
  const info = (await s.handle("scene_info", {})).result as {
    regions: { id: string; waypoint: [number, number, number] }[];
  };
  return { s, info };
}

test("an unknown verb and bad params are refused with the offending field", async () => {
  const s = new EmbeddedSession(config);
  await rejects(s.handle("teleport", {}), "unknown_verb", "verb");
  await rejects(s.handle("toString", {}), "unknown_verb");
  await rejects(s.handle("load_scene", { scene: "" }), "invalid_params", "params.scene");
  await rejects(
    s.handle("load_scene", { scene: "seed:1", settings: { camera: { width: 2 } } }),
    "invalid_params",
    "params.settings.camera.width",
  );
  await rejects(s.handle("hello", { extra: 1 }), "invalid_params");
});

test("sessions on one house share its nav grid", async () => {
  const a = new EmbeddedSession(config);
  const b = new EmbeddedSession(config);
  await a.handle("load_scene", { scene: "seed:11" });
  const before = cachedScenes().filter((k) => k.startsWith("seed:11|")).length;
  await b.handle("load_scene", { scene: "seed:11" });
  assert.equal(cachedScenes().filter((k) => k.startsWith("seed:11|")).length, before);
  assert.equal(before, 1);
  // a different agent radius is a different grid
  await b.handle("load_scene", { scene: "seed:11", settings: { agentRadius: 0.3 } });
  assert.equal(cachedScenes().filter((k) => k.startsWith("seed:11|")).length, 2);
});

test("images come in the order asked, at the configured size and format", async () => {
  const { s, info } = await ready("seed:3", { camera: { width: 64, height: 48, format: "png" } });
  const r = await s.handle("reset", {
    start: { position: info.regions[0].waypoint, heading: 0 },
    views: ["right", "front"],
  });
  assert.deepEqual(
    r.images.map((i) => i.view),
    ["right", "front"],
  );
  for (const img of r.images) {
    const meta = await sharp(img.data).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ["png", 64, 48]);
  }
  const st = await s.handle("step", { action: "TURN_LEFT", views: [] });
  assert.equal(st.images.length, 0);
  assert.equal((st.result as { observation: { images?: unknown } }).observation.images, undefined);
});

test("a start pose inside furniture is moved to the nearest navigable point", async () => {
  const s = new EmbeddedSession(config);
  const loaded = (await s.handle("load_scene", { scene: "seed:3" })).result as {
    receptacles: { position: [number, number, number] }[];
  };
  const onTable = loaded.receptacles[0].position;
  const r = (await s.handle("reset", { start: { position: [onTable[0], 0, onTable[2]], heading: 0 } })).result as {
    pose: { position: [number, number, number] };
  };
  const moved = Math.hypot(r.pose.position[0] - onTable[0], r.pose.position[2] - onTable[2]);
  assert.ok(moved > 0, "moved off the furniture");
  const plan = (await s.handle("plan_path", { goal: onTable })).result as { reachable: boolean };
  assert.equal(plan.reachable, true, "a goal on furniture plans to the floor next to it");
});

test("plan_path reaches every room from the first, with Polar's and PIN's step lengths", async () => {
  for (const scene of ["seed:2", "seed:5"]) {
    for (const stepLength of [1.0, 0.25]) {
      const { s, info } = await ready(scene, { stepLength, maxSteps: 5000 });
      for (const goal of info.regions.slice(1)) {
        await s.handle("reset", { start: { position: info.regions[0].waypoint, heading: 2 } });
        const plan = (await s.handle("plan_path", { goal: goal.waypoint })).result as { actions: string[] };
        for (const action of plan.actions) await s.handle("step", { action });
        const rest = (await s.handle("plan_path", { goal: goal.waypoint })).result as { geodesic: number };
        assert.ok(rest.geodesic <= stepLength, `${scene} step ${stepLength}: ended ${rest.geodesic} m from ${goal.id}`);
      }
    }
  }
});

test("metrics: unknown object ids are refused; a top-down map too large for memory is refused", async () => {
  const { s, info } = await ready();
  await s.handle("reset", { start: { position: info.regions[0].waypoint, heading: 0 } });
  await rejects(s.handle("metrics", { objectIds: ["ghost"] }), "not_found", "params.objectIds.0");
  await rejects(s.handle("topdown", { metersPerPixel: 0.0005 }), "invalid_params", "params.metersPerPixel");
  const map = await s.handle("topdown", { format: "jpeg" });
  assert.equal((await sharp(map.images[0].data).metadata()).format, "jpeg");
});

test("topdown with marks: false draws the house alone: the same map, less the agent and its path", async () => {
  const { s, info } = await ready();
  await s.handle("reset", { start: { position: info.regions[0].waypoint, heading: 0 } });
  await s.handle("step", { action: "MOVE_FORWARD" });
  const pixels = async (params: object) => {
    const map = await s.handle("topdown", { format: "png", metersPerPixel: 0.05, ...params });
    const { data, info: meta } = await sharp(map.images[0].data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    assert.equal(meta.channels, 3);
    return data;
  };
  // the agent's disc is [250, 140, 20]: no category marker or room colour is that orange
  const agentPixels = (d: Buffer) => {
    let n = 0;
    for (let i = 0; i < d.length; i += 3) if (d[i] >= 245 && d[i + 1] >= 130 && d[i + 1] <= 150 && d[i + 2] <= 30) n++;
    return n;
  };
  const marked = await pixels({});
  const plain = await pixels({ marks: false });
  assert.equal(marked.length, plain.length, "the same size and place");
  assert.ok(agentPixels(marked) > 0, "the default map draws the agent");
  assert.equal(agentPixels(plain), 0, "marks: false draws no agent");
  assert.ok(!marked.equals(plain));
  assert.ok((await pixels({ marks: true })).equals(marked), "marks: true is the default");
});
