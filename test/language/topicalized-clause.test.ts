/**
 * A clause whose object is said before its subject ("…, the red kettle I never use anymore"):
 * after a comma it is a fact of its own, not a conjunct of the fact before it, so its negation
 * takes back only what it names, and the fact before it is kept. Sentences written for this
 * test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splitFacts, statementsFromInstruction } from "../../src/language/index.ts";

describe("an object said before its subject", () => {
  it("after a comma opens a fact of its own", () => {
    assert.deepEqual(splitFacts("Lately this scarf I wear to choir, the grey shawl I never put on anymore."), [
      "Lately this scarf I wear to choir",
      "the grey shawl I never put on anymore",
    ]);
    assert.deepEqual(splitFacts("I cycle to the depot with it, that old route we don't ride now"), [
      "I cycle to the depot with it",
      "that old route we don't ride now",
    ]);
  });

  it("keeps the fact before it when it takes something back", () => {
    const s = statementsFromInstruction(
      "Nowadays the yellow flask I fill for the ferry, the tram we stopped taking.",
      "mug",
    );
    assert.ok(
      s.some((t) => /flask/.test(t) && /ferry/.test(t) && !/tram/.test(t)),
      `the ferry fact is kept on its own: ${JSON.stringify(s)}`,
    );
  });

  it('"the one I …" after a comma still describes the object of the fact before it', () => {
    assert.deepEqual(splitFacts("I take this hat to the allotment, the one I bought in Leeds"), [
      "I take this hat to the allotment, the one I bought in Leeds",
    ]);
  });

  it("an aside of meaning or thinking restates the fact before it", () => {
    assert.deepEqual(splitFacts("I left the torch by the boiler, the boiler I mean"), [
      "I left the torch by the boiler, the boiler I mean",
    ]);
    assert.deepEqual(splitFacts("She lent me this brolly for the match, the big golf one we reckon"), [
      "She lent me this brolly for the match, the big golf one we reckon",
    ]);
  });
});
