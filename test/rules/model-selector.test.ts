/**
 * The selector through a backbone: batches of at most 32 after the computable filter, the
 * model's picks mapped back by id, and an unusable answer keeping the batch (a rule wrongly
 * dropped is never enforced). Real openai / @google/genai clients against the scripted servers.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import type { CallRecord } from "../../src/mllm/policy.ts";
import { openInput } from "../../src/rules/input.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";
import { PROVIDERS, type Scripted, scripted } from "./model-scripted.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-selector-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const WORDS =
  "apple banana cherry delta echo falcon garnet harbor igloo jasper kettle lemon mango nectar olive pepper quartz raven saffron tulip umber violet walnut xenon yarrow zinnia amber basil cobalt dahlia ember fennel ginger hazel indigo juniper".split(
    " ",
  );

/** 40 rules for u1: 36 replies that must mention a word and 2 room rules in every house, 2 for house h2 only. */
async function library(name: string): Promise<SqliteRuleLibrary> {
  const lib = new SqliteRuleLibrary(join(dir, `${name}.db`));
  let at = 1000;
  for (const w of WORDS)
    await teach(lib, "u1", `Always mention the word "${w}" in your replies.`, { sceneId: "h1", at: at++ });
  await teach(lib, "u1", "Never go into the garage.", { sceneId: "h1", at: at++ });
  await teach(lib, "u1", "Don't stop in the bathroom.", { sceneId: "h1", at: at++ });
  await teach(lib, "u1", "In this house, never go into the laundry room.", { sceneId: "h2", at: at++ });
  await teach(lib, "u1", "Here, don't stop in the office.", { sceneId: "h2", at: at++ });
  assert.equal((await lib.snapshot("u1")).rules.length, 40);
  return lib;
}

const askedIds = (text: string) => [...text.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]);

for (const provider of PROVIDERS) {
  describe(`selector through ${provider}`, () => {
    let s: Scripted;
    before(async () => {
      s = await scripted(provider);
    });
    after(() => s.server.close());
    beforeEach(() => s.server.reset());

    const open = async (lib: SqliteRuleLibrary) => {
      const calls: CallRecord[] = [];
      const { session } = await openInput({
        library: lib,
        userId: "u1",
        method: "full",
        context: { hour: 23, sceneId: "h1", instruction: "Bring me my mug." },
        model: s.layer,
      });
      session.attach({ onCalls: (c) => calls.push(...c) });
      return { session, calls };
    };

    it("reads the rules in force in batches of at most 32, after the house filter, and keeps what the model picks", async () => {
      const lib = await library(`picks-${provider}`);
      const inForce = (await lib.snapshot("u1")).rules;
      // drop every reply rule: the model says they do not bear on fetching a mug (a made-up judgment)
      s.server.setResponder((r) => {
        const ids = askedIds(s.text(r));
        return s.answer({
          rules: ids.map((id) => ({
            id,
            applies: !inForce.find((v) => v.versionId === id)?.rule.statement.includes("words"),
            reason: "x",
          })),
        });
      });
      const { session, calls } = await open(lib);
      const asked = s.server.requests.map((r) => askedIds(s.text(r)));
      assert.ok(
        asked.every((a) => a.length <= 32),
        `batches ${asked.map((a) => a.length)}`,
      );
      const all = asked.flat();
      assert.deepEqual(
        asked.map((a) => a.length),
        [32, 6],
        "38 rules in this house: a batch of 32 and one of 6",
      );
      const h2 = inForce
        .filter((v) => v.rule.scope === "scope:h2" || v.rule.scope === "scene:h2")
        .map((v) => v.versionId);
      assert.equal(h2.length, 2);
      for (const id of h2) assert.ok(!all.includes(id), "a rule for another house is never shown to the model");
      assert.equal(new Set(all).size, all.length, "each rule asked about once");
      assert.equal(calls.length, asked.length, "every selection call is accounted to the episode");
      assert.ok(calls.every((c) => c.task === "rules"));
      const selected = session.selected();
      assert.ok(selected.length > 0);
      assert.ok(
        selected.every((r) => !r.statement.includes("words")),
        "the model's drops are dropped",
      );
      await lib.close();
    });

    it("an answer naming an unknown id keeps the whole batch, and says so", async () => {
      const lib = await library(`unknown-${provider}`);
      s.server.setResponder(() => s.answer({ rules: [{ id: "R999@1", applies: false, reason: "made up" }] }));
      const { session } = await open(lib);
      assert.equal(session.selected().length, 38, "every rule of this house kept");
      assert.match(session.summary.selectionNotes.join(" "), /unknown ids R999@1: kept all/);
      await lib.close();
    });

    it("an answer that never fits the schema keeps the batch (a dropped rule is never enforced)", async () => {
      const lib = await library(`bad-${provider}`);
      s.server.setResponder(() => s.answer("not json at all"));
      const { session } = await open(lib);
      assert.equal(session.selected().length, 38, "every rule of this house kept");
      assert.match(session.summary.selectionNotes.join(" "), /unusable/);
      await lib.close();
    });
  });
}
