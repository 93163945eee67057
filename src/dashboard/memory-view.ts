/**
 * A user's memory graph as nodes and edges for the page: objects, their statements (superseded
 * ones marked), episodic summaries, instructions and reference images, plus the history rows.
 * The store is a memory folder's (runs/ or results/), opened as the evaluation opens it, so it
 * works on either store kind the config names.
 */
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { memoryConfigFor, memoryToRead, readStoreRecord, STORE_RECORD } from "../compose/index.ts";
import type { PolarConfig } from "../config/index.ts";
import type { ObjectMemory } from "../memory/index.ts";
import { openExistingStore } from "../memory/index.ts";
import type { DataRoots } from "./paths.ts";

export interface GraphNode {
  id: string;
  kind: "user" | "object" | "statement" | "episodic" | "instruction" | "image";
  label: string;
  /** the time the robot learned it (ms) */
  at?: number;
  /** a statement a later one replaced */
  superseded?: boolean;
  /** an image node's picture, as the page fetches it (only a file inside the dashboard's roots) */
  url?: string;
}

export interface GraphEdge {
  source: string;
  target: string;
}

export interface MemoryGraph {
  path: string;
  user: string;
  store: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  history: { at: number; kind: string; objectId: string | null; detail: string }[];
}

export function graphOf(
  user: string,
  objects: ObjectMemory[],
  /** the page's URL of an image file, or null when the dashboard may not serve it */
  urlOf: (path: string) => string | null = () => null,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [{ id: `user:${user}`, kind: "user", label: user }];
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const add = (n: GraphNode, from: string) => {
    if (!seen.has(n.id)) {
      seen.add(n.id);
      nodes.push(n);
    }
    edges.push({ source: from, target: n.id });
  };
  for (const m of objects) {
    const o = `object:${m.object.objectId}`;
    add(
      { id: o, kind: "object", label: m.object.category ?? m.object.objectId, at: m.object.createdAt },
      `user:${user}`,
    );
    for (const s of m.statements)
      add({ id: `statement:${s.id}`, kind: "statement", label: s.text, at: s.at, superseded: s.invalidAt !== null }, o);
    for (const e of m.episodic) add({ id: `episodic:${e.id}`, kind: "episodic", label: e.text, at: e.at }, o);
    for (const i of m.instructions) add({ id: `instruction:${i.id}`, kind: "instruction", label: i.text, at: i.at }, o);
    for (const img of m.images) {
      const url = img.path ? urlOf(img.path) : null;
      // the photo itself where the page can fetch it; its name, not a whole path, as the label
      const label = img.path ? (img.path.split(/[\\/]/).pop() ?? img.path) : `photo ${img.hash.slice(0, 8)}`;
      add({ id: `image:${img.id}`, kind: "image", label, at: img.at, ...(url ? { url } : {}) }, o);
    }
  }
  return { nodes, edges };
}

const SQLITE_FILES = ["memory.db", "memory.db-wal", "memory.db-shm"];

/** Whether a name exists, a dangling link included. */
function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export async function readMemoryGraph(
  config: PolarConfig,
  roots: DataRoots,
  path: string,
  user: string,
): Promise<MemoryGraph> {
  const dir = roots.resolve(path);
  const store = await openExistingStore(memoryOfFolder(config, roots, dir));
  try {
    const [objects, history] = await Promise.all([store.objectMemories(user), store.history(user, { limit: 300 })]);
    return {
      path: roots.label(dir),
      user,
      // a Neo4j memory says where it is (server and namespace): what `polar memory show` prints
      store: `${store.kind} (${roots.label(dir)}${store.kind === "neo4j" ? `; ${store.location}` : ""})`,
      ...graphOf(user, objects, (p) => {
        try {
          return `/files?path=${encodeURIComponent(roots.label(roots.resolve(p)))}`;
        } catch {
          return null;
        }
      }),
      history: history.map((h) => ({ at: h.at, kind: h.kind, objectId: h.objectId, detail: h.detail })),
    };
  } finally {
    await store.close();
  }
}

/**
 * How the dashboard opens a memory folder: a Neo4j memory its store.json records (an evaluation
 * or run with the Neo4j store), on the server the dashboard's own config names, with the password
 * from that config's env var; else the folder's memory.db.
 */
function memoryOfFolder(config: PolarConfig, roots: DataRoots, dir: string): PolarConfig["memory"] {
  // store.json, when there, must be a file inside the roots too (links followed)
  if (lexists(join(dir, STORE_RECORD))) roots.inside(dir, STORE_RECORD);
  if (readStoreRecord(dir)) return memoryToRead(config, dir, roots.label(dir));
  // SQLite opens memory.db and its -wal and -shm beside it: each one that is there must be a
  // file inside the roots, links followed, or a link could show a graph from anywhere
  for (const name of SQLITE_FILES) if (lexists(join(dir, name))) roots.inside(dir, name);
  return memoryConfigFor(config, dir);
}

/** Memory folders (a memory.db, a Neo4j store record or a raw-interaction log in them) under runs/ and results/. */
export function listMemoryFolders(roots: DataRoots): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (!existsSync(dir) || depth > 5) return;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (
      entries.some(
        (e) => e.isFile() && (e.name === "memory.db" || e.name === STORE_RECORD || e.name === "raw-interactions.jsonl"),
      )
    )
      out.push(roots.label(dir));
    for (const e of entries)
      if (e.isDirectory() && e.name !== "views" && e.name !== "report" && !e.name.startsWith("."))
        walk(join(dir, e.name), depth + 1);
  };
  for (const root of roots.searchRoots(["runs", "results"])) walk(root, 0);
  return [...new Set(out)].sort();
}
