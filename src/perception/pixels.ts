/**
 * Views and photos as RGB pixels, decoded once per encoded buffer: one view is looked at by
 * several judgments of a decision (each candidate in it), and a photo by every decision of an
 * episode.
 *
 * A raw in-process view is judged as a camera stream carries it: encoded once at the camera's
 * setting (src/sim/image-bytes.ts, the bytes a socket or a file would get), then decoded. So an
 * episode comes out the same in process and over a socket, the matcher's calibration (made on
 * those views) holds, and only a view with a candidate in it is ever encoded.
 */
import type { Image } from "../sim/index.ts";
import { encodedImage } from "../sim/index.ts";
import { loadSharp } from "../util/index.ts";
import { type Appearance, type Pixels, photoAppearanceOf } from "./appearance.ts";

const decoded = new WeakMap<Buffer, Promise<Pixels>>();

/** Decodes an encoded image to RGB once per buffer. */
export function pixelsOf(image: Image): Promise<Pixels> {
  if (image.format === "rgb") return encodedImage(image).then(pixelsOf);
  let p = decoded.get(image.data);
  if (!p) {
    p = loadSharp()
      .then((sharp) => sharp(image.data).removeAlpha().raw().toBuffer({ resolveWithObject: true }))
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
