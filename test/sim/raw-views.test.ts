import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { EmbeddedSession } from "../../sim-bridge/embedded/session.ts";
import { TrajectoryWriter } from "../../src/eval/trajectory-writer.ts";
import { imagePart } from "../../src/mllm/prompts/format.ts";
import { pixelsOf } from "../../src/perception/pixels.ts";
import { SimulatorConfig } from "../../src/sim/config.ts";
import { bytesIfEncoded, encodedImage, fileFormat } from "../../src/sim/image-bytes.ts";
import type { EncodedImage, Image } from "../../src/sim/simulator.ts";

const config = SimulatorConfig.parse({});

/** The same house, pose and views in process and as a socket's session would send them. */
async function bothWays(): Promise<{ raw: Image[]; wire: EncodedImage[]; headers: unknown }> {
  const sim = openEmbedded(config);
  await sim.loadScene({ scene: "seed:3" });
  const info = await sim.sceneInfo();
  const start = { position: info.regions[0].waypoint, heading: 0.3 };
  const obs = await sim.reset({ start, views: true });
  const session = new EmbeddedSession(config);
  await session.handle("load_scene", { scene: "seed:3" });
  const wire = await session.handle("reset", { start, views: true });
  return { raw: obs.imageData, wire: wire.images as EncodedImage[], headers: obs.images };
}

test("in process, views are raw RGB with no wire headers; encoded, they are the socket's bytes", async () => {
  const { raw, wire, headers } = await bothWays();
  assert.equal(headers, undefined, "no binary frames to announce in process");
  assert.deepEqual(
    raw.map((i) => [i.view, i.format]),
    [
      ["front", "rgb"],
      ["left", "rgb"],
      ["right", "rgb"],
    ],
  );
  for (const [i, img] of raw.entries()) {
    assert.equal(img.data.length, img.width * img.height * 3);
    assert.equal(fileFormat(img), "jpeg");
    const enc = await encodedImage(img);
    assert.equal(enc.format, wire[i].format);
    assert.ok(enc.data.equals(wire[i].data), `${img.view}: the bytes a socket would carry`);
    assert.equal(await encodedImage(img), enc, "encoded once per view");
  }
});

test("the heuristic judges a raw view as the socket's bytes decode, encoding it only when it judges it", async () => {
  const { raw, wire } = await bothWays();
  assert.equal(bytesIfEncoded(raw[1]), undefined, "a view nobody looked at has no bytes");
  const px = await pixelsOf(raw[0]);
  const overSocket = await pixelsOf(wire[0]);
  assert.equal(px.data.length, raw[0].width * raw[0].height * 3);
  assert.ok(px.data.equals(overSocket.data), "in process and over a socket, the same pixels");
  assert.ok(!px.data.equals(raw[0].data), "what the camera stream carries (JPEG), not the render");
  assert.ok(bytesIfEncoded(raw[0])?.equals(wire[0].data), "judged, the view has the socket's bytes");
  assert.equal(bytesIfEncoded(raw[1]), undefined, "judging one view encodes no other");
  await assert.rejects(pixelsOf({ ...raw[0], data: raw[0].data.subarray(1) } as Image), /is not \d+×\d+ RGB/);
});

test("raw views are encoded where they leave the process: a file, a prompt", async () => {
  const { raw } = await bothWays();
  const dir = mkdtempSync(join(tmpdir(), "polar-raw-"));
  try {
    const writer = new TrajectoryWriter(dir);
    await writer.saveImage("s0000-front.jpeg", raw[0]);
    const meta = await sharp(readFileSync(join(dir, "views", "s0000-front.jpeg"))).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ["jpeg", raw[0].width, raw[0].height]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.throws(() => imagePart(raw[0]), /raw pixels reached a prompt/);
  assert.equal(imagePart(await encodedImage(raw[0])).mediaType, "image/jpeg");
});
