import assert from "node:assert/strict";
import { describe, it } from "node:test";
import sharp from "sharp";
import { MemoryConfig } from "../../src/memory/config.ts";
import { hammingDistance, imageHash } from "../../src/memory/image-hash.ts";
import { objectImage, reencoded, type Shape } from "./image-fixtures.ts";

const THRESHOLD = MemoryConfig.parse({}).imageHashThreshold;
const SHAPES: Shape[] = ["mug", "book", "ball", "shoe", "keys", "hat"];
const COLORS = ["#c0392b", "#2471a3", "#1e8449"];

describe("reference image hash", () => {
  it("is 16 hex digits and deterministic", async () => {
    const img = await objectImage("mug");
    const h = await imageHash(img);
    assert.match(h, /^[0-9a-f]{16}$/);
    assert.equal(await imageHash(img), h);
  });

  it("hamming distance counts differing bits", () => {
    assert.equal(hammingDistance("0000000000000000", "0000000000000000"), 0);
    assert.equal(hammingDistance("0000000000000000", "ffffffffffffffff"), 64);
    assert.equal(hammingDistance("000000000000000f", "0000000000000001"), 3);
    assert.throws(() => hammingDistance("00", "000"));
  });

  it(`the default threshold (${THRESHOLD}) matches re-encoded, resized and brightened copies`, async () => {
    const worst: number[] = [];
    for (const color of COLORS) {
      for (const shape of SHAPES) {
        const img = await objectImage(shape, color);
        const h = await imageHash(img);
        const variants = [
          await reencoded(img, { quality: 40 }),
          await reencoded(img, { width: 100, quality: 70 }),
          await reencoded(img, { width: 512, quality: 90 }),
          await sharp(img).modulate({ brightness: 1.1 }).png().toBuffer(),
        ];
        for (const v of variants) worst.push(hammingDistance(h, await imageHash(v)));
      }
    }
    assert.ok(Math.max(...worst) <= THRESHOLD, `worst same-image distance ${Math.max(...worst)}`);
  });

  it("and keeps different objects apart", async () => {
    const hashes: { shape: Shape; hash: string }[] = [];
    for (const color of COLORS) {
      for (const shape of SHAPES) hashes.push({ shape, hash: await imageHash(await objectImage(shape, color)) });
    }
    let closest = 64;
    for (const [i, a] of hashes.entries()) {
      for (const b of hashes.slice(i + 1)) {
        if (a.shape !== b.shape) closest = Math.min(closest, hammingDistance(a.hash, b.hash));
      }
    }
    assert.ok(closest > THRESHOLD, `closest different-object distance ${closest}`);
  });
});
