// Writes sim-bridge/protocol/*.json from the zod schemas in src/sim/protocol.ts.
// `--check` exits non-zero when the committed files are stale (the test suite runs it).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { protocolSchemaFiles } from "../src/sim/protocol-json.ts";

const dir = join(import.meta.dirname, "..", "sim-bridge", "protocol");
const check = process.argv.includes("--check");
let stale = 0;
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(protocolSchemaFiles())) {
  const file = join(dir, name);
  let old = "";
  try {
    old = readFileSync(file, "utf8");
  } catch {}
  if (old === text) continue;
  if (check) {
    console.error(`stale: ${file} (run npm run gen:protocol)`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
process.exit(stale ? 1 : 0);
