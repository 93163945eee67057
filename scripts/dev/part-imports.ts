/**
 * Development tool: makes every import across the parts of src/ go through the imported part's
 * entry file, src/<part>/index.ts (issue 24), and writes those entry files from what the other
 * parts import. Re-runnable: after a merge brings new cross-part imports, run it again and the
 * entry files grow by what the new code uses (entries already there stay).
 *
 *   node --import tsx scripts/dev/part-imports.ts            # report what it would change
 *   node --import tsx scripts/dev/part-imports.ts --write    # write index.ts files, rewrite imports
 *   npx biome check --write src && npm run typecheck && npm run depcheck
 *
 * Start-up stays lazy (issue 23): an entry file re-exports values only from modules whose static
 * imports reach none of HEAVY. Of a module that does, it re-exports the types, and lists the module
 * under `heavy:` in a closing comment; imports of its values stay direct (only modules that load
 * the package anyway import them), and .dependency-cruiser.cjs allows exactly those listed.
 * Dynamic imports, side-effect and default imports across parts are left as they are, named in a
 * note when they do not point at a heavy module.
 */

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");
/** Folders of a part that sit at their own height in the layer order (.dependency-cruiser.cjs). */
const SUBPARTS: string[] = [];
/** Packages start-up must not load (issue 23): a module reaching one statically is heavy. */
export const HEAVY = [
  "sharp",
  "openai",
  "@google/genai",
  "bullmq",
  "ioredis",
  "onnxruntime-node",
  "@huggingface/transformers",
  "neo4j-driver",
  "better-sqlite3",
  "ws",
  "playwright-core",
  "cli-progress",
  "@mcap/core",
];

type Kind = "value" | "type";
interface Binding {
  /** the name the imported module exports */
  name: string;
  kind: Kind;
  /** the binding as written, without a leading `type` (`a`, `a as b`) */
  text: string;
}
interface Edge {
  /** resolved file the specifier names */
  target: string;
  specifier: string;
  /** start and end of the specifier's string literal (quotes included) */
  start: number;
  end: number;
  /** erased at run time (import type, or every binding type-only) */
  typeOnly: boolean;
  dynamic: boolean;
  /** names it binds; null for `import "x"`, `import * as`, `export *` and dynamic imports */
  bindings: Binding[] | null;
  /** the whole statement (for a named import or export), to write it again split by destination */
  statement: { start: number; end: number; keyword: "import" | "export"; typeOnly: boolean } | null;
}
interface Module {
  file: string;
  text: string;
  edges: Edge[];
  packages: { name: string; typeOnly: boolean; dynamic: boolean }[];
}

export function partOf(file: string): string | null {
  const rel = relative(SRC, file).replaceAll("\\", "/");
  if (rel.startsWith("..")) return null;
  for (const sub of SUBPARTS) if (rel.startsWith(`${sub}/`)) return sub;
  const first = rel.split("/")[0];
  return rel.includes("/") ? first : null;
}

const entryOf = (part: string) => join(SRC, part, "index.ts");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "ui" && name !== "node_modules") walk(p, out);
    } else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

function packageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The names `const { a, b } = await import("x")` (alone or in `await Promise.all([...])`) takes. */
function destructured(call: ts.CallExpression): Binding[] | null {
  let node: ts.Node = call;
  let index = -1;
  if (ts.isArrayLiteralExpression(node.parent)) {
    index = node.parent.elements.indexOf(call);
    const all = node.parent.parent;
    if (!ts.isCallExpression(all) || all.expression.getText() !== "Promise.all") return null;
    node = all;
  }
  if (!ts.isAwaitExpression(node.parent) || !ts.isVariableDeclaration(node.parent.parent)) return null;
  let pattern: ts.BindingName = node.parent.parent.name;
  if (index >= 0) {
    if (!ts.isArrayBindingPattern(pattern)) return null;
    const el = pattern.elements[index];
    if (!el || !ts.isBindingElement(el)) return null;
    pattern = el.name;
  }
  if (!ts.isObjectBindingPattern(pattern)) return null;
  const out: Binding[] = [];
  for (const el of pattern.elements) {
    const name = el.propertyName ?? el.name;
    if (!ts.isIdentifier(name) || el.dotDotDotToken) return null;
    out.push({ name: name.text, kind: "value", text: name.text });
  }
  return out;
}

export function parse(file: string): Module {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const packages: Module["packages"] = [];
  const add = (
    lit: ts.StringLiteral,
    typeOnly: boolean,
    dynamic: boolean,
    bindings: Binding[] | null,
    statement: Edge["statement"] = null,
  ) => {
    const spec = lit.text;
    if (spec.startsWith(".")) {
      edges.push({
        target: resolve(dirname(file), spec),
        specifier: spec,
        start: lit.getStart(sf),
        end: lit.getEnd(),
        typeOnly,
        dynamic,
        bindings,
        statement,
      });
    } else if (!spec.startsWith("node:")) packages.push({ name: packageName(spec), typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      let bindings: Binding[] | null = null;
      let typeOnly = false;
      if (clause) {
        typeOnly = clause.isTypeOnly;
        const named = clause.namedBindings;
        if (named && ts.isNamespaceImport(named)) bindings = null;
        else {
          bindings = [];
          if (clause.name) bindings.push({ name: "default", kind: typeOnly ? "type" : "value", text: "" });
          if (named && ts.isNamedImports(named))
            for (const el of named.elements)
              bindings.push({
                name: (el.propertyName ?? el.name).text,
                kind: typeOnly || el.isTypeOnly ? "type" : "value",
                text: el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text,
              });
          if (bindings.length > 0 && bindings.every((b) => b.kind === "type")) typeOnly = true;
        }
      }
      const named = !!clause && !clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings);
      add(
        node.moduleSpecifier,
        typeOnly,
        false,
        bindings,
        named
          ? { start: node.getStart(sf), end: node.getEnd(), keyword: "import", typeOnly: clause!.isTypeOnly }
          : null,
      );
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings: Binding[] | null =
        node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.map((el) => ({
              name: (el.propertyName ?? el.name).text,
              kind: node.isTypeOnly || el.isTypeOnly ? "type" : "value",
              text: el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text,
            }))
          : null;
      add(
        node.moduleSpecifier,
        node.isTypeOnly,
        false,
        bindings,
        bindings
          ? { start: node.getStart(sf), end: node.getEnd(), keyword: "export", typeOnly: node.isTypeOnly }
          : null,
      );
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0] as ts.StringLiteral, false, true, destructured(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { file, text, edges, packages };
}

/** Modules whose static run-time imports (not type-only, not dynamic) reach a HEAVY package. */
export function heavyModules(modules: Map<string, Module>): Map<string, string[]> {
  const memo = new Map<string, Set<string>>();
  const reach = (file: string, stack: Set<string>): Set<string> => {
    const known = memo.get(file);
    if (known) return known;
    const out = new Set<string>();
    const m = modules.get(file);
    if (!m || stack.has(file)) return out;
    stack.add(file);
    for (const p of m.packages) if (!p.typeOnly && !p.dynamic && HEAVY.includes(p.name)) out.add(p.name);
    for (const e of m.edges) if (!e.typeOnly && !e.dynamic) for (const p of reach(e.target, stack)) out.add(p);
    stack.delete(file);
    memo.set(file, out);
    return out;
  };
  const result = new Map<string, string[]>();
  for (const file of modules.keys()) {
    const r = [...reach(file, new Set())].sort();
    if (r.length) result.set(file, r);
  }
  return result;
}

function load(): Map<string, Module> {
  const modules = new Map<string, Module>();
  for (const f of walk(SRC)) modules.set(f, parse(f));
  return modules;
}

/** Where each name a part's entry file re-exports comes from (entry file -> name -> module). */
function entryOrigins(modules: Map<string, Module>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [file, m] of modules) {
    const part = partOf(file);
    if (!part || file !== entryOf(part)) continue;
    const names = new Map<string, string>();
    for (const e of m.edges) for (const b of e.bindings ?? []) names.set(b.name, e.target);
    out.set(file, names);
  }
  return out;
}

/**
 * Edges as if every import of an entry file named the modules its names come from, so that a
 * second run sees what the first one rewrote (and heaviness is measured without the entry files).
 */
function throughEntries(modules: Map<string, Module>, origins: Map<string, Map<string, string>>): void {
  for (const [from, m] of modules) {
    const edges: Edge[] = [];
    for (const e of m.edges) {
      const names = origins.get(e.target);
      if (!names || e.bindings === null || partOf(from) === partOf(e.target)) {
        edges.push(e);
        continue;
      }
      const byOrigin = new Map<string, Binding[]>();
      for (const b of e.bindings) {
        const origin = names.get(b.name);
        if (!origin)
          throw new Error(
            `${relative(ROOT, from)}: ${b.name} is not in ${relative(ROOT, e.target)}; import it from its own module once, then run again`,
          );
        byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), b]);
      }
      for (const [origin, bindings] of byOrigin)
        edges.push({
          ...e,
          target: origin,
          bindings,
          typeOnly: e.typeOnly || bindings.every((b) => b.kind === "type"),
        });
    }
    m.edges = edges;
  }
}

/** An edge from one part into another part's module. */
const crossing = (from: string, e: Edge) => {
  const a = partOf(from);
  const b = partOf(e.target);
  return a !== null && b !== null && a !== b && existsSync(e.target);
};

/** A binding that stays a direct import: a value of a module that loads a heavy package. */
const directValue = (e: Edge, b: Binding, heavy: Map<string, string[]>) => heavy.has(e.target) && b.kind === "value";

interface PartInterface {
  /** module -> name -> value or type */
  names: Map<string, Map<string, Kind>>;
  /** heavy modules other parts import directly */
  heavy: Set<string>;
}

const specFrom = (from: string, to: string) => {
  const spec = relative(dirname(from), to).replaceAll("\\", "/");
  return spec.startsWith(".") ? spec : `./${spec}`;
};

function main(): void {
  const write = process.argv.includes("--write");
  const modules = load();
  const origins = entryOrigins(modules);
  for (const entry of origins.keys()) modules.delete(entry);
  throughEntries(modules, origins);
  const heavy = heavyModules(modules);
  const parts = new Map<string, PartInterface>();
  const iface = (part: string) => {
    const found = parts.get(part) ?? { names: new Map(), heavy: new Set<string>() };
    parts.set(part, found);
    return found;
  };
  const problems: string[] = [];
  for (const [from, m] of modules) {
    for (const e of m.edges) {
      if (!crossing(from, e)) continue;
      const part = iface(partOf(e.target)!);
      if (e.dynamic && e.bindings !== null && !heavy.has(e.target)) {
        // a lazy import of what a light module exports: through the entry file, like the rest
        const names = part.names.get(e.target) ?? new Map<string, Kind>();
        for (const b of e.bindings) names.set(b.name, "value");
        part.names.set(e.target, names);
        continue;
      }
      if (e.bindings === null || e.statement === null) {
        // dynamic imports, effects, namespaces and default imports keep naming the module
        if (heavy.has(e.target) && !e.typeOnly) part.heavy.add(e.target);
        else problems.push(`${relative(ROOT, from)}: ${e.specifier} is imported whole; left as it is`);
        continue;
      }
      const names = part.names.get(e.target) ?? new Map<string, Kind>();
      for (const b of e.bindings) {
        if (directValue(e, b, heavy)) part.heavy.add(e.target);
        else if (names.get(b.name) !== "value") names.set(b.name, b.kind);
      }
      if (names.size) part.names.set(e.target, names);
    }
  }
  for (const p of problems) console.log(`note: ${p}`);
  for (const [part, found] of [...parts].sort(([a], [b]) => a.localeCompare(b))) {
    const entry = entryOf(part);
    const text = entryText(part, found, heavy);
    const before = existsSync(entry) ? readFileSync(entry, "utf8") : "";
    if (before !== text) {
      console.log(`${write ? "wrote" : "would write"} ${relative(ROOT, entry)}`);
      if (write) writeFileSync(entry, text);
    }
  }
  let rewritten = 0;
  for (const [from, m] of modules) {
    // statements by position: each is written again, its bindings grouped by where they now come from
    const statements = new Map<number, { end: number; keyword: string; typeOnly: boolean; edges: Edge[] }>();
    for (const e of m.edges) {
      if (!crossing(from, e) || e.statement === null || e.bindings === null) continue;
      const s = statements.get(e.statement.start) ?? { ...e.statement, edges: [] };
      s.edges.push(e);
      statements.set(e.statement.start, s);
    }
    const lazy = m.edges.filter((e) => crossing(from, e) && e.dynamic && e.bindings !== null && !heavy.has(e.target));
    if (statements.size === 0 && lazy.length === 0) continue;
    let text = m.text;
    // specifiers of lazy imports, last first so that earlier offsets hold (statements come after)
    const lazyStarts = new Set<number>();
    for (const e of [...lazy].sort((a, b) => b.start - a.start)) {
      if (lazyStarts.has(e.start)) continue;
      lazyStarts.add(e.start);
      const spec = `"${specFrom(from, entryOf(partOf(e.target)!))}"`;
      if (text.slice(e.start, e.end) !== spec) rewritten++;
      text = `${text.slice(0, e.start)}${spec}${text.slice(e.end)}`;
    }
    for (const [start, s] of [...statements].sort(([a], [b]) => b - a)) {
      const groups = new Map<string, string[]>();
      for (const e of s.edges)
        for (const b of e.bindings!) {
          const to = directValue(e, b, heavy) ? e.target : entryOf(partOf(e.target)!);
          const written = !s.typeOnly && b.kind === "type" ? `type ${b.text}` : b.text;
          groups.set(to, [...(groups.get(to) ?? []), written]);
        }
      const out = [...groups].map(
        ([to, names]) =>
          `${s.keyword}${s.typeOnly ? " type" : ""} { ${names.join(", ")} } from "${specFrom(from, to)}";`,
      );
      const old = text.slice(start, s.end);
      const next = out.join("\n");
      const flat = (t: string) => t.replace(/,\s*}/g, " }").replace(/\s+/g, " ");
      if (flat(old) !== flat(next)) rewritten++;
      text = `${text.slice(0, start)}${next}${text.slice(s.end)}`;
    }
    if (write && text !== m.text) writeFileSync(from, text);
  }
  console.log(`${write ? "rewrote" : "would rewrite"} ${rewritten} import statements across parts`);
  // the project's formatter has the last word on layout (and import order)
  if (write) spawnSync("npx", ["biome", "check", "--write", "src"], { cwd: ROOT, stdio: "ignore" });
}

const HEADER_END = "\n */\n";

function entryText(part: string, iface: PartInterface, heavy: Map<string, string[]>): string {
  const existing = existsSync(entryOf(part)) ? readFileSync(entryOf(part), "utf8") : "";
  // the first comment is the part's own description: written by hand, kept across runs
  const kept = existing.startsWith("/**") ? existing.slice(0, existing.indexOf(HEADER_END) + HEADER_END.length) : "";
  const header = kept || `/**\n * What other parts may use of src/${part}.\n */\n`;
  const dir = join(SRC, part);
  const rel = (mod: string) => {
    const spec = relative(dir, mod).replaceAll("\\", "/");
    return spec.startsWith(".") ? spec : `./${spec}`;
  };
  const lines: string[] = [];
  for (const [mod, names] of [...iface.names].sort(([a], [b]) => a.localeCompare(b))) {
    const values = [...names].filter(([, k]) => k === "value").map(([n]) => n);
    const types = [...names].filter(([, k]) => k === "type").map(([n]) => n);
    const fmt = (ns: string[]) => ns.map((n) => (n === "default" ? `default as ${defaultName(mod)}` : n)).sort();
    if (values.length) lines.push(`export { ${fmt(values).join(", ")} } from "${rel(mod)}";`);
    if (types.length) lines.push(`export type { ${fmt(types).join(", ")} } from "${rel(mod)}";`);
  }
  const heavyLines = [...iface.heavy]
    .sort()
    .map((mod) => ` * heavy: ${rel(mod)} (${(heavy.get(mod) ?? []).join(", ")})`);
  const footer = heavyLines.length
    ? `\n/*\n * Imported directly, not through this file: each loads a package at import that start-up must\n * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it\n * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.\n${heavyLines.join("\n")}\n */\n`
    : "";
  return `${header}${lines.join("\n")}\n${footer}`;
}
function defaultName(mod: string): string {
  return mod
    .split("/")
    .pop()!
    .replace(/\.ts$/, "")
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

if (process.argv[1] === import.meta.filename) main();
