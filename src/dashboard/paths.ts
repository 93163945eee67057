/**
 * The only folders the dashboard reads: the project's data and results folders. A path from the
 * page is resolved against the project root, symbolic links followed, and refused unless it
 * lands inside one of them; a refused path and a missing one get the same answer, so the page
 * cannot probe the file system.
 */
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

export class PathRefused extends Error {
  constructor(readonly given: string) {
    super(`"${given}" is not a file or folder the dashboard can open (only datasets/, results/ and runs/ are)`);
    this.name = "PathRefused";
  }
}

export const DEFAULT_ROOTS = ["datasets", "results", "runs"] as const;

export class DataRoots {
  /** real paths of the roots that exist (a root made later is picked up on the next call) */
  private readonly wanted: string[];

  /** folders given on the command line (`polar dashboard DIR…`, `--root`): runs outside the project */
  readonly extra: readonly string[];

  constructor(
    readonly projectDir: string,
    roots: readonly string[] = DEFAULT_ROOTS,
    extra: readonly string[] = [],
  ) {
    this.extra = extra.map((r) => resolve(r));
    this.wanted = [...roots.map((r) => resolve(projectDir, r)), ...this.extra];
  }

  /**
   * The folders to look for runs in: the project's own (`results`, `runs`, as asked) and every
   * extra root, each once.
   */
  searchRoots(own: readonly string[]): string[] {
    return [...new Set([...own.map((r) => resolve(this.projectDir, r)), ...this.extra])];
  }

  private roots(): string[] {
    return this.wanted.filter((r) => existsSync(r)).map((r) => realpathSync(r));
  }

  /** The real path of `given` when it exists inside a root; otherwise PathRefused. */
  resolve(given: string): string {
    if (given.includes("\0")) throw new PathRefused(given);
    const abs = isAbsolute(given) ? given : resolve(this.projectDir, given);
    if (!existsSync(abs)) throw new PathRefused(given);
    const real = realpathSync(abs);
    if (!this.roots().some((r) => real === r || real.startsWith(r + sep))) throw new PathRefused(given);
    return real;
  }

  /** A file inside an already resolved folder, checked again (a name could hold ../ or a link). */
  inside(dir: string, name: string): string {
    const path = join(dir, name);
    try {
      return this.resolve(path);
    } catch (e) {
      if (e instanceof PathRefused) throw new PathRefused(this.label(path));
      throw e;
    }
  }

  /** How the page names a resolved path: relative to the project when it can be. */
  label(real: string): string {
    const rel = relative(realpathSync(this.projectDir), real);
    return rel && !rel.startsWith("..") ? rel : real;
  }
}
