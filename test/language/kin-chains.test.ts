/**
 * A chain of kin words names the relation its steps compose into, whatever words say each step
 * (English, borrowed, dialect; "A's B" or "B of A"), and a child or a neighbour said in other
 * words is still a child or a neighbour. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { conceptCoverage, conceptsIn } from "../../src/language/index.ts";

describe("kin chains", () => {
  it("composes the steps of a chain into the relation they name", () => {
    for (const [chain, english, label] of [
      ["the clock my nonna's mamma left me", "my grandmother's clock", "grandparent"],
      ["a tin from la madre de mi papá", "the tin grandad's mum gave", "grandparent"],
      ["what my fada's sista sent", "the present from my auntie", "aunt or uncle"],
      ["the tío of my mum gave it", "my mother's uncle's gift", "aunt or uncle"],
      ["my brothers daughter drew this", "the drawing by my niece", "nephew or niece"],
      ["my aunt's son lent it", "the one my cousin lent", "cousin"],
      ["the mug from my wife's father", "my father-in-law's mug", "in-law"],
    ]) {
      assert.ok(conceptsIn(chain).includes(label), `${chain}: ${conceptsIn(chain)}`);
      assert.equal(conceptCoverage(conceptsIn(english), [chain]), 1, `${english} / ${chain}`);
    }
  });

  it("leaves a chain that composes into no relation to its words", () => {
    assert.ok(!conceptsIn("my son's mum picked it").includes("grandparent"));
    assert.ok(conceptsIn("my daughter's kids").includes("grandchild"));
  });

  it("reads a possessive child noun and where a neighbour lives", () => {
    for (const [said, asked, label] of [
      ["the scarf our lass wears", "my daughter's scarf", "child"],
      ["the bairn's wellies", "the boots my kid uses", "child"],
      ["it's the laddie's ball", "my son's ball", "child"],
      ["the couple over the hedge gave it", "a gift from the neighbours", "neighbour"],
      ["old Mr Ruiz two doors down lent it", "the neighbour lent it", "neighbour"],
      ["the family living beside us brought it", "what next door brought", "neighbour"],
    ]) {
      assert.ok(conceptsIn(said).includes(label), `${said}: ${conceptsIn(said)}`);
      assert.equal(conceptCoverage(conceptsIn(asked), [said]), 1, `${asked} / ${said}`);
    }
    assert.ok(!conceptsIn("the shop across the road from the station").includes("neighbour"));
  });
});
