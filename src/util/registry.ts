/**
 * A registry of one kind of part (simulators, memory stores, backbones, measures): factories by
 * name, chosen in config by a `type` (or a list of names), habitat-lab style. The part's module
 * registers its built-ins; a plug-in registers once more, and no switch anywhere changes.
 */
/** every registry of this JS realm (a worker thread has its own), by kind */
const ALL = new Map<string, Registry<unknown>>();

export class Registry<F> {
  private readonly entries = new Map<string, F>();

  constructor(readonly kind: string) {
    ALL.set(kind, this as Registry<unknown>);
  }

  register(name: string, factory: F): void {
    if (this.entries.has(name)) throw new Error(`${this.kind} "${name}" is registered twice`);
    this.entries.set(name, factory);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The factory for a name; an unknown name is an error that lists the known ones. */
  get(name: string): F {
    const f = this.entries.get(name);
    if (f === undefined) throw new UnknownEntryError(this.kind, name, this.names());
    return f;
  }

  names(): string[] {
    return [...this.entries.keys()].sort();
  }
}

export class UnknownEntryError extends Error {
  constructor(kind: string, name: string, known: string[]) {
    super(`unknown ${kind} type "${name}" (known: ${known.join(", ") || "none"})`);
    this.name = "UnknownEntryError";
  }
}

/** The names in every registry loaded here, by kind: what another thread must also know. */
export function registeredNames(): Record<string, string[]> {
  return Object.fromEntries([...ALL].map(([kind, r]) => [kind, r.names()]));
}

/**
 * What `here` registers that `there` does not, in the kinds both have loaded: plug-ins this
 * process registered in code, which a fresh worker thread never sees ("measure test_x").
 */
export function missingFrom(there: Record<string, string[]>, here = registeredNames()): string[] {
  return Object.entries(here).flatMap(([kind, names]) => {
    const theirs = there[kind];
    return theirs ? names.filter((n) => !theirs.includes(n)).map((n) => `${kind} ${n}`) : [];
  });
}
