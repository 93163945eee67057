/**
 * An occasion said without its word is the occasion: a cake with candles or a year gone by is a
 * birthday, getting wed a wedding, leaving work for good a retirement, and the day said in the
 * speaker's first language is the same day. A request said one way covers a statement said the
 * other. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { conceptCoverage, conceptsIn } from "../../src/language/index.ts";

describe("occasions said without their word", () => {
  it("reads each paraphrase as the occasion it names", () => {
    for (const [said, asked, label] of [
      ["the kite that came along with my cake and candles", "my birthday present", "birthday"],
      ["what I unwrapped once I was a year older", "the birthday gift", "birthday"],
      ["the lamp from my cumpleaños", "what I got for my birthday", "birthday"],
      ["the vase from the day Tom and I wed", "our wedding present", "wedding"],
      ["a clock from mi boda", "what we got at the wedding", "wedding"],
      ["the pen the depot crew gave me the day I retired", "my retirement gift", "retirement"],
      ["the staff chipped in for my leaving do", "what I got when I retired", "retirement"],
      ["the tie from when I walked across the stage", "my graduation present", "graduation"],
      ["the scarf I unwrapped in late December", "the christmas present", "christmas"],
    ]) {
      assert.ok(conceptsIn(said).includes(label), `${said}: ${conceptsIn(said)}`);
      assert.equal(conceptCoverage(conceptsIn(asked), [said]), 1, `${asked} / ${said}`);
    }
  });

  it("keeps an object taken out of use apart from a person's retirement", () => {
    assert.ok(!conceptsIn("the old kettle is retired to the shed").includes("retirement"));
    assert.ok(!conceptsIn("Noel lent me this").includes("christmas"));
  });
});

describe("a party and a car said in other words", () => {
  it("a party is an occasion, and a motor one sits in is a car", () => {
    assert.ok(conceptsIn("the clutch purse I take out to parties").includes("special occasion"));
    assert.ok(conceptsIn("the sunglasses she leaves inside the motor").includes("car"));
    assert.ok(conceptsIn("the charger we keep in my motor for long drives").includes("car"));
  });

  it("a toy's motor or a motorbike is no car", () => {
    assert.ok(!conceptsIn("the robot whose motor whirs").includes("car"));
    assert.ok(!conceptsIn("the helmet I wear on the motorbike").includes("car"));
  });
});
