/**
 * Protocol additions a client must not use before the simulator says it has them (hello's
 * `features`). A bridge that predates plan_path's avoidRegions either refuses the unknown field
 * or, if lax, ignores it and plans straight through the rooms the user ruled out; asking hello
 * first turns both into one clear error before anything is sent.
 */
import type { z } from "zod";
import type { Feature, HelloResult, PlanPathParams } from "./protocol.ts";
import { SimError } from "./simulator.ts";

type Hello = z.infer<typeof HelloResult>;

export class FeatureGate {
  private hello: Promise<Hello> | undefined;

  /** `where` names the simulator in errors (its URL, or "the in-process simulator"). */
  constructor(
    private readonly askHello: () => Promise<Hello>,
    private readonly where: string,
  ) {}

  /** Resolves when the simulator announces `feature`; else a SimError("unsupported") saying what was asked. */
  async require(feature: Feature, asked: string, path?: string): Promise<void> {
    if (!this.hello) {
      this.hello = this.askHello();
      // a failed hello (connection lost) is asked again next time, not remembered
      this.hello.catch(() => {
        this.hello = undefined;
      });
    }
    const h = await this.hello;
    if (h.features?.includes(feature)) return;
    throw new SimError(
      "unsupported",
      `${this.where}: ${h.simulator} ${h.version} (protocol ${h.protocol}) does not support ${asked}: ` +
        `its hello lists no "${feature}" among features (${h.features?.join(", ") || "none"}); ` +
        "update the bridge, or plan without it",
      path,
    );
  }
}

/**
 * plan_path's params as sent: an empty avoidRegions avoids nothing and is dropped (so plain plans
 * work on any bridge); a non-empty one first needs the feature.
 */
export async function planPathParams(
  gate: FeatureGate,
  params: z.input<typeof PlanPathParams>,
): Promise<z.input<typeof PlanPathParams>> {
  const { avoidRegions, ...rest } = params;
  if (avoidRegions === undefined || (Array.isArray(avoidRegions) && avoidRegions.length === 0)) return rest;
  await gate.require("plan_path.avoidRegions", "plan_path with avoidRegions", "params.avoidRegions");
  return { ...rest, avoidRegions };
}
