/**
 * A usage said as a change on the new object ("since January I …", "I've switched to …") moves
 * that usage off the old object, even when the new words add detail the old fact lacked or
 * inflect its words otherwise ("commute" / "commuting"); a "since" of cause, or a second object
 * for the same thing said without a change, moves nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-change-since-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("a usage said as a change on the new object", () => {
  it("'since <month>' says a change: the old object's fact stops holding, and the month is not a value", async () => {
    const store = open();
    await tell(store, 1, "bag_a", "bag", "I take the green duffel bag on my ride to the office.");
    await tell(
      store,
      2,
      "pack_a",
      "backpack",
      "Since January I use this backpack for my ride to the office and the library.",
    );
    const bag = await valid(store, "bag_a");
    assert.ok(!bag.some((t) => /ride to the office/.test(t)), JSON.stringify(bag));
    const pack = await valid(store, "pack_a");
    assert.ok(
      pack.some((t) => /ride to the office/.test(t)),
      JSON.stringify(pack),
    );
    assert.ok(!pack.some((t) => /January/.test(t)), JSON.stringify(pack));
  });

  it("'since then' with a verb of switching, worded with another inflection of the old fact's words", async () => {
    const store = open();
    await tell(store, 1, "tote_a", "bag", "I carry the canvas tote when I commute to the studio by tram.");
    await tell(
      store,
      2,
      "pack_b",
      "backpack",
      "The tote's zip tore off. Since then I have changed to the black backpack for commuting.",
    );
    const tote = await valid(store, "tote_a");
    assert.ok(!tote.some((t) => /commute/.test(t)), JSON.stringify(tote));
  });

  it("a change worded with another inflection of the old fact's words ('hike' / 'hiking') moves it", async () => {
    const store = open();
    await tell(store, 1, "boots_a", "shoes", "On the ridge I hike in the tan leather boots.");
    await tell(store, 2, "boots_b", "shoes", "For hiking it is the olive pair these days.");
    const old = await valid(store, "boots_a");
    assert.ok(!old.some((t) => /hike/.test(t)), JSON.stringify(old));
  });

  it("'ever since,' and 'since a month' say a change; 'ever since I was …' does not", async () => {
    const store = open();
    await tell(store, 1, "spec_r", "eyeglasses", "I wear the round glasses for crosswords on the train home.");
    await tell(
      store,
      2,
      "spec_g",
      "eyeglasses",
      "The round frame snapped. Ever since, I wear the gold glasses for crosswords.",
    );
    const round = await valid(store, "spec_r");
    assert.ok(!round.some((t) => /crosswords/.test(t)), JSON.stringify(round));
    await tell(store, 3, "cam_a", "camera", "For my pictures of the harbour I take the grey camera, the old one.");
    await tell(store, 4, "cam_b", "camera", "Since a month I bring the compact camera for pictures.");
    const grey = await valid(store, "cam_a");
    assert.ok(!grey.some((t) => /harbour/.test(t)), JSON.stringify(grey));
    await tell(
      store,
      5,
      "spec_h",
      "eyeglasses",
      "I read the paper at breakfast on Sundays with the horn-rimmed glasses.",
    );
    await tell(store, 6, "spec_k", "eyeglasses", "Ever since I was small I read the paper with these glasses.");
    const horn = await valid(store, "spec_h");
    assert.ok(
      horn.some((t) => /paper/.test(t)),
      JSON.stringify(horn),
    );
  });

  it("a 'since' of cause says no change: the old object keeps its fact", async () => {
    const store = open();
    await tell(store, 1, "bag_b", "bag", "I take the straw bag to the market on Saturdays with my neighbour.");
    await tell(store, 2, "pack_c", "backpack", "Since it holds more, I take the backpack to the market.");
    const bag = await valid(store, "bag_b");
    assert.ok(
      bag.some((t) => /market/.test(t)),
      JSON.stringify(bag),
    );
  });

  it("the same use said of a second object with 'too' adds to it and takes nothing from the first", async () => {
    const store = open();
    await tell(store, 1, "bag_d", "bag", "I take the wicker basket bag to the allotment on Sundays.");
    await tell(store, 2, "pack_e", "backpack", "I take the old backpack to the allotment on Sundays too.");
    const bag = await valid(store, "bag_d");
    assert.ok(
      bag.some((t) => /allotment/.test(t)),
      JSON.stringify(bag),
    );
  });

  it("a second object for the same thing, said without a change, moves nothing", async () => {
    const store = open();
    await tell(store, 1, "bag_c", "bag", "The leather satchel goes with me to choir practice.");
    await tell(store, 2, "pack_d", "backpack", "I also bring the red backpack to choir practice when it rains.");
    const bag = await valid(store, "bag_c");
    assert.ok(
      bag.some((t) => /choir/.test(t)),
      JSON.stringify(bag),
    );
  });
});
