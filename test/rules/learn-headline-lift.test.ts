/**
 * Two terse updates of a rule in force: a ban taken back as a headline with its verb left out
 * ("cellar ban lifted."), and a room's hours changed to a two-digit hour ("change the den to 10
 * till 11 at night"; one digit was read before, two were not). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study", "cellar"], sceneId: "s1" };
const hours = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)));

describe("terse updates of a rule in force", () => {
  it("a ban lifted as a headline, the clause ending there, is taken back", async () => {
    for (const m of ["Cellar ban lifted.", "cellar restriction now cancelled"]) {
      const { rules } = await taught(house, "never go into the cellar", m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("with more after the verb it is asked, and the rule stays", async () => {
    const { rules, reply } = await taught(house, "never go into the cellar", "the cellar ban lifted at noon");
    assert.equal(rules.length, 1);
    assert.match(reply, /\?/);
  });

  it("a room's hours changed to a two-digit hour revise the rule", async () => {
    const { rules } = await taught(
      house,
      "stay out of the den from 8 to 9 at night",
      "change the den to 10 till 11 at night",
    );
    assert.deepEqual(hours(rules), [[[22, 23]]]);
  });
});
