/**
 * A registry of one kind of part (simulators, memory stores, backbones, measures): factories by
 * name, chosen in config by a `type` (or a list of names), habitat-lab style. The part's module
 * registers its built-ins; a plug-in registers once more, and no switch anywhere changes.
 */
export class Registry<F> {
  private readonly entries = new Map<string, F>();

  constructor(readonly kind: string) {}

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
