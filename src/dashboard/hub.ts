/**
 * The dashboard's state between pages: the pages connected, the replays open, the live
 * sessions (Drive), and the progress of running evaluations, broadcast once a second when it
 * changes. The server (server.ts) feeds it pages; requests.ts answers what they ask.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { WebSocket } from "ws";
import type { PolarConfig } from "../config/index.ts";
import { SCENARIO_SET_FILE } from "../datasets/index.ts";
import { ClientChannel } from "./channel.ts";
import { Drive } from "./drive.ts";
import { listMemoryFolders } from "./memory-view.ts";
import { DataRoots } from "./paths.ts";
import { type AnyEvent, findAllRuns, RUNS_LISTED, RunSummaries, readReplay } from "./replay.ts";
import { isAlive, listResultFolders, readProgress } from "./results-view.ts";

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

export interface Client {
  channel: ClientChannel;
  streams: Set<string>;
}

const MAX_REPLAYS = 20;

export class Hub {
  readonly roots: DataRoots;
  readonly log: (m: string) => void;
  readonly clients = new Set<Client>();
  readonly replays = new Map<string, { dir: string; events: AnyEvent[] }>();
  readonly drive: Drive;
  private readonly progressTimer: NodeJS.Timeout;
  private lastProgress = "";
  private readonly closing: (() => void)[] = [];
  private readonly summaries: RunSummaries;

  constructor(readonly opts: DashboardOptions) {
    this.roots = new DataRoots(opts.projectDir, undefined, opts.roots ?? []);
    this.summaries = new RunSummaries(this.roots);
    this.log = opts.log ?? (() => undefined);
    this.drive = new Drive(
      opts.config,
      this.roots,
      opts.runsDir ?? join(opts.projectDir, "runs", "dashboard"),
      () => this.broadcast({ type: "sessions", sessions: this.sessionList() }),
      this.log,
      opts.maxSessions,
    );
    this.progressTimer = setInterval(() => this.progressTick(), opts.progressEveryMs ?? 1000);
    this.progressTimer.unref();
  }

  broadcast(m: object): void {
    for (const c of this.clients) c.channel.sendControl(m);
  }

  sessionList() {
    return [...this.drive.sessions.values()].map((s) => s.info);
  }

  progressList() {
    return listResultFolders(this.roots)
      .map((path) => {
        const p = readProgress(this.roots, this.roots.resolve(path));
        return p ? { path, ...p, alive: isAlive(p) } : null;
      })
      .filter((p) => p !== null);
  }

  private progressTick(): void {
    try {
      const list = this.progressList();
      const text = JSON.stringify(list);
      if (text !== this.lastProgress) {
        this.lastProgress = text;
        this.broadcast({ type: "progress", runs: list });
      }
    } catch (e) {
      this.log(`progress: ${(e as Error).message}`);
    }
  }

  /** What a page that joins late gets first: the stream's events so far. */
  snapshot(stream: string): unknown[] {
    return this.drive.sessions.get(stream)?.log ?? this.replays.get(stream)?.events ?? [];
  }

  /** The run folder behind a stream (a live session's or a replay's). */
  streamDir(stream: string): string | null {
    const s = this.drive.sessions.get(stream);
    if (s) return s.runDir;
    return this.replays.get(stream)?.dir ?? null;
  }

  openReplay(path: string): { stream: string; problems: string[]; events: number } {
    const r = readReplay(this.roots, path);
    const stream = `replay:${this.roots.label(r.dir)}`;
    this.replays.delete(stream);
    this.replays.set(stream, { dir: r.dir, events: r.events });
    // the newest replays stay in memory (a Map keeps insertion order); older ones reopen from disk
    for (const k of this.replays.keys()) {
      if (this.replays.size <= MAX_REPLAYS) break;
      if (![...this.clients].some((c) => c.streams.has(k))) this.replays.delete(k);
    }
    return { stream, problems: r.problems, events: r.events.length };
  }

  subscribe(c: Client, stream: string): void {
    const s = this.drive.sessions.get(stream);
    if (s) s.subscribers.add(c.channel);
    else if (stream.startsWith("replay:")) {
      if (!this.replays.has(stream)) this.openReplay(stream.slice("replay:".length));
    } else throw new Error(`no session or replay "${stream}"`);
    c.streams.add(stream);
    c.channel.resetStream(stream);
  }

  unsubscribe(c: Client, stream: string): void {
    this.drive.sessions.get(stream)?.subscribers.delete(c.channel);
    c.streams.delete(stream);
    c.channel.dropStream(stream);
  }

  catalogue() {
    const found = findAllRuns(this.roots);
    const runs = found.slice(0, RUNS_LISTED);
    return {
      type: "catalogue",
      datasets: listDatasets(this.roots),
      backbones: this.drive.backbones(),
      runs: runs.map((r) => r.path),
      /** the same runs with what the picker groups and searches them by */
      runInfo: this.summaries.of(runs),
      /** how many runs there are in all (the picker lists the newest RUNS_LISTED) */
      runsFound: found.length,
      results: listResultFolders(this.roots),
      memories: listMemoryFolders(this.roots),
      sessions: this.sessionList(),
      progress: this.progressList(),
      rulesMethod: this.opts.config.rules.method,
    };
  }

  join(ws: WebSocket): Client {
    const client: Client = {
      channel: new ClientChannel(ws, { snapshot: (s) => this.snapshot(s), ...this.opts.channel }),
      streams: new Set(),
    };
    this.clients.add(client);
    return client;
  }

  leave(client: Client): void {
    for (const s of client.streams) this.drive.sessions.get(s)?.subscribers.delete(client.channel);
    client.channel.detach();
    this.clients.delete(client);
  }

  onClose(f: () => void): void {
    this.closing.push(f);
  }

  async close(): Promise<void> {
    clearInterval(this.progressTimer);
    for (const c of this.clients) c.channel.close(1001, "server closing");
    for (const f of this.closing) f();
    await this.drive.close();
  }
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
