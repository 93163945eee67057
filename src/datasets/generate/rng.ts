import { Rng } from "../../util/index.ts";

export { Rng };

/** Seed-derived generator for a named part: same seed and name, same sequence. */
export function rngFor(seed: number, name: string): Rng {
  return new Rng(seed).fork(name);
}
