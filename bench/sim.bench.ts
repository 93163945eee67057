/**
 * Simulator throughput (issue 2's "Benchmark"): in-process steps per second (a) with three
 * 320×240 JPEG views rendered and encoded, (b) rendered but not encoded, (c) with no images;
 * sharp's own cost for the same three images, measured in the same run, so (a) can be read
 * against it; and the extra time a step takes over WebSocket on loopback.
 *
 * Every step is a TURN_LEFT from a room waypoint, so all variants see the same twelve headings.
 */

import { encodeImage, encodeImages, type RawImage } from "../sim-bridge/embedded/encode.ts";
import { houseFromScene } from "../sim-bridge/embedded/house-file.ts";
import { renderView } from "../sim-bridge/embedded/render.ts";
import { startServer } from "../sim-bridge/embedded/server.ts";
import { EmbeddedSession } from "../sim-bridge/embedded/session.ts";
import { SimulatorConfig } from "../src/sim/config.ts";
import type { Pose } from "../src/sim/protocol.ts";
import { WebSocketSimulator } from "../src/sim/ws-client.ts";

const SCENE = "seed:7";
const CAMERA = { width: 320, height: 240, hfov: 90, format: "jpeg" as const, quality: 80 };
const config = SimulatorConfig.parse({ camera: CAMERA, maxSteps: 1_000_000 });

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

async function session() {
  const s = new EmbeddedSession(config);
  await s.handle("load_scene", { scene: SCENE });
  const info = (await s.handle("scene_info", {})).result as { regions: { waypoint: [number, number, number] }[] };
  const start: Pose = { position: info.regions[1].waypoint, heading: 0 };
  await s.handle("reset", { start });
  return { s, start };
}

/** Per-step latencies (ms) of `n` steps after `warm` unmeasured ones. */
async function timeSteps(step: () => Promise<unknown>, n: number, warm = 24): Promise<number[]> {
  for (let i = 0; i < warm; i++) await step();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await step();
    out.push(performance.now() - t);
  }
  return out;
}

const summary = (ms: number[]) => ({
  stepsPerSecond: round(1000 / (ms.reduce((a, b) => a + b, 0) / ms.length), 1),
  medianMs: round(median(ms)),
  p95Ms: round(quantile(ms, 0.95)),
});

/** Runs each variant in short blocks, round-robin, so a busy machine's swings hit all alike. */
async function interleaved(variants: Record<string, [() => Promise<unknown>, number]>, rounds: number) {
  const out: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (const [fn] of Object.values(variants)) await timeSteps(fn, 0, 12);
  for (let r = 0; r < rounds; r++) {
    for (const [name, [fn, n]] of Object.entries(variants)) out[name].push(...(await timeSteps(fn, n, 2)));
  }
  return out;
}

export async function run(): Promise<Record<string, unknown>> {
  const ROUNDS = 8;
  const BLOCK = 30;
  const { s } = await session();

  // (b): a step whose three views are drawn but not encoded (the step itself asks for none)
  const house = houseFromScene(SCENE);
  const { s: sb } = await session();
  const cam = { width: CAMERA.width, height: CAMERA.height, hfov: CAMERA.hfov, eyeHeight: config.agent.height };
  const yaws = [0, Math.PI / 2, -Math.PI / 2];
  const raws: RawImage[][] = [];
  const drawnStep = async () => {
    const r = (await sb.handle("step", { action: "TURN_LEFT" })).result as { observation: { pose: Pose } };
    const pose = r.observation.pose;
    const views = yaws.map((y, i) => {
      const v = renderView(house, house.objects, pose, y, cam, { image: true });
      return { view: ["front", "left", "right"][i], width: v.width, height: v.height, rgb: v.rgb! };
    });
    if (raws.length < 12) raws.push(views);
  };
  for (let i = 0; i < 12; i++) await drawnStep();

  // the encoder alone on the same images: three in parallel (as a step does), and one view
  const enc = { format: "jpeg" as const, quality: CAMERA.quality };
  let k = 0;
  const t = await interleaved(
    {
      a: [() => s.handle("step", { action: "TURN_LEFT", views: true }), BLOCK],
      b: [drawnStep, BLOCK],
      c: [() => s.handle("step", { action: "TURN_LEFT" }), BLOCK * 4],
      encodeThree: [() => encodeImages(raws[k++ % raws.length], enc), BLOCK],
      encodeOne: [() => encodeImage(raws[k++ % raws.length][0], enc), BLOCK],
    },
    ROUNDS,
  );
  const bytes = (await encodeImages(raws[0], enc)).map((i) => i.data.length);

  // WebSocket on loopback: the same steps through the embedded server, next to in-process ones
  const server = await startServer({ config });
  const ws = await WebSocketSimulator.connect(server.url);
  await ws.loadScene({ scene: SCENE });
  const info = await ws.sceneInfo();
  await ws.reset({ start: { position: info.regions[1].waypoint, heading: 0 } });
  const w = await interleaved(
    {
      wsNone: [() => ws.step("TURN_LEFT"), BLOCK * 4],
      inNone: [() => s.handle("step", { action: "TURN_LEFT" }), BLOCK * 4],
      wsViews: [() => ws.step("TURN_LEFT", true), BLOCK],
      inViews: [() => s.handle("step", { action: "TURN_LEFT", views: true }), BLOCK],
    },
    ROUNDS,
  );
  await ws.close();
  await server.close();

  const ratio = median(t.a) / median(t.encodeThree);
  const extra = (x: number[], y: number[]) => ({
    ...summary(x),
    extraMedianMs: round(median(x) - median(y)),
    extraP95Ms: round(quantile(x, 0.95) - quantile(y, 0.95)),
  });
  return {
    scene: SCENE,
    camera: CAMERA,
    method: `${ROUNDS} interleaved rounds of ${BLOCK} steps per variant (${BLOCK * 4} for no-image steps); TURN_LEFT steps`,
    inProcess: {
      a_viewsRenderedAndEncoded: summary(t.a),
      b_viewsRenderedNotEncoded: summary(t.b),
      c_noImages: summary(t.c),
    },
    encoder: {
      threeViewsParallelMedianMs: round(median(t.encodeThree)),
      perViewMedianMs: round(median(t.encodeOne)),
      jpegBytesPerView: bytes,
    },
    ratio_a_over_encoder_median: round(ratio, 2),
    websocket: { noImages: extra(w.wsNone, w.inNone), threeViews: extra(w.wsViews, w.inViews) },
    targets: {
      a_within_1_5x_encoder: ratio <= 1.5,
      c_at_least_1000_steps_per_s: summary(t.c).stepsPerSecond >= 1000,
      websocket_extra_median_under_2ms: median(w.wsNone) - median(w.inNone) < 2,
    },
  };
}
