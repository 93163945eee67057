/**
 * Starting and stopping episodes from the page. Each start is its own session with its own
 * simulator; sessions of one dataset and backbone share that backbone's runtime and its memory
 * folder (runs/dashboard/memory/<dataset>-<backbone>/, built from the user's earlier
 * acquisition episodes the first time a memory mode needs them, one user at a time).
 */
import { existsSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { MemoryFactory } from "../compose/index.ts";
import { createMemoryFactory, createRuntime } from "../compose/index.ts";
import type { PolarConfig } from "../config/index.ts";
import { listBackbones, resolveBackbone } from "../config/index.ts";
import {
  type Episode,
  type EvaluationEpisode,
  loadScenarioSet,
  priorEpisodes,
  SCENARIO_SET_FILE,
  type ScenarioSet,
} from "../datasets/index.ts";
import type { BackboneRuntime, EvalRuntime } from "../eval/index.ts";
import { checkBackboneReady } from "../mllm/index.ts";
import {
  describeTaught,
  type ModelRuleLayer,
  openRuleLibrary,
  ruleLayerFor,
  rulesForEpisodes,
} from "../rules/index.ts";
import { type ClaimedDir, claimDir } from "../util/index.ts";
import type { StartMessage } from "./page-messages.ts";
import { type DataRoots, PathRefused } from "./paths.ts";
import { rulesPath } from "./rules-view.ts";
import { LiveSession, type SessionInfo, type SessionStatus, StoppedFromDashboard } from "./session.ts";

export class DriveError extends Error {}

const ENDED = new Set<SessionStatus>(["ended", "stopped", "failed"]);

const MAX_SESSIONS = 50;
/**
 * Sessions preparing or running at once, unless the dashboard is told otherwise: each holds a
 * simulator and renders views for its pages, so a few dozen already fill two cores and the
 * page's own broadcasts; a thousand took 764 MB and cut the page off.
 */
export const DEFAULT_MAX_LIVE_SESSIONS = 8;

interface Shared {
  runtime: EvalRuntime;
  backbone: BackboneRuntime;
  /** the backbone's model path of the rule layer; undefined: the deterministic one */
  ruleModel: ModelRuleLayer | undefined;
  memory: ClaimedDir;
  /** acquisition runs for one user at a time: two sessions must not memorize the same episode twice */
  priors: Map<string, Promise<void>>;
}

export class Drive {
  readonly sessions = new Map<string, LiveSession>();
  private readonly shared = new Map<string, Promise<Shared>>();
  private readonly sets = new Map<string, Promise<ScenarioSet>>();
  private factory: Promise<MemoryFactory> | null = null;
  private n = 0;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly config: PolarConfig,
    private readonly roots: DataRoots,
    private readonly runsDir: string,
    private readonly onChange: (s: LiveSession) => void,
    private readonly notice: (m: string) => void = () => undefined,
    private readonly maxLive = DEFAULT_MAX_LIVE_SESSIONS,
  ) {}

  backbones(): string[] {
    return listBackbones();
  }

  async scenarioSet(path: string): Promise<ScenarioSet> {
    const real = this.roots.resolve(path);
    // the set's own file, links followed, must be inside the roots as well
    if (statSync(real).isDirectory() && existsSync(join(real, SCENARIO_SET_FILE)))
      this.roots.inside(real, SCENARIO_SET_FILE);
    let p = this.sets.get(real);
    if (!p) {
      p = loadScenarioSet(real);
      this.sets.set(real, p);
      p.catch(() => this.sets.delete(real));
    }
    return p.catch((e: Error) => {
      throw new DriveError(`"${path}" is not a scenario set: ${e.message}`);
    });
  }

  private episodeFor(set: ScenarioSet, m: StartMessage["episode"]): { episode: Episode; label: string } {
    if ("id" in m) {
      const ep = [...set.acquisition, ...set.evaluation].find((e) => e.id === m.id);
      if (!ep) throw new DriveError(`episode "${m.id}" is not in scenario set "${set.name}"`);
      return { episode: ep, label: ep.id };
    }
    // A free instruction runs in the house and with the objects of that user's first evaluation
    // episode there; its success is measured against that episode's target, and says so.
    const tpl = set.evaluation.find((e) => e.sceneId === m.sceneId && e.userId === m.userId);
    if (!tpl) throw new DriveError(`no evaluation episode of user "${m.userId}" in scene "${m.sceneId}"`);
    const episode: EvaluationEpisode = { ...tpl, id: `free-${++this.n}-${tpl.id}`, instruction: m.instruction };
    return { episode, label: `free instruction in ${m.sceneId} (measured against ${tpl.id}'s target)` };
  }

  private async sharedFor(set: ScenarioSet, backboneName: string): Promise<Shared> {
    const key = `${set.dir}|${backboneName}`;
    let p = this.shared.get(key);
    if (!p) {
      p = (async () => {
        const bc = resolveBackbone(backboneName);
        checkBackboneReady(bc);
        this.factory ??= createMemoryFactory(this.config, this.notice);
        const runtime = createRuntime(this.config, set, [bc], await this.factory);
        const memory = claimDir(join(this.runsDir, "memory", `${basename(set.dir)}-${bc.name}`), {
          label: "dashboard memory folder",
          command: "polar dashboard",
          onNotice: this.notice,
        });
        const backbone = await runtime.openBackbone(bc.name, memory.path);
        return { runtime, backbone, ruleModel: ruleLayerFor(bc), memory, priors: new Map() };
      })();
      this.shared.set(key, p);
      p.catch(() => this.shared.delete(key));
    }
    return p;
  }

  /**
   * A backbone as the page names it: one of configs/backbones/, or, as the CLI takes, a path to a
   * YAML file, which must lie inside the folders the dashboard can open (datasets/, results/,
   * runs/): the page cannot make the server read a file anywhere else.
   */
  backboneRef(given: string): string {
    if (this.backbones().includes(given)) return given;
    if (/\.ya?ml$/.test(given)) {
      try {
        return this.roots.resolve(given);
      } catch (e) {
        if (e instanceof PathRefused)
          throw new DriveError(
            `backbone file "${given}" is not a file the dashboard can open (a YAML file under datasets/, results/ or runs/)`,
          );
        throw e;
      }
    }
    throw new DriveError(
      `unknown backbone "${given}" (known: ${this.backbones().join(", ")}; or a path to a YAML file under datasets/, results/ or runs/)`,
    );
  }

  async start(m: StartMessage): Promise<LiveSession> {
    this.backboneRef(m.backbone);
    const set = await this.scenarioSet(m.dataset);
    const { episode, label } = this.episodeFor(set, m.episode);
    const live = [...this.sessions.values()].filter((s) => !ENDED.has(s.info.status)).length;
    if (live >= this.maxLive)
      throw new DriveError(
        `${live} sessions are running, the most this dashboard allows (polar dashboard --max-sessions ${this.maxLive}): stop one or wait for one to end`,
      );
    const id = `s${++this.n}`;
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const runDir = join(this.runsDir, `${stamp}-${id}-${episode.id}-${m.memory}`);
    const info: SessionInfo = {
      id,
      label,
      dataset: this.roots.label(set.dir),
      episodeId: episode.id,
      userId: episode.userId,
      sceneId: episode.sceneId,
      backbone: m.backbone,
      memory: m.memory,
      status: "preparing",
      note: "opening the backbone and the simulator",
      dir: "",
      startedAt: new Date().toISOString(),
    };
    const session = new LiveSession(info, runDir, this.onChange);
    info.dir = this.roots.label(runDir);
    this.sessions.set(id, session);
    this.forgetOldSessions();
    this.onChange(session);
    const running = this.run(session, set, episode, m)
      .catch((e: Error) => session.setStatus("failed", e.message))
      .finally(() => this.running.delete(running));
    this.running.add(running);
    return session;
  }

  private async run(session: LiveSession, set: ScenarioSet, episode: Episode, m: StartMessage): Promise<void> {
    const shared = await this.sharedFor(set, this.backboneRef(m.backbone));
    const [rawSim] = await shared.runtime.openSimulators(1);
    const sim = session.wrap(rawSim, { paceMs: m.paceMs, watchViews: m.views === "every_step" });
    try {
      // the user's earlier acquisition episodes are not the one being watched: no views for the page
      if (m.memory !== "none")
        await this.ensurePriors(session, shared, set, episode, session.wrap(rawSim, { paceMs: 0, watchViews: false }));
      if (session.stopped) throw new StoppedFromDashboard();
      session.setStatus("running", "running");
      // The user's rules, as `polar run` takes them: what was said with the request is learned
      // first, then the library version in force is pinned for the episode.
      const library = await openRuleLibrary(this.config.rules.store, {
        path: rulesPath(this.config),
        create: true,
        neo4j: this.config.memory.neo4j,
      });
      let r: Awaited<ReturnType<BackboneRuntime["record"]>>;
      try {
        r = await shared.backbone.record(episode, sim, {
          memory: m.memory,
          onEvent: session.onEvent,
          saveImage: session.saveImage,
          onMap: session.writer.saveMap,
          rules: rulesForEpisodes({
            library,
            method: m.rules ?? this.config.rules.method,
            ...(m.say ? { messages: m.say } : {}),
            maxRevisions: this.config.rules.maxRevisions,
            ...(shared.ruleModel ? { model: shared.ruleModel } : {}),
            onOpened: (opened) => {
              const said = opened.taught.flatMap(describeTaught);
              if (said.length) session.setStatus("running", `said with the request: ${said.join("; ")}`);
            },
          }),
        });
      } finally {
        await library.close();
      }
      if (session.stopped) session.setStatus("stopped", "stopped from the dashboard");
      else
        session.setStatus(
          r.error ? "failed" : "ended",
          r.error ? `ended with an error: ${r.error}` : `${r.success ? "success" : "failure"} in ${r.steps} steps`,
        );
    } catch (e) {
      if (e instanceof StoppedFromDashboard) session.setStatus("stopped", "stopped from the dashboard");
      else session.setStatus("failed", (e as Error).message);
    } finally {
      await rawSim.close().catch(() => undefined);
    }
  }

  private async ensurePriors(
    session: LiveSession,
    shared: Shared,
    set: ScenarioSet,
    episode: Episode,
    sim: Parameters<BackboneRuntime["record"]>[1],
  ): Promise<void> {
    const previous = shared.priors.get(episode.userId) ?? Promise.resolve();
    const mine = previous
      .catch(() => undefined)
      .then(async () => {
        const priors = priorEpisodes(set, episode.userId, episode.timestamp).filter((p) => p.id !== episode.id);
        const held = await shared.backbone.memorizedEpisodes(episode.userId);
        const todo = priors.filter((p) => !held.has(p.id));
        for (const [i, p] of todo.entries()) {
          if (session.stopped) throw new StoppedFromDashboard();
          session.setStatus(
            "preparing",
            `building ${episode.userId}'s memory: acquisition episode ${i + 1} of ${todo.length}`,
          );
          await shared.backbone.record(p, sim);
        }
      });
    shared.priors.set(episode.userId, mine);
    await mine;
  }

  /**
   * A page kept open all day starts many sessions: past the newest MAX_SESSIONS, finished ones
   * leave memory (their logs); their run folders stay and replay.
   */
  private forgetOldSessions(): void {
    const done = [...this.sessions.values()].filter((s) => ENDED.has(s.info.status));
    for (const s of done.slice(0, Math.max(0, this.sessions.size - MAX_SESSIONS))) this.sessions.delete(s.info.id);
  }

  /** the backbone's rule model a session's corrections are learned with (undefined: deterministic) */
  async ruleModelOf(session: LiveSession): Promise<ModelRuleLayer | undefined> {
    for (const [key, p] of this.shared)
      if (key.endsWith(`|${session.info.backbone}`)) return (await p.catch(() => null))?.ruleModel;
    return undefined;
  }

  stop(id: string): void {
    const s = this.sessions.get(id);
    if (!s) throw new DriveError(`no session "${id}"`);
    s.stop();
  }

  async close(): Promise<void> {
    for (const s of this.sessions.values()) s.stop();
    await Promise.all(this.running);
    for (const p of this.shared.values()) {
      const sh = await p.catch(() => null);
      if (!sh) continue;
      await sh.backbone.close().catch(() => undefined);
      await sh.runtime.close().catch(() => undefined);
      sh.memory.release();
    }
    this.shared.clear();
  }
}
