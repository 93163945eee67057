import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { generateHouse, houseFromScene, loadHouseFile, saveHouseFile } from "../../sim-bridge/embedded/house.ts";
import { SimError } from "../../src/sim/simulator.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-house-"));

test("a saved house loads back unchanged, and scenes resolve seeds and files", () => {
  const house = generateHouse(21);
  const path = join(tmp, "h21.json");
  saveHouseFile(house, path);
  assert.deepEqual(loadHouseFile(path), house);
  assert.deepEqual(houseFromScene(path), house);
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
