/**
 * Navigation options for tests that drive `navigate`/`createNav` with a scripted policy on the
 * embedded seed:7 scene: the defaults every such test shares (a mug asked for, hierarchical
 * schedule, half-metre steps), with the policy, body, graph and trajectory each test brings.
 */
import type { NavigateOptions } from "../../src/agent/nav-state.ts";

export function scriptedNavOptions(parts: {
  policy: unknown;
  body: unknown;
  graph?: unknown;
  trajectory?: unknown;
}): NavigateOptions {
  return {
    graph: { rooms: [], bounds: {} },
    trajectory: {},
    ...parts,
    stream: { emit: () => {} },
    watch: { time: <T>(_: string, fn: () => Promise<T>) => fn() },
    decisions: { highLevel: 0, lowLevel: 0 },
    onCalls: () => {},
    instruction: "bring me my mug",
    target: { objectId: null, category: "mug", description: "a mug", reason: "", hints: [], likelyRooms: [] },
    withImages: false,
    schedule: "hierarchical",
    trigger: "sensor",
    imageDecisionEvery: 0,
    maxLocalSteps: 24,
    arrivalRadius: 1,
    maxReplans: 6,
    turnAngle: 30,
    camera: { width: 320, height: 240, hfovDeg: 90 },
    approachRadius: 1,
    stepLength: 0.5,
  } as unknown as NavigateOptions;
}

/**
 * The same, on a scene's own rooms (no adjacency: the planner is scripted), with a trajectory that
 * records each room entered into `entered`.
 */
export function roomsNavOptions(parts: {
  policy: unknown;
  body: unknown;
  regions: readonly { id: string; label: string; waypoint: unknown }[];
  entered: (string | null)[];
}): NavigateOptions {
  return scriptedNavOptions({
    policy: parts.policy,
    body: parts.body,
    graph: {
      sceneId: "seed:7",
      rooms: parts.regions.map((r) => ({ id: r.id, label: r.label, waypoint: r.waypoint, adjacent: [] })),
      bounds: {},
    },
    trajectory: {
      enterRoom: (id: string | null) => parts.entered.push(id),
      searchedRoom: () => {},
      foundIn: () => {},
    },
  });
}
