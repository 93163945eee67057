/**
 * A one-off set off by dashes or brackets right after the conjunction that joins two requests
 * ("…, and — only this time — avoid the porch") is the later request's: the first lasts, the
 * later holds for this task. With no conjunction before it, which request it belongs to is not
 * told, and nothing is kept as lasting. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-set-off", rooms: ["pantry", "porch", "den", "garage"] };

describe("a one-off set off between two requests", () => {
  it("belongs to the request after its conjunction", async () => {
    for (const said of [
      "keep out of the pantry, and — only this time — avoid the porch as well",
      "keep out of the pantry, and (this time only) skip the porch",
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(
        rules.map((r) => ("room" in r.requirement ? r.requirement.room : "")),
        ["pantry"],
        said,
      );
      assert.match(reply, /Just for this task, I'll stay out of the porch/, said);
    }
  });

  it("keeps nothing lasting when no conjunction tells whose it is", async () => {
    const { rules } = await taught(house, "keep out of the pantry — only this time — avoid the porch as well");
    assert.deepEqual(rules, []);
  });
});
