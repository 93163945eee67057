/**
 * Raw RGB → JPEG/PNG with sharp. Encoding is the dearest part of a step, so the session calls
 * this only for the views a caller asked for, and encodes them concurrently (sharp runs each
 * job on libuv's thread pool).
 */
import sharp from "sharp";
import type { Image } from "../../src/sim/simulator.ts";

export interface RawImage {
  view: string;
  width: number;
  height: number;
  /** width × height × 3 bytes, row-major RGB */
  rgb: Buffer;
}

export interface EncodeOptions {
  format: "jpeg" | "png";
  /** JPEG quality 1–100; ignored for PNG */
  quality?: number;
}

export async function encodeImage(raw: RawImage, opts: EncodeOptions): Promise<Image> {
  if (raw.rgb.length !== raw.width * raw.height * 3) {
    throw new Error(`view ${raw.view}: ${raw.rgb.length} bytes is not ${raw.width}×${raw.height} RGB`);
  }
  const pipeline = sharp(raw.rgb, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  const data =
    opts.format === "png"
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
      : await pipeline.jpeg({ quality: opts.quality ?? 80 }).toBuffer();
  return { view: raw.view, format: opts.format, width: raw.width, height: raw.height, data };
}

/** Encodes several images at once; the result keeps the input order. */
export function encodeImages(raws: RawImage[], opts: EncodeOptions): Promise<Image[]> {
  return Promise.all(raws.map((r) => encodeImage(r, opts)));
}

/** The wire header that announces an encoded image's binary frame. */
export function imageHeader(img: Image): {
  view: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  bytes: number;
} {
  return { view: img.view, format: img.format, width: img.width, height: img.height, bytes: img.data.length };
}
