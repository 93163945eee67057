/** Writes a generated scenario set: scenario-set.json plus one reference PNG per catalog object. */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SCENARIO_SET_FILE, type ScenarioSetFile } from "../scenario-schema.ts";
import type { SceneSource } from "./scenes.ts";

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

export async function writeScenarioSet(
  dir: string,
  set: ScenarioSetFile,
  source: Pick<SceneSource, "referencePng">,
  opts: { imageSize?: number } = {},
) {
  const size = opts.imageSize ?? 96;
  await mkdir(dir, { recursive: true });
  await rm(join(dir, "images"), { recursive: true, force: true });
  let bytes = 0;
  for (const o of set.objects) {
    if (!o.image) continue; // no acquisition episode shows it (the loader checks that)
    const file = join(dir, o.image);
    await mkdir(dirname(file), { recursive: true });
    const png = await source.referencePng(o, size);
    bytes += png.length;
    await writeFile(file, png);
  }
  const text = formatScenarioSet(set);
  await writeFile(join(dir, SCENARIO_SET_FILE), text);
  return { jsonBytes: Buffer.byteLength(text), imageBytes: bytes, images: set.objects.length };
}
