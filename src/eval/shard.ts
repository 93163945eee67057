/**
 * Sharding without a queue (`polar eval --shard i/N`, for a SLURM array or a Kubernetes Indexed
 * Job): every shard plans the whole run and keeps its part of it. The partition is by user,
 * because a user's evaluation episodes read the memory that the same user's acquisition
 * episodes wrote: both must run in the shard that holds that memory.
 */
export interface Shard {
  /** 0-based, as $JOB_COMPLETION_INDEX and `sbatch --array=0-(N-1)` give it */
  index: number;
  count: number;
}

/** what the partition reads of a job */
export interface UserJob {
  episode: { userId: string };
}

export class ShardSpecError extends Error {}

/** Parses "i/N" (0 ≤ i < N). */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  const index = m ? Number(m[1]) : Number.NaN;
  const count = m ? Number(m[2]) : Number.NaN;
  if (!m || count < 1 || index >= count)
    throw new ShardSpecError(`--shard expects i/N with 0 ≤ i < N (e.g. 0/3, 1/3, 2/3), got "${spec}"`);
  return { index, count };
}

/**
 * Which shard each user goes to: users by descending job count (then id) onto the least loaded
 * shard (then the lowest index). It depends on the planned jobs alone, so every shard of one
 * command computes the same partition.
 */
export function assignUsers(jobs: readonly UserJob[], count: number): Map<string, number> {
  const load = new Map<string, number>();
  for (const j of jobs) load.set(j.episode.userId, (load.get(j.episode.userId) ?? 0) + 1);
  const users = [...load.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shardLoad = new Array<number>(count).fill(0);
  const out = new Map<string, number>();
  for (const [user, n] of users) {
    let best = 0;
    for (let s = 1; s < count; s++) if (shardLoad[s] < shardLoad[best]) best = s;
    shardLoad[best] += n;
    out.set(user, best);
  }
  return out;
}

/** The jobs of one shard, in the plan's order. */
export function inShard<T extends UserJob>(jobs: readonly T[], shard: Shard): T[] {
  const owner = assignUsers(jobs, shard.count);
  return jobs.filter((j) => owner.get(j.episode.userId) === shard.index);
}
