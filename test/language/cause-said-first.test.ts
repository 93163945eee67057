/**
 * A clause of cause said before its main clause with no comma after it ("because the strap snapped
 * I carry the canvas bag now"): it ends where the main clause's subject and verb begin, and the
 * fact of the main clause is written without the cause in it (the cause is a fact of its own, the
 * change it brings is read as when "so" joins them). Sentences written for this test, none from a
 * scenario set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";

/** The statement that names `what`, and no statement carries `cause` together with it. */
function factWithoutCause(s: string[], what: RegExp, cause: RegExp): void {
  assert.ok(
    s.some((t) => what.test(t) && !cause.test(t)),
    `a statement says ${what} without ${cause}: ${JSON.stringify(s)}`,
  );
  assert.ok(!s.some((t) => what.test(t) && cause.test(t)), `the cause is not in the fact: ${JSON.stringify(s)}`);
}

describe("a cause said first, with no comma", () => {
  it("since …: the main clause is a fact of its own", () => {
    const s = statementsFromInstruction(
      "since the zip on my rucksack gave out I take the orange backpack to the climbing wall",
      "backpack",
    );
    factWithoutCause(s, /the user takes .*climbing wall/, /zip|gave out/);
  });

  it("because …: the subject of the main clause is the user", () => {
    const s = statementsFromInstruction(
      "because the brim got crushed in the car I wear the straw hat for fishing now",
      "hat",
    );
    factWithoutCause(s, /the user wears .*fishing/, /brim|crushed/);
  });

  it("now that …: the change stays said", () => {
    const s = statementsFromInstruction("now that the handle came loose I drink my tea from the speckled mug", "mug");
    factWithoutCause(s, /the user drinks .*tea/, /handle|loose/);
    assert.ok(
      s.some((t) => /\bnow\b/.test(t) && /tea/.test(t)),
      `the change keeps its "now": ${JSON.stringify(s)}`,
    );
  });

  it("as …: a cause clause, but not a phrase of role", () => {
    const s = statementsFromInstruction("as the old one leaks I pack the steel bottle for hikes these days", "mug");
    factWithoutCause(s, /the user packs .*hikes/, /leaks/);
    const kept = statementsFromInstruction("as a present I keep this mug on the shelf", "mug");
    assert.ok(
      kept.some((t) => /present/.test(t) && /shelf/.test(t)),
      JSON.stringify(kept),
    );
  });
});
