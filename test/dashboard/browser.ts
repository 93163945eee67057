/**
 * Debian's chromium driven by playwright-core (Playwright's own browser download cannot work
 * here and is never used). Missing chromium skips the browser tests locally, saying so, and
 * fails them where REQUIRE_CHROMIUM=1 (CI installs the package).
 *
 * scripts/run-tests.mjs starts one chromium for the whole run (each test file is a process of its
 * own) and names it in POLAR_CHROMIUM_WS: a file then gets a fresh context in it rather than a
 * browser of its own. A file run on its own launches its own.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type LaunchOptions, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** null when the browser tests may run; otherwise why they are skipped */
export function chromiumSkip(): string | null {
  if (existsSync(CHROMIUM)) return null;
  if (process.env.REQUIRE_CHROMIUM === "1")
    throw new Error(`REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: install Debian's chromium package`);
  const why = `${CHROMIUM} not found: dashboard browser tests skipped (apt-get install chromium; CI requires it)`;
  console.error(why);
  return why;
}

/** How the run's shared chromium, and a file's own, are started. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
} satisfies LaunchOptions;

const VIEWPORT = { width: 1400, height: 1000 };

/**
 * How long a wait for the page may take before the test fails. Playwright's 30 s is too short on a
 * shared 2-core machine at load 15, where CI once saw twenty live steps of a watched episode take
 * longer; a page that never does the thing still fails, well inside the runner's per-test limit.
 */
export const PAGE_WAIT_MS = 120_000;

/**
 * A fresh context: in the run's shared chromium when there is one (a new context shares no
 * storage with another), else in a chromium of its own with a fresh profile.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const shared = process.env.POLAR_CHROMIUM_WS;
  if (shared) {
    const browser = await chromium.connect(shared);
    const context = await browser.newContext({ viewport: VIEWPORT });
    context.setDefaultTimeout(PAGE_WAIT_MS);
    return {
      context,
      // closes this file's context and disconnects; the shared browser goes on for the other files
      close: async () => {
        await context.close().catch(() => undefined);
        await browser.close().catch(() => undefined);
      },
    };
  }
  // playwright passes the profile as --user-data-dir
  const profile = mkdtempSync(join(tmpdir(), "polar-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, viewport: VIEWPORT });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh context with one page open at `url` (the dashboard, or one of its tabs), once the page
 * says it is connected; the page's own errors go to stderr. `onPage` hooks the page before it loads.
 */
export async function openDashboardPage(
  url: string,
  onPage?: (page: Page) => void,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const { context, close } = await launchChromium();
  try {
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
    onPage?.(page);
    await page.goto(url);
    await page.waitForSelector("[data-testid=connection]:text('connected')");
    return { context, page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
