/**
 * `polar worker --queue redis://… [--sim-url ws://a,ws://b] [--concurrency N]`: runs the jobs of
 * every run published on the queue that it shares a config with. Ctrl-C finishes the jobs in
 * flight, then exits; a second Ctrl-C (or kill) exits at once and the queue hands its jobs to
 * another worker once their lock runs out.
 */
import type { Command } from "commander";
import { QueueUrlError, runWorker } from "../../queue/index.ts";
import { EXIT } from "../exit-codes.ts";
import { configFor, intFlag, UserError } from "../options.ts";
import { MAX_CONCURRENCY } from "./eval.ts";

export function registerWorker(program: Command): void {
  program
    .command("worker")
    .description("run evaluation jobs from a Redis queue (see polar eval --queue)")
    .requiredOption("--queue <url>", "the queue: redis://host:port/db")
    .option("--sim-url <urls>", "comma-separated simulator bridges, one session per job in flight")
    .option("--concurrency <n>", `jobs in flight, 1–${MAX_CONCURRENCY}`, intFlag("--concurrency", 1, MAX_CONCURRENCY))
    .action(async (flags: { queue: string; simUrl?: string; concurrency?: number }, cmd: Command) => {
      const config = configFor(cmd);
      const simUrls = (flags.simUrl ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const u of simUrls)
        if (!/^wss?:\/\//.test(u)) throw new UserError(`--sim-url expects ws:// or wss:// URLs, got "${u}"`);
      const controller = new AbortController();
      let interrupts = 0;
      const onSignal = () => {
        if (++interrupts > 1) process.exit(EXIT.interrupted);
        console.error("polar worker: finishing the jobs in flight (Ctrl-C again to quit now)");
        controller.abort();
      };
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
      try {
        await runWorker({
          url: flags.queue,
          config,
          simUrls,
          concurrency: flags.concurrency ?? Math.max(1, simUrls.length),
          signal: controller.signal,
        });
      } catch (e) {
        if (e instanceof QueueUrlError) throw new UserError(e.message);
        throw e;
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    });
}
