/**
 * Debian's chromium driven by playwright-core (Playwright's own browser download cannot work
 * here and is never used). Missing chromium skips the browser tests locally, saying so, and
 * fails them where REQUIRE_CHROMIUM=1 (CI installs the package).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

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

/** A fresh profile each time (playwright passes it as --user-data-dir). */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "polar-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
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
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
