/** Generated "reference images" of household objects: SVG shapes rendered by sharp. */
import sharp from "sharp";

export type Shape = "mug" | "book" | "ball" | "shoe" | "keys" | "hat";

function svg(shape: Shape, color: string, bg: string, w = 256, h = 256): string {
  const body: Record<Shape, string> = {
    mug: `<rect x="70" y="80" width="100" height="120" rx="10" fill="${color}"/><circle cx="185" cy="140" r="30" fill="none" stroke="${color}" stroke-width="14"/>`,
    book: `<rect x="60" y="50" width="140" height="170" fill="${color}"/><rect x="70" y="60" width="10" height="150" fill="#222"/>`,
    ball: `<circle cx="128" cy="128" r="80" fill="${color}"/><path d="M48 128 Q128 60 208 128" stroke="#111" stroke-width="6" fill="none"/>`,
    shoe: `<path d="M40 170 L40 120 L120 120 L160 150 L220 160 L220 190 L40 190 Z" fill="${color}"/>`,
    keys: `<circle cx="90" cy="90" r="35" fill="none" stroke="${color}" stroke-width="12"/><rect x="110" y="110" width="100" height="16" transform="rotate(35 110 110)" fill="${color}"/>`,
    hat: `<ellipse cx="128" cy="180" rx="110" ry="22" fill="${color}"/><rect x="78" y="70" width="100" height="110" rx="20" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 256 256"><rect width="256" height="256" fill="${bg}"/>${body[shape]}</svg>`;
}

export async function objectImage(shape: Shape, color = "#c0392b", bg = "#f4efe6"): Promise<Buffer> {
  return sharp(Buffer.from(svg(shape, color, bg)))
    .png()
    .toBuffer();
}

/** The same picture as a lower-quality JPEG, at another size. */
export async function reencoded(png: Buffer, opts: { width?: number; quality?: number }): Promise<Buffer> {
  let s = sharp(png);
  if (opts.width) s = s.resize({ width: opts.width });
  return s.jpeg({ quality: opts.quality ?? 60 }).toBuffer();
}
