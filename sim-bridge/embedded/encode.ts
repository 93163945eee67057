/**
 * Raw RGB → JPEG/PNG with sharp, for views that go over a socket. Encoding is the dearest part
 * of a step, so the session calls this only for the views a caller asked for, and encodes them
 * concurrently (sharp runs each job on libuv's thread pool); in process it is not called at all.
 */
import { encodeRaw } from "../../src/sim/image-bytes.ts";
import type { EncodedImage } from "../../src/sim/simulator.ts";

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

export function encodeImage(raw: RawImage, opts: EncodeOptions): Promise<EncodedImage> {
  // one encoder for the socket and for in-process views that leave the process (src/sim/image-bytes.ts)
  const { view, width, height, rgb } = raw;
  return encodeRaw({ view, width, height, format: "rgb", data: rgb, encodeAs: opts });
}

/** Encodes several images at once; the result keeps the input order. */
export function encodeImages(raws: RawImage[], opts: EncodeOptions): Promise<EncodedImage[]> {
  return Promise.all(raws.map((r) => encodeImage(r, opts)));
}

/** The wire header that announces an encoded image's binary frame. */
export function imageHeader(img: EncodedImage): {
  view: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  bytes: number;
} {
  return { view: img.view, format: img.format, width: img.width, height: img.height, bytes: img.data.length };
}
