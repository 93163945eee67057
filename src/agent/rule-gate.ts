/**
 * The pre_action stage of the rule layer during navigation: the high-level room choice, the
 * rooms a planned path passes through, a forward step the low-level planner steers, and STOP
 * are checked before they happen.
 *
 * A violating room choice is revised once per room (the planner is asked again without that
 * room) while the input's revision budget lasts, and blocked after; either way the room stays
 * out of later choices. A violating STOP is not taken. Paths are planned around the rooms the
 * rules forbid now (plan_path's avoidRegions); the room the robot stands in is exempt, so it can
 * always leave.
 */
import type { SceneGraphRoom } from "../mllm/index.ts";
import { roomAt, type SceneGraph } from "../planning/index.ts";
import type { RuleSession } from "../rules/index.ts";
import { sameRoom } from "../rules/index.ts";
import type { Pose } from "../sim/index.ts";

export class NavigationGate {
  /** rooms no later choice may name */
  readonly excluded = new Set<string>();
  private readonly forbidden: { room: string; id: string; statement: string }[];
  /** rooms where a refused STOP already had its revision: a second one is blocked outright */
  private readonly stopRevised = new Set<string>();

  constructor(
    private readonly rules: RuleSession | null,
    private readonly graph: SceneGraph,
  ) {
    this.forbidden = rules?.forbiddenRooms() ?? [];
  }

  get active(): boolean {
    return this.rules?.checking ?? false;
  }

  private label(id: string): string {
    return this.graph.rooms.find((r) => r.id === id)?.label ?? id;
  }

  private forbiddenBy(roomId: string | null) {
    return roomId === null ? undefined : this.forbidden.find((f) => sameRoom(this.label(roomId), f.room));
  }

  /** Region ids plan_path must keep out of: the forbidden rooms, except the one the robot is in. */
  avoidRegions(currentRoomId: string | null): string[] {
    if (!this.active) return [];
    return this.graph.rooms.filter((r) => r.id !== currentRoomId && this.forbiddenBy(r.id)).map((r) => r.id);
  }

  /** The rooms the planner may choose among now. */
  candidates(): SceneGraphRoom[] {
    return this.graph.rooms.filter((r) => !this.excluded.has(r.id));
  }

  /** true when the choice may be walked to; otherwise the room is excluded (revised or blocked). */
  async roomChoice(room: SceneGraphRoom): Promise<boolean> {
    if (!this.rules?.checking) return true;
    const subject = `room choice: ${room.label}`;
    const c = await this.rules.check("pre_action", subject, { action: { chosenRoom: room.label } });
    if (c.violations.length === 0) return true;
    this.excluded.add(room.id);
    const revised = this.rules.takeRevision("pre_action", subject, c.violations);
    if (!revised)
      this.rules.block("pre_action", subject, c.violations, "no revision left: the room is left out of the plan");
    this.rules.refuse("room", room.label, revised ? "revised" : "blocked");
    return false;
  }

  /** true when a planned path's rooms keep to the rules; a violating path is blocked, never walked. */
  async path(regionIds: readonly string[], currentRoomId: string | null): Promise<boolean> {
    if (!this.rules?.checking) return true;
    const rooms = regionIds.filter((id) => id !== currentRoomId).map((id) => this.label(id));
    if (rooms.length === 0) return true;
    const subject = `path through ${rooms.join(", ")}`;
    const c = await this.rules.check("pre_action", subject, { action: { pathRooms: rooms } });
    if (c.violations.length === 0) return true;
    this.rules.block("pre_action", subject, c.violations, "the path enters a room the rules forbid now");
    for (const v of c.violations) for (const q of v.quotes) this.rules.refuse("path", q, "blocked");
    return false;
  }

  /**
   * A forward step the low-level planner chose, predicted from the pose: false when it would
   * cross into a forbidden room. Cheap and local, so it runs without an event unless it blocks.
   */
  forwardAllowed(pose: Pose, stepLength: number): boolean {
    if (!this.active || this.forbidden.length === 0) return true;
    const here = roomAt(this.graph, pose.position);
    const next: Pose["position"] = [
      pose.position[0] - Math.sin(pose.heading) * stepLength,
      pose.position[1],
      pose.position[2] - Math.cos(pose.heading) * stepLength,
    ];
    const there = roomAt(this.graph, next);
    const rule = there === here ? undefined : this.forbiddenBy(there);
    if (!rule || there === null) return true;
    const label = this.label(there);
    this.rules?.block(
      "pre_action",
      `forward step into ${label}`,
      [
        {
          id: rule.id,
          statement: rule.statement,
          verdict: "violated",
          reason: `the step would enter the ${label}`,
          quotes: [label],
        },
      ],
      "the step is not taken",
    );
    this.rules?.refuse("step", label, "blocked");
    return false;
  }

  /** true when STOP may be said here. */
  async stop(roomId: string | null): Promise<boolean> {
    if (!this.rules?.checking || roomId === null) return true;
    const label = this.label(roomId);
    const subject = `STOP in ${label}`;
    const c = await this.rules.check("pre_action", subject, { action: { stopRoom: label } });
    if (c.violations.length === 0) return true;
    const revised = !this.stopRevised.has(roomId) && this.rules.takeRevision("pre_action", subject, c.violations);
    this.stopRevised.add(roomId);
    if (!revised) this.rules.block("pre_action", subject, c.violations, "STOP is not taken here");
    this.rules.refuse("stop", label, revised ? "revised" : "blocked");
    return false;
  }
}
