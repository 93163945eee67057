/**
 * A judgement of the robot's conduct with nothing checkable asked ("you've been sloppy lately",
 * "show a little more tact") says something is wrong but not
 * what to do: the learner asks back and keeps nothing. Praise, and talk about other things, stay
 * no correction. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { judgesConduct } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["den", "hall", "attic"];

describe("a judgement of the robot's conduct", () => {
  it("is read from a fault word with the robot or over time, or care asked by degree", () => {
    for (const s of [
      "you have been pretty sloppy in the hall",
      "a touch heavy-handed of late",
      "show greater restraint around the guests",
      "settle down a little when people are home",
    ])
      assert.ok(judgesConduct(s), s);
    for (const s of [
      "the dog is scared of fireworks",
      "the attic floor is rough",
      "you were quick, thanks",
      "my sister takes care of the garden",
    ])
      assert.ok(!judgesConduct(s), s);
  });

  it("makes the learner ask back, keeping no rule", () => {
    for (const m of [
      "Honestly you've been really careless around here lately.",
      "You were a bit pushy with the guests.",
      "Could the robot show more consideration in general.",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, true, m);
      assert.ok(out.items.length > 0, m);
      assert.ok(
        out.items.every((i) => i.decision === "unclear" && !i.draft && i.question),
        m,
      );
    }
  });

  it("asks back good conduct wished for in general, whatever its when-clause", () => {
    for (const m of [
      "you need to behave when my in-laws come over",
      "Robot, learn to behave yourself whenever the neighbours visit",
      "behave properly while we have friends round, ok",
      "when the kids have a sleepover you must behave",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.ok(out.items.length > 0, m);
      assert.ok(
        out.items.every((i) => i.decision === "unclear" && !i.draft && i.question),
        m,
      );
    }
  });

  it("leaves praise and other talk no correction", () => {
    for (const m of ["Nice one, you were quick today.", "The hall looks rough since the builders left."]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, false, m);
    }
  });
});

describe("the robot's presence found too much", () => {
  it("is read from the robot said to be everywhere, less of it, calming an activity, or bare care", () => {
    for (const s of [
      "you were everywhere in the flat this morning",
      "you are always just all over the place",
      "honestly robot , wherever i sit she is there",
      "could we have a bit less of you in the evenings",
      "ease up on all that following , pal",
      "careful round the glass shelf",
    ])
      assert.ok(judgesConduct(s), s);
    for (const s of [
      "my toys are all over the floor",
      "the kids were everywhere today",
      "everywhere i go in this town there is a bakery",
      "i am going to chill with my friends tonight",
      "i was careful with the vase",
      "she is careful with her things",
      "wherever i sit she is there",
    ])
      assert.ok(!judgesConduct(s), s);
  });

  it("makes the learner ask back, keeping no rule", () => {
    for (const m of [
      "You were everywhere in the flat this morning. A little less, please.",
      "Honestly robot, wherever I sit she is there.",
      "Ease up on all that following, pal.",
      "careful round the glass shelf",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, true, m);
      assert.ok(out.items.length > 0, m);
      assert.ok(
        out.items.every((i) => i.decision === "unclear" && !i.draft && i.question),
        m,
      );
    }
  });

  it("leaves news, thanks and things lying about no correction", () => {
    for (const m of [
      "The kids were everywhere today, what a day.",
      "My toys are all over the floor, sorry about the mess.",
      "Thanks, you were everywhere looking for my keys.",
      "We chilled with the neighbours all evening.",
      "I was careful with the vase when I moved it.",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, false, m);
    }
  });
});
