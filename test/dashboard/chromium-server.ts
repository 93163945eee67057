/**
 * The run's one chromium for the dashboard's browser tests: scripts/run-tests.mjs starts this when
 * it runs any of them, and hands its endpoint to every test file (POLAR_CHROMIUM_WS), so the files
 * open contexts in one browser instead of launching one each. Prints the endpoint, then lives until
 * its stdin closes: the runner ending, however it ends, closes the browser with it.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_LAUNCH } from "./browser.ts";

const server = await chromium.launchServer(CHROMIUM_LAUNCH);
process.stdout.write(`${server.wsEndpoint()}\n`);
const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.on("SIGTERM", stop);
process.stdin.resume();
