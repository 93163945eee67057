/**
 * Loading the config's `plugins:` (config/plugins.ts resolves them): each module's default
 * export, a function, is called with the registration functions of this very process, so a
 * plug-in never imports Polar's internals (which, in the built CLI, are bundled and would be
 * another copy with registries of their own). A module without one registers on import, as
 * Polar's own parts do (that works when Polar runs from its sources).
 *
 * Called by the CLI before a command resolves any name, by every `--concurrency` thread and
 * by every queue worker (through the CLI): a plug-in listed in config is known everywhere.
 */
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError } from "../config/index.ts";

export interface PluginHost {
  registerSimulator: typeof import("../sim/index.ts").registerSimulator;
  registerStore: typeof import("../memory/index.ts").registerStore;
  registerEmbedder: typeof import("../memory/index.ts").registerEmbedder;
  registerBackbone: typeof import("../mllm/index.ts").registerBackbone;
  registerProvider: typeof import("../mllm/index.ts").registerProvider;
  registerRuleLibrary: typeof import("../rules/index.ts").registerRuleLibrary;
  registerMeasure: typeof import("../eval/index.ts").registerMeasure;
}

// the registries load only when a config lists a plug-in
async function host(): Promise<PluginHost> {
  const [sim, memory, mllm, rules, measures] = await Promise.all([
    import("../sim/index.ts"),
    import("../memory/index.ts"),
    import("../mllm/index.ts"),
    import("../rules/index.ts"),
    import("../eval/index.ts"),
  ]);
  return {
    registerSimulator: sim.registerSimulator,
    registerStore: memory.registerStore,
    registerEmbedder: memory.registerEmbedder,
    registerBackbone: mllm.registerBackbone,
    registerProvider: mllm.registerProvider,
    registerRuleLibrary: rules.registerRuleLibrary,
    registerMeasure: measures.registerMeasure,
  };
}

const loaded = new Set<string>();

/** Loads each plug-in once per process or thread; one that fails is a config error naming it. */
export async function loadPlugins(specs: readonly string[]): Promise<void> {
  const todo = specs.filter((s) => !loaded.has(s));
  if (todo.length === 0) return;
  const registry = await host();
  for (const spec of todo) {
    try {
      const mod = (await import(isAbsolute(spec) ? pathToFileURL(spec).href : spec)) as { default?: unknown };
      if (typeof mod.default === "function") await (mod.default as (h: PluginHost) => unknown)(registry);
    } catch (e) {
      throw new ConfigError([`key "plugins": cannot load "${spec}": ${(e as Error)?.message ?? e}`]);
    }
    loaded.add(spec);
  }
}
