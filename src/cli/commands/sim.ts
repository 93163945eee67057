/**
 * `polar sim …`: the embedded simulator as a WebSocket bridge (`serve`), pictures of a
 * generated house (`render`), and the conformance suite against any bridge (`conformance`).
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { sceneDirs, setSceneDirs } from "../../../sim-bridge/embedded/house-file.ts";
import { openEmbedded } from "../../../sim-bridge/embedded/in-process.ts";
import { startServer } from "../../../sim-bridge/embedded/server.ts";
import type { InProcessSimulator, Pose, SimulatorConfig } from "../../sim/index.ts";
import {
  encodedImage,
  type Image,
  runConformance,
  SimError,
  settingsFromConfig,
  WebSocketSimulator,
} from "../../sim/index.ts";
import { ensureDir } from "../../util/index.ts";
import { EXIT } from "../exit-codes.ts";
import { configFor, nonEmptyFlag, UserError } from "../options.ts";

function intOption(name: string, min: number, max: number) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UserError(`--${name} must be an integer in [${min}, ${max}], got "${v}"`);
    return n;
  };
}

/**
 * A start pose worth a picture: from each room's waypoint and from points near its corners,
 * at twelve headings, the one that sees the most objects in front, preferring those seen
 * from across the room (more of the room in view).
 */
export async function pickViewpoint(sim: InProcessSimulator): Promise<Pose> {
  const info = await sim.sceneInfo();
  let best = { pose: { position: info.regions[0].waypoint, heading: 0 } as Pose, score: -1 };
  for (const region of info.regions) {
    const spots = [region.waypoint];
    if (region.bounds) {
      const { min, max } = region.bounds;
      for (const [fx, fz] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ]) {
        spots.push([min[0] + fx * (max[0] - min[0]), 0, min[2] + fz * (max[2] - min[2])]);
      }
    }
    for (const position of spots) {
      for (let k = 0; k < 12; k++) {
        const obs = await sim.reset({ start: { position, heading: (k * Math.PI) / 6 } });
        const front = obs.visible.front;
        const score = front.length * 10 + front.reduce((s, v) => s + Math.min(v.distance, 6) / 6, 0);
        if (score > best.score) best = { pose: obs.pose, score };
      }
    }
  }
  return best.pose;
}

async function render(
  config: SimulatorConfig,
  seed: number,
  outDir: string,
  size?: { width?: number; height?: number },
) {
  const camera = { ...config.camera, ...size, format: "png" as const };
  // before any rendering, and without Node's recursive mkdir (which spins on /proc)
  ensureDir(outDir, "--out");
  const sim = openEmbedded({ ...config, camera });
  try {
    await sim.loadScene({ scene: `seed:${seed}`, settings: { ...settingsFromConfig(config), camera } });
    const start = await pickViewpoint(sim);
    const obs = await sim.reset({ start, views: true });
    const written: string[] = [];
    for (const img of obs.imageData) {
      const file = join(outDir, `${img.view}.png`);
      writeFileSync(file, (await encodedImage(img)).data);
      written.push(file);
    }
    const map = await sim.topdown({ format: "png", metersPerPixel: 0.025 });
    const mapFile = join(outDir, "topdown.png");
    writeFileSync(mapFile, (await encodedImage(map.imageData[0])).data);
    written.push(mapFile);
    const visible = Object.fromEntries(
      Object.entries(obs.visible).map(([v, list]) => [v, list.map((i) => `${i.category} ${i.id}`)]),
    );
    writeFileSync(
      join(outDir, "pose.json"),
      `${JSON.stringify({ scene: `seed:${seed}`, start: obs.pose, visible }, null, 2)}\n`,
    );
    return written;
  } finally {
    await sim.close();
  }
}

/**
 * A short walk with pictures: plan_path from the first room to the farthest one, then a look
 * around (twelve turns) and STOP; views every few steps and the top-down map with the path.
 */
async function walk(config: SimulatorConfig, seed: number, steps: number, outDir: string, every: number) {
  ensureDir(outDir, "--out");
  const sim = openEmbedded(config);
  try {
    await sim.loadScene({ scene: `seed:${seed}`, settings: settingsFromConfig(config) });
    const info = await sim.sceneInfo();
    const start = { position: info.regions[0].waypoint, heading: 0 };
    const save = async (step: number, images: Image[]) => {
      for (const raw of images) {
        const img = await encodedImage(raw);
        writeFileSync(
          join(outDir, `step${String(step).padStart(3, "0")}-${img.view}.${img.format === "png" ? "png" : "jpg"}`),
          img.data,
        );
      }
    };
    await save(0, (await sim.reset({ start, views: true })).imageData);
    let goal = info.regions[0];
    let far = -1;
    for (const r of info.regions.slice(1)) {
      const g = (await sim.planPath({ goal: r.waypoint, maxActions: 1 })).geodesic ?? -1;
      if (g > far) [far, goal] = [g, r];
    }
    const plan = await sim.planPath({ goal: goal.waypoint, maxActions: Math.max(0, steps - 13) });
    const actions = [...plan.actions, ...Array(12).fill("TURN_LEFT"), "STOP"] as const;
    let n = 0;
    for (const action of actions) {
      n++;
      const r = await sim.step(action, n % every === 0 || action === "STOP");
      await save(n, r.imageData);
      if (r.done) break;
    }
    const map = await sim.topdown({ path: true, metersPerPixel: 0.025 });
    writeFileSync(join(outDir, "topdown.png"), (await encodedImage(map.imageData[0])).data);
    const m = await sim.metrics();
    const summary = {
      scene: `seed:${seed}`,
      goal: { region: goal.id, label: goal.label },
      steps: m.steps,
      pathLength: m.pathLength,
    };
    writeFileSync(join(outDir, "walk.json"), `${JSON.stringify(summary, null, 2)}\n`);
    return summary;
  } finally {
    await sim.close();
  }
}

export function registerSim(program: Command): void {
  const sim = program.command("sim").description("the embedded simulator: serve it, render it, check a bridge");

  sim
    .command("serve")
    .description("serve the embedded simulator over WebSocket (one session per connection)")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port (0 picks a free one)", intOption("port", 0, 65535), 8765)
    .option(
      "--scene-dir <dir>",
      "folder load_scene may read scene files from; repeat for several (default: the project's scenes/ and datasets/; seed:N houses are always allowed)",
      (v: string, prev: string[] | undefined) => [...(prev ?? []), v],
    )
    .action(async (opts: { host: string; port: number; sceneDir?: string[] }, cmd: Command) => {
      const config = configFor(cmd).simulator;
      if (opts.sceneDir) {
        for (const d of opts.sceneDir) {
          if (!existsSync(d) || !statSync(d).isDirectory()) throw new UserError(`--scene-dir ${d} is not a folder`);
        }
        setSceneDirs(opts.sceneDir);
      }
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer({ host: opts.host, port: opts.port, config });
      } catch (e) {
        throw new UserError(`cannot listen on ${opts.host}:${opts.port}: ${(e as Error).message}`);
      }
      console.log(`polar sim: embedded simulator listening on ${server.url} (Ctrl-C to stop)`);
      console.log(`polar sim: scene files from ${sceneDirs().join(", ")}`);
      await new Promise<void>((done) => {
        const stop = async () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          await server.close();
          console.log("polar sim: stopped");
          done();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });

  sim
    .command("render")
    .description("write the front, left and right views and the top-down map of a generated house as PNG")
    .option("--seed <n>", "house seed", intOption("seed", 0, 2 ** 31 - 1), 1)
    .requiredOption("--out <dir>", "output folder", nonEmptyFlag("--out"))
    .option("--width <px>", "view width (default: the config's camera)", intOption("width", 16, 4096))
    .option("--height <px>", "view height (default: the config's camera)", intOption("height", 16, 4096))
    .action(async (opts: { seed: number; out: string; width?: number; height?: number }, cmd: Command) => {
      const config = configFor(cmd).simulator;
      const size = { ...(opts.width ? { width: opts.width } : {}), ...(opts.height ? { height: opts.height } : {}) };
      const files = await render(config, opts.seed, resolve(opts.out), size);
      for (const f of files) console.log(f);
    });

  sim
    .command("walk")
    .description("walk a generated house to its farthest room, look around, and write the pictures")
    .option("--seed <n>", "house seed", intOption("seed", 0, 2 ** 31 - 1), 1)
    .option("--steps <n>", "step budget for the walk", intOption("steps", 14, 10_000), 60)
    .option("--every <n>", "write the views every n steps", intOption("every", 1, 10_000), 5)
    .option("--out <dir>", "output folder (default: runs/walk-<time>)", nonEmptyFlag("--out"))
    .action(async (opts: { seed: number; steps: number; every: number; out?: string }, cmd: Command) => {
      const config = configFor(cmd).simulator;
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
      const out = resolve(opts.out ?? join("runs", `walk-${stamp}`));
      const s = await walk(config, opts.seed, opts.steps, out, opts.every);
      console.log(`walked ${s.pathLength.toFixed(1)} m in ${s.steps} steps to the ${s.goal.label}; pictures in ${out}`);
    });

  sim
    .command("conformance")
    .description("run the simulator conformance suite against a bridge (or the in-process simulator)")
    .option("--url <url>", "bridge URL, e.g. ws://127.0.0.1:8765 (default: the in-process simulator)")
    .option("--scene <scene>", "scene the bridge can load", "seed:7")
    .action(async (opts: { url?: string; scene: string }, cmd: Command) => {
      const config = configFor(cmd).simulator;
      const url = opts.url;
      if (url) {
        // fail early, with the bridge's own words, when nothing listens there
        try {
          await (await WebSocketSimulator.connect(url, { timeoutMs: config.timeoutMs })).close();
        } catch (e) {
          throw new UserError(e instanceof SimError ? e.message : String(e));
        }
      }
      const makeSim = url
        ? () => WebSocketSimulator.connect(url, { timeoutMs: config.timeoutMs })
        : async () => openEmbedded(config);
      console.log(`conformance: ${url ?? "in-process embedded simulator"}, scene ${opts.scene}`);
      const results = await runConformance(makeSim, { url, scene: opts.scene }, (r) => {
        console.log(`${r.ok ? "✔" : "✖"} ${r.name} (${Math.round(r.ms)} ms)${r.ok ? "" : `\n    ${r.error}`}`);
      });
      const failed = results.filter((r) => !r.ok).length;
      console.log(`${results.length - failed} passed, ${failed} failed`);
      if (failed) process.exitCode = EXIT.failed;
    });
}
