/**
 * A permission for part of the day on a room banned all day, with the hours still banned said
 * beside it in a sentence of their own ("At night, still no.", or a ban of the same room at
 * those hours), narrows the ban to the hours said no to: it is never lifted whole, and the hours
 * said no to are never read as more hours permitted. A permission to go with no room, said after
 * a sentence about one room, is for that room even with hours; hours as the subject of "fine"
 * are when the permission holds. A predicate of allowing said with an adverb of completeness
 * ("completely fine", "all good") allows as much as without it. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "attic", "porch"], sceneId: "s1" };
const BANS = ["never go into the den", "stay out of the attic", "don't go on the porch"];

type Rule = RuleVersion["rule"];
const roomOf = (r: Rule) => (r.requirement as { room?: string }).room;
const windows = (cs: Rule["conditions"]) =>
  cs.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour}`] : [c.kind]));
const ruleFor = (rules: Rule[], room: string) => rules.find((r) => roomOf(r) === room);

describe("a permission for some hours, with the hours still banned said apart", () => {
  it("keeps the ban for the hours said no to in the next sentence, and only then", async () => {
    for (const m of [
      "the porch is ok by day now. At night, still no.",
      "you can go on the porch by day now. At night, no.",
    ]) {
      const { rules } = await taught(house, ...BANS, m);
      const porch = ruleFor(rules, "porch");
      assert.ok(porch, m);
      assert.deepEqual(windows(porch.conditions), ["21-6"], m);
      assert.deepEqual(porch.exceptions, [], m);
    }
  });

  it("reads a ban of the same room at hours, said after the permission, as when the ban holds now", async () => {
    const { rules } = await taught(
      house,
      ...BANS,
      "The den: in the daytime you can go in now. From 11 at night until 6, keep out of it.",
    );
    const den = ruleFor(rules, "den");
    assert.ok(den);
    assert.deepEqual(windows(den.conditions), ["23-6"]);
    assert.equal(rules.length, 3);
  });

  it("gives a permission with no room said the room of the sentence before, hours and all", async () => {
    const { rules } = await taught(
      house,
      ...BANS,
      "I have been thinking about the den. You may go in by day now, but not from eleven at night to seven.",
    );
    assert.deepEqual(windows(ruleFor(rules, "den")!.conditions), ["23-7"]);
    // two rooms spoken of before: whose is asked, and no rule changes
    const two = await taught(house, ...BANS, "The den and the attic. You can go in by day now.");
    assert.deepEqual(
      two.rules.map((r) => [roomOf(r), r.conditions.length, r.exceptions.length]),
      [
        ["den", 0, 0],
        ["attic", 0, 0],
        ["porch", 0, 0],
      ],
    );
  });

  it("reads hours as the subject of a predicate of allowing as the hours permitted, never banned", async () => {
    const { rules } = await taught(house, ...BANS, "The attic. Mornings are fine now.");
    const attic = ruleFor(rules, "attic");
    assert.ok(attic);
    assert.deepEqual(attic.conditions, []);
    assert.deepEqual(windows(attic.exceptions), ["6-12"]);
  });

  it("lets clock hours permitted stand against a loose part of the day said no to after them", async () => {
    const { rules } = await taught(
      house,
      ...BANS,
      "For the attic, between six and nine in the evening you may go in. During the day, no.",
    );
    const attic = ruleFor(rules, "attic");
    assert.ok(attic);
    assert.deepEqual(windows(attic.exceptions), ["18-21"]);
  });
});

describe("hours permitted as the subject, and the hours the ban is kept to said after them", () => {
  it("reads hours with the copula left out, or with a pronoun standing for them, as the hours permitted", async () => {
    for (const m of [
      "The attic. Afternoons ok now. At night, still no.",
      "Attic: in the daytime it's alright now. Nights, no.",
      "The attic. By day that is fine again. At night still no.",
    ]) {
      const { rules } = await taught(house, ...BANS, m);
      const attic = ruleFor(rules, "attic");
      assert.ok(attic, m);
      assert.deepEqual(windows(attic.conditions), m.includes("Afternoons") ? [] : ["21-6"], m);
      if (m.includes("Afternoons")) assert.deepEqual(windows(attic.exceptions), ["12-17"], m);
      assert.equal(rules.length, 3, m);
    }
  });

  it("reads 'days' opening what is said to be allowed as the daytime, as 'nights' is the night", async () => {
    const { rules } = await taught(house, ...BANS, "Porch. Days are ok now. Nights still no.");
    assert.deepEqual(windows(ruleFor(rules, "porch")!.conditions), ["21-6"]);
  });

  it("keeps the ban to the hours said with 'only' after a permission at other hours", async () => {
    for (const [m, want] of [
      ["The den is fine by day now. Nights only 2300-0500.", "23-5"],
      ["Den: daytime ok now. Only from eleven at night till five.", "23-5"],
      ["You can go in the den by day now. At night 2200-0700, still no.", "22-7"],
    ] as const) {
      const { rules } = await taught(house, ...BANS, m);
      const den = ruleFor(rules, "den");
      assert.ok(den, m);
      assert.deepEqual(windows(den.conditions), [want], m);
      assert.deepEqual(den.exceptions, [], m);
    }
  });

  it("reads a start said alone and then the window from it, after a permission, as that one window", async () => {
    const { rules } = await taught(
      house,
      ...BANS,
      "The porch is fine in the daytime now. Only after ten, from ten at night until five, no.",
    );
    assert.deepEqual(windows(ruleFor(rules, "porch")!.conditions), ["22-5"]);
  });

  it("asks when the hours said with 'only' are hours the permission allows, and changes nothing", async () => {
    for (const m of ["The den is fine by day now. Only mornings.", "The den. Daytime ok now. Evenings only."]) {
      const { rules, reply } = await taught(house, ...BANS, m);
      assert.deepEqual(ruleFor(rules, "den")!.conditions, [], m);
      assert.deepEqual(ruleFor(rules, "den")!.exceptions, [], m);
      assert.match(reply, /\?/, m);
    }
  });
});

describe("a predicate of allowing said with an adverb of completeness", () => {
  it("takes the ban back as the plain predicate does", async () => {
    for (const m of ["the attic is completely fine now", "the porch's all good again", "the attic's fair game again"]) {
      const room = m.includes("porch") ? "porch" : "attic";
      const { rules } = await taught(house, ...BANS, m);
      assert.equal(ruleFor(rules, room), undefined, m);
      assert.equal(rules.length, 2, m);
    }
  });

  it("leaves a negated predicate alone", async () => {
    const { rules } = await taught(house, ...BANS, "the attic is not totally fine yet");
    assert.ok(ruleFor(rules, "attic"));
  });
});
