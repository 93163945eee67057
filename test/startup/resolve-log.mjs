// A module-resolution hook (node's module.register) for test/startup/lazy-packages.test.ts: it
// appends every package a process resolves, with the module that asked for it, to the file the
// test names, so the test can tell what importing the entry files loaded.
import { appendFileSync } from "node:fs";

let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (found.url.includes("/node_modules/")) appendFileSync(log, `${found.url}\t${context.parentURL ?? ""}\n`);
  return found;
}
