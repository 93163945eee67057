import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import type { MemorizeInput, MemorizeOutput, Policy } from "../../src/mllm/policy.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import type { Category } from "../../src/sim/protocol.ts";
import type { Image } from "../../src/sim/simulator.ts";

/** A backbone double at the Policy boundary: answers memorize() from a script. */
export function scriptedPolicy(answer: (input: MemorizeInput) => MemorizeOutput): Pick<Policy, "memorize"> & {
  seen: MemorizeInput[];
} {
  const seen: MemorizeInput[] = [];
  return {
    seen,
    async memorize(input) {
      seen.push(input);
      return { value: answer(input), calls: [] };
    },
  };
}

export function episode(over: Partial<MemorizeInput> & { episodeId: string; userId: string }): MemorizeInput {
  return {
    instruction: "bring me the mug my sister gave me",
    objectId: "mug_1",
    category: "mug",
    trajectory: {
      success: true,
      steps: 42,
      roomsVisited: ["hallway", "kitchen", "living room"],
      roomsWithoutTarget: ["kitchen"],
      foundInRoom: "living room",
      text: "hallway → kitchen (no mug) → living room: found the mug on the coffee table",
    },
    ...over,
  };
}

export function pngImage(data: Buffer): Image {
  return { view: "reference", format: "png", width: 256, height: 256, data };
}

/**
 * Stores for tests that tell memory things over days through the heuristic's extraction: a fresh
 * SQLite store per `open()` in a folder removed when the file's tests end, and `tell`, one
 * acquisition episode of user "u" about an object on a given day.
 */
export function tellingMemory(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const config = MemoryConfig.parse({});
  const embedder = new LexicalEmbedder();
  const heuristic = scriptedPolicy(extractMemoriesHeuristically);
  let n = 0;
  const open = () =>
    new SqliteMemoryStore(join(dir, `m${n++}.db`), { embedder: { name: embedder.name, dim: embedder.dim } });
  const tell = (store: SqliteMemoryStore, day: number, objectId: string, category: Category, instruction: string) =>
    memorizeEpisode(
      store,
      embedder,
      heuristic,
      episode({ userId: "u", episodeId: `e-${objectId}-${day}`, objectId, category, instruction }),
      { at: day * DAY, config },
    );
  return { open, tell, embedder, config };
}

/** A day in the stores' milliseconds. */
export const DAY = 86_400_000;
