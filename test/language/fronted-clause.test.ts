/**
 * A subordinate clause said before its main clause belongs to the main clause's fact
 * (src/language/fronted.ts), and people staying somewhere is no place of the object
 * (statement-cues.ts). Sentences written for this test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { kindOf, statementsFromInstruction } from "../../src/language/index.ts";

describe("a fronted subordinate clause", () => {
  it("is written after the main clause it belongs to", () => {
    const s = statementsFromInstruction("When my grandkids come over, they build forts with it.", "toy");
    assert.deepEqual(s, ["they build forts with this toy when the user's grandkids come over"]);
  });

  it("keeps an apposition inside it and the main clause's object", () => {
    const s = statementsFromInstruction(
      "Whenever I take Pip, our old spaniel, along the canal, I carry this one.",
      "bag",
    );
    assert.equal(s.length, 1);
    assert.match(
      s[0],
      /^the user carr\w+ this bag whenever the user take Pip, the user's old spaniel, along the canal$/,
    );
  });

  it("a condition too; a sentence without one is split as before", () => {
    assert.deepEqual(statementsFromInstruction("If the power goes out, I light this one.", "lamp"), [
      "the user lights this lamp if the power goes out",
    ]);
    assert.deepEqual(statementsFromInstruction("My uncle gave me this lamp, I sew by it.", "lamp"), [
      "the user's uncle gave them this lamp",
      "the user sews by this lamp",
    ]);
  });
});

describe("people staying somewhere", () => {
  it('is no place of the object (a word for a place, "the attic", still is)', () => {
    assert.notEqual(kindOf("they light this lamp when guests stay in the attic"), "place");
    assert.notEqual(kindOf("the user lends this lamp to whoever sleeps in the spare room"), "place");
  });
  it("the object staying somewhere is", () => {
    assert.equal(kindOf("this lamp stays in the attic"), "place");
    assert.equal(kindOf("the user keeps this lamp in the attic for when the grandkids stay over"), "place");
  });
});
