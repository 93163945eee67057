/**
 * An object pointed at and told by its looks as a sentence's subject ("this tall blue one with the
 * chipped rim is …"): memory keeps its looks as a statement of their own, what it has as
 * another, and the rest as a fact about it, never the sentence as said with its pointer unread.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

test("a demonstrative or article with words of looks and 'one' as head is the object, its looks kept apart", () => {
  assert.deepEqual(
    statementsFromInstruction("This big blue one with the chipped rim is a housewarming present from Priya.", "mug"),
    ["the mug is big and blue", "this mug has the chipped rim", "the mug is a housewarming present from Priya"],
  );
  assert.deepEqual(statementsFromInstruction("That striped one was my uncle's.", "bag"), [
    "the bag is striped",
    "the bag was the user's uncle's",
  ]);
  // the category named as head reads the same way, "with" and all
  assert.deepEqual(
    statementsFromInstruction("Those brown shoes with the thick soles are for the allotment.", "shoes"),
    ["the shoes are brown", "these shoes have the thick soles", "the shoes are for the allotment"],
  );
});

test("a pointer with words that are not looks is not read as looks", () => {
  for (const s of ["The other one is for work.", "The spare one lives in the car."]) {
    const out = statementsFromInstruction(s, "umbrella");
    assert.ok(!out.some((x) => /\bis (?:other|spare)\b/.test(x)), `${s} → ${JSON.stringify(out)}`);
  }
});
