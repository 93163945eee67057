/**
 * More everyday concepts said without their word: a second home (the cottage, the lake house, a
 * cabin), a car called by its make or model, a step up at work, a marriage, an age reached, the
 * dark half of the year, the sky opening, people who stay the night, a housemate in slang, a crew
 * at work and a parent's older sibling. A request said one way covers a statement said the other.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { conceptCoverage, conceptsIn } from "../../src/language/index.ts";

describe("concepts said without their word", () => {
  it("reads each paraphrase as the concept it names, and a request said one way covers the other", () => {
    for (const [said, asked, label] of [
      ["the lantern stays at our lake house", "the thing I keep at the cabin", "cabin"],
      ["the user keeps this rug at the cottage", "what lives at the little wooden place by the river", "cabin"],
      ["the board game goes to the weekend place in the hills", "the one for our mountain retreat", "cabin"],
      ["the scraper rides in the Subaru", "what I keep in the car", "car"],
      ["the user leaves the map in the Octavia", "the thing that stays in my car", "car"],
      ["the pram lives in the hatchback", "what I keep in the car", "car"],
      ["my team gave me this pen when I was made manager", "the gift from my promotion", "promotion"],
      ["the user got this flask when they took command of the ship", "what I got when I became captain", "promotion"],
      ["the clock came the year of our marriage", "our wedding present", "wedding"],
      ["my aunt sent the scarf when I turned nine", "the birthday present", "birthday"],
      ["the user got the kite for the user's 31st", "the present from my birthday", "birthday"],
      ["the user wears this beanie in the dark months", "the one for winter", "winter"],
      ["the coat for when the heavens open", "the one I wear in the rain", "rain"],
      ["the blanket for folks who stay over", "what the guests use", "guests"],
      ["the towels are for whoever sleeps on the sofa bed", "the thing for our visitors", "guests"],
      ["the mug belongs to the fella I live with", "my roommate's mug", "roommate"],
      ["the gang at work chipped in for this lamp", "what my colleagues gave me", "coworker"],
      ["my mum's younger sister knitted it", "the thing my aunt made", "aunt or uncle"],
    ]) {
      assert.ok(conceptsIn(said).includes(label), `${said}: ${conceptsIn(said)}`);
      assert.equal(conceptCoverage(conceptsIn(asked), [said]), 1, `${asked} / ${said}`);
    }
  });

  it("leaves the same words alone where they name something else", () => {
    assert.ok(!conceptsIn("I turned one of the taps off").includes("birthday"));
    assert.ok(!conceptsIn("she turned two pages back").includes("birthday"));
    assert.ok(!conceptsIn("my father's brother's flat").includes("sibling"));
    assert.ok(!conceptsIn("the user plays golf on sundays").includes("car"));
    assert.ok(!conceptsIn("the user pours the coffee into this mug").includes("rain"));
    assert.ok(!conceptsIn("bring my keys, I'm running late").includes("running"));
    assert.ok(conceptsIn("the shoes I wear running by the canal").includes("running"));
  });
});
