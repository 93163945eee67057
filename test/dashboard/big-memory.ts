/**
 * A memory folder with a few thousand nodes for one user, written through the real SQLite
 * store: each object gets three statements, an episodic summary, an instruction and a
 * reference image (7 nodes), one episode per object.
 */
import { mkdirSync } from "node:fs";
import { memoryConfigFor } from "../../src/compose/memory-factory.ts";
import type { PolarConfig } from "../../src/config/schema.ts";
import { createStore } from "../../src/memory/create.ts";

const CATEGORIES = ["mug", "book", "hat", "vase", "lamp", "watch", "scarf", "bowl"];

export async function writeBigMemory(
  config: PolarConfig,
  dir: string,
  user: string,
  objects: number,
  /** a photo file every reference image points at (default: none, as a hash alone) */
  photo: string | null = null,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const store = await createStore(memoryConfigFor(config, dir), { embedder: { name: "test-8d", dim: 8 } });
  const vec = (i: number) => {
    const v = new Float32Array(8);
    v[i % 8] = 1;
    return v;
  };
  try {
    const t0 = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < objects; i++) {
      const cat = CATEGORIES[i % CATEGORIES.length];
      await store.writeEpisode(user, {
        episode: {
          id: `ep-${i}`,
          at: t0 + i * 60_000,
          instruction: `find my ${cat} ${i}`,
          success: i % 3 !== 0,
          trajectory: "",
        },
        object: { id: `obj-${i}`, category: cat, matchedBy: "new", detail: "" },
        instructionId: `ins-${i}`,
        referenceImage: { id: `img-${i}`, hash: (i + 1).toString(16).padStart(16, "0"), path: photo },
        statements: [0, 1, 2].map((k) => ({
          kind: "new" as const,
          id: `st-${i}-${k}`,
          text: `fact ${k} about the ${cat} number ${i}`,
          embedding: vec(i + k),
          about: "object" as const,
        })),
        episodic: { id: `epi-${i}`, text: `went to the ${cat} ${i}` },
      });
    }
  } finally {
    await store.close();
  }
}
