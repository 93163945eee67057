/**
 * Why an episode ended early, as the agent and the harness report it: which part failed and
 * what it said. The kinds let a reader tell a backbone outage from a simulator one.
 */
import { z } from "zod";
import { BackboneError } from "../mllm/index.ts";
import { SimError } from "../sim/index.ts";
import { isInfrastructureFailure } from "../util/index.ts";

export const ErrorKind = z.enum(["backbone", "simulator", "memory", "agent"]);
export type ErrorKind = z.infer<typeof ErrorKind>;

export interface EpisodeError {
  kind: ErrorKind;
  message: string;
  /**
   * the model service or the simulator could not be used (no connection, timeout, rate limit
   * or outage after the retries): says nothing about the agent, so the episode is run again
   * later rather than counted
   */
  infrastructure: boolean;
}

export function classifyError(e: unknown): EpisodeError {
  const infrastructure = isInfrastructureFailure(e);
  if (e instanceof BackboneError) return { kind: "backbone", message: `backbone: ${e.message}`, infrastructure };
  if (e instanceof SimError)
    return { kind: "simulator", message: `simulator (${e.code}): ${e.message}`, infrastructure };
  const name = (e as Error)?.name ?? "";
  if (/memory|store|embed/i.test(name))
    return { kind: "memory", message: `memory: ${(e as Error).message}`, infrastructure };
  return { kind: "agent", message: `${name || "error"}: ${(e as Error)?.message ?? String(e)}`, infrastructure };
}
