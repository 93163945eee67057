/**
 * The exit codes of every `polar` command, named once; the README's "Everyday commands" lists
 * them. Scripts chain on them, so a code keeps its meaning across commands.
 */
export const EXIT = {
  /** done (also when --limit stopped a run early) */
  done: 0,
  /** anything unexpected */
  failed: 1,
  /** a bad value, path, config or dataset: one line on stderr names it */
  badInput: 2,
  /** the folder is in use by another run */
  inUse: 3,
  /** the simulator, a model service, the queue or the disk could not be used: rerun to retry */
  infrastructure: 4,
  /** stopped at --max-minutes: rerun to resume */
  timeLimit: 5,
  /** stopped at --max-cost: rerun to resume */
  overBudget: 6,
  /** Ctrl-C: rerun to resume */
  interrupted: 130,
  /** SIGTERM */
  terminated: 143,
} as const;
