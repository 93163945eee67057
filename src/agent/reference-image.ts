/** Reads an acquisition episode's reference image into the Image the policy takes. */
import { readFile } from "node:fs/promises";
import type { Image } from "../sim/index.ts";
import { loadSharp } from "../util/index.ts";

export async function loadReferenceImage(path: string): Promise<Image> {
  const data = await readFile(path).catch((e: Error) => {
    throw new Error(`reference image ${path}: cannot read (${e.message})`);
  });
  const sharp = await loadSharp();
  const meta = await sharp(data)
    .metadata()
    .catch((e: Error) => {
      throw new Error(`reference image ${path}: not an image (${e.message})`);
    });
  if (meta.format !== "png" && meta.format !== "jpeg") {
    throw new Error(`reference image ${path}: ${meta.format} is not supported (PNG or JPEG)`);
  }
  if (!meta.width || !meta.height) throw new Error(`reference image ${path}: no size in its header`);
  return { view: "reference", format: meta.format, width: meta.width, height: meta.height, data };
}
