import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";

const dir = mkdtempSync(join(tmpdir(), "polar-cli-rules-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const db = join(dir, "rules.db");

/** Several `polar rules` invocations in one shell: each spawn of the real CLI costs seconds. */
function polar(...calls: string[][]) {
  return calls.map((args) => {
    const r = spawnSync(process.execPath, ["bin/polar.js", "rules", ...args], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, POLAR_MEMORY__PATH: join(dir, "mem", "memory.db") },
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  });
}

const STACK = /\n\s+at .*:\d+:\d+|node:internal/;

describe("polar rules (the real CLI)", () => {
  it("teach, list, show, history, retract on one library", () => {
    const [t1, t2, t3, list, show, retract, history, json, none] = polar(
      ["teach", "--user", "u1", "--rules-db", db, "Stay out of the garage, and keep your replies under 15 words."],
      ["teach", "--user", "u1", "--rules-db", db, "not the bathroom this time"],
      ["teach", "--user", "u1", "--rules-db", db, "--json", "forget the word limit"],
      ["list", "--user", "u1", "--rules-db", db],
      ["show", "R1", "--user", "u1", "--rules-db", db],
      ["retract", "R1", "--user", "u1", "--rules-db", db],
      ["history", "--user", "u1", "--rules-db", db],
      ["list", "--user", "u1", "--rules-db", db, "--json"],
      ["list", "--user", "nobody", "--rules-db", db, "--json"],
    );
    assert.equal(t1.code, 0, t1.err);
    assert.match(t1.out, /add\s+R1 never enter the garage → programmatic/);
    assert.match(t1.out, /add\s+R2 reply of at most 14 words → programmatic/);
    assert.match(
      t1.out,
      /^robot: From now on I'll stay out of the garage\. From now on I'll keep my replies to 14 words or fewer\.$/m,
    );
    assert.match(t2.out, /task_local .*not stored/s);
    assert.equal(JSON.parse(t3.out).items[0].decision, "retract");
    assert.match(list.out, /^R1 +v1 +programmatic never enter the garage/m);
    assert.doesNotMatch(list.out, /R2/);
    assert.match(show.out, /said: +"Stay out of the garage"/);
    assert.match(show.out, /validation: +validated in 1 round/);
    assert.match(retract.out, /retracted R1 \(R1@2 retracts R1@1\)/);
    assert.match(history.out, /R2@2 +retract +retracts R2@1 +"forget the word limit"/);
    assert.equal(json.code, 0, json.err);
    assert.deepEqual(
      (JSON.parse(json.out) as { ruleId: string }[]).map((r) => r.ruleId),
      [],
      "R1 and R2 were retracted",
    );
    assert.equal(none.code, 0, none.err);
    assert.equal(none.out.trim(), "[]", "a user with no rules is an empty list, not an error");
  });

  it("the default library sits next to memory.path; reading commands never create one", () => {
    const [missing, scripted, taught] = polar(
      ["list", "--user", "u1"],
      ["list", "--user", "u1", "--json"],
      ["teach", "--user", "u9", "never stop in the hallway"],
    );
    assert.equal(missing.code, 2);
    assert.match(missing.err, /^polar: no rules library at .*mem\/rules\.db/);
    // a script listing rules before any were taught gets an empty list, exit 0
    assert.equal(scripted.code, 0, scripted.err);
    assert.deepEqual(JSON.parse(scripted.out), []);
    assert.equal(taught.code, 0, taught.err);
    assert.ok(existsSync(join(dir, "mem", "rules.db")));
  });

  it("bad input is one line, exit 2, no stack", () => {
    const rs = polar(
      ["list", "--user", "nobody", "--rules-db", db],
      ["retract", "garage", "--user", "u1", "--rules-db", db],
      ["retract", "R1", "--user", "u1", "--rules-db", db],
      ["show", "R77", "--user", "u1", "--rules-db", db],
      ["teach", "--user", "u1", "--rules-db", db, "   "],
      ["list", "--user", "u1", "--rules-db", dir],
    );
    const want = [
      /unknown user "nobody"/,
      /not a rule id/,
      /already retracted/,
      /has no rule R77/,
      /message is empty/,
      /is a folder/,
    ];
    rs.forEach((r, i) => {
      assert.equal(r.code, 2, `${i}: ${r.err}`);
      assert.match(r.err, want[i]);
      assert.doesNotMatch(r.err, STACK);
      assert.equal(r.err.trim().split("\n").length, 1, r.err);
    });
  });
});
