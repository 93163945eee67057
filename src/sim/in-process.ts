/**
 * A simulator in the agent's own process: a session that answers verbs as a bridge would (the
 * embedded simulator's EmbeddedSession, which also serves each WebSocket connection), without
 * the socket. The composition root hands the session in, so src/sim never imports a simulator.
 * Params are validated by the session exactly as on the wire; results are built to the
 * protocol's types, so they are not parsed again here.
 */
import type { z } from "zod";
import { FeatureGate, planPathParams } from "./features.ts";
import type { Action, PlanPathParams, VERB_RESULTS, Verb } from "./protocol.ts";
import type { Image, Simulator, ViewsRequest, WithImages } from "./simulator.ts";
import { SimError } from "./simulator.ts";

type ResultOf<V extends Verb> = z.infer<(typeof VERB_RESULTS)[V]>;

/** What a simulator serves per connection: one verb in, its result and images out. */
export interface SimulatorSession {
  handle(verb: string, params: unknown): Promise<{ result: unknown; images: Image[] }>;
}

export class InProcessSimulator implements Simulator {
  private closed = false;
  private readonly features = new FeatureGate(() => this.hello(), "the in-process simulator");

  constructor(private readonly session: SimulatorSession) {}

  async request(verb: Verb, params: unknown = {}): Promise<{ result: unknown; images: Image[] }> {
    if (this.closed) throw new SimError("disconnected", `${verb}: the in-process simulator was closed`);
    return this.session.handle(verb, params);
  }

  private async call<V extends Verb>(verb: V, params: unknown): Promise<ResultOf<V>> {
    return (await this.request(verb, params)).result as ResultOf<V>;
  }

  private async callWithImages<V extends Verb>(verb: V, params: unknown): Promise<WithImages<ResultOf<V>>> {
    const { result, images } = await this.request(verb, params);
    return { ...(result as ResultOf<V>), imageData: images };
  }

  hello() {
    return this.call("hello", { client: "polar-in-process" });
  }
  loadScene(params: object) {
    return this.call("load_scene", params);
  }
  reset(params: object) {
    return this.callWithImages("reset", params);
  }
  step(action: Action, views?: ViewsRequest) {
    return this.callWithImages("step", views === undefined ? { action } : { action, views });
  }
  /** avoidRegions only after hello has announced them (features.ts) */
  async planPath(params: z.input<typeof PlanPathParams>) {
    return this.call("plan_path", await planPathParams(this.features, params));
  }
  sceneInfo() {
    return this.call("scene_info", {});
  }
  metrics(params: object = {}) {
    return this.call("metrics", params);
  }
  topdown(params: object = {}) {
    return this.callWithImages("topdown", params);
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}
