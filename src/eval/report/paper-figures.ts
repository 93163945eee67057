/**
 * `polar report --paper`: each bar-chart figure again, for a paper. Two widths (a column, 3.5 in,
 * and a page, 7 in), each as SVG, PDF (vector, through PDFKit) and PNG at 300 dpi; no title or
 * footer baked in, text at 8 pt or more, and the provenance in the files' metadata (SVG
 * <metadata>, PDF Subject, PNG tEXt) and in the report, where a caption can quote it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { loadSharp } from "../../util/index.ts";
import { type BarChartSpec, barChart, escapeXml, type PaperWidth, paperLayout } from "./svg.ts";

export const PAPER_WIDTHS: readonly PaperWidth[] = ["column", "page"];
const PRINT_DPI = 300;

/** Writes DIR/<name>-<width>.{svg,pdf,png} for both widths; returns the paths. */
export function writePaperFigure(
  dir: string,
  name: string,
  spec: BarChartSpec,
  provenance: readonly string[],
): Promise<string[]> {
  return writePaperSvgs(dir, name, (width) => barChart(spec, paperLayout(width)), spec.title, provenance);
}

/** The same for any figure drawn at a paper width (one unit a point, the root sized in inches). */
export async function writePaperSvgs(
  dir: string,
  name: string,
  draw: (width: PaperWidth) => string,
  title: string,
  provenance: readonly string[],
): Promise<string[]> {
  const files: string[] = [];
  for (const width of PAPER_WIDTHS) {
    const svg = withSvgMetadata(draw(width), title, provenance);
    const base = join(dir, `${name}-${width}`);
    writeFileSync(`${base}.svg`, svg);
    writeFileSync(`${base}.pdf`, await svgToPdf(svg, title, provenance));
    const sharp = await loadSharp();
    // librsvg scales an inch-sized SVG by the density twice: give it the pixel size instead
    const { width: wPt, height: hPt } = svgSizePt(svg);
    const px = (pt: number) => Math.round((pt / 72) * PRINT_DPI);
    const inPixels = svg.replace(
      /^(<svg[^>]*?) width="[\d.]+in" height="[\d.]+in"/,
      `$1 width="${px(wPt)}" height="${px(hPt)}"`,
    );
    const png = await sharp(Buffer.from(inPixels), { density: 72 })
      .withMetadata({ density: PRINT_DPI })
      .png()
      .toBuffer();
    writeFileSync(`${base}.png`, withPngText(png, { Title: title, Source: provenance.join("\n") }));
    files.push(`${base}.svg`, `${base}.pdf`, `${base}.png`);
  }
  return files;
}

/** The Markdown line that links a figure's paper versions. */
export function paperLinks(file: string, caption: string): string {
  return `For a paper (no title or footer; text ≥ 8 pt): ${PAPER_WIDTHS.map((w) => `${w === "column" ? "a column, 3.5 in" : "a page, 7 in"}: [PDF](paper/${file}-${w}.pdf), [SVG](paper/${file}-${w}.svg), [PNG 300 dpi](paper/${file}-${w}.png)`).join("; ")}. Caption source: ${caption.replace(/^Figure \d+ · /, "")}.`;
}

/** The figure's size in points, from the root element a paper layout writes (width="3.500in"). */
export function svgSizePt(svg: string): { width: number; height: number } {
  const inch = (attr: string) =>
    Number(new RegExp(`<svg[^>]* ${attr}="([\\d.]+)in"`).exec(svg)?.[1] ?? Number.NaN) * 72;
  return { width: inch("width"), height: inch("height") };
}

function withSvgMetadata(svg: string, title: string, provenance: readonly string[]): string {
  const meta = `<title>${escapeXml(title)}</title><metadata><polar:provenance xmlns:polar="https://polar.invalid/provenance">${escapeXml(provenance.join("\n"))}</polar:provenance></metadata>`;
  return svg.replace(/(<svg[^>]*>)/, `$1${meta}`);
}

async function svgToPdf(svg: string, title: string, provenance: readonly string[]): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([
    import("pdfkit"),
    import("svg-to-pdfkit"),
  ]);
  const { width, height } = svgSizePt(svg);
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    info: { Title: title, Subject: provenance.join(" · "), Creator: "polar report --paper" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  SVGtoPDF(doc, svg, 0, 0, { width, height, assumePt: true });
  doc.end();
  return done;
}

/**
 * PNG text chunks after IHDR (sharp writes none of its own): zTXt, compressed, so a long
 * provenance costs little. Keywords are Latin-1 by the PNG spec; ours are ASCII.
 */
export function withPngText(png: Buffer, entries: Record<string, string>): Buffer {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  const chunks = Object.entries(entries).map(([key, value]) => {
    const data = Buffer.concat([Buffer.from(`${key}\0\0`, "latin1"), deflateSync(Buffer.from(value, "utf8"))]);
    const type = Buffer.from("zTXt", "latin1");
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
    return Buffer.concat([len, type, data, crc]);
  });
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}
