import type { MemorizeInput, MemorizeOutput, Policy } from "../../src/mllm/policy.ts";
import type { Image } from "../../src/sim/simulator.ts";

/** A backbone double at the Policy boundary: answers memorize() from a script. */
export function scriptedPolicy(answer: (input: MemorizeInput) => MemorizeOutput): Pick<Policy, "memorize"> & {
  seen: MemorizeInput[];
} {
  const seen: MemorizeInput[] = [];
  return {
    seen,
    async memorize(input) {
      seen.push(input);
      return { value: answer(input), calls: [] };
    },
  };
}

export function episode(over: Partial<MemorizeInput> & { episodeId: string; userId: string }): MemorizeInput {
  return {
    instruction: "bring me the mug my sister gave me",
    objectId: "mug_1",
    category: "mug",
    trajectory: {
      success: true,
      steps: 42,
      roomsVisited: ["hallway", "kitchen", "living room"],
      roomsWithoutTarget: ["kitchen"],
      foundInRoom: "living room",
      text: "hallway → kitchen (no mug) → living room: found the mug on the coffee table",
    },
    ...over,
  };
}

export function pngImage(data: Buffer): Image {
  return { view: "reference", format: "png", width: 256, height: 256, data };
}
