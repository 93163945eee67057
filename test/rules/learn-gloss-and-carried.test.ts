/**
 * Clipped and glossed corrections: an act with its negation put last and no comma ("LINGER NO."),
 * a rule carried over to another room beside a reason that points back at it ("…, I nap in
 * there"), and JSON fields listed with slashes. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { refusedByClosingNo } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "study", "nursery"], sceneId: "s1" };
const roomsOf = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => `${r.requirement.kind}:${"room" in r.requirement ? r.requirement.room : ""}`).sort();

describe("a glossed act with its negation last", () => {
  it("refuses the act it closes, and nothing said of another", () => {
    assert.equal(refusedByClosingNo(["linger", "there", "no"]), 0);
    assert.equal(refusedByClosingNo(["you", "go", "in", "never"]), 1);
    assert.equal(refusedByClosingNo(["she", "waits", "there", "no"]), undefined);
    assert.equal(refusedByClosingNo(["you", "waited", "no"]), undefined);
    assert.equal(refusedByClosingNo(["tidy", "the", "den", "no"]), undefined);
  });

  it("keeps a ban on stopping in the room named before it", async () => {
    const { rules, reply } = await taught(house, "STUDY. CROSSING FINE. LINGER THERE NO. I READ.");
    assert.deepEqual(roomsOf(rules), ["no_stop_in_room:study"], reply);
  });
});

describe("the same rule for another room, with a reason pointing back", () => {
  it("carries the rule to the room named, and nothing else", async () => {
    const { rules, reply } = await taught(
      house,
      "Please never go into the cellar.",
      "Same goes for the nursery, the baby naps in there.",
    );
    assert.deepEqual(roomsOf(rules), ["avoid_room:cellar", "avoid_room:nursery"], reply);
  });
});

describe("JSON fields listed with slashes", () => {
  it("are the fields", async () => {
    const { rules } = await taught(house, "answers as JSON. keys: item / place / colour");
    const json = rules.find((r) => r.requirement.kind === "json_fields");
    assert.deepEqual(json?.requirement.kind === "json_fields" ? json.requirement.fields : [], [
      "item",
      "place",
      "colour",
    ]);
  });
});
