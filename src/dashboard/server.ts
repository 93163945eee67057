/**
 * `polar dashboard`'s server: node:http for the page and its files, one `ws` WebSocket per page
 * for everything else. Every message from a page is parsed by protocol.ts first; whatever goes
 * wrong while answering it becomes an `error` message to that page, never an exception that
 * reaches the server. It listens on 127.0.0.1 unless told otherwise, and then only with a token.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import type { WebSocket } from "ws";
import { hostAllowed, isLoopback, originAllowed, wsPackage } from "../util/index.ts";
import type { ClientChannel } from "./channel.ts";
import type { Drive } from "./drive.ts";
import { type DashboardOptions, Hub } from "./hub.ts";
import { parseClientMessage } from "./page-messages.ts";
import { PathRefused } from "./paths.ts";
import { answer } from "./requests.ts";
import { send, serveStatic } from "./static.ts";

export type { DashboardOptions } from "./hub.ts";

export interface Dashboard {
  url: string;
  token: string | null;
  drive: Drive;
  /** live pages and their queues, for the benchmark and tests */
  clients(): ClientChannel[];
  close(): Promise<void>;
}

export async function startDashboard(opts: DashboardOptions): Promise<Dashboard> {
  const host = opts.host ?? "127.0.0.1";
  const token = isLoopback(host) ? null : (opts.token ?? randomBytes(18).toString("base64url"));
  const hub = new Hub(opts);
  const server = pageServer(hub, host, token);
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 8770, host, () => ok());
  });
  const addr = server.address() as AddressInfo;
  // on every interface, the machine's name is an address another machine can open
  const anyAddress = addr.address === "0.0.0.0" || addr.address === "::";
  const shown = anyAddress ? hostname() : addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}/${token ? `?token=${token}` : ""}`,
    token,
    drive: hub.drive,
    clients: () => [...hub.clients].map((c) => c.channel),
    async close() {
      await hub.close();
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
    },
  };
}

/**
 * The page server: files over HTTP, one WebSocket per page. Host and token are checked on every
 * request; a WebSocket's Origin before anything that parses what the request says.
 */
function pageServer(hub: Hub, host: string, token: string | null): Server {
  const authorised = (req: IncomingMessage, url: URL): boolean => {
    if (token === null) return true;
    const given = url.searchParams.get("token") ?? cookie(req, "polar_dashboard") ?? "";
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const server: Server = createServer((req, res) => {
    const url = requestUrl(req);
    if (!url) return send(res, 400, "bad request target");
    if (!hostAllowed(req.headers.host, host)) return send(res, 421, "wrong host");
    if (!authorised(req, url)) return send(res, 401, "this dashboard needs its token: open the URL it printed");
    if (token !== null && url.searchParams.get("token"))
      res.setHeader("set-cookie", `polar_dashboard=${token}; HttpOnly; SameSite=Strict; Path=/`);
    if (req.method !== "GET") return send(res, 405, "GET only");
    try {
      if (!serveStatic(url.pathname, url.searchParams, hub.roots, res)) send(res, 404, "not found");
    } catch (e) {
      // what went wrong is for the log, not for whoever sent the request
      hub.log(`GET ${url.pathname.slice(0, 200)}: ${(e as Error).message}`);
      send(res, 500, "internal error");
    }
  });
  const wss = new (wsPackage().WebSocketServer)({ noServer: true, maxPayload: 256 * 1024 });
  hub.onClose(() => wss.close());
  server.on("upgrade", (req, socket, head) => {
    // First, before anything that parses what the request says: a page on another site (or a
    // sandboxed one, whose Origin is "null") must not drive episodes through the user's browser.
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n");
      return;
    }
    const url = requestUrl(req);
    if (url?.pathname !== "/ws" || !hostAllowed(req.headers.host, host) || !authorised(req, url)) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nconnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(hub, ws));
  });
  return server;
}

/** One page: every message parsed first; whatever goes wrong answering it is an error message to it. */
function connect(hub: Hub, ws: WebSocket): void {
  const client = hub.join(ws);
  ws.on("message", (data, isBinary) => {
    if (isBinary) {
      client.channel.sendControl({ type: "error", message: "binary messages are not accepted" });
      return;
    }
    const parsed = parseClientMessage(data.toString());
    if (!parsed.ok) {
      client.channel.sendControl({ type: "error", request: parsed.requestType ?? null, message: parsed.error });
      return;
    }
    answer(hub, client, parsed.message).catch((e: Error) => {
      const message = e instanceof PathRefused ? e.message : e.message || String(e);
      client.channel.sendControl({ type: "error", request: parsed.message.type, message });
    });
  });
  ws.on("close", () => hub.leave(client));
  ws.on("error", () => ws.terminate());
}

/** The request's path and query; null when the request target cannot be read as one ("//"). */
function requestUrl(req: IncomingMessage): URL | null {
  return parseUrl(req.url ?? "/", "http://dashboard");
}

/** URL.parse, which Node 20.9 lacks: null instead of a throw. */
function parseUrl(text: string, base: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}
