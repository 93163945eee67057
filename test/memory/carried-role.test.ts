/**
 * A role that passes from one object to another of its kind: what the old one was for is the new
 * one's now, in the words the user first said it in, so a request worded like the first
 * description finds the new object; who gave the old one stays the old one's, and a role moved
 * from another kind of object brings nothing else along. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withoutLooks } from "../../src/language/index.ts";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { DAY, tellingMemory } from "./helpers.ts";

const { open, tell, embedder } = tellingMemory("polar-carried-");

async function valid(store: SqliteMemoryStore, objectId: string, day: number): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null || s.invalidAt > day * DAY).map((s) => s.text);
}

describe("a role carried to the object that took it over", () => {
  it("leaves out only the words of looks", () => {
    assert.equal(withoutLooks("the Grey woollen scarf is for sledging"), "the scarf is for sledging");
    assert.equal(
      withoutLooks("the user takes it fishing, rain or shine."),
      "the user takes it fishing, rain or shine.",
    );
  });

  it("gives the new backpack the old one's role in its first words, and keeps the giver where it was", async () => {
    const store = open();
    await tell(
      store,
      1,
      "pack_grey",
      "backpack",
      "The grey nylon backpack goes with me on the ferry to the lab every weekday.",
    );
    await tell(store, 2, "pack_grey", "backpack", "The grey nylon backpack, my aunt Odile gave it to me.");
    await tell(store, 3, "pack_red", "backpack", "The red backpack, the roomy one with many pockets.");
    const r = await tell(
      store,
      9,
      "pack_red",
      "backpack",
      "The grey one's strap snapped, so these days the red backpack is my commute bag.",
    );
    assert.ok(
      r.superseded.some((s) => s.objectId === "pack_grey"),
      "the grey backpack's routine moved",
    );
    const red = await valid(store, "pack_red", 9);
    assert.ok(
      red.some((t) => /ferry/.test(t) && !/grey|nylon/.test(t)),
      `carried without its looks: ${red.join(" | ")}`,
    );
    assert.ok(!red.some((t) => /Odile/.test(t)), "who gave the grey one is not the red one's");
    assert.ok((await valid(store, "pack_grey", 9)).some((t) => /Odile/.test(t)));
    const ask = await retrieveDetailed(store, embedder, "u", "the one I bring on the ferry to the lab", {
      k: 5,
      now: 10 * DAY,
    });
    assert.equal(ask.candidates[0]?.objectId, "pack_red");
  });

  it("carries nothing from another kind of object", async () => {
    const store = open();
    await tell(store, 1, "cam_1", "camera", "The silver camera comes birdwatching with me at the marsh.");
    await tell(store, 2, "cam_1", "camera", "The silver camera I keep for the marsh in spring.");
    const r = await tell(
      store,
      6,
      "glasses_1",
      "eyeglasses",
      "These days the field glasses come birdwatching with me instead of the silver camera.",
    );
    const moved = r.statements.filter((s) => s.outcome === "carried");
    const fromCamera = r.superseded.filter((s) => s.objectId === "cam_1").length;
    assert.equal(moved.length, 0, `moved ${fromCamera} camera facts, carried none`);
  });
});
