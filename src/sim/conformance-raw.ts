/**
 * The conformance checks that speak raw WebSocket frames to a bridge: input no well-behaved
 * client sends (malformed JSON, binary frames, over-large messages) and the framing itself
 * (replies in request order, each followed by the binary frames it announces).
 */
import assert from "node:assert/strict";
import type WebSocket from "ws";
import { wsPackage } from "../util/index.ts";
import { MAX_MESSAGE_BYTES, type SimSettings, type Vec3 } from "./protocol.ts";

/** A bare socket that reads text replies one at a time (binary frames are counted). */
class RawSocket {
  private readonly queue: { text?: string; binary?: Buffer }[] = [];
  private waiters: ((f: { text?: string; binary?: Buffer }) => void)[] = [];
  closed: number | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data, isBinary) => {
      const f = isBinary ? { binary: data as Buffer } : { text: (data as Buffer).toString("utf8") };
      const w = this.waiters.shift();
      if (w) w(f);
      else this.queue.push(f);
    });
    ws.on("close", (code) => {
      this.closed = code;
    });
    ws.on("error", () => {});
  }

  static open(url: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new (wsPackage().WebSocket)(url, { perMessageDeflate: false });
      ws.once("open", () => resolve(new RawSocket(ws)));
      ws.once("error", reject);
    });
  }

  next(timeoutMs: number): Promise<{ text?: string; binary?: Buffer }> {
    const f = this.queue.shift();
    if (f) return Promise.resolve(f);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no reply within ${timeoutMs} ms (socket closed: ${this.closed ?? "no"})`)),
        timeoutMs,
      );
      this.waiters.push((x) => {
        clearTimeout(t);
        resolve(x);
      });
    });
  }

  async reply(
    timeoutMs: number,
  ): Promise<{ id: unknown; ok: boolean; result?: unknown; error?: { code: string; message: string; path?: string } }> {
    const f = await this.next(timeoutMs);
    assert.ok(f.text !== undefined, "expected a JSON reply, got a binary frame");
    return JSON.parse(f.text);
  }

  close() {
    this.ws.close();
  }
}

/** One conformance check: a name and a body that throws on failure. */
export interface Check {
  name: string;
  run(): Promise<void>;
}

export function rawFrameChecks(url: string, scene: string, settings: SimSettings, timeoutMs: number): Check[] {
  const withSocket = (fn: (s: RawSocket) => Promise<void>) => async () => {
    const s = await RawSocket.open(url);
    try {
      await fn(s);
    } finally {
      s.close();
    }
  };
  const expectError = async (s: RawSocket, send: string | Buffer, code: string, id: unknown) => {
    s.ws.send(send);
    const r = await s.reply(timeoutMs);
    assert.equal(r.ok, false, `expected an error reply for ${String(send).slice(0, 40)}`);
    assert.equal(r.error?.code, code, `expected ${code}, got ${r.error?.code}: ${r.error?.message}`);
    assert.ok((r.error?.message ?? "").length > 0);
    assert.equal(r.id, id);
  };
  const helloStillWorks = async (s: RawSocket, id: number) => {
    s.ws.send(JSON.stringify({ id, verb: "hello", params: {} }));
    const r = await s.reply(timeoutMs);
    assert.equal(r.ok, true, "the session is still usable");
    assert.equal(r.id, id);
  };
  return [
    {
      name: "raw frames: malformed JSON, non-objects, missing id, unknown verb get error replies",
      run: withSocket(async (s) => {
        await expectError(s, "{not json", "bad_json", null);
        await expectError(s, "[1, 2, 3]", "bad_request", null);
        await expectError(s, '"hello"', "bad_request", null);
        await expectError(s, JSON.stringify({ verb: "hello", params: {} }), "bad_request", null);
        await expectError(s, JSON.stringify({ id: 7, params: {} }), "bad_request", 7);
        await expectError(s, JSON.stringify({ id: 8, verb: "fly", params: {} }), "unknown_verb", 8);
        await expectError(s, JSON.stringify({ id: 9, verb: "hello", params: [] }), "bad_request", 9);
        await expectError(
          s,
          JSON.stringify({ id: 10, verb: "step", params: { action: "JUMP" } }),
          "invalid_params",
          10,
        );
        await expectError(s, JSON.stringify({ id: 11, verb: "step", params: { action: "STOP" } }), "out_of_order", 11);
        await helloStillWorks(s, 12);
      }),
    },
    {
      name: "raw frames: a binary frame and an over-large message get error replies",
      run: withSocket(async (s) => {
        await expectError(s, Buffer.from([1, 2, 3]), "bad_request", null);
        const big = JSON.stringify({ id: 1, verb: "hello", params: { client: "x".repeat(MAX_MESSAGE_BYTES) } });
        await expectError(s, big, "too_large", null);
        await helloStillWorks(s, 2);
      }),
    },
    {
      name: "raw frames: non-finite numbers are refused (1e400 is invalid_params; NaN, Infinity are bad_json)",
      run: withSocket(async (s) => {
        const goal = (g: string, id: number) => `{"id":${id},"verb":"plan_path","params":{"goal":[${g},0,0]}}`;
        await expectError(s, goal("1e400", 1), "invalid_params", 1);
        await expectError(s, goal("-1e400", 2), "invalid_params", 2);
        await expectError(s, goal("1e15", 3), "invalid_params", 3);
        await expectError(s, goal("NaN", 4), "bad_json", null);
        await expectError(s, goal("Infinity", 5), "bad_json", null);
        await expectError(s, goal("-Infinity", 6), "bad_json", null);
        await helloStillWorks(s, 7);
      }),
    },
    {
      name: "raw frames: a session sending absurd coordinates does not stall another",
      run: () => absurdSessionDoesNotStallAnother(url, scene, settings, timeoutMs),
    },
    {
      name: "raw frames: replies come in request order, each followed by its binary frames",
      run: withSocket((s) => repliesInOrder(s, scene, settings, timeoutMs)),
    },
  ];
}

/** One session sends the requests that once wedged the embedded simulator; another is answered at once. */
async function absurdSessionDoesNotStallAnother(
  url: string,
  scene: string,
  settings: SimSettings,
  timeoutMs: number,
): Promise<void> {
  const bad = await RawSocket.open(url);
  const good = await RawSocket.open(url);
  try {
    const send = (id: number, verb: string, params: unknown) => bad.ws.send(JSON.stringify({ id, verb, params }));
    send(1, "load_scene", { scene, settings });
    send(2, "scene_info", {});
    assert.equal((await bad.reply(timeoutMs)).ok, true);
    const info = (await bad.reply(timeoutMs)) as { result?: { regions: { waypoint: Vec3 }[] } };
    send(3, "reset", { start: { position: info.result?.regions[0].waypoint, heading: 0 } });
    assert.equal((await bad.reply(timeoutMs)).ok, true);
    // then the requests that wedged the embedded simulator, back to back
    send(4, "reset", { start: { position: [0, 0, 1e15], heading: 0 } });
    send(5, "plan_path", { goal: [1e308, 0, 1e308] });
    send(6, "load_scene", { scene: "/dev/zero" });
    const t0 = performance.now();
    good.ws.send(JSON.stringify({ id: 1, verb: "hello", params: {} }));
    const hello = await good.reply(Math.min(timeoutMs, 5000));
    assert.equal(hello.ok, true, "the other session is answered");
    assert.ok(performance.now() - t0 < 5000, "and at once");
    for (const [id, code] of [
      [4, "invalid_params"],
      [5, "invalid_params"],
    ] as const) {
      const r = await bad.reply(timeoutMs);
      assert.equal(r.id, id);
      assert.equal(r.error?.code, code, `${id}: ${r.error?.message}`);
    }
    const zero = await bad.reply(timeoutMs);
    assert.equal(zero.id, 6);
    assert.ok(["not_found", "invalid_params"].includes(zero.error?.code ?? ""), zero.error?.message);
    send(7, "hello", {});
    assert.equal((await bad.reply(timeoutMs)).ok, true, "the bad session itself goes on");
  } finally {
    bad.close();
    good.close();
  }
}

/** Pipelined requests: each reply in request order, followed by the binary frames it announces. */
async function repliesInOrder(s: RawSocket, scene: string, settings: SimSettings, timeoutMs: number): Promise<void> {
  const send = (id: number, verb: string, params: unknown) => s.ws.send(JSON.stringify({ id, verb, params }));
  send(1, "load_scene", { scene, settings });
  send(2, "scene_info", {});
  const loaded = await s.reply(timeoutMs);
  assert.equal(loaded.id, 1);
  const info = (await s.reply(timeoutMs)) as { id: unknown; result?: { regions: { waypoint: Vec3 }[] } };
  assert.equal(info.id, 2);
  const start = { position: info.result?.regions[0].waypoint, heading: 0 };
  send(3, "reset", { start, views: ["front", "right"] });
  send(4, "step", { action: "TURN_LEFT", views: true });
  send(5, "step", { action: "TURN_LEFT" });
  for (const [id, frames] of [
    [3, 2],
    [4, 3],
    [5, 0],
  ] as const) {
    const r = await s.reply(timeoutMs);
    assert.equal(r.id, id, "in order");
    assert.equal(r.ok, true);
    for (let i = 0; i < frames; i++) {
      const f = await s.next(timeoutMs);
      assert.ok(f.binary && f.binary.length > 0, `reply ${id}: binary frame ${i}`);
    }
  }
}
