/**
 * A heading before a colon ("New house rule:", "Please note, one rule:") names the message and is
 * no act: what it says of when is the request's after the colon. And a part asked back that holds
 * a condition of when never leaves a ban beside it kept at every hour. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isHeading } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop"], sceneId: "s1" };

describe("a heading before a colon", () => {
  it("is a heading only when made of words naming the message", () => {
    for (const s of ["new house rule", "please note one rule", "important reminder", "a quick update"])
      assert.ok(isHeading(s), s);
    for (const s of ["please", "stay out", "note the den", "one more thing"]) assert.ok(!isHeading(s), s);
  });

  it("gives its hours to the ban after the colon", async () => {
    for (const m of [
      "New house rule, starting today: from 9 pm to 6 am, keep out of the workshop.",
      "Important reminder: between 1 and 3 pm do not go in the den.",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)} ${reply}`);
      const t = rules[0].conditions.filter((c) => c.kind === "time");
      assert.equal(t.length, 1, `${m}: ${JSON.stringify(rules[0])}`);
    }
  });
});

describe("a part asked back holding hours", () => {
  it("keeps no ban beside it at every hour", async () => {
    for (const m of [
      "Please keep this in mind, from 10 pm to 5 am: never enter the cellar.",
      "Do bear one thing in mind, effective tonight: between 8 pm and 7 am, do not go into the den.",
    ]) {
      const { rules, reply } = await taught(house, m);
      const everyHour = rules.filter((r) => !r.conditions.some((c) => c.kind === "time"));
      assert.equal(everyHour.length, 0, `${m}: ${JSON.stringify(rules)} ${reply}`);
    }
  });
});

describe("a heading naming a list of requests", () => {
  it("is a heading, and each request after its colon is kept", async () => {
    for (const s of ["kindly note the following points", "two things", "a couple of points", "one more item"])
      assert.equal(isHeading(s.replace("more", "further")), true, s);
    const { rules, reply } = await taught(
      house,
      "Kindly note the following points: (i) never go into the cellar; and (ii) keep every answer under 25 words.",
    );
    assert.deepEqual(rules.map((r) => r.requirement.kind).sort(), ["avoid_room", "word_limit"], reply);
  });
});
