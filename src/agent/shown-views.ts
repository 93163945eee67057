/**
 * Which image a model call was sent: the call's exchange names its images by a hash of their
 * bytes (src/mllm/exchange.ts). A view of the run is found among the views the agent was given in
 * the last few steps, hashed lazily, only when a call asks, so an episode without model calls
 * pays nothing. Any other image (the user's photo, the candidates' photos from memory) is stored
 * with the run once, named by its hash (`sent-<hash>.jpeg`), within SENT_BUDGET_BYTES an episode.
 */

import type { CallExchange } from "../mllm/index.ts";
import { exchangeImageBytes, imageHash } from "../mllm/index.ts";
import type { Image } from "../sim/index.ts";
import { bytesIfEncoded } from "../sim/index.ts";
import type { ImageRef, ModelCallExchange } from "./events.ts";

/** the steps of views remembered: a call is about the views of its step or the one before */
const KEEP = 12;
/** the bytes of sent images (not views) stored with one episode: a few photos, sent again and again */
export const SENT_BUDGET_BYTES = 16 * 1024 * 1024;

export type StoreSent = (ref: string, image: Image) => void;

export class ShownViews {
  private recent: { ref: string; image: Image; hash?: string }[] = [];
  private photo: { data: Uint8Array; hash?: string } | null = null;
  private readonly stored = new Set<string>();
  private storedBytes = 0;

  /** `store` keeps a sent image that is no view of the run (absent: nothing is stored) */
  constructor(
    private readonly store?: StoreSent,
    private readonly budgetBytes = SENT_BUDGET_BYTES,
  ) {}

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
    const bytes = exchangeImageBytes(x);
    return {
      ...x,
      images: x.images.map((i) => {
        const view = byHash.get(i.hash);
        if (view) return { ...i, ref: view };
        const source = i.hash === photo ? { source: "photo" as const } : {};
        const kept = this.keep(i.hash, bytes.get(i.hash));
        return { ...i, ...source, ...kept };
      }),
    };
  }

  /** stores a sent image once; what the event says of it */
  private keep(
    hash: string,
    sent: { data: Buffer; mediaType: string } | undefined,
  ): { ref?: string; notKept?: string } {
    if (!this.store || !sent) return {};
    const format = sent.mediaType === "image/png" ? "png" : "jpeg";
    const ref = `sent-${hash}.${format}`;
    if (this.stored.has(ref)) return { ref };
    if (this.storedBytes + sent.data.length > this.budgetBytes)
      return { notKept: `the run's ${Math.round(this.budgetBytes / 2 ** 20)} MiB for sent images was spent` };
    this.stored.add(ref);
    this.storedBytes += sent.data.length;
    // its size is not read: the bytes are stored as they were sent, and the page reads the file
    this.store(ref, { view: "sent", format, width: 0, height: 0, data: sent.data });
    return { ref };
  }
}
