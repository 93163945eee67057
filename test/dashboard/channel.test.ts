/**
 * A slow or closed browser never stalls an episode: the channel only queues, boundedly.
 * The socket here is a stand-in whose unsent bytes never drain (a browser that stopped
 * reading), then one that drains.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ClientChannel, type Socket } from "../../src/dashboard/channel.ts";
import { decodeImageFrame } from "../../src/dashboard/frames.ts";

class FakeSocket implements Socket {
  readyState = 1;
  bufferedAmount = 0;
  sent: (string | Buffer)[] = [];
  closed: { code?: number; reason?: string } | null = null;
  send(data: string | Buffer): void {
    this.sent.push(data);
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
    this.readyState = 3;
  }
}

const tick = () => new Promise((r) => setImmediate(r));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("a stuck browser: producing costs microseconds, queues stay bounded, then one resync catches it up", async () => {
  const log: { seq: number }[] = [];
  const socket = new FakeSocket();
  socket.bufferedAmount = 10 << 20; // stuck above the high-water mark
  const ch = new ClientChannel(socket, { snapshot: () => log, maxPendingEvents: 1000 });
  const image = new Uint8Array(20_000);
  const t0 = performance.now();
  for (let i = 0; i < 20_000; i++) {
    const e = { seq: i };
    log.push(e);
    ch.sendEvent("s1", e);
    if (i % 7 === 0) ch.sendImage({ stream: "s1", ref: `s${i}-front.jpeg`, view: "front", format: "jpeg" }, image);
  }
  const perEventUs = ((performance.now() - t0) * 1000) / 20_000;
  assert.ok(perEventUs < 50, `queueing cost ${perEventUs.toFixed(1)} µs per event`);
  await wait(40);
  assert.equal(socket.sent.length, 0, "nothing is sent while the socket is full");
  const p = ch.pending;
  assert.ok(p.events <= 1000, `pending events ${p.events}`);
  assert.equal(p.images, 1, "views are coalesced to the newest per view");
  assert.ok(ch.stats.resyncs >= 1);

  socket.bufferedAmount = 0; // the browser reads again
  await wait(40);
  const texts = socket.sent.filter((m): m is string => typeof m === "string").map((m) => JSON.parse(m));
  const batch = texts.find((m) => m.type === "events");
  assert.equal(batch.reset, true, "after dropped events the page gets the whole log");
  assert.equal(batch.events.length, 20_000);
  const frames = socket.sent.filter((m): m is Buffer => Buffer.isBuffer(m));
  assert.equal(frames.length, 1);
  assert.equal(decodeImageFrame(frames[0]).header.ref, "s19999-front.jpeg");
  assert.equal(decodeImageFrame(frames[0]).data.length, 20_000);
});

test("a healthy browser gets every event in order, batched", async () => {
  const socket = new FakeSocket();
  const ch = new ClientChannel(socket, { snapshot: () => [] });
  for (let i = 0; i < 500; i++) ch.sendEvent("s1", { seq: i });
  await tick();
  const got = socket.sent
    .map((m) => JSON.parse(m as string))
    .flatMap((m) => m.events.map((e: { seq: number }) => e.seq));
  assert.deepEqual(
    got,
    Array.from({ length: 500 }, (_, i) => i),
  );
  assert.ok(socket.sent.length < 5, `batched into ${socket.sent.length} messages`);
});

test("a closed browser: everything queued for it is dropped and later sends are no-ops", async () => {
  const socket = new FakeSocket();
  socket.bufferedAmount = 10 << 20;
  const ch = new ClientChannel(socket, { snapshot: () => [] });
  for (let i = 0; i < 100; i++) ch.sendEvent("s1", { seq: i });
  socket.readyState = 3;
  socket.bufferedAmount = 0;
  // the channel notices on its next drain; on a loaded machine that timer can come late
  for (let t = 0; t < 100 && ch.pending.events > 0; t++) await wait(40);
  assert.deepEqual(ch.pending, { control: 0, events: 0, images: 0 });
  ch.sendEvent("s1", { seq: 100 });
  assert.deepEqual(ch.pending, { control: 0, events: 0, images: 0 });
});

test("a page that lets thousands of replies pile up is disconnected, not buffered forever", () => {
  const socket = new FakeSocket();
  socket.bufferedAmount = 10 << 20;
  const ch = new ClientChannel(socket, { snapshot: () => [], maxPendingControl: 50 });
  for (let i = 0; i < 60; i++) ch.sendControl({ type: "error", message: "x" });
  assert.equal(socket.closed?.code, 1008);
});
