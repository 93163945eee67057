/**
 * The robot's read-back of a rule (what it says it will do): several exceptions are said under
 * one "except", joined by "or", and an exception that carries its own marker says itself; a
 * condition only people know asks for its hours as a question.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { inFirstPerson } from "../../src/rules/readback.ts";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const hours = (fromHour: number, toHour: number, quote: string): Condition => ({
  kind: "time",
  fromHour,
  toHour,
  quote,
});
const rule = (exceptions: Condition[]) => ({
  requirement: { kind: "avoid_room" as const, room: "workshop" },
  conditions: [],
  exceptions,
  scope: "global",
});

test("two permitted spans of hours are read back under one 'except', never 'except … except …'", () => {
  const said = inFirstPerson(rule([hours(8, 11, "from 8 to 11"), hours(13, 16, "from 1 to 4")]));
  assert.match(said, /^stay out of the workshop except .+ or .+$/);
  assert.equal(said.match(/\bexcept\b/g)?.length, 1, said);
});

test("one exception reads as before; one that says its own 'unless' is not given a second marker", () => {
  assert.equal(inFirstPerson(rule([hours(8, 11, "from 8 to 11")])).match(/\bexcept\b/g)?.length, 1);
  const own = inFirstPerson(rule([{ kind: "text", text: "I am home", quote: "unless I am home" }]));
  assert.doesNotMatch(own, /\bexcept\b/, own);
  assert.match(own, /unless you are home/);
});

test("a rule kept with a condition only people know asks for its hours as a question", async () => {
  for (const m of ["keep out of the den after tea", "don't stop in the hall while the lodger is in"]) {
    const { rules, reply } = await taught({ rooms: ["den", "hall"], sceneId: "s1" }, m);
    assert.equal(rules.length, 1, m);
    assert.ok(
      rules[0].conditions.some((c) => c.kind === "text"),
      m,
    );
    assert.match(reply, /\?/, reply);
  }
});

test("a room whose label says whose it is is read back by that label, and checked when said by the owner's name alone", async () => {
  const house = {
    rooms: ["kitchen", "Grandpa Teo's room", "Nadia's study", "Abuela Inés's room", "hall"],
    sceneId: "s2",
  };
  for (const [m, label] of [
    ["keep away from Teo's room please", "Grandpa Teo's room"],
    ["Grandpa Teo's room is off limits", "Grandpa Teo's room"],
    ["dont go in Nadia's study", "Nadia's study"],
    // a name with an accent is a name all the same
    ["stay clear of Inés's room", "Abuela Inés's room"],
  ]) {
    const { rules, reply } = await taught(house, m);
    assert.equal(rules.length, 1, m);
    assert.ok(reply.includes(`stay out of ${label}`), reply);
    assert.doesNotMatch(reply, /can't check/, reply);
  }
});
