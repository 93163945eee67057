/**
 * One end of a ban's hours moved: the rule named ("the attic rule") is the one changed even with
 * other timed rules in force; a word of the present between the verb of a bound and its hour
 * ("ends now at 7") still moves that bound; an hour said alone and then the window it opens is one
 * window; a sentence that only says the other end stays ("the ending stays unchanged"), or a
 * request to change in words before the new hours, adds nothing of its own; and "p.m." before a
 * capital ends its sentence. Everything else about the rule stays. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "attic", "porch"], sceneId: "s1" };
const BANS = ["Never go in the den from 10pm to 6am.", "Stay out of the attic from 7pm to 6am."];

type Rule = RuleVersion["rule"];
const hours = (rules: Rule[]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    ...r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("one end of a ban's hours moved", () => {
  it("changes the rule named, and only it, with other timed rules in force", async () => {
    const { rules } = await taught(house, ...BANS, "the attic rule kicks in from 8 at night, not 7");
    assert.deepEqual(hours(rules), [
      ["den", "22-6"],
      ["attic", "20-6"],
    ]);
  });

  it("reads a word of the present between the verb of a bound and its hour", async () => {
    const { rules } = await taught(house, ...BANS, "A fix to the den: it ends now at 7, not at 6.");
    assert.deepEqual(hours(rules), [
      ["den", "22-7"],
      ["attic", "19-6"],
    ]);
  });

  it("reads an hour said alone, then the window it opens, as that one window", async () => {
    const { rules } = await taught(
      house,
      ...BANS,
      "change on the den: it shuts at eleven not ten so eleven at night till six",
    );
    assert.deepEqual(hours(rules)[0], ["den", "23-6"]);
  });

  it("keeps nothing of a request to change or of the end said to stay, and ends a sentence at p.m.", async () => {
    const { rules, reply } = await taught(
      house,
      ...BANS,
      "Regarding the attic ban, please adjust the hours. From 8 p.m. instead of 7 p.m. The ending stays unchanged.",
    );
    assert.deepEqual(hours(rules), [
      ["den", "22-6"],
      ["attic", "20-6"],
    ]);
    assert.doesNotMatch(reply, /\?/);
  });
});
