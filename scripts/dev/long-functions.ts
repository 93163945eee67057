// Lists functions in src/ longer than a limit (default 120 lines): the redesign's bound on a
// function a reader must hold at once. `npx tsx scripts/dev/long-functions.ts [limit]`
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const limit = Number(process.argv[2] ?? 120);
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}
const long: [number, string][] = [];
for (const f of files("src")) {
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
      if (b - a + 1 > limit) long.push([b - a + 1, `${f}:${a + 1} ${name}`]);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
long.sort((x, y) => y[0] - x[0]);
for (const [n, where] of long) console.log(`${n}\t${where}`);
process.exitCode = long.length ? 1 : 0;
