/**
 * What the agent remembers of its own walk: rooms passed, what it saw where, how it ended.
 * The loop feeds it as it goes; `summary()` is what memorization and the raw-interaction
 * baseline read (MemorizeInput.trajectory, RawInteraction.trajectory).
 */
import type { MemorizeInput } from "../mllm/index.ts";
import type { VisibleInstance } from "../sim/index.ts";

export interface TrajectoryFacts {
  /** room labels, as below; the scene graph's ids of the same rooms are in `where` */
  roomsVisited: string[];
  /** rooms searched (arrived and looked around) without finding the target */
  roomsWithoutTarget: string[];
  foundInRoom: string | null;
  /** categories seen per room label, first sighting order */
  seen: Record<string, string[]>;
  /** which rooms, by the scene graph's ids (labels repeat: a house has several bedrooms), and in which scene */
  where: { sceneId: string; foundInRoomId: string | null; roomIdsWithoutTarget: string[] };
}

export class TrajectoryLog {
  private readonly visited: string[] = [];
  private readonly searched = new Set<string>();
  private readonly seenByRoom = new Map<string, Set<string>>();
  private found: string | null = null;

  constructor(
    private readonly labelOf: (roomId: string) => string,
    private readonly sceneId: string,
  ) {}

  enterRoom(roomId: string | null): void {
    if (roomId && this.visited[this.visited.length - 1] !== roomId) this.visited.push(roomId);
  }

  searchedRoom(roomId: string): void {
    this.searched.add(roomId);
  }

  saw(roomId: string | null, instances: readonly VisibleInstance[]): void {
    if (!roomId) return;
    const set = this.seenByRoom.get(roomId) ?? new Set<string>();
    for (const i of instances) set.add(i.category);
    this.seenByRoom.set(roomId, set);
  }

  foundIn(roomId: string | null): void {
    this.found = roomId;
  }

  facts(): TrajectoryFacts {
    const label = (id: string) => this.labelOf(id);
    const uniqueVisited = [...new Set(this.visited)];
    const without = [...this.searched].filter((r) => r !== this.found);
    return {
      roomsVisited: uniqueVisited.map(label),
      roomsWithoutTarget: without.map(label),
      foundInRoom: this.found ? label(this.found) : null,
      seen: Object.fromEntries([...this.seenByRoom].map(([r, s]) => [label(r), [...s]])),
      where: { sceneId: this.sceneId, foundInRoomId: this.found, roomIdsWithoutTarget: without },
    };
  }

  /** The trajectory in words, for memorization and the raw-interaction baseline. */
  summary(outcome: { success: boolean; steps: number; stopped: boolean; target: string }): MemorizeInput["trajectory"] {
    const f = this.facts();
    const parts = [
      `Searched for ${outcome.target}.`,
      f.roomsVisited.length ? `Went through: ${f.roomsVisited.join(" -> ")}.` : "Did not leave the start room.",
    ];
    if (f.roomsWithoutTarget.length) parts.push(`Not found in: ${f.roomsWithoutTarget.join(", ")}.`);
    for (const [room, cats] of Object.entries(f.seen))
      if (cats.length) parts.push(`Saw in ${room}: ${cats.join(", ")}.`);
    parts.push(
      outcome.success
        ? `Found it in ${f.foundInRoom ?? "an unlabelled area"} and stopped next to it after ${outcome.steps} steps.`
        : outcome.stopped
          ? `Stopped after ${outcome.steps} steps${f.foundInRoom ? ` in ${f.foundInRoom}` : ""}, but not at the target.`
          : `Ran out of steps after ${outcome.steps} without finding it.`,
    );
    return {
      success: outcome.success,
      steps: outcome.steps,
      roomsVisited: f.roomsVisited,
      roomsWithoutTarget: f.roomsWithoutTarget,
      foundInRoom: f.foundInRoom,
      where: f.where,
      text: parts.join(" "),
    };
  }
}
