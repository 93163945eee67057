/**
 * An image as one binary WebSocket frame: a 4-byte big-endian header length, the JSON header
 * (which stream, which reference, which view, the format), then the encoded bytes. As on the
 * simulator's wire, images never travel inside JSON.
 */
export interface ImageHeader {
  stream: string;
  ref: string;
  view: string;
  format: "jpeg" | "png";
}

export function encodeImageFrame(header: ImageHeader, data: Uint8Array): Buffer {
  const head = Buffer.from(JSON.stringify(header), "utf8");
  const out = Buffer.allocUnsafe(4 + head.length + data.length);
  out.writeUInt32BE(head.length, 0);
  head.copy(out, 4);
  out.set(data, 4 + head.length);
  return out;
}

export function decodeImageFrame(frame: Buffer): { header: ImageHeader; data: Buffer } {
  const n = frame.readUInt32BE(0);
  const header = JSON.parse(frame.subarray(4, 4 + n).toString("utf8")) as ImageHeader;
  return { header, data: frame.subarray(4 + n) };
}
