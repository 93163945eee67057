/** Writes a generated scenario set: scenario-set.json plus one reference PNG per catalog object. */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { objectSize } from "../../../sim-bridge/embedded/objects.ts";
import { renderObjectImage } from "../../../sim-bridge/embedded/thumbnail.ts";
import { type CatalogObject, SCENARIO_SET_FILE, type ScenarioSetFile } from "../schema.ts";

/** The reference image of a catalog object, as PNG bytes. */
export async function referencePng(o: CatalogObject, size: number): Promise<Buffer> {
  const raw = renderObjectImage(
    {
      id: o.id,
      category: o.category,
      attributes: o.attributes,
      position: [0, 0, 0],
      roomId: "studio",
      size: objectSize(o.category, o.attributes),
    },
    size,
  );
  return sharp(raw.rgb, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/**
 * Episodes one per line: diff-friendly and compact, while the file stays plain JSON.
 * Replaces `dir`'s scenario-set.json and images/ (nothing else in `dir` is touched).
 */
export function formatScenarioSet(set: ScenarioSetFile): string {
  const lines: string[] = ["{"];
  const entries = Object.entries(set);
  entries.forEach(([key, value], i) => {
    const comma = i < entries.length - 1 ? "," : "";
    if (Array.isArray(value)) {
      if (value.length === 0) {
        lines.push(`  ${JSON.stringify(key)}: []${comma}`);
        return;
      }
      lines.push(`  ${JSON.stringify(key)}: [`);
      for (const [j, item] of value.entries())
        lines.push(`    ${JSON.stringify(item)}${j < value.length - 1 ? "," : ""}`);
      lines.push(`  ]${comma}`);
    } else lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
  });
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

export async function writeScenarioSet(dir: string, set: ScenarioSetFile, opts: { imageSize?: number } = {}) {
  const size = opts.imageSize ?? 96;
  await mkdir(dir, { recursive: true });
  await rm(join(dir, "images"), { recursive: true, force: true });
  let bytes = 0;
  for (const o of set.objects) {
    const file = join(dir, o.image);
    await mkdir(dirname(file), { recursive: true });
    const png = await referencePng(o, size);
    bytes += png.length;
    await writeFile(file, png);
  }
  const text = formatScenarioSet(set);
  await writeFile(join(dir, SCENARIO_SET_FILE), text);
  return { jsonBytes: Buffer.byteLength(text), imageBytes: bytes, images: set.objects.length };
}
