// Preloaded (`node --import`) by the tests that hold start-up to its packages: every package the
// process loads, by an ES import (a resolve hook) or by require (Node's CommonJS loader, which
// the lazy loaders in src/util use and an ES hook does not see), is appended with its importer
// to the file POLAR_PACKAGE_LOG names, one "specifier<TAB>importer" line each.
import { appendFileSync } from "node:fs";
import Module, { isBuiltin, register } from "node:module";
import { pathToFileURL } from "node:url";

const log = process.env.POLAR_PACKAGE_LOG;
if (!log) throw new Error("record-packages.mjs: set POLAR_PACKAGE_LOG to the file to write");
register(new URL("./resolve-log.mjs", import.meta.url), { data: { log } });
const load = Module._load;
Module._load = function recorded(request, parent, ...rest) {
  if (!isBuiltin(request) && !/^[./]/.test(request))
    appendFileSync(log, `${request}\t${parent?.filename ? pathToFileURL(parent.filename).href : ""}\n`);
  return load.call(this, request, parent, ...rest);
};
