/**
 * Hidden preference profiles: deterministic per seed, 2–4 preferences mixing the kinds, rooms
 * only from the user's own houses and only ones few tasks need; and, on polar-mini's real
 * houses and targets, how often a room preference applies and how often it blocks a target.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { openEmbedded } from "../../sim-bridge/embedded/in-process.ts";
import { loadConfig, REPO_ROOT } from "../../src/config/load.ts";
import { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { episodeRooms, exposure, usersFromEpisodes } from "../../src/eval/rule-phase/houses.ts";
import {
  activeAt,
  inWindow,
  MAX_NEED,
  makeProfiles,
  type Profile,
  roomName,
  type UserInput,
} from "../../src/eval/rule-phase/profile.ts";
import type { SceneInfo } from "../../src/sim/protocol.ts";

const USERS: UserInput[] = [
  {
    userId: "ana",
    houses: [
      {
        sceneId: "h1",
        rooms: ["living room", "kitchen", "Bedroom 2", "bathroom", "garage"],
        need: { "living room": 0.6, kitchen: 0.3, "Bedroom 2": 0.05, bathroom: 0.1, garage: 0 },
      },
      {
        sceneId: "h2",
        rooms: ["hallway", "kitchen", "bedroom", "office"],
        need: { hallway: 0.9, kitchen: 0.25, bedroom: 0.5, office: 0.02 },
      },
    ],
  },
  { userId: "ben", houses: [{ sceneId: "h3", rooms: ["living room", "kitchen", "laundry room", "bedroom"] }] },
  { userId: "cy", houses: [{ sceneId: "h4", rooms: ["kitchen", "bedroom"], need: { kitchen: 0.7, bedroom: 0.6 } }] },
];

const roomPrefs = (p: Profile) =>
  p.preferences.filter(
    (x): x is Extract<Profile["preferences"][number], { room: string }> =>
      x.kind === "avoid_room" || x.kind === "no_stop_in_room",
  );

describe("makeProfiles", () => {
  it("is deterministic in the seed, and another seed draws other profiles", () => {
    assert.deepEqual(makeProfiles(USERS, 7), makeProfiles(USERS, 7));
    const drawn = new Set(Array.from({ length: 8 }, (_, s) => JSON.stringify(makeProfiles(USERS, s))));
    assert.ok(drawn.size >= 6, `only ${drawn.size} distinct profile sets in 8 seeds`);
  });

  it("a user's profile does not depend on the other users", () => {
    const alone = makeProfiles([USERS[1]], 3)[0];
    assert.deepEqual(makeProfiles(USERS, 3)[1], alone);
  });

  it("has 2–4 preferences of different kinds with unique ids, at least one about replies, mixing the kinds across users and seeds", () => {
    const kinds = new Set<string>();
    const windows = new Set<string>();
    let scoped = 0;
    let unless = 0;
    for (let seed = 0; seed < 40; seed++) {
      for (const p of makeProfiles(USERS, seed)) {
        assert.ok(p.preferences.length >= 2 && p.preferences.length <= 4, JSON.stringify(p));
        assert.equal(new Set(p.preferences.map((x) => x.id)).size, p.preferences.length);
        assert.equal(new Set(p.preferences.map((x) => x.kind)).size, p.preferences.length, "one of each kind");
        assert.ok(p.preferences.some((x) => ["max_words", "mention_room", "json_reply"].includes(x.kind)));
        for (const x of p.preferences) {
          kinds.add(x.kind);
          if ("when" in x && x.when) windows.add(`${x.when.fromHour}-${x.when.toHour}`);
          if (x.kind === "avoid_room" && x.sceneId) scoped++;
          if (x.kind === "avoid_room" && x.unlessAsked) unless++;
        }
      }
    }
    assert.deepEqual([...kinds].sort(), ["avoid_room", "json_reply", "max_words", "mention_room", "no_stop_in_room"]);
    assert.deepEqual([...windows].sort(), ["12-17", "17-21", "21-6", "6-12", "6-21"]);
    assert.ok(scoped > 0 && unless > 0, `scoped ${scoped}, unless ${unless}`);
  });

  it("names only rooms of the user's own houses that few of its tasks need there", () => {
    for (let seed = 0; seed < 40; seed++) {
      for (const p of makeProfiles(USERS, seed)) {
        const user = USERS.find((u) => u.userId === p.userId)!;
        for (const x of roomPrefs(p)) {
          const houses = user.houses.filter((h) => h.rooms.some((r) => roomName(r) === x.room));
          assert.ok(houses.length > 0, `${p.userId} has no ${x.room}`);
          const scope = x.kind === "avoid_room" && x.sceneId ? houses.filter((h) => h.sceneId === x.sceneId) : houses;
          assert.ok(scope.length > 0, `${x.room} is not in house ${x.kind === "avoid_room" ? x.sceneId : ""}`);
          for (const h of scope) {
            const need = Math.max(
              0,
              ...Object.entries(h.need ?? {})
                .filter(([l]) => roomName(l) === x.room)
                .map(([, n]) => n),
            );
            assert.ok(need <= MAX_NEED, `${p.userId}: ${x.room} is needed by ${need} of ${h.sceneId}'s tasks`);
          }
        }
      }
    }
  });

  it("a user whose every room is needed gets reply preferences only", () => {
    for (let seed = 0; seed < 10; seed++) {
      const cy = makeProfiles(USERS, seed)[2];
      assert.deepEqual(roomPrefs(cy), []);
      assert.ok(cy.preferences.length >= 2);
    }
  });

  it("no preference applies to every episode: each holds in some learning and some, not all, test episodes", () => {
    const hours = [1, 4, 8, 11, 13, 16, 19, 22, 2, 7, 12, 18, 21, 23];
    const episodes = hours.map((hour, i) => ({ hour, phase: i < 7 ? ("learning" as const) : ("test" as const) }));
    let events = 0;
    for (let seed = 0; seed < 30; seed++) {
      for (const p of makeProfiles(
        USERS.map((u) => ({ ...u, episodes })),
        seed,
      )) {
        for (const x of p.preferences) {
          assert.ok(x.when, `${p.userId} ${x.kind} has no window`);
          const inLearning = episodes.filter((e) => e.phase === "learning" && inWindow(x.when, e.hour)).length;
          const inTest = episodes.filter((e) => e.phase === "test" && inWindow(x.when, e.hour)).length;
          assert.ok(inLearning >= 1, `${x.id}: never in learning`);
          assert.ok(inTest >= 1 && inTest < 7, `${x.id}: in ${inTest} of 7 test episodes`);
        }
        for (const e of p.events ?? []) {
          events++;
          const x = p.preferences.find((y) => y.id === e.preferenceId)!;
          if (e.kind === "revise") {
            assert.equal(x.kind, "max_words");
            assert.ok(x.kind === "max_words" && e.maxWords < x.maxWords, "a revision makes the limit stricter");
            assert.equal(
              (activeAt(p, e.at).preferences.find((y) => y.id === x.id) as { maxWords: number }).maxWords,
              e.maxWords,
            );
            assert.deepEqual(activeAt(p, e.at - 1).preferences, p.preferences);
          } else {
            assert.ok(x.kind === "avoid_room" || x.kind === "no_stop_in_room");
            assert.ok(!activeAt(p, e.at).preferences.some((y) => y.id === x.id), "retracted from then on");
          }
        }
      }
    }
    assert.ok(events > 0, "some users change their mind");
  });

  it("says which user and field is wrong in bad input", () => {
    assert.throws(() => makeProfiles([{ userId: "x", houses: [] }], 1), /users\[0\]\[houses\]: Too small/);
    assert.throws(
      () => makeProfiles([{ userId: "x", houses: [{ sceneId: "s", rooms: ["kitchen"], need: { kitchen: 2 } }] }], 1),
      /users\[0\]\[houses\]\[0\]\[need\]\[kitchen\]/,
    );
  });
});

describe("profiles on polar-mini's houses", () => {
  it("room preferences apply in a fair share of episodes and rarely block a target", async () => {
    const dir = join(REPO_ROOT, "datasets", "polar-mini");
    const set = ScenarioSetFile.parse(JSON.parse(readFileSync(join(dir, "scenario-set.json"), "utf8")));
    const config = loadConfig({ env: {} });
    const scenes = new Map<string, SceneInfo>();
    for (const s of set.scenes) {
      const sim = openEmbedded(config.simulator);
      await sim.loadScene({ scene: s.scene });
      scenes.set(s.id, await sim.sceneInfo());
      await sim.close();
    }
    const rooms = episodeRooms(set.evaluation, scenes);
    assert.equal(rooms.length, set.evaluation.length);
    for (const r of rooms) assert.ok(r.targetRoom !== null && r.needed.includes(roomName(r.targetRoom)), r.episodeId);
    const users = usersFromEpisodes(rooms, scenes);
    let applicable = 0;
    let conflicting = 0;
    let total = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const profiles = makeProfiles(users, seed);
      for (const p of profiles) {
        const labels = new Set(users.find((u) => u.userId === p.userId)!.houses.flatMap((h) => h.rooms.map(roomName)));
        for (const x of roomPrefs(p)) assert.ok(labels.has(x.room), `${p.userId}: ${x.room}`);
      }
      for (const e of exposure(profiles, rooms)) {
        total += e.episodes;
        applicable += e.applicable;
        conflicting += e.conflicting;
      }
    }
    assert.ok(total > 0, "no room preference on polar-mini in 5 seeds");
    // windows cover 4–9 h of the day and the evaluation hours are spread over all 24: a fair share applies
    assert.ok(applicable / total >= 0.25, `applies in ${applicable}/${total}`);
    assert.ok(conflicting / applicable <= MAX_NEED, `blocks ${conflicting} of ${applicable} applicable episodes`);
  });
});

describe("episodeRooms and exposure", () => {
  /** hallway r0 – garage r1 – kitchen r2 in a row; `door` adds a door from the hallway to the kitchen */
  const scene = (door: boolean): SceneInfo => ({
    regions: [
      { id: "r0", label: "hallway", waypoint: [2, 0, 2], bounds: { min: [0, 0, 0], max: [4, 3, 4] } },
      { id: "r1", label: "Garage", waypoint: [6, 0, 2], bounds: { min: [4, 0, 0], max: [8, 3, 4] } },
      { id: "r2", label: "kitchen", waypoint: [10, 0, 2], bounds: { min: [8, 0, 0], max: [12, 3, 4] } },
    ],
    adjacency: door
      ? [
          ["r0", "r1"],
          ["r1", "r2"],
          ["r0", "r2"],
        ]
      : [
          ["r0", "r1"],
          ["r1", "r2"],
        ],
  });
  const ep = (id: string, x: number, timestamp: string, instruction = "Find my keys.") => ({
    id,
    userId: "u1",
    sceneId: "s1",
    timestamp,
    instruction,
    start: { position: [1, 0, 1] as [number, number, number] },
    targetObjectId: "keys",
    placements: [{ id: "keys", position: [x, 0.9, 1] as [number, number, number] }],
  });

  it("a room every way to the target passes through is needed; one with a way around it is not", () => {
    const [chain] = episodeRooms([ep("e1", 10, "2025-01-01T22:00:00.000Z")], new Map([["s1", scene(false)]]));
    assert.deepEqual(chain.needed, ["garage", "kitchen"]);
    assert.equal(chain.startRoom, "hallway");
    assert.equal(chain.targetRoom, "kitchen");
    assert.equal(chain.hour, 22);
    const [around] = episodeRooms([ep("e1", 10, "2025-01-01T22:00:00.000Z")], new Map([["s1", scene(true)]]));
    assert.deepEqual(around.needed, ["kitchen"]);
    assert.throws(
      () => episodeRooms([ep("e1", 10, "2025-01-01T22:00:00.000Z")], new Map()),
      /no scene_info for scene s1/,
    );
  });

  it("need is the share of the user's episodes there; exposure counts where a preference applies and blocks", () => {
    const scenes = new Map([["s1", scene(false)]]);
    const rooms = episodeRooms(
      [
        ep("e1", 10, "2025-01-01T22:00:00.000Z"),
        ep("e2", 2, "2025-01-01T23:00:00.000Z"),
        ep("e3", 6, "2025-01-01T14:00:00.000Z"),
        ep("e4", 10, "2025-01-01T02:00:00.000Z", "Is my bag in the garage?"),
      ],
      scenes,
    );
    const [user] = usersFromEpisodes(rooms, scenes);
    assert.deepEqual(user.houses[0].need, { hallway: 0.25, Garage: 0.75, kitchen: 0.5 });
    const profile: Profile = {
      userId: "u1",
      preferences: [
        { id: "a", kind: "avoid_room", room: "garage", when: { fromHour: 21, toHour: 6 }, unlessAsked: true },
        { id: "s", kind: "no_stop_in_room", room: "kitchen" },
        { id: "w", kind: "max_words", maxWords: 10 },
      ],
    };
    const out = exposure([profile], rooms);
    // the night rule: e1 and e2 (e3 is by day; e4 asks for the garage); e1 needs the garage on the way
    assert.deepEqual(
      out.map((e) => [e.preferenceId, e.applicable, e.conflicting]),
      [
        ["a", 2, 1],
        ["s", 4, 2],
      ],
    );
  });
});
