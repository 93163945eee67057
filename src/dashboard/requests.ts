/**
 * What a page may ask the dashboard, one answer per message type (page-messages.ts parses them
 * first): the table below is the whole protocol from the page's side. An answer that throws
 * becomes an `error` message to that page (server.ts).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { MAP_IMAGE } from "../eval/index.ts";
import { readDataFile } from "../util/index.ts";
import type { Client, Hub } from "./hub.ts";
import { readRunMap } from "./map-view.ts";
import { readMemoryGraph } from "./memory-view.ts";
import type { ClientMessage } from "./page-messages.ts";
import type { AnyEvent } from "./replay.ts";
import { readResultsView } from "./results-view.ts";
import { readRules, teachCorrection } from "./rules-view.ts";
import { memoryOfRun } from "./run-memory.ts";

type Message<K extends ClientMessage["type"]> = Extract<ClientMessage, { type: K }>;
type Answers = { [K in ClientMessage["type"]]: (hub: Hub, c: Client, m: Message<K>) => Promise<void> | void };

export function answer(hub: Hub, c: Client, m: ClientMessage): Promise<void> {
  const respond = ANSWERS[m.type] as (hub: Hub, c: Client, m: ClientMessage) => Promise<void> | void;
  return Promise.resolve().then(() => respond(hub, c, m));
}

const ANSWERS: Answers = {
  catalogue: (hub, c) => c.channel.sendControl(hub.catalogue()),
  episodes: sendEpisodes,
  async start(hub, c, m) {
    const s = await hub.drive.start(m);
    hub.subscribe(c, s.info.id);
    c.channel.sendControl({ type: "started", requestId: m.requestId ?? null, session: s.info });
  },
  stop: (hub, _c, m) => hub.drive.stop(m.session),
  subscribe: (hub, c, m) => hub.subscribe(c, m.stream),
  unsubscribe: (hub, c, m) => hub.unsubscribe(c, m.stream),
  say: teachFromPage,
  replay(hub, c, m) {
    const r = hub.openReplay(m.path);
    hub.subscribe(c, r.stream);
    c.channel.sendControl({ type: "replay", path: m.path, ...r });
  },
  compare: openComparison,
  images: sendViews,
  "sent-image": sendSentImage,
  map(hub, c, m) {
    const dir = dirOf(hub, m.stream);
    const map = readRunMap(hub.roots, dir);
    if (map.info) c.channel.sendImage({ stream: m.stream, ref: MAP_IMAGE, view: "map", format: "png" }, map.image);
    c.channel.sendControl({ type: "map", stream: m.stream, info: map.info, note: map.info ? null : map.note });
  },
  "run-memory"(hub, c, m) {
    const dir = dirOf(hub, m.stream);
    const start = hub.snapshot(m.stream).find((e) => (e as AnyEvent).type === "episode_start") as
      | { userId?: string; backbone?: string }
      | undefined;
    const path = start?.backbone ? memoryOfRun(hub.roots, dir, start.backbone) : null;
    c.channel.sendControl({ type: "run-memory", stream: m.stream, path, user: start?.userId ?? null });
  },
  results: (hub, c, m) => c.channel.sendControl({ type: "results", ...readResultsView(hub.roots, m.path) }),
  async memory(hub, c, m) {
    c.channel.sendControl({ type: "memory", ...(await readMemoryGraph(hub.opts.config, hub.roots, m.path, m.user)) });
  },
  async rules(hub, c, m) {
    c.channel.sendControl({ type: "rules", ...(await readRules(hub.opts.config, m.user)) });
  },
};

function dirOf(hub: Hub, stream: string): string {
  const dir = hub.streamDir(stream);
  if (!dir) throw new Error(`no session or replay "${stream}"`);
  return dir;
}

async function sendEpisodes(hub: Hub, c: Client, m: Message<"episodes">): Promise<void> {
  const set = await hub.drive.scenarioSet(m.dataset);
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
}

async function teachFromPage(hub: Hub, c: Client, m: Message<"say">): Promise<void> {
  const s = hub.drive.sessions.get(m.session);
  if (!s) throw new Error(`no session "${m.session}"`);
  if (m.kind === "instruction")
    throw new Error(
      'an instruction for this task only must come with the request (the start form\'s "say with the request"): a running episode has pinned its rules and takes no messages',
    );
  const model = await hub.drive.ruleModelOf(s);
  const r = await teachCorrection(hub.opts.config, s.info.userId, m.text, {
    sceneId: s.info.sceneId,
    ...(model ? { model } : {}),
  });
  c.channel.sendControl({ type: "taught", session: m.session, user: s.info.userId, text: m.text, ...r });
}

function openComparison(hub: Hub, c: Client, m: Message<"compare">): void {
  const a = hub.openReplay(m.a);
  const b = hub.openReplay(m.b);
  // side by side means the same episode: two different ones share no steps worth comparing
  const episodeOf = (stream: string) => hub.replays.get(stream)?.events.find((e) => e.episodeId)?.episodeId ?? null;
  const [ea, eb] = [episodeOf(a.stream), episodeOf(b.stream)];
  if (ea !== eb)
    throw new Error(
      `compare needs two runs of one episode: ${m.a} is ${ea ?? "no episode"}, ${m.b} is ${eb ?? "no episode"}`,
    );
  if (a.stream === b.stream) throw new Error(`compare needs two different runs; both are ${m.a}`);
  hub.subscribe(c, a.stream);
  hub.subscribe(c, b.stream);
  c.channel.sendControl({ type: "compare", a: { path: m.a, ...a }, b: { path: m.b, ...b } });
}

function sendViews(hub: Hub, c: Client, m: Message<"images">): void {
  const dir = dirOf(hub, m.stream);
  for (const img of viewsAt(dir, m.step)) {
    let data: Buffer;
    try {
      data = readDataFile(hub.roots.inside(dir, join("views", img.ref)), { maxBytes: 16 << 20 });
    } catch {
      continue; // removed meanwhile: nothing to show
    }
    c.channel.sendImage({ stream: m.stream, ...img }, data);
  }
}

function sendSentImage(hub: Hub, c: Client, m: Message<"sent-image">): void {
  const dir = dirOf(hub, m.stream);
  const format = m.ref.endsWith(".png") ? "png" : "jpeg";
  let data: Buffer;
  try {
    data = readDataFile(hub.roots.inside(dir, join("views", m.ref)), { maxBytes: 16 << 20 });
  } catch {
    // not written (a run's view budget spent, a run from before photos were kept) or not a regular file
    c.channel.sendControl({ type: "sent-image", stream: m.stream, ref: m.ref, missing: true });
    return;
  }
  c.channel.sendImage({ stream: m.stream, ref: m.ref, view: "sent", format }, data);
}

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
