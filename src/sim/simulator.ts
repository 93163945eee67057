import type { z } from "zod";
import type {
  Action,
  HelloResult,
  LoadSceneParams,
  LoadSceneResult,
  MetricsParams,
  MetricsResult,
  Observation,
  PlanPathParams,
  PlanPathResult,
  ResetParams,
  SceneInfoResult,
  StepResult,
  TopdownParams,
  TopdownResult,
  ViewName,
} from "./protocol.ts";

/** An encoded image with its header; `data` holds the bytes of the binary frame. */
export interface Image {
  view: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  data: Buffer;
}

export type WithImages<T> = T & { imageData: Image[] };

export type ViewsRequest = boolean | ViewName[] | undefined;

/**
 * What the agent sees of a simulator. The embedded one runs in process; any bridge (the
 * embedded server, Habitat) is reached through the WebSocket client. Both pass test/sim's
 * conformance suite.
 */
export interface Simulator {
  hello(): Promise<z.infer<typeof HelloResult>>;
  loadScene(params: z.input<typeof LoadSceneParams>): Promise<z.infer<typeof LoadSceneResult>>;
  reset(params: z.input<typeof ResetParams>): Promise<WithImages<z.infer<typeof Observation>>>;
  step(action: Action, views?: ViewsRequest): Promise<WithImages<z.infer<typeof StepResult>>>;
  planPath(params: z.input<typeof PlanPathParams>): Promise<z.infer<typeof PlanPathResult>>;
  sceneInfo(): Promise<z.infer<typeof SceneInfoResult>>;
  metrics(params?: z.input<typeof MetricsParams>): Promise<z.infer<typeof MetricsResult>>;
  topdown(params?: z.input<typeof TopdownParams>): Promise<WithImages<z.infer<typeof TopdownResult>>>;
  close(): Promise<void>;
}

/**
 * The part of a simulator the agent may use: act, plan a path, read the scene's regions.
 * Loading scenes, resetting with the episode's objects and measuring against its targets
 * belong to the evaluation harness, which holds the ground truth those verbs speak.
 */
export type AgentSimulator = Pick<Simulator, "step" | "planPath" | "sceneInfo">;

/** A protocol-level failure reported by the simulator or the transport. */
export class SimError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = "SimError";
  }
}
