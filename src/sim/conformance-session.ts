/** Conformance checks of a session: the handshake, a scene and its regions, a reset, the images. */
import assert from "node:assert/strict";
import type { Check } from "./conformance-raw.ts";
import { angleDiff, checkImages, checkResult, dist2d, SUITE_SETTINGS, type SuiteContext } from "./conformance-suite.ts";
import { fileFormat } from "./image-bytes.ts";
import { ACTIONS, PROTOCOL_VERSION, VERBS } from "./protocol.ts";

/** The session: the handshake, a scene and its regions, a reset, the images and their headers. */
export function sessionChecks({ makeSim, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "hello names the protocol, every verb, action and view",
      run: async () => {
        const sim = await makeSim();
        try {
          const h = await sim.hello();
          checkResult("hello", h);
          assert.equal(h.protocol.split(".")[0], PROTOCOL_VERSION.split(".")[0], "same protocol major version");
          for (const v of VERBS) assert.ok(h.verbs.includes(v), `verb ${v} is offered`);
          for (const a of ACTIONS) assert.ok(h.actions.includes(a), `action ${a} is offered`);
          assert.deepEqual([...h.views].sort(), ["front", "left", "right"]);
        } finally {
          await sim.close();
        }
      },
    },
    {
      name: "load_scene returns bounds, navigable area, receptacles and the settings in force",
      run: suite(async ({ scene: r, info }) => {
        checkResult("load_scene", r);
        assert.ok(r.navigableArea > 0, "some floor is navigable");
        for (let k = 0; k < 3; k++) assert.ok(r.bounds.min[k] <= r.bounds.max[k], "bounds min ≤ max");
        assert.equal(r.settings.stepLength, SUITE_SETTINGS.stepLength);
        assert.equal(r.settings.turnAngle, SUITE_SETTINGS.turnAngle);
        assert.equal(r.settings.successDistance, SUITE_SETTINGS.successDistance);
        assert.equal(r.settings.camera?.width, SUITE_SETTINGS.camera.width);
        const regionIds = new Set(info.regions.map((g) => g.id));
        for (const rec of r.receptacles)
          assert.ok(regionIds.has(rec.regionId), `receptacle ${rec.id} is in a known region`);
      }),
    },
    {
      name: "scene_info: every region has a label and a navigable waypoint; adjacency names known regions",
      run: suite(async (s) => {
        checkResult("scene_info", s.info);
        const ids = new Set(s.info.regions.map((g) => g.id));
        assert.equal(ids.size, s.info.regions.length, "region ids are unique");
        for (const [a, b] of s.info.adjacency)
          assert.ok(ids.has(a) && ids.has(b), `adjacency ${a}–${b} names known regions`);
        if (s.info.regions.length > 1) assert.ok(s.info.adjacency.length > 0, "rooms connect through doorways");
        for (const [i, g] of s.info.regions.entries()) {
          assert.ok(g.label.length > 0, `${g.id} has a label`);
          const obs = await s.sim.reset({ start: startAt(s, i) });
          assert.ok(
            dist2d(obs.pose.position, g.waypoint) < 0.05,
            `${g.id}'s waypoint is navigable (not moved on reset)`,
          );
        }
      }),
    },
    {
      name: "reset returns the start pose, step 0 and the visible lists; views only when asked",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s, 0, 0.5) });
        checkResult("reset", obs);
        assert.equal(obs.stepCount, 0);
        assert.ok(Math.abs(angleDiff(obs.pose.heading, 0.5)) < 1e-6, "start heading kept");
        assert.equal(obs.images, undefined, "no images unless asked");
        assert.equal(obs.imageData.length, 0);
        for (const v of ["front", "left", "right"] as const)
          assert.ok(Array.isArray(obs.visible[v]), `${v} list present`);
      }),
    },
    {
      name: "images decode and match their headers (three views, one view, top-down)",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s), views: true });
        await checkImages(obs.images, obs.imageData, ["front", "left", "right"]);
        assert.equal(obs.imageData.length, 3);
        for (const img of obs.imageData) {
          assert.equal(img.width, SUITE_SETTINGS.camera.width);
          assert.equal(img.height, SUITE_SETTINGS.camera.height);
          assert.equal(fileFormat(img), "jpeg");
        }
        const left = await s.sim.step("TURN_LEFT", ["left"]);
        await checkImages(left.observation.images, left.imageData, ["left"]);
        assert.equal(left.imageData.length, 1);
        const none = await s.sim.step("TURN_LEFT");
        assert.equal(none.imageData.length, 0, "no images when views are not asked");
        const map = await s.sim.topdown({ path: true });
        checkResult("topdown", map);
        await checkImages(map.images, map.imageData, [map.image.view]);
        assert.deepEqual(map.images[0], map.image, "the announced image is the map");
        assert.equal(map.image.format, "png", "top-down maps are PNG by default");
      }),
    },
  ];
}
