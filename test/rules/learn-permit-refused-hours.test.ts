/**
 * A permission followed, in its sentence or the next, by hours refused is a ban at those hours;
 * what goes on in clock hours ("when the guests eat") only says why; "only after I ask" and an
 * "otherwise no" in the voices of home are the asked exception; the speaker's room said before
 * the house's room it is names that room. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar", "den", "master bedroom"], sceneId: "s1" };
const read = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
    r.exceptions.map((c) => c.kind),
  ]);

describe("a permission with hours refused", () => {
  it("with its room fronted after 'in' is a ban at those hours", async () => {
    for (const m of [
      "In the den you can go whenever, only not between five and six in the evening",
      "Inside the den you may go any time, just not from 5 to 6 pm",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["den", [[17, 18]], []]], m);
    }
  });

  it("keeps no second condition for what goes on in clock hours said right after them", async () => {
    for (const m of [
      "You may use the study all day, but not from 2 to 4 pm when the tutor is teaching",
      "you can go in the study any time, except from two till four in the afternoon when my tutor comes round",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["study", [[14, 16]], []]], m);
    }
  });

  it("still keeps a clause of when said after a part of the day", async () => {
    const { rules } = await taught(house, "never go in the study in the afternoon when my tutor comes round");
    assert.ok(rules.every((r) => r.conditions.some((c) => c.kind === "text")));
  });

  it("reads a 'no' set off after the hours, and a statement pointing back at them with 'then', as said", async () => {
    for (const m of [
      "You can go in the den any time, but from 5 to 7 pm, no.",
      "In the den you may go, go. But from 5 to 7 pm when we are eating, no.",
      "You can go in the den any time, only not between 5 and 7 pm. Then we eat our supper before we go out.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["den", [[17, 19]], []]], m);
    }
  });

  it("with a ban in force narrows it to the hours refused", async () => {
    const { rules } = await taught(
      house,
      "Never go in the den.",
      "You can go in the den any time, but from 5 to 7 pm, no.",
    );
    assert.deepEqual(read(rules), [["den", [[17, 19]], []]]);
  });
});

describe("only after I ask, otherwise no", () => {
  it("is a ban with the asked exception", async () => {
    for (const m of [
      "Down to the cellar you may go only after I call you. Uncalled, no.",
      "Pop into the cellar if I personally send for ya, otherwise no dice.",
      "Come down to the cellar when I ask you to, otherwise naw.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["cellar", [], ["instruction_mentions"]]], m);
    }
  });

  it("without 'only' lifts nothing and bans nothing", async () => {
    const { rules } = await taught(house, "You can enter the cellar after I ask you.");
    assert.deepEqual(rules, []);
  });

  it("names the room the speaker's room is said to be", async () => {
    const { rules } = await taught(
      house,
      "Our room, the master bedroom like, is yours to go in, but only when I call you.",
    );
    assert.deepEqual(read(rules), [["master bedroom", [], ["instruction_mentions"]]]);
  });

  it("asks about the speaker's room said in a list", async () => {
    const { rules } = await taught(house, "Don't go in our room, the den or the study.");
    assert.ok(!rules.some((r) => (r.requirement as { room?: string }).room === "den" && rules.length === 1));
  });
});
