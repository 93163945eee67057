/**
 * The use of a word as the subject of a permission ("saying 'cheers' is fine again") is that word
 * allowed again: the rule against it is dropped; a permission that does not say for how long is
 * asked, and a negated one keeps the rule. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen"], sceneId: "s1" };
const texts = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "avoid_text" ? [r.requirement.text] : []));

describe("a word's use, permitted", () => {
  it("drops the rule against that word", async () => {
    for (const m of ["saying 'cheers' is fine again", "ok, calling me chief is alright from now on"]) {
      const { rules } = await taught(house, "stop saying 'cheers'", "don't call me 'chief'", m);
      assert.equal(texts(rules).length, 1, `${m}: ${JSON.stringify(texts(rules))}`);
    }
  });

  it("is asked when it does not say for how long, and a negated one drops nothing", async () => {
    const asked = await taught(house, "don't call me 'chief'", "calling me chief is fine");
    assert.deepEqual(texts(asked.rules), ["chief"]);
    assert.ok(asked.reply.includes("?"), asked.reply);
    const kept = await taught(house, "don't call me 'chief'", "calling me chief is not fine at all");
    assert.ok(texts(kept.rules).includes("chief"));
  });
});
