/**
 * Which stored view a model call's image was: the call's exchange names its images by a hash of
 * their bytes (src/mllm/exchange.ts), and the views the agent was given in the last few steps are
 * hashed, lazily, only when a call asks, so an episode without model calls pays nothing.
 */

import type { CallExchange } from "../mllm/index.ts";
import { imageHash } from "../mllm/index.ts";
import type { Image } from "../sim/index.ts";
import { bytesIfEncoded } from "../sim/index.ts";
import type { ImageRef, ModelCallExchange } from "./events.ts";

/** the steps of views remembered: a call is about the views of its step or the one before */
const KEEP = 12;

export class ShownViews {
  private recent: { ref: string; image: Image; hash?: string }[] = [];
  private photo: { data: Uint8Array; hash?: string } | null = null;

  add(refs: readonly ImageRef[], images: readonly Image[]): void {
    for (let i = 0; i < images.length; i++) this.recent.push({ ref: refs[i].ref, image: images[i] });
    if (this.recent.length > KEEP * 3) this.recent.splice(0, this.recent.length - KEEP * 3);
  }

  /** the user's photo of the target, when the agent has one to compare with */
  setPhoto(data: Uint8Array): void {
    this.photo = { data };
  }

  resolve(x: CallExchange): ModelCallExchange {
    const byHash = new Map<string, string>();
    const want = new Set(x.images.map((i) => i.hash));
    for (const r of this.recent) {
      // a model is sent bytes: a raw view it was sent has been encoded by now, and one never encoded was not sent
      const data = r.hash === undefined ? bytesIfEncoded(r.image) : undefined;
      if (data) r.hash = imageHash(data);
      if (r.hash === undefined) continue;
      if (want.has(r.hash)) byHash.set(r.hash, r.ref);
    }
    let photo: string | undefined;
    if (this.photo && want.size > byHash.size) photo = this.photo.hash ??= imageHash(this.photo.data);
    return {
      ...x,
      images: x.images.map((i) => {
        const ref = byHash.get(i.hash);
        return ref ? { ...i, ref } : i.hash === photo ? { ...i, source: "photo" as const } : i;
      }),
    };
  }
}
