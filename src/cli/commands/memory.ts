import { existsSync, statSync } from "node:fs";
import type { Command } from "commander";
import { memoryToRead, StoreElsewhereError } from "../../compose/index.ts";
import type { MemoryConfig } from "../../memory/index.ts";
import {
  createEmbedder,
  MemoryScopeError,
  type MemoryStore,
  MemoryStoreError,
  type ObjectMemory,
  openExistingStore,
  retrieveDetailed,
} from "../../memory/index.ts";
import { configFor, UserError } from "../options.ts";

const MEMORY_DIR_HELP =
  "a memory folder (an evaluation's OUT/memory/<backbone>, a run's RUN/memory): its memory.db, or its Neo4j namespace (store.json)";

/**
 * The store to read: memory.path / memory.neo4j.namespace from the config, or a memory folder's
 * (--memory-dir): the Neo4j namespace its store.json records (the one `polar eval` printed),
 * whatever store the config names, else its memory.db.
 */
function memoryFor(cmd: Command, dir: string | undefined): MemoryConfig {
  const config = configFor(cmd);
  if (dir === undefined) return config.memory;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UserError(`--memory-dir ${dir}: no such folder`);
  try {
    return memoryToRead(config, dir);
  } catch (e) {
    if (e instanceof StoreElsewhereError) throw new UserError(e.message);
    throw e;
  }
}

const when = (at: number) =>
  new Date(at)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");

/** Store errors are the user's to fix (path, URI, embedder mismatch): print them plainly. */
async function withStore<T>(open: () => Promise<MemoryStore>, use: (s: MemoryStore) => Promise<T>): Promise<T> {
  let store: MemoryStore;
  try {
    store = await open();
  } catch (e) {
    if (e instanceof MemoryStoreError || e instanceof MemoryScopeError) throw new UserError(e.message);
    throw e;
  }
  try {
    return await use(store);
  } catch (e) {
    if (e instanceof MemoryStoreError || e instanceof MemoryScopeError) throw new UserError(e.message);
    throw e;
  } finally {
    await store.close();
  }
}

/** -k 0 / -k -1 / -k x would retrieve nothing and look like a user without memories. */
function positiveInt(flag: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\s*\d+\s*$/.test(v) || !Number.isSafeInteger(n) || n < 1)
      throw new UserError(`${flag} expects a whole number of at least 1, got "${v}"`);
    return n;
  };
}

/** A user the store has never heard of (no objects, episodes or history) is most likely a typo. */
async function requireKnownUser(store: MemoryStore, userId: string): Promise<void> {
  const s = await store.stats(userId);
  if (s.objects + s.statements + s.episodes + s.events === 0) {
    throw new UserError(
      `unknown user "${userId}": the ${store.kind} store at ${store.location} holds no memories of them`,
    );
  }
}

/** Node decodes bytes that are not UTF-8 to U+FFFD: the query would be searched mangled. */
function checkQuery(text: string): string {
  if (text.includes("\uFFFD")) {
    throw new UserError("the search text is not valid UTF-8 (check the terminal's or the script's encoding)");
  }
  if (text.trim() === "") throw new UserError('the search text is empty: give an instruction, e.g. "I want some tea"');
  return text;
}

function printObject(m: ObjectMemory): void {
  const o = m.object;
  console.log(
    `\n■ ${o.objectId}${o.category ? ` (${o.category})` : ""}  first ${when(o.createdAt)}, last ${when(o.updatedAt)}`,
  );
  if (m.statements.length) console.log("  statements:");
  for (const s of m.statements) console.log(`    - ${s.text}   [${when(s.at)}, ${s.episodeId}]`);
  if (m.episodic.length) console.log("  episodic memories:");
  for (const e of m.episodic) console.log(`    - ${e.success ? "✓" : "✗"} ${e.text}   [${when(e.at)}, ${e.episodeId}]`);
  if (m.instructions.length) console.log("  instructions:");
  for (const i of m.instructions) console.log(`    - "${i.text}"   [${when(i.at)}]`);
  for (const img of m.images)
    console.log(`  reference image ${img.hash}${img.path ? ` ${img.path}` : ""}   [${when(img.at)}]`);
}

export function registerMemory(program: Command): void {
  const memory = program.command("memory").description("inspect the Polar memory graph (either store)");
  registerShow(memory);
  registerSearch(memory);
  registerForget(memory);
}

/** `polar memory show`: what the robot remembers of each object, and optionally the history. */
function registerShow(memory: Command): void {
  memory
    .command("show")
    .description("what the robot remembers of each object: statements, episodic memories, when")
    .requiredOption("-u, --user <id>", "the user whose memories to show")
    .option("--history <n>", "also print the last n changes (what was learned, when)", positiveInt("--history"))
    .option("--memory-dir <dir>", MEMORY_DIR_HELP)
    .option("--json", "print JSON")
    .action(async (opts: { user: string; history?: number; json?: boolean; memoryDir?: string }, cmd: Command) => {
      const memoryConfig = memoryFor(cmd, opts.memoryDir);
      await withStore(
        () => openExistingStore(memoryConfig),
        async (store) => {
          await requireKnownUser(store, opts.user);
          const [objects, stats, embedder] = await Promise.all([
            store.objectMemories(opts.user),
            store.stats(opts.user),
            store.embedder(),
          ]);
          const history = opts.history ? await store.history(opts.user, { limit: opts.history }) : undefined;
          if (opts.json) {
            console.log(
              JSON.stringify(
                { store: store.kind, location: store.location, embedder, stats, objects, history },
                null,
                2,
              ),
            );
            return;
          }
          console.log(`memory of user ${opts.user} — ${store.kind} store at ${store.location}`);
          console.log(
            `${stats.objects} objects, ${stats.statements} statements, ${stats.episodes} episodes` +
              (embedder ? `; vectors from ${embedder.name} (${embedder.dim} dims)` : ""),
          );
          if (objects.length === 0) console.log("\n(nothing remembered for this user)");
          for (const m of objects) printObject(m);
          if (history) {
            console.log("\nhistory (oldest first):");
            for (const e of history) {
              console.log(`  ${when(e.at)}  ${e.kind.padEnd(20)} ${e.objectId ?? ""}  ${e.detail}`);
            }
          }
        },
      );
    });
}

/** `polar memory search`: retrieval as the agent does it, with its scores. */
function registerSearch(memory: Command): void {
  memory
    .command("search")
    .description("the top-k statements for a text, with scores, and the objects they lead to")
    .requiredOption("-u, --user <id>", "the user whose memories to search")
    .argument("<text>", 'an instruction, e.g. "I want some tea"')
    .option("-k, --top <k>", "how many statements (default memory.topK)", positiveInt("-k"))
    .option("--memory-dir <dir>", MEMORY_DIR_HELP)
    .option("--json", "print JSON")
    .action(
      async (text: string, opts: { user: string; top?: number; json?: boolean; memoryDir?: string }, cmd: Command) => {
        const config = configFor(cmd);
        const memoryConfig = memoryFor(cmd, opts.memoryDir);
        checkQuery(text);
        const embedder = await createEmbedder(config.embedder).catch((e: Error) => {
          throw new UserError(e.message);
        });
        try {
          await withStore(
            () => openExistingStore(memoryConfig, { embedder: { name: embedder.name, dim: embedder.dim } }),
            async (store) => {
              await requireKnownUser(store, opts.user);
              const r = await retrieveDetailed(store, embedder, opts.user, text, {
                k: opts.top ?? config.memory.topK,
                recencyWeight: config.memory.recencyWeight,
                recencyHalfLifeDays: config.memory.recencyHalfLifeDays,
              });
              if (opts.json) {
                console.log(JSON.stringify({ store: store.kind, ...r }, null, 2));
                return;
              }
              console.log(`embedder: ${embedder.name} — ${embedder.description}`);
              console.log(
                `store: ${store.kind} at ${store.location}; user ${opts.user}; k = ${opts.top ?? config.memory.topK}`,
              );
              if (r.statements.length === 0) console.log("\n(no statements for this user)");
              else console.log("\n  score  sim    statement → objects");
              for (const s of r.statements) {
                const objects = s.links
                  .map((l) => `${l.objectId}${l.superseded ? " (superseded)" : ""} @${when(l.at)}`)
                  .join(", ");
                console.log(`  ${s.score.toFixed(3)}  ${s.similarity.toFixed(3)}  ${s.text} → ${objects}`);
              }
              if (r.candidates.length) console.log("\ncandidates:");
              for (const c of r.candidates) {
                const ep = c.episodic[0];
                console.log(
                  `  ${c.score.toFixed(3)}  ${c.objectId}${c.category ? ` (${c.category})` : ""}: ` +
                    `${c.statements.length} statements, ${c.instructions.length} instructions` +
                    (ep ? `; latest episode: ${ep.text}` : ""),
                );
              }
            },
          );
        } finally {
          await embedder.close?.();
        }
      },
    );
}

/** `polar memory forget`: every memory of one user deleted (the history keeps that it happened). */
function registerForget(memory: Command): void {
  memory
    .command("forget")
    .description("delete every memory of one user (the history keeps a record that it happened)")
    .requiredOption("-u, --user <id>", "the user to forget")
    .option("--memory-dir <dir>", MEMORY_DIR_HELP)
    .option("--yes", "really do it")
    .action(async (opts: { user: string; yes?: boolean; memoryDir?: string }, cmd: Command) => {
      if (!opts.yes) throw new UserError(`this deletes all memories of user ${opts.user}; add --yes to confirm`);
      const memoryConfig = memoryFor(cmd, opts.memoryDir);
      await withStore(
        () => openExistingStore(memoryConfig),
        async (store) => {
          await requireKnownUser(store, opts.user);
          const e = await store.clearUser(opts.user);
          console.log(`forgot user ${opts.user}: ${e.detail}`);
        },
      );
    });
}
