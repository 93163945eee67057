import { Command, CommanderError } from "commander";
import { diskFailureIn, diskProblem, forTerminal, LockHeldError, reason, redactKnown } from "../util/index.ts";
import { registerCommands } from "./commands/index.ts";
import { EXIT } from "./exit-codes.ts";

// Whatever the CLI prints, logs and errors alike, passes here: a key a server echoed back (in any
// spelling) never reaches a terminal or a log file, and neither does an escape sequence or other
// control character a model wrote (a window title, the clipboard by OSC 52, colours): the CLI
// prints none of its own.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === "string" ? forTerminal(redactKnown(chunk)) : chunk, ...rest)) as typeof stream.write;
}

const program = new Command()
  .name("polar")
  .description("Polar: personalized embodied navigation with a long-term memory graph")
  .option("-c, --config <file>", "config file layered over configs/default.yaml")
  .showHelpAfterError()
  .exitOverride()
  // the config's plugins register their names before any command resolves one
  .hook("preAction", async (root) => {
    const { pluginsListed } = await import("../config/index.ts");
    const plugins = pluginsListed(root.opts().config as string | undefined);
    if (plugins.length) await (await import("../compose/index.ts")).loadPlugins(plugins);
  });

await registerCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode);
  // loaded only here: the parts' entry files are more than `polar --help` needs to start
  const [{ ConfigError }, { BackboneError }, { QueueUnreachableError }, { SimError }] = await Promise.all([
    import("../config/index.ts"),
    import("../mllm/index.ts"),
    import("../queue/index.ts"),
    import("../sim/index.ts"),
  ]);
  // a simulator or model that could not be used: the message names the URL and what to do
  if (e instanceof SimError || e instanceof BackboneError) {
    console.error(`polar: ${e.message}`);
    process.exit(EXIT.failed);
  }
  // an outside service a command needs did not answer within its bound (README: exit codes)
  if (e instanceof QueueUnreachableError) {
    console.error(`polar: ${e.message}`);
    process.exit(EXIT.infrastructure);
  }
  if (e instanceof ConfigError || (e as { userFacing?: boolean }).userFacing) {
    console.error(`polar: ${(e as Error).message}`);
    // 3: the folder is in use by another run (worth retrying later); 2: anything else to fix
    process.exit(e instanceof LockHeldError ? EXIT.inUse : EXIT.badInput);
  }
  // A disk that cannot take a write (full, read-only, failing) is an infrastructure failure (exit
  // 4, as README's exit codes say): one line naming the path where Polar knew it
  const disk = diskFailureIn(e);
  if (disk) {
    // the outer error names what was being written where the system error could not
    const what = disk === e ? diskProblem(e) : (e as Error).message;
    console.error(`polar: ${what}: free space (or fix the disk) and rerun to resume`);
    process.exit(EXIT.infrastructure);
  }
  // A file-system error nobody caught (a folder made read-only mid-run): one line naming the
  // path, not a stack trace.
  const sys = e as NodeJS.ErrnoException;
  if (typeof sys?.code === "string" && typeof sys.syscall === "string") {
    console.error(`polar: ${sys.syscall} ${sys.path ?? ""}: ${reason(sys)}`.replace(/ {2}/, " "));
    process.exit(EXIT.failed);
  }
  console.error(e);
  process.exit(EXIT.failed);
}
