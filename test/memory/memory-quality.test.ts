/**
 * Memory quality on hand-written phrasings (not the scenario generator's templates): temporal
 * updates worded freely, facts about other people and pets, free sentences the extractor must
 * not cut apart, and retrieval that sees the graph as it was at the episode's time.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";
import type { MemorizeOutput } from "../../src/mllm/policy.ts";
import { extractMemoriesHeuristically, statementsFromInstruction } from "../../src/policies/heuristic/extract.ts";
import type { Category } from "../../src/sim/protocol.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-quality-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const config = MemoryConfig.parse({});
const embedder = new LexicalEmbedder();
const heuristic = scriptedPolicy(extractMemoriesHeuristically);
const DAY = 86_400_000;
let n = 0;
const open = () =>
  new SqliteMemoryStore(join(dir, `q${n++}.db`), { embedder: { name: embedder.name, dim: embedder.dim } });

/** One acquisition episode, memorized the way the agent does it (instruction, object id, time). */
async function tell(
  store: SqliteMemoryStore,
  day: number,
  objectId: string,
  category: Category,
  instruction: string,
  policy = heuristic,
) {
  return memorizeEpisode(
    store,
    embedder,
    policy,
    episode({ userId: "u", episodeId: `e-${objectId}-${day}`, objectId, category, instruction }),
    { at: day * DAY, config },
  );
}
const model = (statements: string[]) => scriptedPolicy((): MemorizeOutput => ({ statements, episodic: "ok" }));
const ask = (store: SqliteMemoryStore, query: string, day: number) =>
  retrieveDetailed(store, embedder, "u", query, { k: 5, now: day * DAY });

describe("memory quality on hand-written phrasings", () => {
  it("a reworded update moves a context to the new object, and the stale one loses", async () => {
    const store = open();
    await tell(store, 1, "watch_steel", "watch", "Could you grab the steel watch I wear to the office?");
    await tell(
      store,
      4,
      "watch_black",
      "watch",
      "Grab the black watch. These days I wear this one to the office instead.",
    );
    const r = await ask(store, "I have a meeting at the office, get my watch", 6);
    assert.equal(r.candidates[0].objectId, "watch_black");
    const stale = r.statements
      .filter((s) => /office/.test(s.text))
      .flatMap((s) => s.links)
      .filter((l) => l.objectId === "watch_steel");
    assert.ok(stale.length > 0 && stale.every((l) => l.superseded), "the steel watch's office edge is superseded");
    // the same fact, once the change markers are gone: one statement node, now on the black watch
    const [black] = await store.objectMemories("u", ["watch_black"]);
    assert.ok(black.statements.some((s) => s.text === "the user wears this watch to the office"));
    assert.ok(!black.statements.some((s) => /instead|these days/i.test(s.text)));
  });

  it("a later statement of the same kind about the same object supersedes the earlier, kept as history", async () => {
    const store = open();
    await tell(store, 1, "backpack_1", "backpack", "Find my backpack, I take it on weekend hikes");
    const second = await tell(
      store,
      5,
      "backpack_1",
      "backpack",
      "Find my backpack please; lately I've been using it for my commute",
    );
    assert.equal(second.superseded.length, 1);
    const [mem] = await store.objectMemories("u", ["backpack_1"]);
    const hikes = mem.statements.find((s) => /hikes/.test(s.text));
    assert.equal(hikes?.invalidAt, 5 * DAY, "superseded at the update's time, not deleted");
    const history = await store.history("u");
    const row = history.find((e) => e.kind === "statement_superseded");
    assert.match(row?.detail ?? "", /"the user takes this backpack on weekend hikes" superseded by .*commute/);
    // asked before the update, the hikes still held; after it, they are superseded
    const before = await ask(store, "going on a hike this weekend", 3);
    assert.equal(before.statements[0].links[0].superseded, false);
    const later = await ask(store, "going on a hike this weekend", 7);
    const hike = later.statements.find((s) => /hikes/.test(s.text));
    assert.equal(hike?.links[0].superseded, true);
  });

  it("facts of a kind many objects share (who gave it) stay on every object", async () => {
    const store = open();
    await tell(store, 1, "mug_7", "mug", "Bring me the speckled mug my aunt Jo gave me");
    await tell(store, 2, "book_3", "book", "Find the cookbook my aunt Jo gave me");
    const second = await tell(store, 3, "mug_7", "mug", "Bring the speckled mug I drink cocoa from");
    assert.deepEqual(second.superseded, [], "a routine does not supersede who gave it");
    const r = await ask(store, "something my aunt Jo gave me", 5);
    for (const s of r.statements) for (const l of s.links) assert.equal(l.superseded, false);
    assert.deepEqual(r.candidates.map((c) => c.objectId).sort(), ["book_3", "mug_7"]);
  });

  it("a favourite moves with the new one even in other words", async () => {
    const store = open();
    await tell(store, 1, "mug_tall", "mug", "Bring the mug that's my absolute favourite");
    await tell(store, 3, "mug_squat", "mug", "Get the squat mug, this one is now my favourite");
    const r = await ask(store, "my favourite mug please", 4);
    assert.equal(r.candidates[0].objectId, "mug_squat");
  });

  it("a retraction supersedes the fact it names and is not stored as one", async () => {
    const store = open();
    await tell(store, 1, "keys_1", "keys", "Get my keys, I take them to work every day");
    const r = await tell(store, 2, "keys_1", "keys", "Find my keys — I don't take them to work anymore");
    assert.deepEqual(
      r.statements.map((s) => s.outcome),
      ["retracted"],
    );
    const [mem] = await store.objectMemories("u", ["keys_1"]);
    assert.equal(mem.statements.length, 1);
    assert.equal(mem.statements[0].invalidAt, 2 * DAY);
  });

  it("a fact about someone else is kept off the object and does not outrank objects' own statements", async () => {
    const store = open();
    await tell(
      store,
      1,
      "book_club",
      "book",
      "Bring me the novel for my reading group - my reading group meets on Thursdays",
    );
    await tell(store, 2, "bag_market", "bag", "Get the canvas bag I take to the market on Thursdays");
    const [book] = await store.objectMemories("u", ["book_club"]);
    assert.ok(!book.statements.some((s) => /meets/.test(s.text)), "the group's schedule is not the book's");
    const r = await ask(store, "what do I bring along on Thursdays?", 4);
    assert.equal(r.candidates[0].objectId, "bag_market");
    assert.deepEqual(
      r.bridges.map((b) => b.text),
      ["the user's reading group meets on Thursdays"],
    );
  });

  it("a fact about someone else still bridges a query that names them", async () => {
    const store = open();
    await tell(store, 1, "toy_rubber", "toy", "Find the rubber toy my neighbour's dog chews on");
    await tell(store, 2, "keys_9", "keys", "Grab my keys, I'm going out. Rex is my neighbour's dog.");
    const r = await ask(store, "Rex is coming over", 3);
    assert.equal(r.candidates[0]?.objectId, "toy_rubber");
    const via = r.statements.find((s) => s.links.some((l) => l.objectId === "toy_rubber"))?.via;
    assert.equal(via?.text, "Rex is the user's neighbour's dog");
    assert.ok(!r.candidates.some((c) => c.objectId === "keys_9"), "the keys only happened to be that episode's target");
  });

  it("a model backbone's statements go through the same supersession and bridging", async () => {
    const store = open();
    await tell(store, 1, "watch_9", "watch", "x", model(["The user wears this watch while swimming laps"]));
    const r = await tell(
      store,
      2,
      "watch_9",
      "watch",
      "x",
      model(["Nowadays the user wears this watch at the office", "Mochi is the user's cat"]),
    );
    assert.equal(r.superseded.length, 1);
    assert.deepEqual(
      r.statements.map((s) => [s.text, s.about]),
      [
        ["Nowadays the user wears this watch at the office", "object"],
        ["Mochi is the user's cat", "user"],
      ],
    );
    const links = await store.statementLinks(
      "u",
      r.statements.map((s) => s.statementId),
    );
    assert.deepEqual(
      links.map((l) => l.objectId),
      ["watch_9", null],
    );
  });

  it("retrieval at an episode's time ignores what was said later", async () => {
    const store = open();
    await tell(store, 1, "mug_red", "mug", "Bring the red mug, my favourite one");
    await tell(store, 5, "mug_blue", "mug", "Bring the blue mug, my favourite now");
    await tell(store, 6, "hat_2", "hat", "Get the straw hat I wear for my favourite walk along the river");
    const early = await ask(store, "my favourite", 3);
    assert.deepEqual(
      early.candidates.map((c) => c.objectId),
      ["mug_red"],
    );
    assert.ok(early.statements.every((s) => s.links.every((l) => !l.superseded && l.at <= 3 * DAY)));
    const late = await ask(store, "my favourite", 7);
    assert.equal(late.candidates[0].objectId, "mug_blue");
    assert.ok(late.candidates.some((c) => c.objectId === "hat_2"));
    // an object's instructions and episodic memories from later episodes stay out too
    await tell(store, 9, "mug_red", "mug", "Get the red mug for the garden table");
    const again = await ask(store, "my favourite", 3);
    assert.deepEqual(
      again.candidates[0].instructions.map((i) => i.timestamp),
      [1 * DAY],
    );
    assert.ok(again.candidates[0].statements.every((s) => s.timestamp <= 3 * DAY));
  });
});

describe("heuristic extractor on free sentences", () => {
  it("keeps coordinated days, places and lists with the fact they belong to", () => {
    assert.deepEqual(
      statementsFromInstruction("Fetch my yoga bag, I take it to class on Mondays and Wednesdays", "bag"),
      ["the user's yoga bag", "the user takes this bag to class on Mondays and Wednesdays"],
    );
    assert.deepEqual(
      statementsFromInstruction("Find the laptop I use for work calls on Tuesdays, Thursdays and Fridays", "laptop"),
      ["the user uses this laptop for work calls on Tuesdays, Thursdays and Fridays"],
    );
    assert.deepEqual(
      statementsFromInstruction("Go get my camera, I bring it to birthday parties or weddings", "camera"),
      ["the user brings this camera to birthday parties or weddings"],
    );
    assert.deepEqual(
      statementsFromInstruction(
        "Please find my headphones, the ones I use on the bus, on the train and at the library",
        "headphones",
      ),
      ["the user uses these headphones on the bus, on the train and at the library"],
    );
  });

  it("still splits two clauses joined by and", () => {
    assert.deepEqual(statementsFromInstruction("Bring the mug I drink tea from and my aunt gave me", "mug"), [
      "the user drinks tea from this mug",
      "the user's aunt gave them this mug",
    ]);
    assert.deepEqual(
      statementsFromInstruction("Grab my wallet, I take it everywhere and Sam gave it to me", "wallet"),
      ["the user takes this wallet everywhere", "Sam gave this wallet to them"],
    );
  });

  it("agrees verbs after adverbs and negations, and names 'this one' as the object", () => {
    assert.deepEqual(
      statementsFromInstruction("Grab my watch. These days I wear this one to the office instead.", "watch"),
      ["These days the user wears this watch to the office instead"],
    );
    assert.deepEqual(statementsFromInstruction("Find my keys, I don't take them to work anymore", "keys"), [
      "the user doesn't take these keys to work anymore",
    ]);
  });
});

describe("statement kinds from words", () => {
  it("reads kind, change markers, retractions and who it is about", () => {
    const read = (t: string, c: string | null = null) => {
      const r = readStatement(t, c);
      return [r.kind, r.update, r.retracts, r.about];
    };
    assert.deepEqual(read("the user's grandpa handed this watch down to them"), ["giver", false, false, "object"]);
    assert.deepEqual(read("picked up on the user's honeymoon in Lisbon"), ["occasion", false, false, "object"]);
    assert.deepEqual(read("this is the one the user likes best"), ["preference", false, false, "object"]);
    assert.deepEqual(read("the user only wears this hat when it snows"), ["season", false, false, "object"]);
    assert.deepEqual(read("the user keeps this bag in the boot of the car"), ["place", false, false, "object"]);
    assert.deepEqual(read("from now on the user reads this book at breakfast"), ["routine", true, false, "object"]);
    assert.deepEqual(read("this camera belongs to the user's son"), ["owner", false, false, "object"]);
    assert.deepEqual(read("the user no longer brings this ball to the park"), ["routine", false, true, "object"]);
    assert.deepEqual(read("Biscuit is the user's rabbit"), [null, false, false, "entity"]);
    assert.deepEqual(read("the user's choir rehearses on Tuesday nights"), ["routine", false, false, "entity"]);
    assert.deepEqual(read("the user's blue mug", "mug"), [null, false, false, "object"]);
    assert.deepEqual(read("the user goes swimming every morning"), ["routine", false, false, "object"]);
  });
});
