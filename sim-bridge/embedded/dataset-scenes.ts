/**
 * The embedded simulator's scenes for the scenario-set generator: the shape of
 * src/datasets/generate/scenes.ts's SceneSource (matched structurally, so the simulator imports
 * nothing from the generator; the CLI hands this to it). Object placements on a house's surfaces (checked by the simulator's own
 * placeObjects), navigable start poses a reasonable walk away from the target, the palette, and
 * reference photos rendered by the simulator's thumbnail renderer.
 */
import sharp from "sharp";
import type { Category, ObjectAttributes, ObjectSpec, Pose } from "../../src/sim/protocol.ts";
import type { SimError } from "../../src/sim/simulator.ts";
import type { Rng } from "../../src/util/random.ts";
import { generateHouse } from "./generate.ts";
import type { House, PlacedObject } from "./house.ts";
import { houseFromScene } from "./house-file.ts";
import { NavGrid } from "./navgrid.ts";
import { objectSize, placeAfter, placeObjects } from "./objects.ts";
import { CATEGORY_MATERIALS, OBJECT_COLORS, PATTERNS } from "./palette.ts";
import { renderObjectImage } from "./thumbnail.ts";

type ObjectToPlace = Pick<ObjectSpec, "id" | "category" | "attributes">;
type ObjectToShow = { id: string; category: Category; attributes: ObjectAttributes };

export interface Placement {
  specs: ObjectSpec[];
  placed: PlacedObject[];
}

export interface LayoutOptions {
  agentRadius?: number;
  gridResolution?: number;
  /** a start at least this geodesic distance from the target, metres */
  minStartDistance?: number;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export class SceneLayout {
  readonly house: House;
  readonly grid: NavGrid;
  private readonly surfaces: string[];
  private readonly minStart: number;

  constructor(
    readonly seed: number,
    opts: LayoutOptions = {},
  ) {
    this.house = generateHouse(seed);
    this.grid = NavGrid.build(this.house, {
      resolution: opts.gridResolution ?? 0.05,
      radius: opts.agentRadius ?? 0.18,
    });
    this.minStart = opts.minStartDistance ?? 3;
    // surfaces the agent can walk up to (checked once with a probe object on each)
    const origin = this.grid.waypoint(this.house.rooms[0]);
    this.surfaces = this.house.furniture
      .filter((f) => f.surface)
      .filter((f) => {
        try {
          const [probe] = placeObjects(this.house, [{ id: `probe-${f.id}`, category: "mug", receptacleId: f.id }]);
          return this.grid.reachesObject(origin, probe);
        } catch {
          return false;
        }
      })
      .map((f) => f.id);
    if (this.surfaces.length === 0) throw new Error(`house seed:${seed} has no reachable surfaces for objects`);
  }

  /** The surfaces objects can stand on (each reachable), in the house's order. */
  receptacles(): readonly string[] {
    return this.surfaces;
  }

  /**
   * Puts every object on a random surface; `avoid` keeps an object off the receptacles it
   * stood on before (so the two stages differ), `prefer` tries an object's given receptacle
   * first (a habitual place). Retries when a surface is full.
   */
  place(
    rng: Rng,
    objects: ObjectToPlace[],
    avoid: Map<string, Set<string>> = new Map(),
    prefer: Map<string, string> = new Map(),
  ): Placement {
    for (let attempt = 0; attempt < 10; attempt++) {
      // one object at a time, each on the first random surface with room left for it
      const specs: ObjectSpec[] = [];
      const placed: PlacedObject[] = [];
      // objects with a preferred place go first, so others do not take its room
      const shuffled = rng.shuffle([...objects]);
      const ordered = prefer.size
        ? [...shuffled.filter((o) => prefer.has(o.id)), ...shuffled.filter((o) => !prefer.has(o.id))]
        : shuffled;
      for (const o of ordered) {
        const banned = avoid.get(o.id);
        const first = prefer.get(o.id);
        // an object without a preferred place draws exactly as before (old sets stay byte-identical)
        const choices =
          first === undefined
            ? rng.shuffle(this.surfaces.filter((s) => !banned?.has(s)))
            : [first, ...rng.shuffle(this.surfaces.filter((s) => s !== first && !banned?.has(s)))];
        for (const receptacleId of choices) {
          const spec: ObjectSpec = { id: o.id, category: o.category, attributes: o.attributes, receptacleId };
          try {
            // placed as placeObjects(house, [...specs, spec]) would place it, the others as they are
            const next = placeAfter(this.house, placed, spec);
            specs.push(spec);
            placed.push(next);
            break;
          } catch {
            // that surface is full: try the next one
          }
        }
      }
      if (specs.length < objects.length) continue;
      const at = new Map(placed.map((p) => [p.id, p]));
      const order = new Map(objects.map((o, i) => [o.id, i]));
      specs.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      for (const spec of specs)
        spec.position = (at.get(spec.id) as PlacedObject).position.map(round) as ObjectSpec["position"];
      // what is written must replay exactly: the episode places these specs, rounded, in this order
      try {
        return { specs, placed: placeObjects(this.house, specs) };
      } catch {
        // a recorded spot that does not replay: draw the layout again
      }
    }
    throw new Error(`could not place ${objects.length} objects in house seed:${this.seed}`);
  }

  /** A navigable start, facing a multiple of 30°, at least minStartDistance from the target. */
  start(rng: Rng, target: PlacedObject, awayFrom: Pose[] = []): Pose {
    const rooms = this.house.rooms;
    for (let attempt = 0; attempt < 400; attempt++) {
      const room = rng.pick(rooms);
      const x = rng.range(room.rect.x0, room.rect.x1);
      const z = rng.range(room.rect.z0, room.rect.z1);
      if (!this.grid.isNavigable(x, z)) continue;
      // only whether the walk is that long matters: the search stops at minStart
      const d = this.grid.geodesicToObjectWithin([x, z], target, this.minStart);
      if (d === null || d < this.minStart) continue;
      if (awayFrom.some((p) => Math.hypot(p.position[0] - x, p.position[2] - z) < 1.5)) continue;
      const heading = ((rng.int(0, 11) * 30 - 180) * Math.PI) / 180;
      return { position: [round(x), 0, round(z)], heading: round(heading) };
    }
    throw new Error(`no start ${this.minStart} m from ${target.id} in house seed:${this.seed}`);
  }
}

/** The embedded simulator's procedural houses as a source of scenes for the generator. */
export const embeddedScenes = {
  simulator: "embedded" as const,
  scene: (houseSeed: number) => ({ scene: `seed:${houseSeed}`, layout: new SceneLayout(houseSeed) }),
  looks: { colors: OBJECT_COLORS, patterns: PATTERNS, materials: CATEGORY_MATERIALS },
  async referencePng(o: ObjectToShow, size: number): Promise<Buffer> {
    const raw = renderObjectImage(
      {
        id: o.id,
        category: o.category,
        attributes: o.attributes,
        position: [0, 0, 0],
        roomId: "studio",
        size: objectSize(o.category, o.attributes),
      },
      size,
    );
    return sharp(raw.rgb, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  },
};

/** An episode the embedded simulator cannot set up as recorded: which object, and why. */
export interface PlacementProblem {
  episodeId: string;
  objectId: string | null;
  reason: string;
}

/**
 * Replays every episode's placements in its embedded scene, as `reset` would: each object must
 * stand exactly at its recorded spot. Scenes of another simulator are not checked here.
 */
export function placementProblems(
  scenes: readonly { id: string; simulator: string; scene: string }[],
  episodes: readonly { id: string; sceneId: string; placements: ObjectSpec[] }[],
): PlacementProblem[] {
  const houses = new Map<string, House | Error>();
  const problems: PlacementProblem[] = [];
  for (const ep of episodes) {
    const scene = scenes.find((s) => s.id === ep.sceneId);
    if (scene?.simulator !== "embedded") continue;
    let house = houses.get(scene.id);
    if (!house) {
      try {
        house = houseFromScene(scene.scene);
      } catch (e) {
        house = e as Error;
      }
      houses.set(scene.id, house);
    }
    if (house instanceof Error) {
      problems.push({ episodeId: ep.id, objectId: null, reason: `scene "${scene.scene}": ${house.message}` });
      continue;
    }
    try {
      placeObjects(house, ep.placements);
    } catch (e) {
      const at = /objects\[(\d+)\]/.exec((e as SimError).path ?? "");
      const spec = at ? ep.placements[Number(at[1])] : undefined;
      problems.push({ episodeId: ep.id, objectId: spec?.id ?? null, reason: (e as Error).message });
    }
  }
  return problems;
}
