/**
 * The offline extractor keeps every fact an interaction states about its object (who gave it,
 * who needs it and for what, a habit, a place, a time, a feeling), and what it cannot shape it
 * still keeps: never nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/policies/heuristic/extract.ts";

const keeps = (instruction: string, category: string, ...words: string[]) => {
  const out = statementsFromInstruction(instruction, category);
  for (const w of words)
    assert.ok(
      out.some((s) => s.toLowerCase().includes(w)),
      `"${instruction}" → ${JSON.stringify(out)} has no statement with "${w}"`,
    );
};

describe("facts an interaction states about its object", () => {
  it("who gave it, whose it is, who needs it for what", () => {
    keeps("Grab the wallet, my aunt Rosa picked it out for me in Lisbon.", "wallet", "aunt rosa", "lisbon");
    keeps(
      "Please you bring the grey ball, is of my nephew, he kicks it around after dinner.",
      "ball",
      "nephew",
      "after dinner",
    );
    keeps("My little one needs her headphones for the spelling app at school.", "headphones", "spelling app");
  });

  it("a habit said with a time expression", () => {
    keeps("Every other Friday I take the camera to the pottery class.", "camera", "every other friday", "pottery");
    keeps("Could you fetch it, it's for the weekly bird count", "camera", "weekly bird count");
  });

  it("feelings and places", () => {
    keeps("The watch that calms me down before exams.", "watch", "calms");
    keeps("the keys that live on the hook by the back door", "keys", "hook by the back door");
  });

  it("what no rule shapes is kept as said, about the object", () => {
    const out = statementsFromInstruction("Hmm, the thing from the attic, you know.", "toy");
    assert.ok(out.some((s) => /attic/.test(s)));
  });

  it("a frame of saying or believing is the user talking; the clause after it is the fact", () => {
    const admitted = statementsFromInstruction("I have to admit the silver mug has become my favourite lately.", "mug");
    assert.ok(
      admitted.some((s) => /^the mug has become the user's favourite/.test(s)),
      JSON.stringify(admitted),
    );
    assert.ok(!admitted.some((s) => /admit/.test(s)));
    const reckon = statementsFromInstruction("I reckon my nephew left the keys in his van.", "keys");
    assert.ok(
      reckon.some((s) => /^the user's nephew left/.test(s)),
      JSON.stringify(reckon),
    );
    // "think of" is no frame: what follows is no clause
    assert.ok(statementsFromInstruction("I think of my grandad when I wear it.", "hat").some((s) => /grandad/.test(s)));
  });

  it("politeness is no fact ('if you please', 'kindly')", () => {
    assert.deepEqual(statementsFromInstruction("The tartan bag, if you please.", "bag"), ["the bag is tartan"]);
    const kindly = statementsFromInstruction("Kindly find my walnut box camera; my godson restored it.", "camera");
    assert.ok(!kindly.some((s) => /kindly|find/i.test(s)), JSON.stringify(kindly));
    assert.ok(kindly.some((s) => /godson restored/.test(s)));
  });

  it("a request and nothing else states nothing", () => {
    assert.deepEqual(statementsFromInstruction("Could you bring me my wallet, please?", "wallet"), []);
  });
});
