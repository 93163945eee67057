/**
 * A simulator that renders all three views at every step of an episode for an onlooker (the
 * dashboard's page, an evaluation's kept trajectory) while the agent gets back exactly the
 * views it asked for. Rendering does not move the simulator, so the episode is the one it
 * would have been untapped; the onlooker receives the views the agent was not given, named as
 * the episode names its own (s0012-front.jpeg).
 */

import type { Image, Simulator, ViewsRequest, WithImages } from "../sim/index.ts";
import { fileFormat } from "../sim/index.ts";

export interface ViewTap {
  /** false for resets that are not the episode (the scene-graph traversal's) */
  watch?: (episodeId: string) => boolean;
  /** the views of `step` the agent did not ask for */
  onExtra: (step: number, ref: string, image: Image) => Promise<void> | void;
  /** before each simulator call (the dashboard's stop check) */
  before?: () => void;
  /** after each step (the dashboard yields to its event loop and paces) */
  afterStep?: () => Promise<void>;
}

export const viewRef = (step: number, img: Image) => `s${String(step).padStart(4, "0")}-${img.view}.${fileFormat(img)}`;

const notTraversal = (id: string) => !id.startsWith("traversal:");

export function tapViews(sim: Simulator, tap: ViewTap): Simulator {
  let step = 0;
  let watching = false;
  const watch = tap.watch ?? notTraversal;
  const extra = async (
    call: (views: ViewsRequest) => Promise<WithImages<object>>,
    asked: ViewsRequest,
  ): Promise<WithImages<object>> => {
    if (!watching || asked === true) return call(asked);
    const keep = new Set<string>(asked === false || asked === undefined ? [] : asked);
    const r = await call(true);
    // side by side: a raw view is encoded on its way to the onlooker, on sharp's thread pool
    await Promise.all(
      r.imageData.filter((img) => !keep.has(img.view)).map((img) => tap.onExtra(step, viewRef(step, img), img)),
    );
    return { ...r, imageData: r.imageData.filter((img) => keep.has(img.view)) };
  };
  return new Proxy(sim, {
    get: (target, prop, receiver) => {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== "function" || prop === "close") return v;
      return async (...args: unknown[]) => {
        tap.before?.();
        if (prop === "reset") {
          const p = args[0] as Parameters<Simulator["reset"]>[0];
          watching = watch(p.episodeId ?? "");
          step = 0;
          return extra((views) => target.reset({ ...p, views }), p.views);
        }
        if (prop === "step") {
          const [action, views] = args as Parameters<Simulator["step"]>;
          step++;
          const r = await extra((vs) => target.step(action, vs), views);
          await tap.afterStep?.();
          return r;
        }
        return v.apply(target, args);
      };
    },
  });
}
