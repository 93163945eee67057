/** Hand-built result lines for the eval tests: every field valid, overridable. */
import { RESULT_VERSION, type ResultLine, type RunManifest, resultKey } from "../../src/eval/results.ts";

export function line(over: Partial<ResultLine> & { episodeId: string }): ResultLine {
  const base: ResultLine = {
    v: RESULT_VERSION,
    runId: "run-test",
    configHash: "cfg-test",
    key: "",
    dataset: "synthetic",
    scene: "scene-0",
    user: "user-0",
    episodeId: over.episodeId,
    stage: "evaluation",
    scenario: "compositional_single",
    temporalKind: null,
    memory: "polar",
    representation: "episodic",
    backbone: "heuristic",
    model: null,
    success: false,
    spl: 0,
    cm: false,
    steps: 10,
    pathLength: 5,
    shortestPath: 4,
    target: { objectId: "obj-1", category: "mug" },
    grounded: { objectId: null, category: null, correct: null },
    retrieval: { ids: [], targetRetrieved: null },
    raw: { sampleIds: [], includesGold: null },
    recall: null,
    usage: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, failedCalls: 0 },
    memorized: false,
    error: null,
    durationMs: 12,
    finishedAt: "2026-01-01T00:00:00.000Z",
  };
  const l = { ...base, ...over };
  l.key = over.key ?? resultKey(l.backbone, l.memory, l.representation, l.episodeId);
  return l;
}

export function manifest(over: Partial<RunManifest> = {}): RunManifest {
  return {
    v: RESULT_VERSION,
    runId: "run-test",
    configHash: "cfg-test",
    dataset: { path: "datasets/synthetic", name: "synthetic", episodes: 10, users: 2, scenes: 1 },
    simulator: "embedded (in-process)",
    store: "sqlite",
    embedder: "lexical fallback",
    backbones: { heuristic: { type: "heuristic", model: null } },
    gitCommit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    sessions: [],
    ...over,
  };
}

/** A deterministic synthetic result set: rates differ by memory mode and scenario. */
export function syntheticLines(backbones = ["heuristic"], perCell = 20): ResultLine[] {
  const out: ResultLine[] = [];
  const scenarios = ["compositional_single", "compositional_joint", "distractor", "temporal"];
  const rate: Record<string, number> = { none: 0.2, raw: 0.35, polar: 0.55 };
  let seq = 0;
  const coin = (p: number) => {
    seq++;
    return ((seq * 2654435761) >>> 0) / 4294967296 < p;
  };
  for (const backbone of backbones) {
    for (let i = 0; i < perCell * 2; i++)
      out.push(
        line({
          episodeId: `acq-${i}`,
          stage: "acquisition",
          scenario: "acquisition",
          memory: "none",
          backbone,
          success: coin(0.7),
          spl: 0.5,
        }),
      );
    for (const memory of ["none", "raw", "polar"] as const)
      scenarios.forEach((scenario, si) => {
        for (let i = 0; i < perCell; i++) {
          const success = coin(rate[memory] - si * 0.03);
          out.push(
            line({
              episodeId: `ev-${scenario}-${i}`,
              backbone,
              memory,
              scenario,
              success,
              spl: success ? 0.4 + (i % 5) * 0.1 : 0,
              cm: !success && coin(memory === "polar" ? 0.1 : 0.3),
              retrieval: { ids: ["obj-1"], targetRetrieved: memory === "polar" ? coin(0.8) : null },
              raw: { sampleIds: [], includesGold: memory === "raw" ? true : null },
              recall:
                memory === "polar"
                  ? { k: 5, polar: coin(0.8) ? 1 : 0, bm25: coin(0.4) ? 1 : 0, dense: coin(0.5) ? 1 : 0 }
                  : null,
            }),
          );
        }
      });
  }
  return out;
}
