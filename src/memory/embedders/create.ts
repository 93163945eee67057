/**
 * Builds the embedder a config names. "auto" takes the best one on disk: BGE-M3 (the paper's),
 * else all-MiniLM-L6-v2 (a real dense model `npm start` builds from PyPI on first use, see
 * minilm-build.ts), else the lexical fallback, with a notice whenever it is not BGE-M3. Nothing
 * here builds or downloads anything. Each embedder type is a registration (registerEmbedder):
 * whether it can run with a config, why, how to load it, and its place in auto's order.
 */
import { Registry } from "../../util/index.ts";
import type { EmbedderConfig } from "../config.ts";
import { chooseModelFile, deferBgeM3, findBgeM3Files } from "./bge-m3.ts";
import type { Embedder } from "./embedder.ts";
import { LEXICAL_NAME, LexicalEmbedder } from "./lexical.ts";
import { deferMiniLm, findMiniLmFiles, MINILM_NAME, miniLmMissingMessage, missingMiniLmFiles } from "./minilm.ts";
import { buildFailureText, displayPath, MINILM_BUILD, readBuildFailure } from "./minilm-build.ts";

export interface EmbedderPlan {
  /** the registered embedder type a run with this config uses */
  type: string;
  /** why this one (for `polar models check` and run headers) */
  reason: string;
}

/** An embedder type: whether it can run here (its files present), and how to load it. */
export interface EmbedderKind {
  /** its name in messages */
  name: string;
  /** what `polar models check` says a run uses when it is this one */
  label: string;
  /** null when it can run with this config, else what is missing */
  missing(config: EmbedderConfig): string | null;
  /** why it is used when it can run */
  reason(config: EmbedderConfig): string;
  load(config: EmbedderConfig): Promise<Embedder>;
  /** taken by `auto` in this order when present (lower first); absent: only when named */
  autoRank?: number;
  /** `auto` announces that it fell back to this one (anything but the paper's BGE-M3) */
  notice?: boolean;
}

const EMBEDDERS = new Registry<EmbedderKind>("embedder");

export function registerEmbedder(type: string, kind: EmbedderKind): void {
  EMBEDDERS.register(type, kind);
}

export function embedderTypes(): string[] {
  return EMBEDDERS.names();
}

export function embedderKind(type: string): EmbedderKind {
  return EMBEDDERS.get(type);
}

const sizes = (config: EmbedderConfig) => ({ batchSize: config.batchSize, maxLength: config.maxLength });

registerEmbedder("bge-m3", {
  name: "BGE-M3",
  label: "BGE-M3 dense",
  autoRank: 0,
  missing: (config) => {
    const files = findBgeM3Files(config.modelDir);
    const chosen = chooseModelFile(files, config.precision);
    return "file" in chosen ? null : `BGE-M3 files missing in ${files.dir}: ${chosen.missing.join(", ")}`;
  },
  reason: (config) => {
    const chosen = chooseModelFile(findBgeM3Files(config.modelDir), config.precision);
    return `BGE-M3 files found: ${"file" in chosen ? chosen.file : "?"}`;
  },
  load: (config) => deferBgeM3({ modelDir: config.modelDir, precision: config.precision, ...sizes(config) }),
});

registerEmbedder("minilm", {
  name: MINILM_NAME,
  label: "all-MiniLM-L6-v2 dense",
  autoRank: 1,
  notice: true,
  missing: (config) => {
    const files = findMiniLmFiles(config.minilmDir);
    const missing = missingMiniLmFiles(files);
    return missing.length ? miniLmMissingMessage(files, missing) : null;
  },
  reason: (config) => `all-MiniLM-L6-v2 files found: ${findMiniLmFiles(config.minilmDir).model}`,
  load: (config) => deferMiniLm({ dir: config.minilmDir, ...sizes(config) }),
});

registerEmbedder("lexical", {
  name: LEXICAL_NAME,
  label: "the lexical fallback (not BGE-M3)",
  autoRank: 2,
  notice: true,
  missing: () => null,
  reason: () => `the lexical fallback ${LEXICAL_NAME}, which matches words, not meanings`,
  load: async () => new LexicalEmbedder(),
});

/**
 * Which embedder a run with this config will use, without loading anything: the one named, or
 * for `auto` the first present in auto order (BGE-M3, all-MiniLM-L6-v2, lexical).
 */
export function planEmbedder(config: EmbedderConfig): EmbedderPlan {
  if (config.type !== "auto") {
    const kind = embedderKind(config.type);
    const missing = kind.missing(config);
    if (missing) throw new Error(`embedder.type is ${config.type} but ${missing}`);
    return { type: config.type, reason: `embedder.type is ${config.type}; ${kind.reason(config)}` };
  }
  const ranked = embedderTypes()
    .map((type) => ({ type, kind: embedderKind(type) }))
    .filter((e) => e.kind.autoRank !== undefined)
    .sort((a, b) => (a.kind.autoRank ?? 0) - (b.kind.autoRank ?? 0));
  const skipped: string[] = [];
  for (const { type, kind } of ranked) {
    const missing = kind.missing(config);
    if (missing) {
      skipped.push(missing);
      continue;
    }
    if (skipped.length === 0) return { type, reason: kind.reason(config) };
    return { type, reason: fallbackReason(config, type, skipped) };
  }
  throw new Error(`no embedder can run: ${skipped.join("; ")}`);
}

/** Why auto fell back, and for the lexical one how to get a dense embedder. */
function fallbackReason(config: EmbedderConfig, type: string, skipped: string[]): string {
  const kind = embedderKind(type);
  if (type !== "lexical")
    return `${skipped[0]}; using ${kind.name} (${kind.reason(config).replace(/^.*?: /, "")}) instead`;
  const files = findBgeM3Files(config.modelDir);
  const mini = findMiniLmFiles(config.minilmDir);
  const failure = readBuildFailure(config.minilmDir);
  const how = failure
    ? buildFailureText(failure).replace(/^b/, "B")
    : `\`${MINILM_BUILD}\` builds ${MINILM_NAME} (python3 + PyPI, about 90 MB), as \`npm start\` does on first use`;
  return (
    `no dense embedder (BGE-M3 files missing in ${displayPath(files.dir)}, ${MINILM_NAME} not built in ${displayPath(mini.dir)}): ` +
    `using the lexical fallback ${LEXICAL_NAME}, which matches words, not meanings. ${how}`
  );
}

/**
 * The embedder for a run. `onNotice` hears when "auto" falls back from BGE-M3 (default: stderr),
 * so no run silently uses a weaker one.
 */
export async function createEmbedder(
  config: EmbedderConfig,
  onNotice: (message: string) => void = (m) => console.error(`polar: ${m}`),
): Promise<Embedder> {
  const plan = planEmbedder(config);
  const kind = embedderKind(plan.type);
  if (config.type === "auto" && kind.notice) onNotice(plan.reason);
  return kind.load(config);
}
