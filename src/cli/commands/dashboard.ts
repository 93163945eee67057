/**
 * `polar dashboard`: the local web app to drive, watch, replay and compare episodes and browse
 * memory, rules and results (src/dashboard). Runs until Ctrl-C.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { listBackbones, REPO_ROOT, resolveBackbone } from "../../config/index.ts";
import { DEFAULT_MAX_LIVE_SESSIONS, startDashboard } from "../../dashboard/index.ts";
import { rememberKeysOf } from "../../mllm/index.ts";
import { configFor, UserError } from "../options.ts";

interface DashboardFlags {
  root: string[];
  host: string;
  port: string;
  token?: string;
  maxSessions: string;
}

const MAX_SESSIONS_LIMIT = 256;

export function registerDashboard(program: Command): void {
  program
    .command("dashboard")
    .description("a local web app: drive episodes live, watch, replay and compare them; memory, rules and results")
    .argument(
      "[dirs...]",
      "evaluation or run folders to open, anywhere on disk (beside the project's results/ and runs/)",
    )
    .option(
      "--root <dir>",
      "a folder of evaluations or runs to list, anywhere on disk (repeatable)",
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option("--host <address>", "address to listen on; anything but loopback needs the printed token", "127.0.0.1")
    .option("--port <n>", "port (0: any free one)", "8770")
    .option("--token <token>", "the token for a non-loopback address (default: a random one, printed)")
    .option(
      "--max-sessions <n>",
      `episodes driven from the page at once, 1–${MAX_SESSIONS_LIMIT}; a start past it is refused`,
      String(DEFAULT_MAX_LIVE_SESSIONS),
    )
    .action(async (dirs: string[], flags: DashboardFlags, cmd: Command) => {
      const roots = [...dirs, ...flags.root].map((d) => folderArgument(d));
      const port = Number(flags.port);
      if (!/^\d+$/.test(flags.port) || port > 65535) throw new UserError(`--port must be 0–65535, got "${flags.port}"`);
      if (flags.token !== undefined && flags.token.length < 16)
        throw new UserError("--token must be at least 16 characters");
      const maxSessions = Number(flags.maxSessions);
      if (!/^\d+$/.test(flags.maxSessions) || maxSessions < 1 || maxSessions > MAX_SESSIONS_LIMIT)
        throw new UserError(
          `--max-sessions must be a whole number in 1–${MAX_SESSIONS_LIMIT}, got "${flags.maxSessions}"`,
        );
      rememberKeysOf(
        listBackbones().flatMap((name) => {
          try {
            return [resolveBackbone(name)];
          } catch {
            return []; // a broken config is reported where it is used
          }
        }),
      );
      const dash = await startDashboard({
        config: configFor(cmd),
        projectDir: process.cwd() === REPO_ROOT ? REPO_ROOT : process.cwd(),
        host: flags.host,
        port,
        maxSessions,
        roots,
        ...(flags.token ? { token: flags.token } : {}),
        log: (m) => console.error(`polar: ${m}`),
      }).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "EADDRINUSE") throw new UserError(`port ${port} on ${flags.host} is in use (try --port 0)`);
        throw e;
      });
      console.log(`dashboard: ${dash.url}`);
      for (const r of roots) console.log(`  reading runs from ${r}`);
      if (dash.token) console.log(`token (needed on ${flags.host}): ${dash.token}`);
      await new Promise<void>((done) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          dash.close().finally(done);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });
}

/** A folder named on the command line: it must exist and be a folder (exit 2 otherwise). */
function folderArgument(dir: string): string {
  if (!dir.trim()) throw new UserError("polar dashboard: an empty folder name");
  const abs = resolve(dir);
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(abs);
  } catch {
    throw new UserError(`polar dashboard: ${dir}: no such folder`);
  }
  if (!st.isDirectory()) throw new UserError(`polar dashboard: ${dir}: not a folder`);
  return abs;
}
