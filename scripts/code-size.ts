/**
 * The redesign's size limits (issue 32): no function over FUNCTION_LIMIT lines and no file over
 * FILE_LIMIT lines in the agent's and the embedded simulator's code, so each can be read in one
 * sitting. test/code-size.test.ts holds the code to them; run this file to list what is over:
 * `npx tsx scripts/code-size.ts [function limit] [file limit]` (exit 1 when anything is).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export const FUNCTION_LIMIT = 120;
export const FILE_LIMIT = 500;
/** the code the limits hold in: TypeScript and the dashboard page's JavaScript */
export const ROOTS = ["src", "sim-bridge/embedded"];
const SOURCE = /\.(?:ts|js|mjs)$/;

/**
 * Files the file limit does not hold for, each with its reason. Only data tables (lexicons, lists
 * of words or objects) and generated files belong here, never code that grew: a long function or
 * a file of many jobs is split instead. None is over the limit now.
 */
export const ALLOWED_LONG_FILES: Record<string, string> = {};

export interface Over {
  /** path (and for a function, :line and its name) */
  where: string;
  lines: number;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? sourceFiles(p) : SOURCE.test(p) ? [p] : [];
    })
    .sort();
}

function lineCount(text: string): number {
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

/** Files longer than `limit` lines, outside ALLOWED_LONG_FILES, longest first. */
export function longFiles(files: string[], limit = FILE_LIMIT): Over[] {
  return files
    .filter((f) => !(f.replaceAll("\\", "/") in ALLOWED_LONG_FILES))
    .map((f) => ({ where: f, lines: lineCount(readFileSync(f, "utf8")) }))
    .filter((o) => o.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}

/** Functions (declarations, methods, arrows, accessors) longer than `limit` lines, longest first. */
export function longFunctions(files: string[], limit = FUNCTION_LIMIT): Over[] {
  const long: Over[] = [];
  for (const f of files) {
    const src = ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && "body" in n && n.body) {
        const a = src.getLineAndCharacterOfPosition(n.getStart()).line;
        const b = src.getLineAndCharacterOfPosition(n.getEnd()).line;
        const parent = n.parent;
        const name =
          (n as ts.FunctionDeclaration).name?.getText(src) ??
          (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
            ? parent.name.getText(src)
            : "(anonymous)");
        if (b - a + 1 > limit) long.push({ where: `${f}:${a + 1} ${name}`, lines: b - a + 1 });
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return long.sort((x, y) => y.lines - x.lines);
}

// run as a command (a test bundles this file, so the check is by the script's own name)
if (/[\\/]scripts[\\/]code-size\.ts$/.test(process.argv[1] ?? "")) {
  const files = ROOTS.flatMap(sourceFiles);
  const fns = longFunctions(files, Number(process.argv[2] ?? FUNCTION_LIMIT));
  const big = longFiles(files, Number(process.argv[3] ?? FILE_LIMIT));
  for (const o of fns) console.log(`${o.lines}\tfunction ${o.where}`);
  for (const o of big) console.log(`${o.lines}\tfile ${o.where}`);
  process.exitCode = fns.length || big.length ? 1 : 0;
}
