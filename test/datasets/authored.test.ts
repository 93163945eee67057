import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { type AuthoredSet, buildAuthoredSet, readAuthoredSet } from "../../src/datasets/generate/authored.ts";
import { checkScenarioSet } from "../../src/datasets/generate/checks.ts";
import { committedFileBuilds } from "./committed-authored.ts";

const house = (split: string, id: string): AuthoredSet["houses"][number] => ({
  id,
  seed: 7101,
  split,
  voice: "test",
  user: { id: `u-${id}`, name: "Pat" },
  objects: [
    { id: `${id}-m1`, category: "mug", attributes: { color: "blue", material: "ceramic", size: "medium" } },
    { id: `${id}-m2`, category: "mug", attributes: { color: "white", material: "ceramic", size: "medium" } },
    { id: `${id}-b1`, category: "book", attributes: { color: "red", material: "paper", size: "large" } },
  ],
  acquisition: [
    {
      id: `${id}-a1`,
      at: "2026-01-05T08:00:00Z",
      target: `${id}-m1`,
      say: "Fetch the blue mug, my sister gave it to me.",
      context: [{ dimension: "giver", value: "sister", text: "my sister gave it to me" }],
    },
  ],
  evaluation: [
    {
      id: `${id}-e1`,
      at: "2026-02-01T08:00:00Z",
      say: "Bring me the mug my sibling gave me.",
      target: `${id}-m1`,
      scenario: "compositional_single",
      gold: [`${id}-a1`],
      query: [{ dimension: "giver", value: "sister" }],
    },
  ],
});

test("a hand-written house builds into episodes that pass the checks; a request may name its category there", () => {
  const authored: AuthoredSet = { name: "t", description: "test", houses: [house("dev", "h1"), house("test", "h2")] };
  const set = buildAuthoredSet(authored, embeddedScenes, "dev");
  assert.deepEqual(
    set.evaluation.map((e) => e.id),
    ["h1-e1"],
  );
  assert.equal(set.acquisition.length, 1);
  assert.deepEqual(checkScenarioSet(set), []);
  const gold = set.acquisition[0].placements.find((p) => p.id === "h1-m1")?.receptacleId;
  assert.notEqual(set.evaluation[0].placements.find((p) => p.id === "h1-m1")?.receptacleId, gold);
  // the same words in a generated set give the target away
  const generated = { ...set, generator: { command: "x", seed: 1, createdBy: "src/datasets/generate" } };
  assert.match(checkScenarioSet(generated).join("\n"), /gives the target away with: mug/);
  // naming the category still may not make memory unnecessary
  const lonely = buildAuthoredSet(
    {
      name: "t",
      description: "test",
      houses: [{ ...house("dev", "h3"), objects: house("dev", "h3").objects.filter((o) => o.id !== "h3-m2") }],
    },
    embeddedScenes,
  );
  assert.match(checkScenarioSet(lonely).join("\n"), /solvable from the instruction alone/);
});

test("a hand-written file that does not fit the schema is refused naming the file and the item", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-authored-"));
  const file = join(dir, "a.json");
  const bad = { name: "t", description: "d", houses: [{ ...house("dev", "h1"), seed: "x" }] };
  writeFileSync(file, JSON.stringify(bad));
  assert.throws(
    () => readAuthoredSet(file),
    (e: Error) => e.message.includes(file) && e.message.includes("houses[0].seed"),
  );
});

// the later committed files are checked in authored-later.test.ts and authored-latest.test.ts, each file with its own time limit on a busy machine
for (const file of [
  "datasets/voices/authored.json",
  "datasets/voices-2/authored.json",
  "datasets/voices-3/authored.json",
  "datasets/voices-4/authored.json",
  "datasets/voices-5/authored.json",
  "datasets/voices-6/authored.json",
  "datasets/voices-7/authored.json",
  "datasets/voices-8/authored.json",
  "datasets/voices-9/authored.json",
  "datasets/voices-10/authored.json",
  "datasets/voices-11/authored.json",
  "datasets/voices-12/authored.json",
  "datasets/voices-13/authored.json",
  "datasets/voices-14/authored.json",
])
  committedFileBuilds(file);
