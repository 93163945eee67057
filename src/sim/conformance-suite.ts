/**
 * What the conformance checks share: the settings every check loads with, a fresh simulator
 * with the suite's scene on it, and the assertions on errors, results and images.
 */
import assert from "node:assert/strict";
import { loadSharp } from "../util/index.ts";
import { encodedImage } from "./image-bytes.ts";
import { type ImageHeader, type SimSettings, VERB_RESULTS, type Vec3 } from "./protocol.ts";
import { type Image, SimError, type Simulator } from "./simulator.ts";

/** Settings every check loads with, so expectations do not depend on a bridge's defaults. */
export const SUITE_SETTINGS = {
  stepLength: 0.5,
  turnAngle: 30,
  successDistance: 1.0,
  maxSteps: 500,
  camera: { width: 160, height: 120, hfov: 90, format: "jpeg", quality: 80 },
} as const satisfies SimSettings;

export const DEG = Math.PI / 180;
export const angleDiff = (a: number, b: number) => Math.atan2(Math.sin(a - b), Math.cos(a - b));
export const dist2d = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

export async function expectSimError(p: Promise<unknown>, code: string, pathPrefix?: string): Promise<SimError> {
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

export function checkResult(verb: keyof typeof VERB_RESULTS, value: unknown): void {
  const { imageData: _ignored, ...rest } = value as { imageData?: unknown };
  const parsed = VERB_RESULTS[verb].safeParse(rest);
  assert.ok(parsed.success, `${verb} result does not match the protocol: ${parsed.error?.message}`);
}

export async function checkImages(announced: ImageHeader[] | undefined, imageData: Image[], views: string[]) {
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
      const meta = await (await loadSharp())(encoded.data).metadata();
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
    const meta = await (await loadSharp())(img.data).metadata();
    assert.equal(meta.format, h.format, `${h.view}: decodes as ${h.format}`);
    assert.equal(meta.width, h.width, `${h.view}: width`);
    assert.equal(meta.height, h.height, `${h.view}: height`);
  }
}

export interface Setup {
  sim: Simulator;
  scene: Awaited<ReturnType<Simulator["loadScene"]>>;
  info: Awaited<ReturnType<Simulator["sceneInfo"]>>;
}

/** What every group of checks shares: how to get a fresh simulator, and the suite's scene on it. */
export interface SuiteContext {
  makeSim: () => Promise<Simulator>;
  scene: string;
  /** fn on a fresh simulator with the suite's scene loaded with these settings; always closes it */
  withScene: (settings: SimSettings, fn: (s: Setup) => Promise<void>) => () => Promise<void>;
  /** withScene with the suite's settings */
  suite: (fn: (s: Setup) => Promise<void>) => () => Promise<void>;
  /** a start pose at region i's waypoint */
  startAt: (s: Setup, i?: number, heading?: number) => { position: [number, number, number]; heading: number };
}
