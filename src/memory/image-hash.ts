/**
 * A perceptual hash of reference images (dHash, 64 bits, 16 hex digits), so that a later
 * episode's reference image of the same object links to the same object node even when the
 * image was re-encoded or resized. The threshold is memory.imageHashThreshold (default 12),
 * chosen in test/memory/image-hash.test.ts on generated images: re-encoded / resized / slightly
 * brighter copies stay within 10 bits, different objects are 17+ bits apart.
 *
 * Two details make it stable: grey pixels are first reduced to 64×64, then to 9×8 (one direct
 * lanczos step let JPEG noise flip up to 15 bits); and a pHash (DCT) variant was tried and
 * dropped: on clean, symmetric objects many low-frequency coefficients sit at the median and
 * flip under re-encoding. The hash sees luminance only: two same-shaped objects that differ only
 * in colour hash alike, which is why memorization also requires the categories to agree.
 */
import { loadSharp } from "../util/index.ts";

async function greyPixels(data: Buffer, width: number, height: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const grey = await sharp(data)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(64, 64, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  const px = await sharp(grey, { raw: { width: 64, height: 64, channels: 1 } })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .extractChannel(0) // raw input comes back as 3 channels otherwise
    .raw()
    .toBuffer();
  return new Uint8Array(px.buffer, px.byteOffset, px.length);
}

function bitsToHex(bits: boolean[]): string {
  let hex = "";
  for (let i = 0; i < bits.length; i += 4) {
    hex += ((bits[i] ? 8 : 0) | (bits[i + 1] ? 4 : 0) | (bits[i + 2] ? 2 : 0) | (bits[i + 3] ? 1 : 0)).toString(16);
  }
  return hex;
}

/** dHash: is each pixel brighter than its right neighbour, on a 9×8 thumbnail. */
export async function imageHash(image: Buffer): Promise<string> {
  const px = await greyPixels(image, 9, 8);
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(px[y * 9 + x] > px[y * 9 + x + 1]);
  return bitsToHex(bits);
}

/** Number of differing bits between two 16-hex-digit hashes. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error(`hashes of different lengths: ${a} vs ${b}`);
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = Number.parseInt(a[i], 16) ^ Number.parseInt(b[i], 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}
