/**
 * Who gave an object, what someone in the family needs it for and a weekly habit each come out
 * as one whole statement of the object, with the kind memory reads from it. Phrasings written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { kindOf } from "../../src/language/index.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";
import { statementsFromInstruction } from "../../src/policies/heuristic/extract.ts";

describe("people and habits in what the user says of an object", () => {
  it("a demonstrative 'that' does not cut a fact in two", () => {
    assert.deepEqual(statementsFromInstruction("The twins need that ball for gym class on Thursday.", "ball"), [
      "The twins need the ball for gym class on Thursday",
    ]);
    // after a preposition 'that' heads the place or occasion, whatever the tagger makes of the next word
    assert.deepEqual(statementsFromInstruction("The brass keys I also came across at that shed by the pier.", "keys"), [
      "the keys are brass",
      "the user also came across these keys at the shed by the pier",
    ]);
    assert.deepEqual(statementsFromInstruction("The scarf I wore to that concert in Leeds.", "scarf"), [
      "the user wore this scarf to the concert in Leeds",
    ]);
    // a particle after the verb does not hide the object the relative clause leaves out
    assert.deepEqual(statementsFromInstruction("The blue ball we picked up at the summer fete.", "ball"), [
      "the ball is blue",
      "the user picked this ball up at the summer fete",
    ]);
    // a relative 'that' still opens the fact it introduces
    assert.ok(
      statementsFromInstruction("Get the hat that my godson left here.", "hat").some((s) =>
        /^the user's godson left/.test(s),
      ),
    );
  });

  it("'she' and 'his' after a fact about one of the user's people are that person", () => {
    const out = statementsFromInstruction(
      "My niece has fencing on Tuesdays, she needs the silver backpack for it.",
      "backpack",
    );
    assert.ok(out.includes("the user's niece needs the silver backpack for it"), JSON.stringify(out));
    const boots = statementsFromInstruction("My stepson coaches hockey. Fetch his boots.", "shoes");
    assert.ok(boots.includes("the user's stepson's boots"), JSON.stringify(boots));
    assert.equal(readStatement("the user's stepson's boots", "shoes").about, "object");
  });

  it("the object named once, however the giver is put", () => {
    const [gift] = statementsFromInstruction("My godmother Ines posted me this camera last winter.", "camera");
    assert.equal(gift, "the user's godmother Ines posted them this camera last winter");
    assert.equal(kindOf(gift), "giver");
    assert.equal(kindOf("the user's brother picked this wallet out for them"), "giver");
    assert.equal(kindOf("the user's uncle handed them these keys at the station"), "giver");
  });

  it("a habit said as how often is a routine", () => {
    assert.equal(kindOf("the user polishes these shoes twice a month"), "routine");
    assert.equal(kindOf("the user refills this mug with broth once a day"), "routine");
  });
});
