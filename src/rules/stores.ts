/**
 * Rule libraries by registration, chosen by `rules.store` like memory stores and backbones:
 * sqlite (one file, `rules.db` next to memory.path unless given) and neo4j (the memory's Neo4j
 * server, under a namespace of its own beside the memory's). A plug-in calls
 * registerRuleLibrary; every command that opens a user's rules goes through openRuleLibrary.
 */
import { existsSync, rmSync } from "node:fs";
import type { Neo4jConfig } from "../memory/index.ts";
import { Registry } from "../util/index.ts";
import type { RuleLibrary } from "./library.ts";
import { SqliteRuleLibrary } from "./sqlite-library.ts";

export interface RuleLibraryPlace {
  /** the SQLite file (sqlite) */
  path: string;
  /** make it when it does not exist (sqlite; a Neo4j namespace always can be) */
  create: boolean;
  /** the server (neo4j) */
  neo4j: Neo4jConfig;
  /** a namespace of its own under the server's (neo4j): several libraries in one database */
  part?: string;
  env?: NodeJS.ProcessEnv;
}

export type RuleLibraryOpener = (place: RuleLibraryPlace) => Promise<RuleLibrary>;

/**
 * A kind of rule library and what it can do, declared by the kind itself: nothing outside this
 * file tests a library's name (the CLI, the rule phase and the dashboard ask these).
 */
export interface RuleLibraryKind {
  open: RuleLibraryOpener;
  /** where a user finds it, as a page or a message names it */
  describe(place: RuleLibraryPlace): string;
  /** false when nothing is kept at `place` yet: reading it finds no rules and creates nothing */
  exists(place: RuleLibraryPlace): boolean;
  /** removes what `place` holds, for a fresh start (a kind whose places are never reused does nothing) */
  remove(place: RuleLibraryPlace): void;
}

const LIBRARIES = new Registry<RuleLibraryKind>("rule library");

/** A kind given as its opener alone keeps nothing to check or remove on this machine. */
export function registerRuleLibrary(type: string, kind: RuleLibraryKind | RuleLibraryOpener): void {
  LIBRARIES.register(
    type,
    typeof kind === "function"
      ? { open: kind, describe: () => `the ${type} rule library`, exists: () => true, remove() {} }
      : kind,
  );
}

export function ruleLibraryKind(type: string): RuleLibraryKind {
  return LIBRARIES.get(type);
}

export function ruleLibraryTypes(): string[] {
  return LIBRARIES.names();
}

/** Throws naming the registered ones when `type` is none of them (checked before a run). */
export function checkRuleLibraryType(type: string): void {
  LIBRARIES.get(type);
}

/** The rule library `type` names, at `place`. */
export function openRuleLibrary(type: string, place: RuleLibraryPlace): Promise<RuleLibrary> {
  return LIBRARIES.get(type).open(place);
}

registerRuleLibrary("sqlite", {
  open: async (place) => new SqliteRuleLibrary(place.path, { create: place.create }),
  describe: (place) => place.path,
  exists: (place) => existsSync(place.path),
  remove: (place) => rmSync(place.path, { force: true }),
});
registerRuleLibrary("neo4j", {
  // neo4j-driver loads only when a Neo4j library is opened
  async open(place) {
    const { Neo4jRuleLibrary } = await import("./neo4j-library.ts");
    return Neo4jRuleLibrary.open({ ...place.neo4j, namespace: neo4jNamespace(place) }, place.env);
  },
  describe: (place) => `the Neo4j rule library (${place.neo4j.uri}, namespace ${neo4jNamespace(place)})`,
  // a namespace may always be opened: one without rules reads as none
  exists: () => true,
  // the rule phase gives each run a part of its own, so nothing is reused
  remove() {},
});

function neo4jNamespace(place: RuleLibraryPlace): string {
  return `${place.neo4j.namespace}.rules${place.part ? `.${place.part}` : ""}`;
}
