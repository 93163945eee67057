import { Command, CommanderError } from "commander";
import { ConfigError } from "../config/load.ts";
import { registerCommands } from "./commands/index.ts";

const program = new Command()
  .name("polar")
  .description("Polar: personalized embodied navigation with a long-term memory graph")
  .option("-c, --config <file>", "config file layered over configs/default.yaml")
  .showHelpAfterError()
  .exitOverride();

registerCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode);
  if (e instanceof ConfigError || (e as { userFacing?: boolean }).userFacing) {
    console.error(`polar: ${(e as Error).message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
}
