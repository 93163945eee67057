/** The measure registry (eval.measures names its entries) and the ordered set an episode runs. */
import { Registry } from "../../util/index.ts";
import type { Measure, MeasureEvent, MeasureKey, MeasureValue, MeasureValues } from "./measure.ts";

const MEASURES = new Registry<() => Measure<unknown>>("measure");

/** A measure by id, for `eval.measures` in config; its factory makes a fresh one per episode runner. */
export function registerMeasure<V>(key: MeasureKey<V>, factory: () => Measure<V>): void {
  MEASURES.register(key.id, factory);
}

export function registeredMeasures(): string[] {
  return MEASURES.names();
}

/** Runs measures in order over events; checks at construction that dependencies come first. */
export class MeasureSet implements MeasureValues {
  private readonly values = new Map<string, unknown>();
  private readonly measures: Measure<unknown>[];

  /** Measures by registered id (the config's list), or given whole (tests). */
  constructor(measures: readonly (string | Measure<unknown>)[]) {
    this.measures = measures.map((m) => (typeof m === "string" ? MEASURES.get(m)() : m));
    const seen = new Set<string>();
    for (const m of this.measures) {
      for (const d of m.dependsOn) {
        if (!seen.has(d.id)) throw new Error(`measure "${m.key.id}" depends on "${d.id}", which must come before it`);
      }
      if (seen.has(m.key.id)) throw new Error(`measure "${m.key.id}" is listed twice`);
      seen.add(m.key.id);
    }
  }

  /** Throws naming the first key no measure in this set computes (checked before an episode runs). */
  require(keys: readonly MeasureKey<unknown>[]): this {
    const have = new Set(this.measures.map((m) => m.key.id));
    const missing = keys.filter((k) => !have.has(k.id));
    if (missing.length) throw new Error(`eval.measures lacks ${missing.map((k) => `"${k.id}"`).join(", ")}`);
    return this;
  }

  reset(): void {
    this.values.clear();
    for (const m of this.measures) m.reset();
  }

  update(event: MeasureEvent): void {
    for (const m of this.measures) {
      m.update(event, this);
      this.values.set(m.key.id, m.value());
    }
  }

  get<V>(key: MeasureKey<V>): V {
    if (!this.values.has(key.id)) throw new Error(`no value for measure "${key.id}"`);
    return this.values.get(key.id) as V;
  }

  /**
   * Every measure's value by id, in list order, as a result line holds it. A value that is not
   * a finite number, a boolean or null cannot be averaged: naming the measure beats a report
   * that silently drops it. Never-updated measures read null.
   */
  record(): Record<string, MeasureValue> {
    const out: Record<string, MeasureValue> = {};
    for (const m of this.measures) {
      const v = this.values.has(m.key.id) ? this.values.get(m.key.id) : null;
      if (v === null || typeof v === "boolean") out[m.key.id] = v;
      else if (typeof v === "number") out[m.key.id] = Number.isFinite(v) ? v : null;
      else
        throw new Error(
          `measure "${m.key.id}" gave a ${typeof v}: a result line holds a number, a boolean or null per measure`,
        );
    }
    return out;
  }
}
