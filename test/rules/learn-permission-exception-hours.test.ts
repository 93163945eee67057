/**
 * A room permitted with hours left out of it is a ban on that room at those hours, whichever way
 * the permission and its exception are said: an imperative of going whose when is left to the
 * robot ("go in the X whenever"), a term of address after it, a clipped "'cept", "the robot is
 * permitted to", hours after the room "anywhere except" leaves out, hours said no to with a bare
 * "no" after them. The hours are the ban's conditions, never an exception that would permit them.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "sun room", "cellar", "studio"], sceneId: "s1" };

/** The one rule kept: its room and the hours it holds at, and that nothing gives way. */
function bannedAt(rules: RuleVersion["rule"][], what: string): { room?: string; hours: string[] } {
  assert.equal(rules.length, 1, what);
  const [r] = rules;
  assert.equal(r.requirement.kind, "avoid_room", what);
  assert.deepEqual(r.exceptions, [], what);
  return {
    room: (r.requirement as { room?: string }).room,
    hours: r.conditions.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour}`] : [])),
  };
}

describe("a permission with hours left out of it", () => {
  it("said as going in whenever, with the room as the object, bans the room at those hours", async () => {
    for (const m of [
      "Head into the workshop whenever you want, except between 2pm and 4pm.",
      "pop into the workshop anytime you like buddy, except from 2 till 4 in the afternoon",
      "Go in the workshop whenever, 'cept between two and four in the afternoon.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(bannedAt(rules, m), { room: "workshop", hours: ["14-16"] }, m);
    }
  });

  it("said of the robot in the third person is read as one said to it", async () => {
    const m = "The robot is permitted to enter the cellar, save between 11pm and 5am.";
    const { rules } = await taught(house, m);
    assert.deepEqual(bannedAt(rules, m), { room: "cellar", hours: ["23-5"] });
  });

  it("everywhere but a room at some hours bans that room only at those hours", async () => {
    const m = "feel free to roam anywhere in the flat except the studio before 9am";
    const { rules } = await taught(house, m);
    const got = bannedAt(rules, m);
    assert.equal(got.room, "studio");
    assert.equal(got.hours.length, 1);
    assert.match(got.hours[0], /-9$/);
  });

  it("with the hours said no to by a bare no after them bans the room then", async () => {
    for (const m of [
      "The sun room you may go in all day, but from seven to nine at night no.",
      "Sun room, from seven to nine at night: no. Other times fine.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(bannedAt(rules, m), { room: "sun room", hours: ["19-21"] }, m);
    }
  });

  it("with a reason after the bare no, in a sentence of its own, bans the room then", async () => {
    for (const m of [
      "Studio, you can use it whenever you want. Only 2 till 4 in the afternoon, no, then we record.",
      "The cellar you may visit any time you like. But from seven to nine at night, no, then he brews.",
    ]) {
      const { rules } = await taught(house, m);
      const want = m.startsWith("Studio") ? { room: "studio", hours: ["14-16"] } : { room: "cellar", hours: ["19-21"] };
      assert.deepEqual(bannedAt(rules, m), want, m);
    }
    // "then you …" may be the next thing asked: nothing is kept
    const { rules } = await taught(house, "You may go in the cellar any time. From 6 to 8 pm, no, then you come back.");
    assert.equal(rules.length, 0);
  });

  it("with the hours under a heading of exception bans the room then", async () => {
    const m = "Workshop is allowed. Exceptions: 1pm to 2pm.";
    const { rules } = await taught(house, m);
    assert.deepEqual(bannedAt(rules, m), { room: "workshop", hours: ["13-14"] });
  });

  it("said again as a refusal at the hours pointed back at is one ban, not a question", async () => {
    const m = "Workshop is allowed. Exceptions: 1pm to 2pm. That slot: no entry.";
    const { rules, reply } = await taught(house, m);
    assert.deepEqual(bannedAt(rules, m), { room: "workshop", hours: ["13-14"] });
    assert.doesNotMatch(reply, /\?/);
  });

  it("with an hour put right inside its window keeps the hour said last", async () => {
    const m =
      "the cellar you may go in any time except from half seven no wait eight to ten at night that's when I brew";
    const { rules } = await taught(house, m);
    assert.deepEqual(bannedAt(rules, m), { room: "cellar", hours: ["20-22"] });
  });

  it("never lets a standing ban give way at hours said no to with words after the no", async () => {
    for (const m of ["the cellar is fine 8am to noon, evenings no chance", "cellar ok by day, at night no way"]) {
      const { rules } = await taught(house, "Keep out of the cellar.", m);
      assert.equal(rules.length, 1, m);
      const night = rules[0].exceptions.some(
        (c) => c.kind === "time" && (c.fromHour >= 17 || c.toHour <= 6 || c.toHour > 21),
      );
      assert.ok(!night, m);
    }
  });

  it("reads a word of no trouble after hours as allowing them", async () => {
    const { rules } = await taught(house, "Keep out of the cellar.", "you may go in the cellar at night, no trouble");
    assert.ok(rules.every((r) => r.exceptions.some((c) => c.kind === "time")));
  });

  it("keeps nothing when the hours are neither permitted nor refused", async () => {
    const { rules } = await taught(house, "Sun room, from seven to nine at night.");
    assert.equal(rules.length, 0);
  });

  it("leaves a term of address out of when the permission holds, but keeps a real limit asked", async () => {
    const { rules } = await taught(house, "go in the cellar whenever you need the torch, except after midnight");
    assert.ok(rules.every((r) => r.exceptions.length === 0 || r.conditions.length > 0));
  });
});
