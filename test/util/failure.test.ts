import assert from "node:assert/strict";
import { test } from "node:test";
import { BackboneError } from "../../src/mllm/policy.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";

test("isInfrastructureFailure reads the classified errors of both parts", () => {
  assert.equal(isInfrastructureFailure(new SimError("timeout", "t", undefined, { infrastructure: true })), true);
  assert.equal(isInfrastructureFailure(new SimError("not_found", "no receptacle")), false);
  assert.equal(isInfrastructureFailure(new BackboneError("down", [], { infrastructure: true, status: 503 })), true);
  assert.equal(isInfrastructureFailure(new BackboneError("never fit the schema", [])), false);
});

test("an error that wraps a classified one is read through its cause; anything else is not infrastructure", () => {
  const inner = new SimError("disconnected", "gone", undefined, { infrastructure: true, url: "ws://x" });
  assert.equal(isInfrastructureFailure(new Error("episode e1 failed", { cause: inner })), true);
  // the outermost classification wins: a wrapper may know better than what it wraps
  const outer = Object.assign(new Error("agent gave up"), { infrastructure: false, cause: inner });
  assert.equal(isInfrastructureFailure(outer), false);
  for (const e of [new Error("boom"), "a string", undefined, null, 42, { infrastructure: "yes" }]) {
    assert.equal(isInfrastructureFailure(e), false, String(e));
  }
});

test("a disk that cannot take a write is infrastructure: SQLite's SQLITE_FULL / IOERR / READONLY, Node's ENOSPC …", () => {
  const coded = (code: string) => Object.assign(new Error("write failed"), { code });
  for (const code of ["SQLITE_FULL", "SQLITE_IOERR_WRITE", "SQLITE_READONLY", "ENOSPC", "EDQUOT", "EROFS", "EIO"])
    assert.equal(isInfrastructureFailure(coded(code)), true, code);
  assert.equal(isInfrastructureFailure(new Error("memorize", { cause: coded("SQLITE_FULL") })), true);
  for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "ENOENT", "EACCES"])
    assert.equal(isInfrastructureFailure(coded(code)), false, code);
});
