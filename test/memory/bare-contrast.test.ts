/**
 * A change said with the old object contrasted bare after it ("…, not phone anymore"): the new
 * object keeps the habit and the old one loses it; a bare "not … anymore" that names no object
 * still takes the fact back. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-bare-contrast-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("a change with the old object contrasted bare", () => {
  it("a fronted habit with the old object contrasted bare ('not phone anymore')", async () => {
    const store = open();
    await tell(store, 1, "phone_a", "cellphone", "I use this phone for chess lessons with my coach every Friday.");
    await tell(
      store,
      2,
      "laptop_a",
      "laptop",
      "My eyes got tired on it. Now chess lessons I have on the laptop, not phone anymore.",
    );
    const laptop = await valid(store, "laptop_a");
    assert.ok(
      laptop.some((t) => /chess/.test(t)),
      JSON.stringify(laptop),
    );
    const phone = await valid(store, "phone_a");
    assert.ok(!phone.some((t) => /chess/.test(t)), JSON.stringify(phone));
  });

  it("a bare 'not … anymore' that names no object still takes the fact back", async () => {
    const store = open();
    await tell(store, 1, "mug_s", "mug", "I use the striped mug for soup.");
    await tell(store, 2, "mug_s", "mug", "The striped mug, I use it for soup, not really anymore.");
    const mug = await valid(store, "mug_s");
    assert.ok(!mug.some((t) => /soup/.test(t) && !/not/.test(t)), JSON.stringify(mug));
  });
});
