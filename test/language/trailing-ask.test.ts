/**
 * An asking tacked onto the end of a description ("…, bring it"), or opened with "now", is no
 * fact of the object: neither the request's described part nor a stored statement keeps it.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { describedPart, statementsFromInstruction } from "../../src/language/index.ts";

test("an asking tacked onto the end of a description is no part of it", () => {
  assert.equal(
    describedPart("the one I wear to feed the hens these days, bring it."),
    "the one I wear to feed the hens these days",
  );
  assert.equal(describedPart("Now fetch the striped thermos"), "the striped thermos");
  const said = statementsFromInstruction("Red enamel kettle, bring here. My brother gave it to me.", "mug");
  assert.ok(!said.some((s) => /bring/.test(s)), said.join(" | "));
});
