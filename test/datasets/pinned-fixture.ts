/** A small PInNED episode file as the PIN code publishes them, for the loader and import tests. */
export const SCENE = "hm3d/val/00800-TEEsavR23oF/TEEsavR23oF.basis.glb";
export const CONFIG = "data/scene_datasets/hm3d/hm3d_annotated_basis.scene_dataset_config.json";

export function episode(i: number, over: Record<string, unknown> = {}) {
  const obj = (id: string, category: string, x: number) => ({
    object_category: category,
    object_id: id,
    position: [x, 0.8, 1.5],
    scene_dataset_config: CONFIG,
    radius: null,
  });
  return {
    episode_id: String(i),
    scene_id: SCENE,
    scene_dataset_config: CONFIG,
    start_position: [1, 0.1, 2],
    start_rotation: [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)],
    info: { geodesic_distance: 4.5 + i },
    goals: [obj(`mug_${i}`, "mug", 3)],
    distractors: [obj(`mug_d${i}`, "mug", 4), obj(`bag_${i}`, "bag", 5), obj(`bear_${i}`, "teddy_bear", 6)],
    ...over,
  };
}

export const CATS = { mug: 0, bag: 1, teddy_bear: 2, backpack: 3 };

export function fixture(episodes: unknown[]) {
  return JSON.stringify({ episodes, category_to_task_category_id: CATS });
}
