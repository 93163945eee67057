import assert from "node:assert/strict";
import { test } from "node:test";
import {
  changeOfState,
  formerReferentClauses,
  instancePhrases,
  isClause,
  refersToInstance,
  withInstancesAsIt,
} from "../../src/language/index.ts";
import { statementsFromInstruction } from "../../src/mllm/heuristic/extract.ts";

test("a change of state is read from the verb, a damage noun, or use under negation", () => {
  assert.ok(changeOfState("the orange ball finally burst"));
  assert.ok(changeOfState("my old phone stopped working last week"));
  assert.ok(changeOfState("the brown bag got a hole in the bottom"));
  assert.ok(changeOfState("we don't take the red one anymore"));
  assert.ok(changeOfState("that cap no longer fits my son"));
  assert.equal(changeOfState("the orange ball is for the park"), null);
  assert.equal(changeOfState("I read this book on the train"), null);
});

test("an instance is picked out by its looks with a word for its kind or a pro-form", () => {
  assert.deepEqual(
    instancePhrases("the tall brown boots are by the door", "shoes").map((p) => p.words.join(" ")),
    ["the tall brown boots"],
  );
  assert.deepEqual(
    instancePhrases("the checked one leaks", "bag").map((p) => p.modifiers),
    [["checked"]],
  );
  assert.ok(refersToInstance("the specs she reads with", "eyeglasses"));
  assert.ok(refersToInstance("the hiking ones", "shoes"));
  assert.ok(!refersToInstance("my aunt lives in Leeds", "hat"));
  assert.equal(withInstancesAsIt("the dog sleeps on the tartan blue bag", "bag"), "the dog sleeps on it");
});

test("the clause about the instance that was replaced is told apart from the one about its successor", () => {
  const clauses = ["the leather wallet fell apart", "the canvas one is my everyday wallet now"];
  assert.deepEqual([...formerReferentClauses(clauses, "wallet")], [0]);
  // a change told of the object itself, with no other instance named, stays its own
  assert.deepEqual([...formerReferentClauses(["this wallet fell apart", "I still carry it"], "wallet")], []);
  assert.ok(isClause("so the kids take the ball to the park"));
  assert.ok(!isClause("and on Sundays"));
});

test("the extractor keeps what was said of the episode's object, not of the one it replaced, and reads it as a change", () => {
  const out = statementsFromInstruction(
    "The leather wallet fell apart, so I carry the green canvas wallet to the market on Sundays.",
    "wallet",
  );
  assert.ok(!out.some((s) => /fell apart|leather/.test(s)), out.join(" | "));
  assert.ok(
    out.some((s) => /market/.test(s) && /\bnow\b/.test(s)),
    out.join(" | "),
  );
  // a clause led by "so" is its own fact
  const hat = statementsFromInstruction(
    "My back hurts too much to cycle anymore, so the red cap goes fishing with me.",
    "hat",
  );
  assert.ok(
    hat.some((s) => /fishing/.test(s) && !/cycle/.test(s)),
    hat.join(" | "),
  );
});

test("a fact said in the same breath as the request is kept, the request is not", () => {
  const out = statementsFromInstruction("Please you fetch the grey wool hat, is of my nephew.", "hat");
  assert.ok(
    out.some((s) => /nephew/.test(s)),
    out.join(" | "),
  );
  assert.ok(!out.some((s) => /fetch|please/i.test(s)), out.join(" | "));
  assert.deepEqual(statementsFromInstruction("Could you get the red ball for me?", "ball"), ["the ball is red"]);
});
