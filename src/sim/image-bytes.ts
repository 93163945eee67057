/**
 * Raw in-process views become bytes only here, where they leave the process: a file, a socket,
 * an image-taking model. encodedImage encodes each view at most once however many places want
 * its bytes.
 */

import { loadSharp } from "../util/index.ts";
import type { EncodedImage, Image, RawImage } from "./simulator.ts";

const encoded = new WeakMap<Buffer, Promise<EncodedImage>>();
const done = new WeakMap<Buffer, EncodedImage>();

/** The image as JPEG/PNG bytes: itself when already encoded, else its raw pixels encoded once. */
export function encodedImage(image: Image): Promise<EncodedImage> {
  if (image.format !== "rgb") return Promise.resolve(image);
  let p = encoded.get(image.data);
  if (!p) {
    const data = image.data;
    p = encodeRaw(image);
    p.then((e) => done.set(data, e)).catch(() => {});
    encoded.set(data, p);
  }
  return p;
}

/** The image's bytes if it has them already (encoded, or a raw view whose encoding has finished), else undefined. */
export function bytesIfEncoded(image: Image): Buffer | undefined {
  return image.format === "rgb" ? done.get(image.data)?.data : image.data;
}

/** Encodes raw pixels now, every call (the encoder itself, uncached). */
export async function encodeRaw(raw: RawImage): Promise<EncodedImage> {
  if (raw.data.length !== raw.width * raw.height * 3) {
    throw new Error(`view ${raw.view}: ${raw.data.length} bytes is not ${raw.width}×${raw.height} RGB`);
  }
  // imported on first use: most commands never encode a view
  const sharp = await loadSharp();
  const pipeline = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  const data =
    raw.encodeAs.format === "png"
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
      : await pipeline.jpeg({ quality: raw.encodeAs.quality ?? 80 }).toBuffer();
  return { view: raw.view, format: raw.encodeAs.format, width: raw.width, height: raw.height, data };
}

/** The format the image has, or takes once encoded: what a file of it is named by. */
export function fileFormat(image: Image): "jpeg" | "png" {
  return image.format === "rgb" ? image.encodeAs.format : image.format;
}
