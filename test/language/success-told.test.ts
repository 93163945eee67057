/**
 * A message telling that the robot's search succeeded ("you found my scarf in the attic") tells
 * what went well: it names a room, but it is no correction and asks nothing about that room. A
 * negation or a contrast beside it still makes it a complaint. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { reportsSuccess } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["den", "attic", "hall"];

describe("the robot's search told as a success", () => {
  it("is read from the robot and a verb of finding, with nothing negated or set against it", () => {
    for (const s of ["you found my scarf in the attic", "and you got the remote from the den, right where it was"])
      assert.ok(reportsSuccess(s), s);
    for (const s of [
      "you found it but you went through the den",
      "you never found my gloves",
      "my brother found it in the hall",
    ])
      assert.ok(!reportsSuccess(s), s);
  });

  it("is no correction, whatever room it names", () => {
    for (const m of [
      "Bravo! You found my scarf in the attic, right where I left it.",
      "You spotted my ring in the den. Top work.",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, false, m);
      assert.equal(out.items.length, 0, m);
    }
  });

  it("still asks when the report is set against something that went wrong", () => {
    const out = learn("You found my scarf in the attic, but you barged through the den again.", [], {
      rooms,
      sceneId: "s1",
    });
    assert.equal(out.signal, true);
    assert.ok(out.items.every((i) => !i.draft || i.decision !== "add"));
  });
});

describe("what the speaker would never have done, beside a find", () => {
  it("forbids nothing: the modal perfect tells, its negation bans no room", () => {
    for (const m of [
      "You dug my passport out of the attic! I'd never have searched up there. Ta very much.",
      "Cheers for the hall, we could not have checked in there for days.",
      "i would never have gone into the den for it, nice one",
    ]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.ok(!out.items.some((i) => i.draft && i.decision === "add"), `${m}: ${JSON.stringify(out.items)}`);
    }
  });

  it("still bans when the robot is told it should not have gone in", () => {
    const out = learn("You should never have gone into the den.", [], { rooms, sceneId: "s1" });
    assert.ok(
      out.items.some((i) => i.draft?.requirement.kind === "avoid_room"),
      JSON.stringify(out.items),
    );
  });
});

describe("a find told with its subject left out", () => {
  it("opens on a past that is no imperative: thanks, no correction", () => {
    for (const m of ["Spotted my gloves in the hall? Ace. Ta.", "Found the torch in the attic, cheers pal."]) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.signal, false, `${m}: ${JSON.stringify(out.items)}`);
    }
  });

  it("leaves a base form first an imperative", () => {
    const out = learn("Put nothing in the hall.", [], { rooms, sceneId: "s1" });
    assert.equal(out.signal, true);
  });
});
