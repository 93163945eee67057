/**
 * A numbered heading before a colon ("Item 3:", "point two:") counts the user's list: its number is
 * no hour left unread, and the request after it is kept with its own hours. A number said with a
 * room before a colon is still no heading. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { NUMBERED_HEADING } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop"], sceneId: "s1" };

describe("a numbered heading before a request", () => {
  it("is a heading only as a word of counting and its number", () => {
    for (const s of ["item 3", "point two", "section 12", "rule 1"]) assert.ok(NUMBERED_HEADING.test(s), s);
    for (const s of ["den 4", "after 4", "item", "the item 3"]) assert.ok(!NUMBERED_HEADING.test(s), s);
  });

  it("leaves the request kept with its own hours", async () => {
    for (const m of [
      "Item 3: the robot shall not enter the cellar between the hours of 7 p.m. and 9 p.m.",
      "Section 2: no entering the den from 1 pm to 4 pm, by order of the household.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.equal(rules[0].conditions.filter((c) => c.kind === "time").length, 1, m);
    }
  });
});
