/** Only the project's datasets/, results/ and runs/ can be read: traversal, absolute paths and links out are refused alike. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DataRoots, PathRefused } from "../../src/dashboard/paths.ts";

function project() {
  const dir = mkdtempSync(join(tmpdir(), "polar-dash-paths-"));
  const outside = mkdtempSync(join(tmpdir(), "polar-dash-outside-"));
  writeFileSync(join(outside, "secret.txt"), "secret");
  for (const r of ["datasets", "results", "runs"]) mkdirSync(join(dir, r));
  mkdirSync(join(dir, "runs", "a"));
  writeFileSync(join(dir, "runs", "a", "events.jsonl"), "");
  writeFileSync(join(dir, "package.json"), "{}");
  symlinkSync(outside, join(dir, "runs", "escape"));
  symlinkSync(join(outside, "secret.txt"), join(dir, "results", "secret-link.txt"));
  return { dir, outside };
}

test("paths inside the roots resolve; everything else is refused with one answer", () => {
  const { dir, outside } = project();
  const roots = new DataRoots(dir);
  assert.ok(roots.resolve("runs/a/events.jsonl").endsWith(join("runs", "a", "events.jsonl")));
  assert.ok(roots.resolve(join(dir, "runs", "a")).endsWith(join("runs", "a")));
  assert.equal(roots.label(roots.resolve("runs/a")), join("runs", "a"));
  const refused = [
    "../../../../etc/passwd",
    "/etc/passwd",
    "runs/../package.json",
    "package.json",
    "runs/a/../../package.json",
    "runs/escape/secret.txt",
    "results/secret-link.txt",
    join(outside, "secret.txt"),
    "runs/a/\0/x",
    "runs/missing",
    "src",
  ];
  for (const p of refused) {
    assert.throws(() => roots.resolve(p), PathRefused, p);
    assert.throws(() => roots.resolve(p), /is not a file or folder the dashboard can open/);
  }
  assert.throws(() => roots.inside(roots.resolve("runs/a"), "../../package.json"), PathRefused);
});
