/**
 * Why an episode ended early, as the agent and the harness report it: which part failed and
 * what it said. The kinds let a reader tell a backbone outage from a simulator one.
 */
import { z } from "zod";
import { BackboneError } from "../mllm/policy.ts";
import { SimError } from "../sim/simulator.ts";

export const ErrorKind = z.enum(["backbone", "simulator", "memory", "agent"]);
export type ErrorKind = z.infer<typeof ErrorKind>;

export interface EpisodeError {
  kind: ErrorKind;
  message: string;
}

export function classifyError(e: unknown): EpisodeError {
  if (e instanceof BackboneError) return { kind: "backbone", message: `backbone: ${e.message}` };
  if (e instanceof SimError) return { kind: "simulator", message: `simulator (${e.code}): ${e.message}` };
  const name = (e as Error)?.name ?? "";
  if (/memory|store|embed/i.test(name)) return { kind: "memory", message: `memory: ${(e as Error).message}` };
  return { kind: "agent", message: `${name || "error"}: ${(e as Error)?.message ?? String(e)}` };
}
