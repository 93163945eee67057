// The module-resolution hook that test/startup/record-packages.mjs registers: it appends each
// package a process imports (a bare specifier) and the module that asked for it to the log.
import { appendFileSync } from "node:fs";

let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  if (!/^[./]|^node:|^file:|^data:/.test(specifier)) appendFileSync(log, `${specifier}\t${context.parentURL ?? ""}\n`);
  return next(specifier, context);
}
