/**
 * Do room hints foretell where an evaluation target stands? For each evaluation episode of a set
 * on the embedded simulator: is the target in the room one of its gold acquisitions found it in
 * (episodic memory's hint), or in one of its category's usual rooms (ROOM_PRIORS), against the
 * chance of the same rooms when a surface is drawn at random. Development sets only.
 *   npx tsx scripts/dev/room-hints.ts SET_DIR…
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { House } from "../../sim-bridge/embedded/house.ts";
import { houseFromScene } from "../../sim-bridge/embedded/house-file.ts";
import { labelMatches, ROOM_PRIORS } from "../../src/policies/heuristic/room-priors.ts";
import type { Category } from "../../src/sim/index.ts";

interface Placed {
  id: string;
  category: Category;
  receptacleId?: string;
}
interface Ep {
  id: string;
  sceneId: string;
  targetObjectId: string;
  placements: Placed[];
  goldPriorEpisodeIds?: string[];
}

for (const dir of process.argv.slice(2)) {
  const set = JSON.parse(readFileSync(join(dir, "scenario-set.json"), "utf8")) as {
    scenes: { id: string; scene: string }[];
    acquisition: Ep[];
    evaluation: Ep[];
  };
  const houses = new Map<string, House>(set.scenes.map((s) => [s.id, houseFromScene(s.scene)]));
  const acquisitions = new Map(set.acquisition.map((a) => [a.id, a]));
  const roomOf = (h: House, p: Placed | undefined) => h.furniture.find((f) => f.id === p?.receptacleId)?.roomId;
  const label = (h: House, roomId: string | undefined) => h.rooms.find((r) => r.id === roomId)?.label ?? "";
  const share = (h: House, inRoom: (roomId: string) => boolean) => {
    const surfaces = h.furniture.filter((f) => f.surface);
    return surfaces.filter((f) => inRoom(f.roomId)).length / surfaces.length;
  };
  const t = { gold: 0, sameRoom: 0, sameChance: 0, n: 0, prior: 0, priorChance: 0 };
  for (const e of set.evaluation) {
    const h = houses.get(e.sceneId) as House;
    const target = e.placements.find((p) => p.id === e.targetObjectId) as Placed;
    const room = roomOf(h, target);
    const usual = (roomId: string) => ROOM_PRIORS[target.category].some((l) => labelMatches(label(h, roomId), l));
    t.n++;
    if (room && usual(room)) t.prior++;
    t.priorChance += share(h, usual);
    for (const g of e.goldPriorEpisodeIds ?? []) {
      const a = acquisitions.get(g);
      if (!a || a.targetObjectId !== e.targetObjectId) continue;
      const then = roomOf(
        h,
        a.placements.find((p) => p.id === e.targetObjectId),
      );
      t.gold++;
      if (then === room) t.sameRoom++;
      t.sameChance += share(h, (r) => r === then);
    }
  }
  const pct = (x: number, n: number) => ((100 * x) / n).toFixed(1);
  console.log(
    `${dir}: in the room a gold episode found it in ${t.sameRoom}/${t.gold} (${pct(t.sameRoom, t.gold)}%, chance ${pct(t.sameChance, t.gold)}%); ` +
      `in a usual room of its category ${t.prior}/${t.n} (${pct(t.prior, t.n)}%, chance ${pct(t.priorChance, t.n)}%)`,
  );
}
