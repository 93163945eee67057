/**
 * A field added to the JSON reply in force: with an adverb between the verb and the field
 * ("add also the field colour"), or named after "a field for the" ("a field for the colour"), the
 * reply keeps its fields and gains that one; a closing "thanks" is no field; "a field for whether
 * it was broken" is named by the word closing the question ("broken"), while a clause of whether
 * with a verb of its own ("whether you moved it") names none, so it is asked. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "attic"], sceneId: "s1" };
const JSON_RULE = "Answer in JSON with the keys item and place.";
const fieldsOf = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.flatMap((r) => (r.requirement.kind === "json_fields" ? [r.requirement.fields] : []));

describe("a field added to the JSON reply in force", () => {
  it("is read with an adverb after the verb, or after 'a field for the'", async () => {
    for (const m of ["kindly add too the field colour", "add a field for the colour, thanks"]) {
      const { rules } = await taught(house, JSON_RULE, m);
      assert.deepEqual(fieldsOf(rules), [["item", "place", "colour"]], m);
    }
  });

  it("names the field by the word closing a clause of whether with a linking verb", async () => {
    const { rules } = await taught(house, JSON_RULE, "add a field for whether it was broken");
    assert.deepEqual(fieldsOf(rules), [["item", "place", "broken"]]);
  });

  it("names no field from a clause of whether with a verb of its own, and changes nothing", async () => {
    const { rules } = await taught(house, JSON_RULE, "add a field for whether you moved it");
    assert.deepEqual(fieldsOf(rules), [["item", "place"]]);
  });
});
