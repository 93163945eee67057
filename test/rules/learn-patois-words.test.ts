/**
 * Jamaican eye dialect's function words ("doan", "inna", "di", "yuh", "mi", "dem"), a Pidgin
 * urging that opens a request ("oya") and "today" typed as it sounds ("todey") no longer hide the
 * request or its one-off marker; "dats" is "that's", so the explanation it opens is a reason, no
 * condition. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "veranda"], sceneId: "s1" };
const decisions = (m: string) => learn(m, [], house).items.map((i) => i.decision);

describe("a request in patois words", () => {
  it("keeps its one-off for this task only", () => {
    for (const m of [
      "jus dis time doan go inna di pantry",
      "oya just this time, keep out of the garage",
      "only for todey, the veranda no",
    ])
      assert.deepEqual(decisions(m), ["task_local"], m);
  });

  it("keeps a lasting ban lasting", () => {
    assert.deepEqual(decisions("doan evah go inna di garage, never"), ["add"]);
  });

  it("'dats when' after a window opens a reason, no condition", async () => {
    for (const m of [
      "doan go inna di pantry 6 to 8 in the evening, dats when mi cook",
      "keep out a di garage from 9 till 11 pls dats when mi fix di car",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.conditions.map((c) => c.kind)),
        [["time"]],
        m,
      );
    }
  });

  it("reads a reply rule said in them", async () => {
    const { rules } = await taught(house, "whenever yuh find mi tings dem, tell mi which room yuh find dem in");
    assert.deepEqual(
      rules.map((r) => [r.requirement.kind, r.conditions.length]),
      [["mention", 0]],
    );
  });
});
