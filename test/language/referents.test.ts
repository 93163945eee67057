/**
 * Reading a change of referent by grammar (src/language/referents.ts): which described object
 * a sentence takes a role from, what it says of it, and what is left for the object wanted.
 * Sentences written for this test, none from a scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CHANGE_SAID, describedTarget, insteadOf, readReferents } from "../../src/language/index.ts";

const reading = (s: string, category: string) => readReferents(s, category, CHANGE_SAID.test(s));

describe("change of referent", () => {
  it("the subject of a verb of breaking is the old object; the rest is about the new one", () => {
    const r = reading("My old blue kettle mug cracked down the side, so now my tea goes in the tall white one.", "mug");
    assert.deepEqual(r.replaced, ["old blue kettle"]);
    assert.match(r.rest, /^now my tea goes in the tall white one/);
    assert.equal(r.aside.length, 1);
    assert.match(r.aside[0], /^the user's other mug \(the old blue kettle one\) cracked down the side$/);
  });

  it("a predicate of being finished or gone, or a part of it that went, ends the role; 'so now' opens the new object's clause", () => {
    const worn = reading("my grey hat is finished so these days I wear the green one", "hat");
    assert.deepEqual(worn.replaced, ["grey"]);
    assert.equal(worn.rest, "these days I wear the green one");
    const part = reading("the blue mug is done, the handle went, so now I drink out of the yellow one", "mug");
    assert.deepEqual(part.replaced, ["blue"]);
    assert.equal(part.rest, "now I drink out of the yellow one");
    assert.equal(part.aside.length, 2, "the mug and its handle");
    const broke = reading("the red hat broke so now I wear the blue one", "hat");
    assert.equal(broke.rest, "now I wear the blue one", "the new object's role is kept");
    assert.deepEqual(broke.aside, ["the user's other hat (the red one) broke"]);
    // no change said: a finished or gone object is the one the user talks about
    assert.deepEqual(reading("my grey hat is finished being knitted, can you bring it?", "hat").replaced, []);
    assert.deepEqual(reading("I went to get the green hat from the hall", "hat").replaced, []);
  });

  it("a contrast names the old object ('rather than', ', not … anymore')", () => {
    assert.deepEqual(
      reading("Lately the brown leather wallet is the one I carry, rather than the canvas one.", "wallet").replaced,
      ["canvas"],
    );
    const r = reading(
      "These days the one for the school run is the red scooter helmet hat, not the yellow cap anymore.",
      "hat",
    );
    assert.deepEqual(r.replaced, ["yellow"]);
    assert.doesNotMatch(r.rest, /yellow|anymore/);
  });

  it("the object of a negated use said with time, or of a stopped use, is the old object", () => {
    assert.deepEqual(
      reading("I don't wear the silver watch anymore; the gold one is my daily one now.", "watch").replaced,
      ["silver"],
    );
    assert.deepEqual(reading("I quit using the grey earbuds, they stopped charging.", "headphones").replaced, ["grey"]);
  });

  it("a pronoun that goes on about the old object stays with it", () => {
    const r = reading("I never take the green duffel anymore, it fell apart.", "bag");
    assert.deepEqual(r.replaced, ["green"]);
    assert.equal(r.rest, "");
    assert.equal(r.aside.length, 2);
  });

  it("a part of the old object that broke names it ('the strap of the brown one snapped')", () => {
    const r = reading("The strap of the brown one snapped last week, so I switched to the black watch.", "watch");
    assert.deepEqual(r.replaced, ["brown"]);
    assert.match(r.rest, /switched to the black watch/);
    const lid = reading("The lid on the tall steel one split, so these days my soup goes in the blue flask.", "mug");
    assert.deepEqual(lid.replaced, ["tall steel"]);
    // a part named with no change said is still the object asked for
    assert.deepEqual(reading("The strap of the brown watch snapped, can you find it for me?", "watch").replaced, []);
  });

  it("a change told with a base-form verb, as many Englishes tell the past, or with 'switch' and 'become'", () => {
    const base = reading("The grey one chip at the rim, so I swap to the yellow cup for my cocoa.", "mug");
    assert.deepEqual(base.replaced, ["grey"]);
    const spoil = reading(
      "The red earphones' cable spoil already, now I take the blue headphones jogging.",
      "headphones",
    );
    assert.deepEqual(spoil.replaced, ["red"]);
    assert.ok(CHANGE_SAID.test("The green pen has become my favourite"));
    assert.ok(CHANGE_SAID.test("of late I switch between two bags"));
    assert.ok(!CHANGE_SAID.test("My sister gave me the green bag for my birthday"));
  });

  it("without a word of change, a broken object is the one the user asks for", () => {
    const r = reading("My purple phone is cracked, could you find it?", "cellphone");
    assert.deepEqual(r.replaced, []);
    assert.equal(r.rest, "My purple phone is cracked, could you find it?");
  });

  it("'is no longer the one …' describes no other object", () => {
    assert.deepEqual(reading("The tan boots are no longer the ones I hike in.", "shoes").replaced, []);
  });

  it("a described object in the middle of a sentence becomes 'it', its looks kept apart", () => {
    assert.deepEqual(describedTarget("these days I read on the train with the thin black notebook", "book"), {
      text: "these days I read on the train with it",
      looks: ["thin", "black"],
    });
    assert.equal(describedTarget("the one I bring is the big red book", "book").looks.length, 0);
  });

  it("'instead of …' at the end of a statement gives the replaced description", () => {
    assert.deepEqual(insteadOf("the user now runs in these shoes instead of the grey trainers"), {
      text: "the user now runs in these shoes",
      replaced: "grey trainers",
    });
    assert.deepEqual(insteadOf("the user runs in these shoes"), {
      text: "the user runs in these shoes",
      replaced: null,
    });
  });
});
