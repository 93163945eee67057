import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readStatement } from "../../src/memory/statement-kind.ts";
import {
  episodicFromTrajectory,
  extractMemoriesHeuristically,
  statementsFromInstruction,
  toThirdPerson,
} from "../../src/policies/heuristic/extract.ts";
import { episode } from "../memory/helpers.ts";

describe("heuristic memory extraction", () => {
  it("splits the personalized context into single-fact, third-person statements", () => {
    assert.deepEqual(
      statementsFromInstruction("Bring me the mug my sister gave me, which I use on weekday mornings.", "mug"),
      ["the user's sister gave them this mug", "the user uses this mug on weekday mornings"],
    );
    assert.deepEqual(
      statementsFromInstruction("Find my red backpack that I take to the gym every Saturday", "backpack"),
      ["the user's red backpack", "the user takes this backpack to the gym every Saturday"],
    );
    assert.deepEqual(
      statementsFromInstruction(
        "Please get the book I'm reading before bed; it was a birthday present from my dad",
        "book",
      ),
      ["the user is reading this book before bed", "the book was a birthday present from the user's dad"],
    );
    assert.deepEqual(statementsFromInstruction("bring the teddy bear my daughter sleeps with", "teddy bear"), [
      "the user's daughter sleeps with this teddy bear",
    ]);
  });

  it("an instruction without personal context gives no statements", () => {
    assert.deepEqual(statementsFromInstruction("Go to the laptop", "laptop"), []);
    assert.deepEqual(statementsFromInstruction("find the keys.", "keys"), []);
  });

  it("rewrites first person", () => {
    assert.equal(toThirdPerson("I'm sure my dad gave me mine"), "the user is sure the user's dad gave them the user's");
  });

  it("summarises the trajectory for planning: outcome, where found, unpromising rooms", () => {
    const text = episodicFromTrajectory(episode({ userId: "u", episodeId: "e" }));
    assert.equal(
      text,
      "Succeeded in 42 steps; the mug was found in the living room; unpromising rooms (searched, no mug): kitchen; route: hallway → kitchen → living room.",
    );
    const failed = episode({ userId: "u", episodeId: "e" });
    failed.trajectory = {
      ...failed.trajectory,
      success: false,
      foundInRoom: null,
      roomsWithoutTarget: ["kitchen", "bedroom"],
    };
    assert.match(episodicFromTrajectory(failed), /^Failed after 42 steps; the mug was not found; .*kitchen, bedroom/);
    const out = extractMemoriesHeuristically(episode({ userId: "u", episodeId: "e" }));
    assert.deepEqual(out.statements, ["the user's sister gave them this mug"]);
  });
});

it("a request repeated after the description is not stored as a fact about the object", () => {
  const got = statementsFromInstruction("I need the green scarf my aunt knitted. Could you get it for me?", "scarf");
  assert.ok(
    got.some((s) => /aunt knitted/.test(s)),
    got.join(" | "),
  );
  assert.ok(!got.some((s) => /get this|could you/i.test(s)), got.join(" | "));
  const polite = statementsFromInstruction(
    "Fetch the laptop I take to the library, please. Can you bring it here?",
    "laptop",
  );
  assert.ok(!polite.some((s) => /bring|can you/i.test(s)), polite.join(" | "));
});

describe("statements a reader would write down (phrasings of our own, not the generator's)", () => {
  const says = (instruction: string, category: string) => statementsFromInstruction(instruction, category);

  it("never stores the asking: leading requests, trailing politeness, sentences that only ask again", () => {
    for (const [instruction, category] of [
      ["Take me to the green umbrella-print bag my aunt sent me, please.", "bag"],
      ["I'm looking for my silver watch that I wear to weddings. Can you grab it?", "watch"],
      ["Where are the keys I leave by the door? Bring them here.", "keys"],
      ["hey, could u fetch the ball the dog plays with, thanks", "ball"],
      ["Head to the laptop I do my taxes on and bring it to me.", "laptop"],
    ] as const) {
      const got = says(instruction, category);
      assert.ok(got.length > 0, instruction);
      for (const s of got) {
        assert.doesNotMatch(
          s,
          /\b(?:take (?:them|me) to|can you|could you|bring (?:it|them)|grab it|please|thanks|where are|head to)\b/i,
          `${instruction} → ${s}`,
        );
        assert.doesNotMatch(s, /^(?:to|go|bring|get|find)\b/i, `${instruction} → ${s}`);
      }
    }
  });

  it("past tenses stay as said, present tenses agree, and the object fills the gap a relative clause leaves", () => {
    assert.deepEqual(says("Find the camera I brought back from Lisbon", "camera"), [
      "the user brought this camera back from Lisbon",
    ]);
    assert.deepEqual(says("Fetch the hat I got from my neighbour", "hat"), [
      "the user got this hat from the user's neighbour",
    ]);
    assert.deepEqual(says("Get the mug I drink cocoa from on snowy evenings", "mug"), [
      "the user drinks cocoa from this mug on snowy evenings",
    ]);
    assert.deepEqual(says("Bring the headphones I jog with in the park", "headphones"), [
      "the user jogs with these headphones in the park",
    ]);
    assert.deepEqual(says("Find the book I fall asleep to at night", "book"), [
      "the user falls asleep to this book at night",
    ]);
    assert.deepEqual(says("Grab the wallet I always forget at home", "wallet"), [
      "the user always forgets this wallet at home",
    ]);
  });

  it("a description of looks before the name is one statement; 'the one … is X' puts the object first", () => {
    assert.deepEqual(says("Go to the yellow dotted backpack my son carries to school", "backpack"), [
      "the backpack is yellow and dotted",
      "the user's son carries this backpack to school",
    ]);
    assert.deepEqual(says("These days the one I take to yoga is the purple bag, not the red one anymore.", "bag"), [
      "the bag is purple",
      "now the user takes this bag to yoga instead of the red bag",
    ]);
  });

  it("'no longer the one …' is said as a retraction, and 'now it is the one …' as the change", () => {
    const got = says(
      "Update: the blue mug is no longer the one I use for coffee. Now it is the one I keep for guests.",
      "mug",
    );
    assert.ok(got.includes("the user no longer uses this mug for coffee"), got.join(" | "));
    assert.ok(
      got.some((s) => /^now the user keeps this mug for guests$/i.test(s)),
      got.join(" | "),
    );
    const retraction = readStatement("the user no longer uses this mug for coffee", "mug");
    assert.equal(retraction.retracts, true);
  });
});
