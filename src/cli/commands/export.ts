/**
 * `polar export DIR`: one kept episode as an MCAP file for Foxglove and the other robotics tools
 * that read MCAP (src/eval/mcap-export.ts), with a Foxglove layout beside it. Exit 2 when DIR (or
 * --episode) names no kept episode.
 */
import type { Command } from "commander";
import { ExportArgs, exportEpisode, STEP_SECONDS } from "../../eval/index.ts";
import { UserError } from "../options.ts";

export function registerExport(program: Command): void {
  program
    .command("export")
    .description("write a kept episode (polar eval --trajectories, polar run) as an MCAP file that opens in Foxglove")
    .argument("<dir>", "an episode folder (holds events.jsonl), or an evaluation folder with --episode")
    .option("--episode <id>", "the episode, when DIR is an evaluation folder (its episodes/ holds it)")
    .option("--out <file>", "the MCAP file to write, ending in .mcap (default: DIR/<episode>.mcap)")
    .option(
      "--force",
      "replace the MCAP file if it exists (without it, an existing MCAP file is never overwritten; the layout beside it is always rewritten)",
    )
    .option(
      "--step-seconds <s>",
      `simulated seconds a step takes: the file's clock (default ${STEP_SECONDS}, the controller's pace)`,
    )
    .option("--analysis", "add the harness's targets, same-category distractors and shortest route on /analysis")
    .addHelpText(
      "after",
      "\nOpen the file in Foxglove with File → Open local file, and its layout (<file>.layout.json, written beside it) with Layouts → Import from file. Exit codes: 0 written, 2 DIR or --episode names no kept episode, a file of it is not a regular file, or --out is not a new .mcap file (--force replaces one).",
    )
    .action(
      async (
        dir: string,
        opts: { episode?: string; out?: string; force?: boolean; stepSeconds?: string; analysis?: boolean },
      ) => {
        const stepSeconds = opts.stepSeconds === undefined ? undefined : Number(opts.stepSeconds);
        const args = ExportArgs.safeParse({ dir, ...opts, stepSeconds });
        if (!args.success) {
          const is = args.error.issues[0];
          throw new UserError(`${is?.path.join(".") || "arguments"}: ${is?.message}`);
        }
        const s = await exportEpisode(args.data);
        const counts = Object.entries(s.messages)
          .map(([t, n]) => `${t} ${n}`)
          .join(", ");
        console.log(`episode ${s.episodeId}: ${counts}`);
        if (s.missingViews) console.log(`${s.missingViews} view(s) the events name were not kept (views/budget.json)`);
        if (s.skippedLines)
          console.error(
            `warning: ${s.skippedLines} line(s) of events.jsonl are not events this version knows, left out`,
          );
        for (const n of s.notes) console.error(`note: ${n}`);
        console.log(
          `clock: simulated, ${s.stepSeconds} s a step (${s.steps} steps = ${s.seconds.toFixed(1)} s of log time)`,
        );
        console.log(`mcap: ${s.file} (${(s.bytes / 1024).toFixed(0)} KiB)`);
        console.log(`layout: ${s.layout} (Foxglove: Layouts → Import from file)`);
      },
    );
}
