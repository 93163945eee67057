/**
 * A Simulator reached over the wire protocol (src/sim/protocol.ts): the embedded server or any
 * bridge (Habitat). Replies are matched to requests by id; the binary frames a reply announces
 * are collected before the reply is resolved; every result is validated against VERB_RESULTS.
 * Timeouts, refused connections and dropped connections become SimErrors that name the URL and
 * the verb, marked `infrastructure` (src/sim/simulator.ts says why); error replies from the
 * bridge are not.
 *
 * A request that times out ends the connection. Dropping only its late reply (ids are never
 * reused, so it could not be mistaken for another answer) is not enough: a bridge that was merely
 * slow or frozen (SIGSTOP, then SIGCONT) still executes the request when it resumes, after the
 * client has moved on. A timed-out load_scene then lands under the next episode's reset, whose
 * objects reference receptacles of a scene that is no longer loaded ("no receptacle ... in the
 * scene"), and every request queued behind it answers late too. After a timeout the client no
 * longer knows the session's state, so nothing more is sent on it: the pending and all later
 * requests fail as `disconnected` (infrastructure), and no late reply or binary frame can reach
 * anyone. Reconnecting is the caller's move (createSimulator again): a new connection is a new
 * session on the bridge, with no scene loaded, which callers that remember the loaded scene per
 * Simulator object must see as a new object.
 */
import type WebSocket from "ws";
import type { z } from "zod";
import { wsPackage } from "../util/index.ts";
import { FeatureGate, planPathParams } from "./features.ts";
import type { Action, PlanPathParams } from "./protocol.ts";
import { ImageHeader, Reply, VERB_RESULTS, type Verb } from "./protocol.ts";
import { type Image, SimError, type Simulator, type ViewsRequest, type WithImages } from "./simulator.ts";

export interface ConnectOptions {
  /** per request (default 30 s) */
  timeoutMs?: number;
  /** for opening the connection (default: timeoutMs) */
  connectTimeoutMs?: number;
}

interface Pending {
  verb: Verb;
  resolve: (v: { result: unknown; images: Image[] }) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** A reply whose announced binary frames are still arriving. */
interface Collecting {
  pending: Pending | undefined;
  result: unknown;
  headers: z.infer<typeof ImageHeader>[];
  frames: Buffer[];
}

/** The image headers a result announces: `images`, or for step `observation.images`. */
export function announcedImages(result: unknown): unknown {
  const r = result as { images?: unknown; observation?: { images?: unknown } } | null;
  return r?.images ?? r?.observation?.images;
}

const SOCKET_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  EPIPE: "connection broken",
};

/** A socket error in words: "connection refused" for ECONNREFUSED, else its own message. */
function socketFailure(e: Error): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code && SOCKET_CODES[code]) ?? e.message;
}

// Frames from the bridge can be large (a 4096² PNG top-down map); refuse only the absurd.
const MAX_INCOMING_BYTES = 256 * 2 ** 20;

export class WebSocketSimulator implements Simulator {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private collecting: Collecting | undefined;
  private closedReason: string | undefined;
  /** whether the reason the connection ended is a transport failure (see SimFailure) */
  private closedByTransport = false;
  private readonly features: FeatureGate;

  private constructor(
    readonly url: string,
    private readonly ws: WebSocket,
    private readonly timeoutMs: number,
  ) {
    this.features = new FeatureGate(() => this.hello(), url);
    ws.on("message", (data, isBinary) => this.onFrame(data as Buffer, isBinary));
    ws.on("close", (code, reason) => {
      const why = reason.length ? `${code} ${reason.toString()}` : String(code);
      this.fail(`connection to ${this.url} closed (${why})`, true);
    });
    ws.on("error", (e) => this.fail(`connection to ${this.url} failed: ${socketFailure(e)}`, true));
  }

  static connect(url: string, opts: ConnectOptions = {}): Promise<WebSocketSimulator> {
    const timeoutMs = opts.timeoutMs ?? 30_000;
    const connectMs = opts.connectTimeoutMs ?? timeoutMs;
    return new Promise((resolve, reject) => {
      let ws: WebSocket;
      try {
        ws = new (wsPackage().WebSocket)(url, { maxPayload: MAX_INCOMING_BYTES, perMessageDeflate: false });
      } catch (e) {
        // a malformed URL: a config mistake, not a transport failure
        reject(new SimError("connect_failed", `cannot connect to ${url}: ${(e as Error).message}`, undefined, { url }));
        return;
      }
      const transport = { infrastructure: true, url };
      const timer = setTimeout(() => {
        ws.terminate();
        reject(
          new SimError(
            "timeout",
            `cannot reach the simulator at ${url} (no answer within ${connectMs} ms)`,
            undefined,
            transport,
          ),
        );
      }, connectMs);
      ws.once("open", () => {
        clearTimeout(timer);
        ws.removeAllListeners("error");
        resolve(new WebSocketSimulator(url, ws, timeoutMs));
      });
      ws.once("error", (e) => {
        clearTimeout(timer);
        // refused, reset, unknown host, or something that is not a bridge answering: the
        // simulator is not there to be used, which no agent did
        const why = socketFailure(e);
        reject(new SimError("connect_failed", `cannot reach the simulator at ${url} (${why})`, undefined, transport));
      });
    });
  }

  /** Sends one request and waits for its reply (and its binary frames). */
  async request(verb: Verb, params: unknown = {}): Promise<{ result: unknown; images: Image[] }> {
    if (this.closedReason) throw this.closedError(verb);
    const id = this.nextId++;
    const reply = new Promise<{ result: unknown; images: Image[] }>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id);
        reject(
          new SimError(
            "timeout",
            `${this.url}: no reply to ${verb} within ${this.timeoutMs} ms; the connection is closed, ` +
              "since the simulator may still carry the request out",
            undefined,
            this.transport(),
          ),
        );
        // see the header: the session's state is unknown from here on
        this.fail(`connection to ${this.url} abandoned after ${verb} got no reply within ${this.timeoutMs} ms`, true);
      }, this.timeoutMs);
      this.pending.set(id, { verb, resolve, reject, timer });
    });
    this.ws.send(JSON.stringify({ id, verb, params }), (err) => {
      if (err)
        this.settle(id)?.reject(
          new SimError("disconnected", `${this.url}: cannot send ${verb}: ${err.message}`, undefined, this.transport()),
        );
    });
    const { result, images } = await reply;
    const parsed = VERB_RESULTS[verb].safeParse(result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ["result", ...issue.path.map(String)].join(".");
      throw new SimError(
        "bad_reply",
        `${this.url}: ${verb} reply does not match the protocol at ${path}: ${issue.message}`,
        path,
      );
    }
    return { result: parsed.data, images };
  }

  private transport(): { infrastructure: true; url: string } {
    return { infrastructure: true, url: this.url };
  }

  private closedError(verb: Verb): SimError {
    const failure = this.closedByTransport ? this.transport() : { url: this.url };
    return new SimError("disconnected", `${verb}: ${this.closedReason}`, undefined, failure);
  }

  private settle(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (p) {
      clearTimeout(p.timer);
      this.pending.delete(id);
    }
    return p;
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    if (isBinary) {
      const c = this.collecting;
      if (!c) {
        this.fail(`${this.url} sent a binary frame that no reply announced`, false);
        return;
      }
      c.frames.push(data);
      if (c.frames.length === c.headers.length) this.finishCollecting(c);
      return;
    }
    if (this.collecting) {
      this.fail(`${this.url} sent a reply before the binary frames of the previous one`, false);
      return;
    }
    let reply: Reply;
    try {
      const parsed = Reply.safeParse(JSON.parse(data.toString("utf8")));
      if (!parsed.success) throw new Error(parsed.error.issues[0].message);
      reply = parsed.data;
    } catch (e) {
      this.fail(`${this.url} sent a frame that is not a protocol reply: ${(e as Error).message}`, false);
      return;
    }
    // A reply to an id that timed out is still read to the end (its frames), then dropped.
    const pending = typeof reply.id === "number" ? this.settle(reply.id) : undefined;
    if (!reply.ok) {
      const err = reply.error;
      const simErr = new SimError(err.code, err.message, err.path);
      if (pending) pending.reject(simErr);
      else if (reply.id === null && this.pending.size === 1) {
        // The bridge could not read our request's id; with one request in flight it is that one.
        const [onlyId] = this.pending.keys();
        this.settle(onlyId)?.reject(simErr);
      }
      return;
    }
    const announced = announcedImages(reply.result);
    const headers = Array.isArray(announced) ? announced.map((h) => ImageHeader.safeParse(h)) : [];
    const bad = headers.findIndex((h) => !h.success);
    if (bad >= 0) {
      pending?.reject(new SimError("bad_reply", `${this.url}: result.images.${bad} is not an image header`));
      this.fail(`${this.url} announced an image it did not describe`, false);
      return;
    }
    const c: Collecting = {
      pending,
      result: reply.result,
      headers: headers.map((h) => h.data as z.infer<typeof ImageHeader>),
      frames: [],
    };
    if (c.headers.length === 0) this.finishCollecting(c);
    else this.collecting = c;
  }

  private finishCollecting(c: Collecting): void {
    this.collecting = undefined;
    if (!c.pending) return;
    const images: Image[] = [];
    for (const [i, h] of c.headers.entries()) {
      const data = c.frames[i];
      if (data.length !== h.bytes) {
        c.pending.reject(
          new SimError("bad_reply", `${this.url}: image ${h.view} announced ${h.bytes} bytes, got ${data.length}`),
        );
        return;
      }
      images.push({ view: h.view, format: h.format, width: h.width, height: h.height, data });
    }
    c.pending.resolve({ result: c.result, images });
  }

  /**
   * Ends the connection and rejects everything in flight with one clear reason. `transport`:
   * the connection dropped or went silent (infrastructure); false: the bridge broke the protocol,
   * a bug in it that rerunning would meet again.
   */
  private fail(reason: string, transport: boolean): void {
    if (!this.closedReason) {
      this.closedReason = reason;
      this.closedByTransport = transport;
    }
    for (const [id, p] of [...this.pending]) {
      this.settle(id);
      p.reject(this.closedError(p.verb));
    }
    this.collecting = undefined;
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.terminate();
  }

  private async call<T>(verb: Verb, params: unknown): Promise<T> {
    return (await this.request(verb, params)).result as T;
  }

  private async callWithImages<T>(verb: Verb, params: unknown): Promise<WithImages<T>> {
    const { result, images } = await this.request(verb, params);
    return { ...(result as T), imageData: images };
  }

  hello() {
    return this.call<z.infer<(typeof VERB_RESULTS)["hello"]>>("hello", { client: "polar" });
  }
  loadScene(params: object) {
    return this.call<z.infer<(typeof VERB_RESULTS)["load_scene"]>>("load_scene", params);
  }
  reset(params: object) {
    return this.callWithImages<z.infer<(typeof VERB_RESULTS)["reset"]>>("reset", params);
  }
  step(action: Action, views?: ViewsRequest) {
    return this.callWithImages<z.infer<(typeof VERB_RESULTS)["step"]>>(
      "step",
      views === undefined ? { action } : { action, views },
    );
  }
  /** avoidRegions only after hello has announced them (features.ts) */
  async planPath(params: z.input<typeof PlanPathParams>) {
    return this.call<z.infer<(typeof VERB_RESULTS)["plan_path"]>>(
      "plan_path",
      await planPathParams(this.features, params),
    );
  }
  sceneInfo() {
    return this.call<z.infer<(typeof VERB_RESULTS)["scene_info"]>>("scene_info", {});
  }
  metrics(params: object = {}) {
    return this.call<z.infer<(typeof VERB_RESULTS)["metrics"]>>("metrics", params);
  }
  topdown(params: object = {}) {
    return this.callWithImages<z.infer<(typeof VERB_RESULTS)["topdown"]>>("topdown", params);
  }

  async close(): Promise<void> {
    if (this.closedReason) return;
    // closing is the caller's own doing: requests after it are a bug, not infrastructure
    this.closedReason = `connection to ${this.url} was closed by the client`;
    for (const [id, p] of [...this.pending]) {
      this.settle(id);
      p.reject(this.closedError(p.verb));
    }
    if (this.ws.readyState === this.ws.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 1000);
      this.ws.once("close", () => {
        clearTimeout(t);
        resolve();
      });
      this.ws.close(1000, "client done");
    });
  }
}
