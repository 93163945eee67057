/** Turns texts into vectors for the memory graph. Vectors are L2-normalized: dot product = cosine. */
export interface Embedder {
  /** appears in every run's output and report, and is recorded by the store */
  readonly name: string;
  readonly dim: number;
  /** one line for logs: which files or method */
  readonly description: string;
  embed(texts: string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

/** In-place L2 normalization; a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  if (n === 0) return v;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return v;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
