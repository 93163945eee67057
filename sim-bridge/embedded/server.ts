/**
 * The embedded simulator behind a WebSocket server (`polar sim serve`). Each connection is its
 * own EmbeddedSession (own scene, own episode); requests on one connection are handled one at a
 * time, so replies and their binary frames come back in request order.
 *
 * Bad input never ends the process: malformed JSON, a non-object, a missing id, a binary frame
 * from the client and a message over the protocol's MAX_MESSAGE_BYTES each get an error reply
 * (id null when the request's id cannot be read) and the connection stays open. Only a message
 * beyond the socket's hard limit (HARD_LIMIT_BYTES, 16× the protocol limit) is refused by `ws`
 * itself, which closes that one connection with code 1009; the server and other sessions go on.
 */
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import type { SimulatorConfig } from "../../src/sim/config.ts";
import { MAX_MESSAGE_BYTES, Request } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { handshakeAllowed } from "../../src/util/origin.ts";
import { EmbeddedSession } from "./session.ts";

export const HARD_LIMIT_BYTES = 16 * MAX_MESSAGE_BYTES;

export interface ServerOptions {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  config: SimulatorConfig;
  /** called with each connection error that `ws` reports (default: ignored) */
  onError?: (err: Error) => void;
}

export interface RunningServer {
  url: string;
  /** open connections right now */
  sessions(): number;
  close(): Promise<void>;
}

type Id = string | number | null;

function errorReply(id: Id, e: unknown): string {
  const err =
    e instanceof SimError
      ? { code: e.code, message: e.message, ...(e.path ? { path: e.path } : {}) }
      : { code: "internal", message: e instanceof Error ? e.message : String(e) };
  return JSON.stringify({ id, ok: false, error: err });
}

/** Reads a request frame; throws SimError with the wire code for each kind of bad input. */
function parseRequest(text: string): Request {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new SimError("bad_json", `message is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    throw new SimError("bad_request", "a request must be a JSON object {id, verb, params}");
  }
  const parsed = Request.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.map(String).join(".");
    throw new SimError("bad_request", `${path || "request"}: ${issue.message}`, path || undefined);
  }
  return parsed.data;
}

/** The id to echo when the request as a whole is bad but its id is readable. */
function readableId(text: string): Id {
  try {
    const doc = JSON.parse(text) as { id?: unknown };
    if (typeof doc?.id === "string" || (typeof doc?.id === "number" && Number.isInteger(doc.id))) return doc.id;
  } catch {}
  return null;
}

function serveConnection(ws: WebSocket, config: SimulatorConfig, onError: (err: Error) => void): void {
  const session = new EmbeddedSession(config);
  // One chain per connection: a request starts only after the previous reply has been sent.
  let chain: Promise<void> = Promise.resolve();
  const send = (data: string | Buffer) => {
    if (ws.readyState === ws.OPEN) ws.send(data);
  };

  const handle = async (raw: Buffer, isBinary: boolean) => {
    if (isBinary) {
      send(
        errorReply(null, new SimError("bad_request", "binary frames are only sent by the simulator; send JSON text")),
      );
      return;
    }
    if (raw.length > MAX_MESSAGE_BYTES) {
      send(
        errorReply(
          null,
          new SimError("too_large", `message of ${raw.length} bytes is over the limit of ${MAX_MESSAGE_BYTES} bytes`),
        ),
      );
      return;
    }
    const text = raw.toString("utf8");
    let req: Request;
    try {
      req = parseRequest(text);
    } catch (e) {
      send(errorReply(readableId(text), e));
      return;
    }
    try {
      const { result, images } = await session.handle(req.verb, req.params ?? {});
      send(JSON.stringify({ id: req.id, ok: true, result }));
      for (const img of images) send(img.data);
    } catch (e) {
      send(errorReply(req.id, e));
    }
  };

  ws.on("message", (data, isBinary) => {
    const raw = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    chain = chain.then(() => handle(raw, isBinary)).catch((e) => onError(e as Error));
  });
  ws.on("error", (e) => onError(e));
}

export function startServer(opts: ServerOptions): Promise<RunningServer> {
  const onError = opts.onError ?? (() => {});
  const bound = opts.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    const wss = new WebSocketServer({
      host: bound,
      port: opts.port ?? 0,
      maxPayload: HARD_LIMIT_BYTES,
      perMessageDeflate: false,
      // as the dashboard: a page on another site, or one rebinding its name to loopback, must not
      // drive the simulator through a browser
      verifyClient: ({ req }, allow) =>
        handshakeAllowed(req.headers, bound) ? allow(true) : allow(false, 403, "Forbidden"),
    });
    wss.on("connection", (ws) => serveConnection(ws, opts.config, onError));
    wss.once("error", reject);
    wss.on("listening", () => {
      wss.off("error", reject);
      wss.on("error", onError);
      const addr = wss.address() as AddressInfo;
      const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
      resolve({
        url: `ws://${host}:${addr.port}`,
        sessions: () => wss.clients.size,
        close: () =>
          new Promise<void>((done) => {
            for (const c of wss.clients) c.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}
