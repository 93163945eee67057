/**
 * A change of referent in the user's own words ("the X broke, so now I use this one") moves
 * exactly the fact it names, from the object the description names, and keeps what was said of
 * the old object as a fact about the user's other object. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { carryReferentChange, readStatement } from "../../src/memory/statement-kind.ts";
import { DAY, tellingMemory } from "./helpers.ts";

const { open, tell, embedder } = tellingMemory("polar-referent-");

async function valid(store: SqliteMemoryStore, objectId: string, day: number): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null || s.invalidAt > day * DAY).map((s) => s.text);
}

describe("a change of referent in the user's words", () => {
  it("reads 'instead of …' as the replaced object's description and stores the fact without it", () => {
    const info = readStatement("the user now packs this bag for swimming instead of the orange canvas bag", "bag");
    assert.equal(info.replaces, "orange canvas bag");
    assert.equal(info.update, true);
    assert.doesNotMatch(info.text, /orange|instead/);
    assert.equal(readStatement("the user's other bag (the orange one) ripped at the seam", "bag").about, "entity");
  });

  it("moves the fact from the object the description names, and only that fact", async () => {
    const store = open();
    await tell(store, 1, "mug_stripe", "mug", "The blue striped mug, please. My godmother gave it to me.");
    await tell(store, 2, "mug_stripe", "mug", "Grab the blue striped mug, I drink my espresso from it every morning.");
    await tell(store, 3, "mug_plain", "mug", "The white mug I use for soup at lunch.");
    const r = await tell(
      store,
      9,
      "mug_green",
      "mug",
      "The striped one got a crack down the side, so these days my morning espresso goes in the small green cup.",
    );
    assert.ok(
      r.superseded.some((s) => s.objectId === "mug_stripe"),
      "the striped mug's espresso routine moved",
    );
    const striped = await valid(store, "mug_stripe", 9);
    assert.ok(
      striped.some((t) => /godmother/.test(t)),
      "who gave the striped mug still holds",
    );
    assert.ok(!striped.some((t) => /espresso/.test(t)), "its espresso routine does not");
    assert.ok(
      (await valid(store, "mug_plain", 9)).some((t) => /soup/.test(t)),
      "the other mug is untouched",
    );
    const green = await valid(store, "mug_green", 9);
    assert.ok(green.some((t) => /espresso/.test(t) && !/striped|instead/.test(t)));
    assert.ok(!green.some((t) => /crack/.test(t)), "the crack is the striped mug's, not the green one's");
    const ask = await retrieveDetailed(store, embedder, "u", "the cup for my morning espresso", {
      k: 5,
      now: 10 * DAY,
    });
    assert.equal(ask.candidates[0]?.objectId, "mug_green");
  });

  it("changes nothing on another object when the description fits none, or several", async () => {
    const store = open();
    await tell(store, 1, "hat_a", "hat", "the red wool hat I wear skiing");
    await tell(store, 2, "hat_b", "hat", "the red cotton hat I wear skiing too");
    const r = await tell(
      store,
      5,
      "hat_c",
      "hat",
      "My red hat got lost on the slopes, so now I ski in the grey beanie.",
    );
    assert.ok(!r.superseded.some((s) => s.objectId === "hat_a" || s.objectId === "hat_b"));
  });

  it("a description said of another object only to tell them apart does not name it", async () => {
    const store = open();
    await tell(store, 1, "bag_jute", "bag", "Fetch the green jute bag, I take it to the farmers' market on Saturdays.");
    await tell(store, 2, "bag_nylon", "bag", "The green nylon bag, not the jute one, my cousin sewed it for me.");
    const r = await tell(
      store,
      8,
      "bag_red",
      "bag",
      "The handle of the jute one tore, so I switched to the red bag for the Saturday market.",
    );
    assert.ok(
      r.superseded.some((s) => s.objectId === "bag_jute" && /instead of the jute/.test(s.reason)),
      "the market routine left the jute bag, the object the user's words describe",
    );
    assert.ok(!r.superseded.some((s) => s.objectId === "bag_nylon"), "the nylon bag was only contrasted with it");
    assert.ok((await valid(store, "bag_nylon", 8)).some((t) => /cousin/.test(t)));
    assert.ok(!(await valid(store, "bag_jute", 8)).some((t) => /market/.test(t)));
  });

  it("a bare change of referent moves the role the same message gives the object", async () => {
    const store = open();
    await tell(store, 1, "bag_canvas", "bag", "The canvas bag, please. I carry my lunch in it to the allotment.");
    await tell(store, 2, "bag_canvas", "bag", "Canvas bag. My uncle stitched it for me.");
    await tell(store, 3, "bag_pink", "bag", "The pink bag is for the kids' swimming kit.");
    const r = await tell(
      store,
      9,
      "bag_blue",
      "bag",
      "Heads up. Canvas bag ripped. Blue one's the allotment lunch bag now.",
    );
    assert.ok(
      r.superseded.some((s) => s.objectId === "bag_canvas" && /instead of the canvas/.test(s.reason)),
      "the lunch routine left the canvas bag",
    );
    const canvas = await valid(store, "bag_canvas", 9);
    assert.ok(!canvas.some((t) => /lunch/.test(t)), "its lunch routine no longer holds");
    assert.ok(
      canvas.some((t) => /uncle/.test(t)),
      "who made it for them still holds",
    );
    assert.ok(
      (await valid(store, "bag_pink", 9)).some((t) => /swimming/.test(t)),
      "another bag is untouched",
    );
    const ask = await retrieveDetailed(store, embedder, "u", "the bag I take my lunch to the allotment in", {
      k: 5,
      now: 10 * DAY,
    });
    assert.equal(ask.candidates[0]?.objectId, "bag_blue");
  });

  it("a change that names its own kind of fact moves that fact alone, not the message's others", () => {
    const infos = carryReferentChange(
      [
        "the user drinks cocoa from this mug at bedtime now instead of the striped mug",
        "the user also takes this mug to the office on Mondays",
      ].map((t) => readStatement(t, "mug")),
    );
    assert.equal(infos[0].replaces, "striped mug");
    assert.equal(infos[1].replaces, null, "the office habit was not said as taken from the striped mug");
    assert.equal(infos[1].update, false);
  });

  it("a verb of switching or becoming says a change, and stays in what is stored", () => {
    const switched = readStatement("the user switched to this flask for the night shift", "mug");
    assert.equal(switched.update, true);
    assert.match(switched.text, /switched to this flask/);
    const become = readStatement("this watch has become the user's favourite", "watch");
    assert.equal(become.update, true);
    assert.deepEqual([...become.value], ["favourite"], "a linking verb of change names no value");
    assert.equal(readStatement("the user's aunt gave them this watch", "watch").update, false);
  });
});
