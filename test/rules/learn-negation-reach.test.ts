/**
 * A negation reaches a later verb of going only through a word that joins the two verbs ("don't
 * stop or go in"): with nothing joining them, as in a run-on message without punctuation, the later
 * verb starts a clause of its own about someone else ("… the kids running in there"), and is no
 * second ban. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["landing", "den", "porch"], sceneId: "s1" };
const kinds = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => `${r.requirement.kind}:${(r.requirement as { room?: string }).room}`).sort();

describe("how far a negation reaches", () => {
  it("stops before a verb of going with nothing joining it to the negated one", async () => {
    for (const m of [
      "pls dont stop on the landing lah the kids running in there",
      "never stop on the landing my mum walking through there all day",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(kinds(rules), ["no_stop_in_room:landing"], m);
    }
  });

  it("reaches a verb joined to the negated one", async () => {
    const { rules } = await taught(house, "don't stop on the landing or go in the den");
    assert.deepEqual(kinds(rules), ["avoid_room:den", "no_stop_in_room:landing"]);
  });
});
