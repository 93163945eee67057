/**
 * Rule libraries by registration, chosen by `rules.store` like memory stores and backbones:
 * sqlite (one file, `rules.db` next to memory.path unless given) and neo4j (the memory's Neo4j
 * server, under a namespace of its own beside the memory's). A plug-in calls
 * registerRuleLibrary; every command that opens a user's rules goes through openRuleLibrary.
 */
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

const LIBRARIES = new Registry<RuleLibraryOpener>("rule library");

export function registerRuleLibrary(type: string, open: RuleLibraryOpener): void {
  LIBRARIES.register(type, open);
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
  return LIBRARIES.get(type)(place);
}

registerRuleLibrary("sqlite", async (place) => new SqliteRuleLibrary(place.path, { create: place.create }));
// neo4j-driver loads only when a Neo4j library is opened
registerRuleLibrary("neo4j", async (place) => {
  const { Neo4jRuleLibrary } = await import("./neo4j-library.ts");
  return Neo4jRuleLibrary.open(
    { ...place.neo4j, namespace: `${place.neo4j.namespace}.rules${place.part ? `.${place.part}` : ""}` },
    place.env,
  );
});
