/**
 * One browser connection's outgoing side. Producers (an episode's event listener) only append
 * to bounded in-memory queues and return at once; a flush sends what the socket can take. So a
 * slow or closed browser costs the episode an array push, never a wait:
 * - views images are coalesced: per stream and view only the newest unsent one is kept;
 * - events are batched per stream; when more than `maxPendingEvents` wait, the batch is dropped
 *   and replaced, once the socket drains, by the stream's whole log (`reset: true`), so the page
 *   is never left with a gap;
 * - replies and errors (small, rare) are never dropped; a client that lets thousands pile up is
 *   disconnected.
 */
import { encodeImageFrame, type ImageHeader } from "./frames.ts";

/** What the channel needs from a `ws` WebSocket (an interface, so tests can hand in a slow one). */
export interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface ChannelOptions {
  /** stop sending while the socket holds more than this many unsent bytes */
  highWaterBytes?: number;
  maxPendingEvents?: number;
  maxPendingControl?: number;
  /** the whole log of a stream, for the resync after a dropped batch */
  snapshot: (stream: string) => unknown[];
}

export interface ChannelStats {
  eventsQueued: number;
  eventsSent: number;
  imagesQueued: number;
  imagesSent: number;
  imagesCoalesced: number;
  resyncs: number;
}

interface Batch {
  events: unknown[];
  /** the pending events were dropped: send the whole log instead */
  reset: boolean;
}

export class ClientChannel {
  readonly stats: ChannelStats = {
    eventsQueued: 0,
    eventsSent: 0,
    imagesQueued: 0,
    imagesSent: 0,
    imagesCoalesced: 0,
    resyncs: 0,
  };
  private control: string[] = [];
  private batches = new Map<string, Batch>();
  private images = new Map<string, { header: ImageHeader; data: Uint8Array }>();
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private closed = false;
  private readonly highWater: number;
  private readonly maxEvents: number;
  private readonly maxControl: number;

  constructor(
    private readonly socket: Socket,
    private readonly opts: ChannelOptions,
  ) {
    this.highWater = opts.highWaterBytes ?? 1 << 20;
    this.maxEvents = opts.maxPendingEvents ?? 5000;
    this.maxControl = opts.maxPendingControl ?? 1000;
  }

  /** A reply or an error: always delivered while the client is there. */
  sendControl(message: object): void {
    if (this.closed) return;
    this.control.push(JSON.stringify(message));
    if (this.control.length > this.maxControl) {
      this.close(1008, "the page is not reading its messages");
      return;
    }
    this.schedule();
  }

  sendEvent(stream: string, event: unknown): void {
    if (this.closed) return;
    this.stats.eventsQueued++;
    let b = this.batches.get(stream);
    if (!b) {
      b = { events: [], reset: false };
      this.batches.set(stream, b);
    }
    if (b.reset) return; // the resync will carry it
    b.events.push(event);
    if (b.events.length > this.maxEvents) {
      b.events = [];
      b.reset = true;
      this.stats.resyncs++;
    }
    this.schedule();
  }

  /** Starts a stream afresh on the page: its whole log, replacing what the page holds. */
  resetStream(stream: string): void {
    if (this.closed) return;
    this.batches.set(stream, { events: [], reset: true });
    this.schedule();
  }

  dropStream(stream: string): void {
    this.batches.delete(stream);
    for (const k of this.images.keys()) if (k.startsWith(`${stream}\u0000`)) this.images.delete(k);
  }

  sendImage(header: ImageHeader, data: Uint8Array): void {
    if (this.closed) return;
    this.stats.imagesQueued++;
    const key = `${header.stream}\u0000${header.view}`;
    if (this.images.has(key)) this.stats.imagesCoalesced++;
    this.images.set(key, { header, data });
    this.schedule();
  }

  get pending(): { control: number; events: number; images: number } {
    let events = 0;
    for (const b of this.batches.values()) events += b.events.length;
    return { control: this.control.length, events, images: this.images.size };
  }

  close(code = 1000, reason = ""): void {
    if (this.closed) return;
    this.closed = true;
    this.control = [];
    this.batches.clear();
    this.images.clear();
    if (this.scheduled) clearTimeout(this.scheduled as NodeJS.Timeout);
    try {
      this.socket.close(code, reason);
    } catch {
      /* already gone */
    }
  }

  /** The socket went away: forget everything queued for it. */
  detach(): void {
    this.closed = true;
    this.control = [];
    this.batches.clear();
    this.images.clear();
  }

  private schedule(delayMs = 0): void {
    if (this.scheduled || this.closed) return;
    const run = () => {
      this.scheduled = null;
      this.flush();
    };
    this.scheduled = delayMs ? setTimeout(run, delayMs) : setImmediate(run);
  }

  private full(): boolean {
    return this.socket.bufferedAmount > this.highWater;
  }

  private flush(): void {
    if (this.closed) return;
    if (this.socket.readyState !== OPEN) {
      this.detach();
      return;
    }
    while (this.control.length && !this.full()) this.socket.send(this.control.shift()!);
    for (const [stream, b] of this.batches) {
      if (this.full()) break;
      this.batches.delete(stream);
      const events = b.reset ? this.opts.snapshot(stream) : b.events;
      if (!b.reset && events.length === 0) continue;
      this.socket.send(JSON.stringify({ type: "events", stream, reset: b.reset, events }));
      this.stats.eventsSent += events.length;
    }
    for (const [key, img] of this.images) {
      if (this.full()) break;
      this.images.delete(key);
      this.socket.send(encodeImageFrame(img.header, img.data));
      this.stats.imagesSent++;
    }
    if (this.control.length || this.batches.size || this.images.size) this.schedule(this.full() ? 15 : 0);
  }
}
