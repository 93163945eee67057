/**
 * Builds the embedder a config names. "auto" takes the best one on disk: BGE-M3 (the paper's),
 * else all-MiniLM-L6-v2 (a real dense model `npm start` builds from PyPI on first use, see
 * minilm-build.ts), else the lexical fallback, with a notice whenever it is not BGE-M3. Nothing
 * here builds or downloads anything.
 */
import type { EmbedderConfig } from "../config.ts";
import { chooseModelFile, findBgeM3Files, loadBgeM3 } from "./bge-m3.ts";
import type { Embedder } from "./embedder.ts";
import { LEXICAL_NAME, LexicalEmbedder } from "./lexical.ts";
import { findMiniLmFiles, loadMiniLm, MINILM_NAME, miniLmMissingMessage, missingMiniLmFiles } from "./minilm.ts";
import { buildFailureText, displayPath, MINILM_BUILD, readBuildFailure } from "./minilm-build.ts";

export interface EmbedderPlan {
  type: "bge-m3" | "minilm" | "lexical";
  /** why this one (for `polar models check` and run headers) */
  reason: string;
}

/** Which embedder a run with this config will use, without loading anything. */
export function planEmbedder(config: EmbedderConfig): EmbedderPlan {
  if (config.type === "lexical") return { type: "lexical", reason: "embedder.type is lexical" };
  if (config.type === "minilm") {
    const files = findMiniLmFiles(config.minilmDir);
    const missing = missingMiniLmFiles(files);
    if (missing.length) throw new Error(`embedder.type is minilm but ${miniLmMissingMessage(files, missing)}`);
    return { type: "minilm", reason: `embedder.type is minilm; all-MiniLM-L6-v2 files found: ${files.model}` };
  }
  const files = findBgeM3Files(config.modelDir);
  const chosen = chooseModelFile(files, config.precision);
  if ("file" in chosen) return { type: "bge-m3", reason: `BGE-M3 files found: ${chosen.file}` };
  const why = `BGE-M3 files missing in ${files.dir}: ${chosen.missing.join(", ")}`;
  if (config.type === "bge-m3") throw new Error(`embedder.type is bge-m3 but ${why}`);
  const mini = findMiniLmFiles(config.minilmDir);
  if (missingMiniLmFiles(mini).length === 0) {
    return { type: "minilm", reason: `${why}; using all-MiniLM-L6-v2 (${mini.model}) instead` };
  }
  const failure = readBuildFailure(config.minilmDir);
  const how = failure
    ? buildFailureText(failure).replace(/^b/, "B")
    : `\`${MINILM_BUILD}\` builds ${MINILM_NAME} (python3 + PyPI, about 90 MB), as \`npm start\` does on first use`;
  return {
    type: "lexical",
    reason:
      `no dense embedder (BGE-M3 files missing in ${displayPath(files.dir)}, ${MINILM_NAME} not built in ${displayPath(mini.dir)}): ` +
      `using the lexical fallback ${LEXICAL_NAME}, which matches words, not meanings. ${how}`,
  };
}

/**
 * The embedder for a run. `onNotice` hears when "auto" falls back to the lexical embedder
 * (default: stderr), so no run silently uses the weaker one.
 */
export async function createEmbedder(
  config: EmbedderConfig,
  onNotice: (message: string) => void = (m) => console.error(`polar: ${m}`),
): Promise<Embedder> {
  const plan = planEmbedder(config);
  const sizes = { batchSize: config.batchSize, maxLength: config.maxLength };
  switch (plan.type) {
    case "lexical":
      if (config.type === "auto") onNotice(plan.reason);
      return new LexicalEmbedder();
    case "minilm":
      if (config.type === "auto") onNotice(plan.reason);
      return loadMiniLm({ dir: config.minilmDir, ...sizes });
    case "bge-m3":
      return loadBgeM3({ modelDir: config.modelDir, precision: config.precision, ...sizes });
  }
}
