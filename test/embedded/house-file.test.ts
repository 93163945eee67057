import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { generateHouse } from "../../sim-bridge/embedded/generate.ts";
import {
  DEFAULT_SCENE_DIRS,
  houseFromScene,
  loadHouseFile,
  MAX_SCENE_FILE_BYTES,
  resolveSceneFile,
  saveHouseFile,
  sceneDirs,
  setSceneDirs,
} from "../../sim-bridge/embedded/house-file.ts";
import { SimError } from "../../src/sim/simulator.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-house-"));

test("a saved house loads back unchanged, and scenes resolve seeds and files", () => {
  const house = generateHouse(21);
  const path = join(tmp, "h21.json");
  saveHouseFile(house, path);
  assert.deepEqual(loadHouseFile(path), house);
  assert.deepEqual(houseFromScene(path, [tmp]), house);
  assert.deepEqual(houseFromScene("h21.json", [tmp]), house, "a name relative to a scene folder");
  assert.deepEqual(houseFromScene("seed:21"), house);
});

test("a bad house file's error names the file and the field", () => {
  const house = JSON.parse(JSON.stringify(generateHouse(22)));
  house.rooms[1].rect.x1 = "wide";
  const path = join(tmp, "bad.json");
  writeFileSync(path, JSON.stringify(house));
  assert.throws(
    () => loadHouseFile(path),
    (e) =>
      e instanceof SimError &&
      e.message.includes(path) &&
      e.message.includes("rooms.1.rect.x1") &&
      e.path === "rooms.1.rect.x1",
  );
  const dangling = JSON.parse(readFileSync(join(tmp, "h21.json"), "utf8"));
  dangling.furniture[0].roomId = "nowhere";
  writeFileSync(path, JSON.stringify(dangling));
  assert.throws(() => loadHouseFile(path), /furniture\.0\.roomId.*unknown room "nowhere"/);
  writeFileSync(path, "{ not json");
  assert.throws(
    () => loadHouseFile(path),
    (e) => e instanceof SimError && e.message.includes("not valid JSON"),
  );
});

test("a missing house file is not_found", () => {
  assert.throws(
    () => loadHouseFile(join(tmp, "missing.json")),
    (e) => e instanceof SimError && e.code === "not_found" && e.message.includes("missing.json"),
  );
});

/** Expects a SimError with this code whose message does not quote `secret`. */
function refused(fn: () => unknown, code: string, secret?: string): SimError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SimError, String(e));
    assert.equal(e.code, code, e.message);
    if (secret) assert.ok(!e.message.includes(secret), `the error quotes the file: ${e.message}`);
    return e;
  }
  assert.fail("expected a refusal");
}

test("scene files come only from the scene folders: /etc/passwd, links and ../ are not_found, unread", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-scenes-"));
  const outside = mkdtempSync(join(tmpdir(), "polar-outside-"));
  const secret = join(outside, "secret.json");
  writeFileSync(secret, "root:x:0:0:root:/root:/bin/bash\n");
  symlinkSync(secret, join(dir, "link.json"));
  symlinkSync(outside, join(dir, "linkdir"));
  for (const scene of [
    "/etc/passwd",
    secret,
    "link.json",
    join(dir, "link.json"),
    "linkdir/secret.json",
    "../" + join(outside.split("/").pop() as string, "secret.json"),
    join(dir, "..", outside.split("/").pop() as string, "secret.json"),
    join(dir, "missing.json"),
  ]) {
    const e = refused(() => houseFromScene(scene, [dir]), "not_found", "root:x");
    assert.ok(e.message.includes(scene), `the error names the request's path: ${e.message}`);
    assert.ok(!e.message.includes(outside) || scene.includes(outside), "and no other server path");
  }
  assert.throws(() => resolveSceneFile("/etc/passwd", []), /none configured/);
  // the process-wide setting: the project's folders by default, `--scene-dir` replaces them
  assert.deepEqual(sceneDirs(), DEFAULT_SCENE_DIRS);
  saveHouseFile(generateHouse(3), join(dir, "h3.json"));
  const before = setSceneDirs([dir]);
  try {
    assert.equal(houseFromScene("h3.json").id, generateHouse(3).id);
    refused(() => houseFromScene("/etc/passwd"), "not_found", "root:");
  } finally {
    setSceneDirs(before);
  }
  refused(() => houseFromScene(join(dir, "h3.json")), "not_found");
});

test("devices, FIFOs, folders and oversized files are refused before reading; bad JSON is not quoted", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-scenes-"));
  const t0 = performance.now();
  const zero = refused(() => houseFromScene("/dev/zero", ["/dev"]), "invalid_params");
  assert.match(zero.message, /not a regular file/);
  refused(() => loadHouseFile("/dev/zero"), "invalid_params");
  const fifo = join(dir, "pipe.json");
  if (spawnSync("mkfifo", [fifo]).status === 0) {
    // opening a FIFO for reading would wait for a writer: the loader must not
    assert.match(refused(() => houseFromScene("pipe.json", [dir]), "invalid_params").message, /not a regular file/);
  }
  mkdirSync(join(dir, "folder.json"));
  refused(() => houseFromScene("folder.json", [dir]), "invalid_params");
  const big = join(dir, "big.json");
  const fd = openSync(big, "w");
  closeSync(fd);
  spawnSync("truncate", ["-s", String(MAX_SCENE_FILE_BYTES + 1), big]);
  assert.match(refused(() => houseFromScene("big.json", [dir]), "invalid_params").message, /limit/);
  writeFileSync(join(dir, "text.json"), "root:x:0:0:root:/root:/bin/bash\n");
  refused(() => houseFromScene("text.json", [dir]), "invalid_params", "root:x");
  assert.ok(performance.now() - t0 < 5000, "refused at once");
});

test("a house file with absurd coordinates is refused", () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-scenes-"));
  const house = JSON.parse(JSON.stringify(generateHouse(5)));
  house.bounds.x1 = 1e15;
  writeFileSync(join(dir, "huge.json"), JSON.stringify(house));
  const e = refused(() => houseFromScene("huge.json", [dir]), "invalid_params");
  assert.equal(e.path, "bounds.x1");
});
