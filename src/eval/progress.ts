/**
 * Progress on stderr while an evaluation runs: episodes done, SR so far with the episodes it
 * counts, ETA. A bar on a terminal (cli-progress); on a pipe or in CI, a plain line every tenth
 * of the way. The ETA is Pace's (util/pace.ts): "estimating" until the first episodes have
 * shown a pace, never a figure carried from the start-up.
 */
import { cliProgressPackage, Pace } from "../util/index.ts";

export interface Progress {
  start(total: number, alreadyDone: number): void;
  episode(success: boolean, label: string): void;
  /** an episode that could not be run (infrastructure): not counted as done */
  failure(label: string, message: string): void;
  stop(): void;
}

export function silentProgress(): Progress {
  return { start() {}, episode() {}, failure() {}, stop() {} };
}

export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let total = 0;
  let done = 0;
  let ok = 0;
  let ran = 0;
  let pace = new Pace();
  let nextLine = 0;
  const tty = Boolean(stream.isTTY);
  const bar = tty
    ? new (cliProgressPackage().SingleBar)(
        {
          stream,
          format: "eval [{bar}] {value}/{total} episodes · SR so far {sr} · {left} · {label}",
          hideCursor: true,
          fps: 5,
        },
        cliProgressPackage().Presets.shades_classic,
      )
    : null;
  // a rate beside the n it comes from: 100% of 3 is not 100% of 300
  const sr = () => (ran ? `${((100 * ok) / ran).toFixed(1)}% (${ok}/${ran})` : "–");
  return {
    start(t, already) {
      total = t;
      done = already;
      pace = new Pace();
      nextLine = done + Math.max(1, Math.ceil(total / 10));
      if (bar) bar.start(total, done, { sr: sr(), left: pace.text(done, total), label: "" });
      else stream.write(`eval: ${done}/${total} episodes already done, ${total - done} to run\n`);
    },
    episode(success, label) {
      done++;
      ran++;
      if (success) ok++;
      pace.mark(ran);
      const left = pace.text(ran, ran + total - done);
      if (bar) bar.update(done, { sr: sr(), left, label });
      else if (done >= nextLine || done === total) {
        stream.write(`eval: ${done}/${total} episodes · SR so far ${sr()} · ${left}\n`);
        nextLine = done + Math.max(1, Math.ceil(total / 10));
      }
    },
    failure(label, message) {
      // one line each: a run stops after a few in a row, so they never flood the terminal
      stream.write(`${bar ? "\n" : ""}eval: ${label} not run: ${message} (a rerun retries it)\n`);
    },
    stop() {
      bar?.stop();
    },
  };
}
