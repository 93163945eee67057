// pdfkit and svg-to-pdfkit ship no types; paper-figures.ts uses this much of them.
declare module "pdfkit" {
  interface PdfDoc {
    on(event: "data", cb: (chunk: Buffer) => void): void;
    on(event: "end", cb: () => void): void;
    on(event: "error", cb: (e: Error) => void): void;
    end(): void;
  }
  const PDFDocument: new (opts: {
    size: [number, number];
    margin: number;
    info?: Record<string, string | Date>;
    compress?: boolean;
  }) => PdfDoc;
  export default PDFDocument;
}
declare module "svg-to-pdfkit" {
  function SVGtoPDF(
    doc: unknown,
    svg: string,
    x: number,
    y: number,
    opts?: { width?: number; height?: number; assumePt?: boolean },
  ): void;
  export default SVGtoPDF;
}
