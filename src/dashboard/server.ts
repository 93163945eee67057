/**
 * `polar dashboard`'s server: node:http for the page and its files, one `ws` WebSocket per page
 * for everything else. Every message from a page is parsed by protocol.ts first; whatever goes
 * wrong while answering it becomes an `error` message to that page, never an exception that
 * reaches the server. It listens on 127.0.0.1 unless told otherwise, and then only with a token.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { type WebSocket, WebSocketServer } from "ws";
import type { PolarConfig } from "../config/index.ts";
import { SCENARIO_SET_FILE } from "../datasets/index.ts";
import { MAP_IMAGE } from "../eval/index.ts";
import { hostAllowed, isLoopback, originAllowed, readDataFile } from "../util/index.ts";
import { ClientChannel } from "./channel.ts";
import { Drive } from "./drive.ts";
import { readRunMap } from "./map-view.ts";
import { listMemoryFolders, readMemoryGraph } from "./memory-view.ts";
import { type ClientMessage, parseClientMessage } from "./page-messages.ts";
import { DataRoots, PathRefused } from "./paths.ts";
import { type AnyEvent, listAllRuns, readReplay, summarizeRun } from "./replay.ts";
import { isAlive, listResultFolders, readProgress, readResultsView } from "./results-view.ts";
import { readRules, teachCorrection } from "./rules-view.ts";
import { memoryOfRun } from "./run-memory.ts";
import { send, serveStatic } from "./static.ts";

export interface DashboardOptions {
  config: PolarConfig;
  /** the project folder: datasets/, results/ and runs/ are read under it */
  projectDir: string;
  /** more folders to read runs from (`polar dashboard DIR…`, `--root DIR`), anywhere on disk */
  roots?: string[];
  host?: string;
  port?: number;
  /** required for any address but loopback; made up (and printed) when not given */
  token?: string;
  /** where sessions' run folders go (default <project>/runs/dashboard) */
  runsDir?: string;
  /** how often running evaluations' progress files are read */
  progressEveryMs?: number;
  /** sessions preparing or running at once (default DEFAULT_MAX_LIVE_SESSIONS) */
  maxSessions?: number;
  /** per-page queue limits (tests make them small) */
  channel?: { highWaterBytes?: number; maxPendingEvents?: number };
  log?: (m: string) => void;
}

export interface Dashboard {
  url: string;
  token: string | null;
  drive: Drive;
  /** live pages and their queues, for the benchmark and tests */
  clients(): ClientChannel[];
  close(): Promise<void>;
}

const MAX_REPLAYS = 20;
/** how run folders name their views: s0012-front.jpeg */
const VIEW_FILE = /^s(\d{4,})-(front|left|right)\.(jpeg|png)$/;

/** The views of `step` in a run folder, or of the nearest earlier step that has any. */
function viewsAt(dir: string, step: number): { ref: string; view: string; format: "jpeg" | "png" }[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, "views"));
  } catch {
    return [];
  }
  let best = -1;
  const found: { step: number; ref: string; view: string; format: "jpeg" | "png" }[] = [];
  for (const n of names) {
    const m = VIEW_FILE.exec(n);
    if (!m) continue;
    const s = Number(m[1]);
    if (s > step || s < best) continue;
    if (s > best) {
      best = s;
      found.length = 0;
    }
    found.push({ step: s, ref: n, view: m[2], format: m[3] as "jpeg" | "png" });
  }
  return found.map(({ ref, view, format }) => ({ ref, view, format }));
}

interface Client {
  channel: ClientChannel;
  streams: Set<string>;
}

export async function startDashboard(opts: DashboardOptions): Promise<Dashboard> {
  const host = opts.host ?? "127.0.0.1";
  const token = isLoopback(host) ? null : (opts.token ?? randomBytes(18).toString("base64url"));
  const roots = new DataRoots(opts.projectDir, undefined, opts.roots ?? []);
  const log = opts.log ?? (() => undefined);
  const clients = new Set<Client>();
  const replays = new Map<string, { dir: string; events: AnyEvent[] }>();

  const broadcast = (m: object) => {
    for (const c of clients) c.channel.sendControl(m);
  };
  const sessionList = () => [...drive.sessions.values()].map((s) => s.info);
  const drive = new Drive(
    opts.config,
    roots,
    opts.runsDir ?? join(opts.projectDir, "runs", "dashboard"),
    () => broadcast({ type: "sessions", sessions: sessionList() }),
    log,
    opts.maxSessions,
  );

  const progressList = () =>
    listResultFolders(roots)
      .map((path) => {
        const p = readProgress(roots, roots.resolve(path));
        return p ? { path, ...p, alive: isAlive(p) } : null;
      })
      .filter((p) => p !== null);
  let lastProgress = "";
  const progressTimer = setInterval(() => {
    try {
      const list = progressList();
      const text = JSON.stringify(list);
      if (text !== lastProgress) {
        lastProgress = text;
        broadcast({ type: "progress", runs: list });
      }
    } catch (e) {
      log(`progress: ${(e as Error).message}`);
    }
  }, opts.progressEveryMs ?? 1000);
  progressTimer.unref();

  const snapshot = (stream: string): unknown[] => drive.sessions.get(stream)?.log ?? replays.get(stream)?.events ?? [];

  const streamDir = (stream: string): string | null => {
    const s = drive.sessions.get(stream);
    if (s) return s.runDir;
    return replays.get(stream)?.dir ?? null;
  };

  const openReplay = (path: string): { stream: string; problems: string[]; events: number } => {
    const r = readReplay(roots, path);
    const stream = `replay:${roots.label(r.dir)}`;
    replays.delete(stream);
    replays.set(stream, { dir: r.dir, events: r.events });
    // the newest replays stay in memory (a Map keeps insertion order); older ones reopen from disk
    for (const k of replays.keys()) {
      if (replays.size <= MAX_REPLAYS) break;
      if (![...clients].some((c) => c.streams.has(k))) replays.delete(k);
    }
    return { stream, problems: r.problems, events: r.events.length };
  };

  const subscribe = (c: Client, stream: string) => {
    const s = drive.sessions.get(stream);
    if (s) s.subscribers.add(c.channel);
    else if (stream.startsWith("replay:")) {
      if (!replays.has(stream)) openReplay(stream.slice("replay:".length));
    } else throw new Error(`no session or replay "${stream}"`);
    c.streams.add(stream);
    c.channel.resetStream(stream);
  };

  const unsubscribe = (c: Client, stream: string) => {
    drive.sessions.get(stream)?.subscribers.delete(c.channel);
    c.streams.delete(stream);
    c.channel.dropStream(stream);
  };

  const catalogue = () => {
    const runs = listAllRuns(roots);
    return {
      type: "catalogue",
      datasets: listDatasets(roots),
      backbones: drive.backbones(),
      runs: runs.map((r) => r.path),
      /** the same runs with what the picker groups and searches them by */
      runInfo: runs.map((r) => summarizeRun(roots, r)),
      results: listResultFolders(roots),
      memories: listMemoryFolders(roots),
      sessions: sessionList(),
      progress: progressList(),
      rulesMethod: opts.config.rules.method,
    };
  };

  async function handle(c: Client, m: ClientMessage): Promise<void> {
    switch (m.type) {
      case "catalogue":
        c.channel.sendControl(catalogue());
        return;
      case "episodes": {
        const set = await drive.scenarioSet(m.dataset);
        c.channel.sendControl({
          type: "episodes",
          dataset: m.dataset,
          scenes: set.scenes.map((s) => s.id),
          users: set.users.map((u) => u.id),
          episodes: [...set.evaluation, ...set.acquisition].map((e) => ({
            id: e.id,
            stage: e.stage,
            scenario: e.stage === "evaluation" ? e.scenario : "acquisition",
            userId: e.userId,
            sceneId: e.sceneId,
            instruction: e.instruction,
          })),
        });
        return;
      }
      case "start": {
        const s = await drive.start(m);
        subscribe(c, s.info.id);
        c.channel.sendControl({ type: "started", requestId: m.requestId ?? null, session: s.info });
        return;
      }
      case "stop":
        drive.stop(m.session);
        return;
      case "subscribe":
        subscribe(c, m.stream);
        return;
      case "unsubscribe":
        unsubscribe(c, m.stream);
        return;
      case "say": {
        const s = drive.sessions.get(m.session);
        if (!s) throw new Error(`no session "${m.session}"`);
        if (m.kind === "instruction")
          throw new Error(
            'an instruction for this task only must come with the request (the start form\'s "say with the request"): a running episode has pinned its rules and takes no messages',
          );
        const model = await drive.ruleModelOf(s);
        const r = await teachCorrection(opts.config, s.info.userId, m.text, {
          sceneId: s.info.sceneId,
          ...(model ? { model } : {}),
        });
        c.channel.sendControl({ type: "taught", session: m.session, user: s.info.userId, text: m.text, ...r });
        return;
      }
      case "replay": {
        const r = openReplay(m.path);
        subscribe(c, r.stream);
        c.channel.sendControl({ type: "replay", path: m.path, ...r });
        return;
      }
      case "compare": {
        const a = openReplay(m.a);
        const b = openReplay(m.b);
        // side by side means the same episode: two different ones share no steps worth comparing
        const episodeOf = (stream: string) => replays.get(stream)?.events.find((e) => e.episodeId)?.episodeId ?? null;
        const [ea, eb] = [episodeOf(a.stream), episodeOf(b.stream)];
        if (ea !== eb)
          throw new Error(
            `compare needs two runs of one episode: ${m.a} is ${ea ?? "no episode"}, ${m.b} is ${eb ?? "no episode"}`,
          );
        if (a.stream === b.stream) throw new Error(`compare needs two different runs; both are ${m.a}`);
        subscribe(c, a.stream);
        subscribe(c, b.stream);
        c.channel.sendControl({ type: "compare", a: { path: m.a, ...a }, b: { path: m.b, ...b } });
        return;
      }
      case "images": {
        const dir = streamDir(m.stream);
        if (!dir) throw new Error(`no session or replay "${m.stream}"`);
        for (const img of viewsAt(dir, m.step)) {
          let data: Buffer;
          try {
            data = readDataFile(roots.inside(dir, join("views", img.ref)), { maxBytes: 16 << 20 });
          } catch {
            continue; // removed meanwhile: nothing to show
          }
          c.channel.sendImage({ stream: m.stream, ...img }, data);
        }
        return;
      }
      case "sent-image": {
        const dir = streamDir(m.stream);
        if (!dir) throw new Error(`no session or replay "${m.stream}"`);
        const format = m.ref.endsWith(".png") ? "png" : "jpeg";
        let data: Buffer;
        try {
          data = readDataFile(roots.inside(dir, join("views", m.ref)), { maxBytes: 16 << 20 });
        } catch {
          // not written (a run's view budget spent, a run from before photos were kept) or not a regular file
          c.channel.sendControl({ type: "sent-image", stream: m.stream, ref: m.ref, missing: true });
          return;
        }
        c.channel.sendImage({ stream: m.stream, ref: m.ref, view: "sent", format }, data);
        return;
      }
      case "map": {
        const dir = streamDir(m.stream);
        if (!dir) throw new Error(`no session or replay "${m.stream}"`);
        const map = readRunMap(roots, dir);
        if (map.info) c.channel.sendImage({ stream: m.stream, ref: MAP_IMAGE, view: "map", format: "png" }, map.image);
        c.channel.sendControl({ type: "map", stream: m.stream, info: map.info, note: map.info ? null : map.note });
        return;
      }
      case "run-memory": {
        const dir = streamDir(m.stream);
        if (!dir) throw new Error(`no session or replay "${m.stream}"`);
        const start = snapshot(m.stream).find((e) => (e as AnyEvent).type === "episode_start") as
          | { userId?: string; backbone?: string }
          | undefined;
        const path = start?.backbone ? memoryOfRun(roots, dir, start.backbone) : null;
        c.channel.sendControl({ type: "run-memory", stream: m.stream, path, user: start?.userId ?? null });
        return;
      }
      case "results":
        c.channel.sendControl({ type: "results", ...readResultsView(roots, m.path) });
        return;
      case "memory":
        c.channel.sendControl({ type: "memory", ...(await readMemoryGraph(opts.config, roots, m.path, m.user)) });
        return;
      case "rules":
        c.channel.sendControl({ type: "rules", ...(await readRules(opts.config, m.user)) });
        return;
    }
  }

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
      if (!serveStatic(url.pathname, url.searchParams, roots, res)) send(res, 404, "not found");
    } catch (e) {
      // what went wrong is for the log, not for whoever sent the request
      log(`GET ${url.pathname.slice(0, 200)}: ${(e as Error).message}`);
      send(res, 500, "internal error");
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
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
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws));
  });

  function connect(ws: WebSocket): void {
    const client: Client = {
      channel: new ClientChannel(ws, { snapshot, ...opts.channel }),
      streams: new Set(),
    };
    clients.add(client);
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
      handle(client, parsed.message).catch((e: Error) => {
        const message = e instanceof PathRefused ? e.message : e.message || String(e);
        client.channel.sendControl({ type: "error", request: parsed.message.type, message });
      });
    });
    ws.on("close", () => {
      for (const s of client.streams) drive.sessions.get(s)?.subscribers.delete(client.channel);
      client.channel.detach();
      clients.delete(client);
    });
    ws.on("error", () => ws.terminate());
  }

  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 8770, host, () => ok());
  });
  const addr = server.address() as AddressInfo;
  // on every interface, the machine's name is an address another machine can open
  const anyAddress = addr.address === "0.0.0.0" || addr.address === "::";
  const shown = anyAddress ? hostname() : addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  const url = `http://${shown}:${addr.port}/${token ? `?token=${token}` : ""}`;

  return {
    url,
    token,
    drive,
    clients: () => [...clients].map((c) => c.channel),
    async close() {
      clearInterval(progressTimer);
      for (const c of clients) c.channel.close(1001, "server closing");
      wss.close();
      await drive.close();
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
    },
  };
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

/** Scenario sets under datasets/: folders with a scenario-set file. */
function listDatasets(roots: DataRoots): string[] {
  const dir = join(roots.projectDir, "datasets");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, SCENARIO_SET_FILE)))
    .map((d) => roots.label(join(dir, d.name)))
    .sort();
}
