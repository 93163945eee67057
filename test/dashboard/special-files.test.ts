/**
 * A FIFO, device or folder where the dashboard expects a data file (progress.json, events.jsonl,
 * map.json, map.png, a call's sent photo) is refused with a message naming it; nothing blocks. The dashboard runs as
 * its own process: a read that blocked would freeze it, and the test sees that as no answer.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { startPolar } from "../cli/polar-process.ts";
import { TestClient } from "./fixture.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-dash-fifo-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
const mkfifo = (p: string) => execFileSync("mkfifo", [p]);

async function get(url: string, ms: number): Promise<number> {
  const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
  await r.arrayBuffer();
  return r.status;
}

test("FIFOs in a results or run folder: the progress poll, a replay, a map and a sent photo are refused, the page still answers", {
  timeout: 90_000,
}, async () => {
  mkdirSync(join(tmp, "results", "x"), { recursive: true });
  writeFileSync(join(tmp, "results", "x", "results.jsonl"), "");
  mkfifo(join(tmp, "results", "x", "progress.json"));
  mkdirSync(join(tmp, "runs", "fifo-events"), { recursive: true });
  mkfifo(join(tmp, "runs", "fifo-events", "events.jsonl"));
  mkdirSync(join(tmp, "runs", "folder-events", "events.jsonl"), { recursive: true });
  const start = {
    type: "episode_start",
    episodeId: "e1",
    seq: 0,
    t: 0,
  };
  mkdirSync(join(tmp, "runs", "fifo-map"), { recursive: true });
  writeFileSync(join(tmp, "runs", "fifo-map", "events.jsonl"), `${JSON.stringify(start)}\n`);
  mkfifo(join(tmp, "runs", "fifo-map", "map.json"));
  mkdirSync(join(tmp, "runs", "fifo-map", "views"));
  const SENT = "sent-0123456789abcdef.png";
  mkfifo(join(tmp, "runs", "fifo-map", "views", SENT));

  const dash = startPolar(["dashboard", "--port", "0"], { cwd: tmp });
  const url = (await dash.waitFor(/dashboard: (http:\/\/\S+)/, 45_000))[1];
  // the progress poll has run a few times (once a second)
  await new Promise((r) => setTimeout(r, 2_500));
  assert.equal(await get(url, 5_000), 200, dash.err());

  const c = await TestClient.open(`${url.replace(/^http/, "ws").replace(/\/(\?.*)?$/, "")}/ws`);
  try {
    for (const [path, words] of [
      ["runs/fifo-events", /events\.jsonl: is a FIFO/],
      ["runs/folder-events", /events\.jsonl: is a folder/],
    ] as const) {
      c.send({ type: "replay", path });
      const m = await c.next(
        (m) => m.type === "error" && m.request === "replay" && words.test(String(m.message)),
        5_000,
      );
      assert.match(String(m.message), words);
      c.messages.length = 0;
    }
    c.send({ type: "replay", path: "runs/fifo-map" });
    const r = await c.next((m) => m.type === "replay", 5_000);
    c.send({ type: "map", stream: r.stream });
    const m = await c.next((m) => m.type === "map" || m.type === "error", 5_000);
    assert.equal(m.type, "map", JSON.stringify(m));
    assert.equal(m.info, null);
    assert.match(String(m.note), /map\.json.*FIFO/);
    c.send({ type: "sent-image", stream: r.stream, ref: SENT });
    const sent = await c.next((m) => m.type === "sent-image" || m.type === "error", 5_000);
    assert.deepEqual(sent, { type: "sent-image", stream: r.stream, ref: SENT, missing: true });
    assert.equal(await get(url, 5_000), 200, "still answering");
  } finally {
    c.close();
    await dash.stop();
  }
});
