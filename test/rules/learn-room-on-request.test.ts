/**
 * A room said only to give way when the user asks, in words the clause grammar reads no act in
 * ("the loft: only when I send you up"), and nothing else said of it, is a lasting ban with the
 * asked exception (the instruction names the room), as the question back used to read it; said with
 * a hedge or as a question it stays that question. With a ban on the room in force, the ban gains
 * the exception. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["sewing room", "den", "cellar"], sceneId: "s1" };
const shape = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [r.requirement.kind, (r.requirement as { room?: string }).room, r.exceptions.map((e) => e.kind)]);

describe("a room only when the user asks", () => {
  it("is a lasting ban with the asked exception", async () => {
    for (const m of [
      "Sewing room, only if I have asked you to fetch something from it.",
      "You may use the den, but only when I call you in. Other times keep out.",
      // entering there only on request, before the ban of the other times: the room said before it
      "the den is my den now. you come in there only when i send for you, other times do not come",
    ]) {
      const { rules } = await taught(house, m);
      const room = m.includes("den") ? "den" : "sewing room";
      assert.deepEqual(shape(rules), [["avoid_room", room, ["instruction_mentions"]]], m);
    }
  });

  it("adds the exception to a ban on the room in force", async () => {
    const { rules } = await taught(house, "Never go into the cellar.", "Cellar: only when I send you down there.");
    assert.deepEqual(shape(rules), [["avoid_room", "cellar", ["instruction_mentions"]]]);
  });

  it("stays a question when hedged or asked", () => {
    for (const m of ["I guess the den only when I ask you, maybe?", "The den only when I call you?"]) {
      const items = learn(m, [], house).items;
      assert.ok(
        items.every((i) => i.decision === "unclear"),
        m,
      );
    }
  });
});
