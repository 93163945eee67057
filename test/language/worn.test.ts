/**
 * A request says its object is worn: on a part of the body (with a possessive), or with a verb
 * of wearing; "have on me" and a place named like a body part ("the back seat") say neither.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { wornCategories } from "../../src/language/index.ts";

describe("what a request says of how its object is worn", () => {
  it("a part of the body names the categories worn on it", () => {
    assert.deepEqual(wornCategories("what goes on my feet for the muddy lane"), ["shoes"]);
    assert.deepEqual(wornCategories("the thing I put over my ears on the bus"), ["headphones"]);
    assert.deepEqual(wornCategories("what I strap round my wrist for the swim"), ["watch"]);
  });

  it("a verb of wearing asks for any worn category", () => {
    const worn = wornCategories("what have I been wearing for the allotment lately") ?? [];
    assert.ok(worn.includes("hat") && worn.includes("shoes"), JSON.stringify(worn));
    assert.ok(!worn.includes("bag") && !worn.includes("cellphone"), JSON.stringify(worn));
    assert.ok(wornCategories("what do I put on for the school run") !== null);
  });

  it("what is carried, or a place named like a body part, says nothing of wearing", () => {
    assert.equal(wornCategories("what do I have on me on the ferry"), null);
    assert.equal(wornCategories("the thing I left on the back seat"), null);
    assert.equal(wornCategories("the one I read by the fire"), null);
  });
});
