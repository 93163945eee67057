/**
 * Views and photos as RGB pixels, decoded once per encoded buffer: one view is looked at by
 * several judgments of a decision (each candidate in it), and a photo by every decision of an
 * episode.
 */
import sharp from "sharp";
import type { Image } from "../sim/simulator.ts";
import { type Appearance, type Pixels, photoAppearanceOf } from "./appearance.ts";

const decoded = new WeakMap<Buffer, Promise<Pixels>>();

/** Decodes an encoded image to RGB once per buffer. */
export function pixelsOf(image: Image): Promise<Pixels> {
  let p = decoded.get(image.data);
  if (!p) {
    p = sharp(image.data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ width: info.width, height: info.height, data }));
    decoded.set(image.data, p);
  }
  return p;
}

const photos = new WeakMap<Buffer, Promise<Appearance>>();

/** The appearance of the object in a user's photo, once per photo. */
export function photoAppearance(photo: Image): Promise<Appearance> {
  let p = photos.get(photo.data);
  if (!p) {
    p = pixelsOf(photo).then(photoAppearanceOf);
    photos.set(photo.data, p);
  }
  return p;
}
