/**
 * What the agent is given for one episode: the user's request as a robot would receive it.
 * The evaluation harness (src/eval/harness.ts) builds it from a dataset episode and keeps the
 * rest (target and distractor ids, the answer key, placements, metrics) on its own side; the
 * agent's modules never import the dataset's episode types, and a test checks that they don't.
 */
import type { Category, Image, Pose } from "../sim/index.ts";

/**
 * The object an explicit (acquisition) request is about, as the user shows it: the name they
 * give it and a photo. Later requests refer to it only implicitly; recognising it then has to
 * come from memory and from what the views show, since the simulator's instance ids are new
 * in every episode.
 */
export interface Referent {
  objectId: string;
  category: Category | null;
  image?: Image;
  /** where the photo is kept, so memory can point at it */
  imagePath?: string;
}

export interface Task {
  /** this episode's id: names its events and files, nothing more */
  id: string;
  userId: string;
  sceneId: string;
  instruction: string;
  /** the request's time (ms since the epoch): memory may use only what came before it */
  timestamp: number;
  start: Pose;
  /** explicit requests only */
  referent?: Referent;
}
