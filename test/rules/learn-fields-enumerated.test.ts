/**
 * A JSON rule's fields listed item by item with letters or numerals and semicolons ("(a) item;
 * (b) place"), joined by "and" in another tongue ("item y place", "item na place") or brought by
 * a borrowed "with" ("con", "avec"): every field is kept, and none is a list's letter. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall"], sceneId: "s1" };
const fields = async (m: string) =>
  (await taught(house, m)).rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : []));

describe("fields listed item by item or in another tongue's words", () => {
  it("are all kept", async () => {
    for (const m of [
      "From now on every answer in JSON with these keys: (a) item; (b) place; and (c) when.",
      "always reply in json containing (i) item; (ii) place",
      "from now on answer in json, only item na place, nothing else",
      "always answer in JSON con item y place",
      "answer in json avec item et place from now on",
    ]) {
      const got = await fields(m);
      assert.equal(got.length, 1, m);
      assert.ok(got[0].includes("item") && got[0].includes("place"), `${m}: ${JSON.stringify(got)}`);
      assert.ok(!got[0].some((f) => ["a", "b", "c", "i", "ii", "y", "na", "et"].includes(f)), JSON.stringify(got));
    }
  });
});
