/**
 * A JSON reply rule said with no fields, then a clause that brings things into the reply ("put
 * …", "add …", "include …"), is one JSON rule with those fields: never a separate mention rule
 * beside it that nobody asked for. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["cellar", "hall"], sceneId: "s1" };

describe("fields brought into a JSON reply by a later clause", () => {
  it("are the JSON rule's fields, and no other rule is kept", async () => {
    for (const m of [
      "From now on reply in JSON, and put in the object and the room",
      "Give me answers as JSON. Add the room and the object.",
      "json replies please; include the object and the room in there",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      const q = rules[0].requirement;
      assert.equal(q.kind, "json_fields", m);
      if (q.kind === "json_fields") assert.deepEqual([...q.fields].sort(), ["object", "room"], m);
    }
  });

  it("a clause that brings nothing in leaves the JSON rule as it was", async () => {
    const { rules } = await taught(house, "Answer in JSON with the object. Then stay out of the cellar.");
    const kinds = rules.map((r) => r.requirement.kind).sort();
    assert.deepEqual(kinds, ["avoid_room", "json_fields"]);
  });

  it("fields listed after the JSON of a written summary are that summary's, not a reply rule beside it", async () => {
    for (const m of [
      "Keep the log as JSON, with the fields object and room.",
      "your notes in json please - keys object, room",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      const q = rules[0].requirement;
      assert.equal(q.kind === "json_fields" && q.target, "artifact", m);
      if (q.kind === "json_fields") assert.deepEqual([...q.fields].sort(), ["object", "room"], m);
      assert.match(reply, /write my notes in JSON/, m);
    }
  });

  it("a report addressed to the user is a reply, and a written log stays an artifact", async () => {
    const told = await taught(house, "Send your reports to me in JSON with the fields object and room.");
    assert.equal(told.rules.length, 1, JSON.stringify(told.rules));
    assert.equal(told.rules[0].stage, "delivery");
    const written = await taught(house, "Keep your reports under 15 words.");
    assert.equal(written.rules[0]?.stage, "artifact", JSON.stringify(written.rules));
  });
});
