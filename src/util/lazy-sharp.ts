/**
 * sharp (libvips), imported on first use: its import takes ~0.1 s and starts libvips' threads,
 * which `polar eval` need not wait for before its first episode starts, nor a command that
 * never touches an image at all.
 */
type Sharp = typeof import("sharp").default;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
}
