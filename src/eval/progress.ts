/**
 * Progress on stderr while an evaluation runs: episodes done, SR so far, ETA. A bar on a
 * terminal (cli-progress); on a pipe or in CI, a plain line every tenth of the way.
 */
import cliProgress from "cli-progress";

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
  let started = 0;
  let nextLine = 0;
  const tty = Boolean(stream.isTTY);
  const bar = tty
    ? new cliProgress.SingleBar(
        {
          stream,
          format: "eval [{bar}] {value}/{total} episodes · SR so far {sr} · ETA {eta_formatted} · {label}",
          hideCursor: true,
          etaBuffer: 20,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const sr = () => (ran ? `${((100 * ok) / ran).toFixed(1)}%` : "–");
  return {
    start(t, already) {
      total = t;
      done = already;
      started = Date.now();
      nextLine = done + Math.max(1, Math.ceil(total / 10));
      if (bar) bar.start(total, done, { sr: sr(), label: "" });
      else stream.write(`eval: ${done}/${total} episodes already done, ${total - done} to run\n`);
    },
    episode(success, label) {
      done++;
      ran++;
      if (success) ok++;
      if (bar) bar.update(done, { sr: sr(), label });
      else if (done >= nextLine || done === total) {
        const rate = ran / ((Date.now() - started) / 60_000 || 1);
        const etaMin = rate > 0 ? (total - done) / rate : 0;
        stream.write(
          `eval: ${done}/${total} episodes · SR so far ${sr()} · ${rate.toFixed(1)}/min · ETA ${etaMin.toFixed(1)} min\n`,
        );
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
