import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  episodicFromTrajectory,
  extractMemoriesHeuristically,
  statementsFromInstruction,
  toThirdPerson,
} from "../../src/mllm/heuristic/extract.ts";
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
      ["the user is reading this book before bed", "this book was a birthday present from the user's dad"],
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
