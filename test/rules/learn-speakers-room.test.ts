/**
 * The speaker's own room ("my room") is read only where the message names the room it is: in
 * apposition to a room of the house, or as the room put right after it. Otherwise the learner,
 * which has no speaker to resolve it to, asks. Beside it: an aside of stance after "unless" ("of
 * course") leaves the condition as it was, and a directive led by the hours a permission leaves
 * ("and the rest of the time you keep out") says that permission's ban again. Phrasings written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["Tomasz's room", "spare room", "attic", "laundry"], sceneId: "s1" };

const rooms = (rules: RuleVersion["rule"][]) => rules.map((r) => (r.requirement as { room?: string }).room);
const asked = (rules: RuleVersion["rule"][]) => rules.map((r) => r.exceptions.map((e) => e.kind));

describe("the speaker's own room", () => {
  it("said in apposition to a room of the house is that room", async () => {
    for (const m of [
      "Keep away from the spare room, which is my room these days.",
      "the spare room, which is, at least until June, my room, is off limits",
      "Tomasz's room that's my own room is not for you, stay out",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.match(rooms(rules)[0] ?? "", m.startsWith("Tomasz") ? /tomasz/ : /spare room/, m);
    }
  });

  it("put right by a room of the house said after it is that room", async () => {
    for (const m of [
      "do not enter my room, Tomasz's room I mean",
      "never go in ma room at all, tomasz's room i mean",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rooms(rules), ["tomaszs room"], m);
    }
  });

  it("said with no room of the house for it is asked, never kept", async () => {
    for (const m of ["do not enter my room", "never go in my room after ten, the attic I mean"]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 0, m);
      assert.match(reply, /\?/, m);
    }
  });
});

describe("a ban that gives way when asked", () => {
  it("keeps its condition past an aside of stance", async () => {
    const m = "Consider the attic closed to you, unless, naturally, I ask you to bring something down.";
    const { rules } = await taught(house, m);
    assert.deepEqual(rooms(rules), ["attic"]);
    assert.deepEqual(asked(rules), [["instruction_mentions"]]);
  });

  it("gives way when asked where a sentence of its own says the asking makes it different", async () => {
    const m =
      "Please don't go into the attic after 8pm, the boxes are stacked high. When I ask you to, that's another matter.";
    const { rules } = await taught(house, m);
    assert.deepEqual(rooms(rules), ["attic"]);
    assert.deepEqual(asked(rules), [["instruction_mentions"]]);
    assert.ok(rules[0].conditions.some((c) => c.kind === "time"));
  });

  it("keeps a condition said inside the ban's own sentence a condition", async () => {
    const m = "keep out of the attic when the twins are up there, that is fine";
    const { rules } = await taught(house, m);
    assert.ok(rules.every((r) => r.exceptions.length === 0));
  });

  it("said again of the rest of the time after the permission is one ban", async () => {
    const m = "you may only go into the laundry if I ask you and the rest of the time you keep out";
    const { rules } = await taught(house, m);
    assert.deepEqual(rooms(rules), ["laundry"]);
    assert.deepEqual(asked(rules), [["instruction_mentions"]]);
  });
});
