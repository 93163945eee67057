import type { Command } from "commander";
import { writeReport } from "../../eval/index.ts";
import { configFor, intFlag, nonEmptyFlag, UserError } from "../options.ts";

/** resamples per interval: a million already takes minutes per figure */
const MAX_SAMPLES = 100_000;

/** `polar report DIR`: tables and figures from an evaluation's results.jsonl alone. */
export function registerReport(program: Command): void {
  program
    .command("report")
    .description("write the Markdown/CSV tables and SVG/PNG figures of an evaluation folder")
    .argument("<dir>", "an evaluation's output folder (holds results.jsonl)")
    .option("--samples <n>", `bootstrap resamples, 1–${MAX_SAMPLES}`, intFlag("--samples", 1, MAX_SAMPLES))
    .option("--seed <n>", "bootstrap seed", intFlag("--seed", 0, 2 ** 31 - 1))
    .option(
      "--paper",
      "also write each bar chart for a paper: report/paper/, a column (3.5 in) and a page (7 in) wide, PDF, SVG and PNG, no baked title or footer",
    )
    .action(async (dir: string, opts: { samples?: number; seed?: number; paper?: boolean }, cmd: Command) => {
      nonEmptyFlag("polar report DIR", "an evaluation folder")(dir);
      const config = configFor(cmd);
      let out: Awaited<ReturnType<typeof writeReport>>;
      try {
        out = await writeReport(dir, {
          samples: opts.samples ?? config.eval.bootstrapSamples,
          seed: opts.seed ?? config.eval.seed,
          ...(opts.paper ? { paper: true } : {}),
        });
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      for (const w of out.warnings) console.error(`warning: ${w}`);
      console.log(out.consoleTable);
      console.log(`\nreport: ${out.files[0]}`);
      if (opts.paper) console.log(`figures for a paper: ${dir}/report/paper/`);
    });
}
