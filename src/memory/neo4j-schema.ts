/**
 * The Neo4j schema of the memory graph: uniqueness constraints (which also give the lookup
 * indexes) and one native vector index over statement embeddings. All idempotent.
 *
 * Every node carries `space` (the config's namespace) and, except the store's own
 * :PolarStore node, `userId`. Keys:
 *   (:PolarStore {space})                        embedder name/dim of this namespace
 *   (:User {space, userId})                      also holds the history sequence counter
 *   (:Object {space, userId, objectId})          object ids come from the world: per user
 *   (:Statement|:Episode|:Instruction|:EpisodicMemory|:ReferenceImage {space, id})  UUIDs
 *   (:MemoryEvent {space, userId, seq})          history rows, unlinked so they survive clearing
 *
 * The vector index is created WITHOUT `vector.dimensions`: Neo4j 5.26 then indexes vectors of
 * any length and a query only meets vectors of its own length, so namespaces that use
 * different embedders share it safely.
 */
import type { Driver } from "neo4j-driver";

export const VECTOR_INDEX = "polar_statement_embedding";

export const SCHEMA: readonly string[] = [
  "CREATE CONSTRAINT polar_store_key IF NOT EXISTS FOR (n:PolarStore) REQUIRE n.space IS UNIQUE",
  "CREATE CONSTRAINT polar_user_key IF NOT EXISTS FOR (n:User) REQUIRE (n.space, n.userId) IS UNIQUE",
  "CREATE CONSTRAINT polar_object_key IF NOT EXISTS FOR (n:Object) REQUIRE (n.space, n.userId, n.objectId) IS UNIQUE",
  "CREATE CONSTRAINT polar_statement_key IF NOT EXISTS FOR (n:Statement) REQUIRE (n.space, n.id) IS UNIQUE",
  "CREATE CONSTRAINT polar_episode_key IF NOT EXISTS FOR (n:Episode) REQUIRE (n.space, n.id) IS UNIQUE",
  "CREATE CONSTRAINT polar_instruction_key IF NOT EXISTS FOR (n:Instruction) REQUIRE (n.space, n.id) IS UNIQUE",
  "CREATE CONSTRAINT polar_episodic_key IF NOT EXISTS FOR (n:EpisodicMemory) REQUIRE (n.space, n.id) IS UNIQUE",
  "CREATE CONSTRAINT polar_image_key IF NOT EXISTS FOR (n:ReferenceImage) REQUIRE (n.space, n.id) IS UNIQUE",
  "CREATE CONSTRAINT polar_event_key IF NOT EXISTS FOR (n:MemoryEvent) REQUIRE (n.space, n.userId, n.seq) IS UNIQUE",
  // Per-user scans (stats, clearing, the exact-search fallback) use these.
  "CREATE INDEX polar_statement_user IF NOT EXISTS FOR (n:Statement) ON (n.space, n.userId)",
  "CREATE INDEX polar_episode_user IF NOT EXISTS FOR (n:Episode) ON (n.space, n.userId)",
  "CREATE INDEX polar_image_user IF NOT EXISTS FOR (n:ReferenceImage) ON (n.space, n.userId)",
  "CREATE INDEX polar_instruction_user IF NOT EXISTS FOR (n:Instruction) ON (n.space, n.userId)",
  "CREATE INDEX polar_episodic_user IF NOT EXISTS FOR (n:EpisodicMemory) ON (n.space, n.userId)",
  `CREATE VECTOR INDEX ${VECTOR_INDEX} IF NOT EXISTS FOR (n:Statement) ON (n.embedding)
   OPTIONS {indexConfig: {\`vector.similarity_function\`: 'cosine'}}`,
];

/** Servers (URI + database) whose schema this process has already ensured. */
const ensured = new Set<string>();

/** Creates what is missing and waits until the indexes are online (a fresh index is populating). */
export async function ensureSchema(driver: Driver, uri: string, database: string | undefined): Promise<void> {
  const key = `${uri}|${database ?? ""}`;
  if (ensured.has(key)) return;
  const session = driver.session({ database });
  try {
    for (const q of SCHEMA) await session.run(q);
    await session.run("CALL db.awaitIndexes(60)");
  } finally {
    await session.close();
  }
  ensured.add(key);
}
