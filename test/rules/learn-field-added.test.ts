/**
 * One field added to the JSON reply in force: named after a verb of naming ("… one more field. Name
 * it spotted_at"), or said by the yes-or-no question it answers ("a field for whether it was
 * broken"). The rule in force keeps its fields and gains the new one; with no field's name read, or
 * with no JSON rule in force and no JSON said, it is asked, never JSON kept with no field. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-field-added", rooms: ["den", "garage", "scullery"] };
const json = "Reply in JSON with the fields thing and place.";
const fields = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : r.requirement.kind));

describe("a field added to the JSON rule in force", () => {
  it("is the name a verb of naming gives it", async () => {
    for (const [said, name] of [
      [
        "For the json replies, could you add one more field, the hour you spotted it? Name it spotted_at.",
        "spotted_at",
      ],
      ["in your JSON answers add another field please. Call it colour.", "colour"],
    ] as const) {
      const { rules } = await taught(house, json, said);
      assert.deepEqual(fields(rules), [["thing", "place", name]], said);
    }
  });

  it("is the word closing the question it answers", async () => {
    for (const [said, name] of [
      ["Could you add a field for whether it was broken?", "broken"],
      ["in the json, add a field for whether they were moved", "moved"],
    ] as const) {
      const { rules } = await taught(house, json, said);
      assert.deepEqual(fields(rules), [["thing", "place", name]], said);
    }
  });

  it("is asked when no name for it is read", async () => {
    const { rules, reply } = await taught(house, json, "add one more field to the JSON answers, would you");
    assert.deepEqual(fields(rules), [["thing", "place"]]);
    assert.match(reply, /\?/);
  });

  it("is asked with no JSON rule in force and no JSON said", async () => {
    const { rules, reply } = await taught(house, "in the replies, add one field too: whether it is dusty");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
