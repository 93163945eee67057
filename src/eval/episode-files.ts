/**
 * Where an evaluation keeps one episode's event stream when asked to (`polar eval
 * --trajectories`): OUT/episodes/<backbone>/<group>/<episode>/events.jsonl, a folder `polar
 * dashboard` can replay like a `polar run` folder, and the report links to.
 */
import { join } from "node:path";

export const EPISODES_DIR = "episodes";

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_");

/** acquisition, the memory mode, or memory-representation for Table 2's variants */
export function episodeGroup(l: { stage: string; memory: string; representation: string }): string {
  if (l.stage === "acquisition") return "acquisition";
  return l.representation === "episodic" ? l.memory : `${l.memory}-${l.representation}`;
}

/** The episode's folder, relative to the evaluation's output folder. */
export function episodeDir(l: {
  backbone: string;
  stage: string;
  memory: string;
  representation: string;
  episodeId: string;
}): string {
  return join(EPISODES_DIR, safe(l.backbone), episodeGroup(l), safe(l.episodeId));
}
