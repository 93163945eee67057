/**
 * What the generator needs from a simulator's scenes, and nothing more: a usable scene per
 * house seed, where objects can stand in it and where an agent can start, the looks objects
 * can have, and a reference photo of one. The embedded simulator's implementation is
 * sim-bridge/embedded/dataset-scenes.ts; a generator for Habitat scenes implements the same.
 * The composition root (the CLI) hands one in.
 */
import type { Category, ObjectSpec, Pose } from "../../sim/index.ts";
import type { Rng } from "../../util/index.ts";
import type { CatalogObject, SimulatorKind } from "../scenario-schema.ts";

/** An object as the scene placed it; only the layout that made it reads more than its id. */
export interface PlacedRef {
  readonly id: string;
}

export interface Placement {
  /** the objects as load_scene's reset takes them, in the order they were asked for */
  specs: ObjectSpec[];
  placed: PlacedRef[];
}

/** An object to place: its id, category and looks. */
export type ObjectToPlace = Pick<ObjectSpec, "id" | "category" | "attributes">;

export interface SceneLayout {
  /**
   * Every object on a surface; `avoid` keeps an object off the receptacles it stood on before,
   * `prefer` puts an object on its given receptacle when there is room (else elsewhere).
   */
  place(rng: Rng, objects: ObjectToPlace[], avoid?: Map<string, Set<string>>, prefer?: Map<string, string>): Placement;
  /** the receptacles objects can stand on, in a fixed order */
  receptacles(): readonly string[];
  /** A navigable start a reasonable walk from `target` (one of the last placement's), away from `awayFrom`. */
  start(rng: Rng, target: PlacedRef, awayFrom?: Pose[]): Pose;
}

export interface SceneSource {
  /** the simulator that serves these scenes, as the scenario set names it */
  simulator: SimulatorKind;
  /** The scene load_scene takes for a house seed, and its layout; throws when the scene is unusable. */
  scene(houseSeed: number): { scene: string; layout: SceneLayout };
  /** the looks an object can have: colours, patterns (the first is "plain"), materials per category */
  looks: {
    colors: readonly string[];
    patterns: readonly string[];
    materials: Readonly<Record<Category, readonly string[]>>;
  };
  /** The reference photo of a catalog object, PNG bytes `size` pixels square. */
  referencePng(o: CatalogObject, size: number): Promise<Buffer>;
}
