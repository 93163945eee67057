/** API keys come from environment variables only, are checked before a run starts, and never travel in messages. */
import { rememberSecret } from "../util/index.ts";
import type { BackboneConfig } from "./config.ts";
import { providerFor } from "./providers.ts";

export class BackboneConfigError extends Error {
  /** the CLI prints it as is, without a stack */
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = "BackboneConfigError";
  }
}

/**
 * Throws, naming the missing variable, when the backbone cannot be used: call it before the
 * first episode so a run never dies halfway for want of a key.
 */
export function checkBackboneReady(config: BackboneConfig, env: NodeJS.ProcessEnv = process.env): void {
  const provider = providerFor(config.type);
  // a backbone that is no chat model (the heuristic) needs no key; an unknown type is checkBackboneType's
  if (!provider) return;
  if (!config.model) throw new BackboneConfigError(`backbone "${config.name}": no model set (key "model")`);
  if (!config.apiKeyEnv) {
    const missing = provider.keyMissing(config);
    if (missing) throw new BackboneConfigError(missing);
    return;
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(config.apiKeyEnv)) {
    throw new BackboneConfigError(
      `backbone "${config.name}": apiKeyEnv must name an environment variable, not hold a key (got an invalid name)`,
    );
  }
  const value = env[config.apiKeyEnv];
  if (!value?.trim()) {
    throw new BackboneConfigError(
      `backbone "${config.name}" needs the environment variable ${config.apiKeyEnv} (its API key); ` +
        `set it, or use the offline one (polar eval --backbones heuristic, polar run --backbone heuristic)`,
    );
  }
}

/**
 * The key for a backbone (checked first), or undefined for keyless local servers. The process
 * remembers it, so that no failure line, result line or log of this run shows any of it.
 */
export function readApiKey(config: BackboneConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  checkBackboneReady(config, env);
  const key = config.apiKeyEnv ? env[config.apiKeyEnv]?.trim() : undefined;
  rememberSecret(key);
  return key;
}

/**
 * Remembers the keys of these backbones where the environment holds them, so that a process
 * that shows what runs wrote (the dashboard) keeps them out of what it sends even when it never
 * calls those backbones itself.
 */
export function rememberKeysOf(configs: readonly BackboneConfig[], env: NodeJS.ProcessEnv = process.env): void {
  for (const c of configs) if (c.apiKeyEnv) rememberSecret(env[c.apiKeyEnv]?.trim());
}

/** Removes a secret, and any long piece of it in any case, from text that may end up in errors, logs or records. */
export { redact } from "../util/index.ts";
