/**
 * The logged episodes of a run kept with --trajectories (development scripts only; they read the
 * harness's ground truth, the agent never does): per evaluation episode of one memory mode, its
 * results line, its event stream, the target's floor position from map.json and the target's
 * opaque instance id (target-instance.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { targetInstance } from "./target-instance.ts";

/** One line of events.jsonl, as logged (each script reads the fields of the types it needs). */
// biome-ignore lint/suspicious/noExplicitAny: a logged event of any type
export type LoggedEvent = any;

export interface LoggedEpisode {
  ep: string;
  // biome-ignore lint/suspicious/noExplicitAny: a results.jsonl line
  result: any;
  events: LoggedEvent[];
  target: [number, number];
  category: string;
  /** the target instance's id, null when it was never in view */
  targetId: string | null;
}

/** The evaluation lines of results.jsonl for one memory mode (episodic representation), by episode id. */
export function evaluationResults(dir: string, mode: string): Map<string, LoggedEpisode["result"]> {
  const out = new Map<string, LoggedEpisode["result"]>();
  for (const l of readFileSync(join(dir, "results.jsonl"), "utf8").split("\n").filter(Boolean)) {
    const r = JSON.parse(l);
    if (r.stage === "evaluation" && r.representation === "episodic" && r.memory === mode) out.set(r.episodeId, r);
  }
  return out;
}

export function* loggedEpisodes(dir: string, mode: string): Generator<LoggedEpisode> {
  const results = evaluationResults(dir, mode);
  const base = join(dir, "episodes", "heuristic", mode);
  if (!existsSync(base)) throw new Error(`no ${base} (run the evaluation with --trajectories)`);
  for (const ep of readdirSync(base).sort()) {
    const result = results.get(ep);
    if (!result) continue;
    const events = readFileSync(join(base, ep, "events.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l): LoggedEvent => JSON.parse(l));
    const map = JSON.parse(readFileSync(join(base, ep, "map.json"), "utf8"));
    const target = map.analysis.targets[0].position as [number, number];
    const category = (result.target as { category: string }).category;
    yield { ep, result, events, target, category, targetId: targetInstance(events, category, target) };
  }
}
