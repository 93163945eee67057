/**
 * A change in the user's words supersedes exactly the fact it changes, on the object it concerns;
 * every other fact keeps its full weight. An object has many routines at once: a new one adds to
 * them. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";
import { DAY, episode, scriptedPolicy, tellingMemory } from "./helpers.ts";

const { open, tell, embedder, config } = tellingMemory("polar-change-scope-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("the reach of a change", () => {
  it("a second routine of one object adds to the first, it does not replace it", async () => {
    const store = open();
    await tell(store, 1, "cup_a", "mug", "The speckled mug, I sip my cocoa from it after dinner.");
    const r = await tell(store, 2, "cup_a", "mug", "The speckled mug again, I also bring it along to band rehearsal.");
    assert.deepEqual(r.superseded, []);
    const held = await valid(store, "cup_a");
    assert.ok(held.some((t) => /cocoa/.test(t)));
    assert.ok(held.some((t) => /rehearsal/.test(t)));
  });

  it("a routine said as a change replaces the one it changes and leaves the object's other facts", async () => {
    const store = open();
    await tell(store, 1, "novel", "book", "The paperback book, I leaf through it in the bath on Sundays.");
    await tell(store, 2, "novel", "book", "My cousin Ada gave me this book.");
    await tell(store, 3, "novel", "book", "The paperback book, I bring it on the ferry to the island.");
    const r = await tell(store, 4, "novel", "book", "The paperback book, lately I leaf through it in bed on Sundays.");
    assert.equal(r.superseded.length, 1);
    const held = await valid(store, "novel");
    assert.ok(!held.some((t) => /bath/.test(t)), "the Sunday bath reading changed");
    assert.ok(
      held.some((t) => /ferry/.test(t)),
      "the ferry routine still holds",
    );
    assert.ok(
      held.some((t) => /cousin/.test(t)),
      "who sent it still holds",
    );
  });

  it("a change on one object leaves another object's unrelated fact of the same kind alone", async () => {
    const store = open();
    await tell(store, 1, "pack_a", "backpack", "The canvas backpack, I carry it to the climbing wall.");
    await tell(store, 2, "pack_b", "backpack", "The leather backpack, I take it to my pottery class.");
    const r = await tell(store, 3, "pack_c", "backpack", "The mesh backpack, nowadays it comes with me to the lake.");
    assert.deepEqual(
      r.superseded.filter((s) => s.objectId !== "pack_c"),
      [],
    );
    assert.ok((await valid(store, "pack_a")).some((t) => /climbing/.test(t)));
    assert.ok((await valid(store, "pack_b")).some((t) => /pottery/.test(t)));
  });

  it("'no longer' stays a retraction in the third person and takes back only the fact it names", async () => {
    assert.deepEqual(statementsFromInstruction("The canvas tote, I no longer stash it in the van.", "bag"), [
      "the bag is canvas",
      "the user no longer stashes this bag in the van",
    ]);
    assert.equal(readStatement("the user no longer stashes this bag in the van", "bag").retracts, true);
    const store = open();
    await tell(store, 1, "tote", "bag", "The canvas tote, I stash it in the van.");
    await tell(store, 2, "tote", "bag", "The canvas tote, I take it to the farmers market on Saturdays.");
    await tell(store, 3, "tote", "bag", "The canvas tote, I no longer stash it in the van.");
    const held = await valid(store, "tote");
    assert.ok(!held.some((t) => /van/.test(t)), "the van is taken back");
    assert.ok(
      held.some((t) => /market/.test(t)),
      "the market routine still holds",
    );
  });

  it("a role taken from an object of another category is superseded on that object, nowhere else", async () => {
    const store = open();
    await tell(
      store,
      1,
      "ball_blue",
      "ball",
      "The blue striped ball, my nephews kick it around in the yard on Saturdays.",
    );
    await tell(store, 2, "ball_blue", "ball", "The blue striped ball, my godfather bought it for me.");
    await tell(store, 3, "ball_red", "ball", "The red rubber ball, the dog fetches it at the park.");
    await tell(store, 4, "toy_duck", "toy", "The wooden duck toy, it sits on my desk at work.");
    const r = await tell(
      store,
      9,
      "toy_duck",
      "toy",
      "These days my nephews play with the wooden duck toy in the yard on Saturdays, not the blue striped ball anymore.",
    );
    assert.deepEqual(
      r.superseded.map((s) => s.objectId),
      ["ball_blue"],
    );
    const blue = await valid(store, "ball_blue");
    assert.ok(!blue.some((t) => /yard/.test(t)), "the Saturday game moved off the blue ball");
    assert.ok(
      blue.some((t) => /godfather/.test(t)),
      "who bought the blue ball still holds",
    );
    assert.ok((await valid(store, "ball_red")).some((t) => /park/.test(t)));
    assert.ok((await valid(store, "toy_duck")).some((t) => /desk/.test(t)));
  });

  it("a habit said as a change moves from the one object that held it, not from every look-alike", async () => {
    const store = open();
    // a model backbone's wording: one frame, values told apart by one word
    const says = (statement: string) => scriptedPolicy(() => ({ statements: [statement], episodic: "found it" }));
    const put = (day: number, objectId: string, statement: string) =>
      memorizeEpisode(store, embedder, says(statement), episode({ userId: "u", episodeId: `m${day}`, objectId }), {
        at: day * DAY,
        config,
      });
    await put(1, "mug_a", "The user always uses this mug for broth");
    await put(2, "mug_b", "The user always uses this mug for chai");
    await put(3, "mug_d", "The user always uses this mug for cocoa");
    const r = await put(4, "mug_c", "These days the user always uses this mug for chai");
    assert.deepEqual(
      r.superseded.map((s) => s.objectId),
      ["mug_b"],
    );
    assert.ok((await valid(store, "mug_a")).some((t) => /broth/.test(t)));
    assert.ok((await valid(store, "mug_d")).some((t) => /cocoa/.test(t)));
  });
});
