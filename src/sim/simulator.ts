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
export interface EncodedImage {
  view: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  data: Buffer;
}

/**
 * A view as raw pixels, handed over in process: encoding and decoding it again in the same
 * process cost more than rendering it. `encodeAs` is the encoding it takes where bytes leave
 * the process (a file, a socket, an image-taking model); src/sim/image-bytes.ts does that.
 */
export interface RawImage {
  view: string;
  format: "rgb";
  width: number;
  height: number;
  /** width × height × 3 bytes, row-major RGB */
  data: Buffer;
  encodeAs: { format: "jpeg" | "png"; quality?: number };
}

export type Image = EncodedImage | RawImage;

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

/** How a SimError came about: the transport failed, or the simulator refused the request. */
export interface SimFailure {
  /**
   * true only for transport failures: the bridge could not be reached, went silent past the
   * timeout, or dropped the connection. Those say nothing about the agent or the episode and go
   * away when the simulator is back, so a runner reruns the episode (isInfrastructureFailure in
   * src/util/failure.ts reads this). false (the default): the bridge answered and refused the
   * request (invalid params, out of order, not found), or broke the protocol; that is a bug in
   * the agent or the bridge, deterministic, and must be reported, not retried.
   */
  infrastructure?: boolean;
  /** the bridge's URL, for transport failures */
  url?: string;
}

/**
 * The part of a simulator the agent may use: act, plan a path, read the scene's regions.
 * Loading scenes, resetting with the episode's objects and measuring against its targets
 * belong to the evaluation harness, which holds the ground truth those verbs speak.
 */
export type AgentSimulator = Pick<Simulator, "step" | "planPath" | "sceneInfo">;

/** A protocol-level failure reported by the simulator or the transport. */
export class SimError extends Error {
  readonly infrastructure: boolean;
  readonly url?: string;
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
    failure: SimFailure = {},
  ) {
    super(message);
    this.name = "SimError";
    this.infrastructure = failure.infrastructure ?? false;
    if (failure.url !== undefined) this.url = failure.url;
  }
}
