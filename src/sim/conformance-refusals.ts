/** Conformance checks of refusals: bad requests get the right error and the session goes on; sessions are independent. */
import assert from "node:assert/strict";
import type { Check } from "./conformance-raw.ts";
import { angleDiff, expectSimError, SUITE_SETTINGS, type SuiteContext } from "./conformance-suite.ts";
import type { Vec3 } from "./protocol.ts";
import { SimError, type Simulator } from "./simulator.ts";

/** Bad requests refused with the right error, the session still usable afterwards; sessions independent. */
export function refusalChecks({ makeSim, scene, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "out-of-order requests are refused and the session stays usable",
      run: async () => {
        const sim = await makeSim();
        try {
          await expectSimError(sim.step("TURN_LEFT"), "out_of_order");
          await expectSimError(sim.reset({ start: { position: [0, 0, 0], heading: 0 } }), "out_of_order");
          await expectSimError(sim.sceneInfo(), "out_of_order");
          await sim.loadScene({ scene, settings: SUITE_SETTINGS });
          await expectSimError(sim.step("TURN_LEFT"), "out_of_order");
          await expectSimError(sim.metrics(), "out_of_order");
          await expectSimError(sim.planPath({ goal: [0, 0, 0] }), "out_of_order");
          const info = await sim.sceneInfo();
          await sim.reset({ start: { position: info.regions[0].waypoint, heading: 0 } });
          assert.equal((await sim.step("TURN_LEFT")).observation.stepCount, 1);
        } finally {
          await sim.close();
        }
      },
    },
    {
      name: "bad params get invalid_params naming the field; the session stays usable",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        await expectSimError(s.sim.step("JUMP" as "STOP"), "invalid_params", "params.action");
        await expectSimError(s.sim.reset({} as never), "invalid_params", "params.start");
        await expectSimError(
          s.sim.reset({ start: { position: [1, 2] as unknown as Vec3, heading: 0 } }),
          "invalid_params",
          "params.start.position",
        );
        await expectSimError(
          s.sim.planPath({ goal: [0, 0, 0], maxActions: -1 }),
          "invalid_params",
          "params.maxActions",
        );
        await expectSimError(
          s.sim.loadScene({ scene, settings: { stepLenght: 1 } as never }),
          "invalid_params",
          "params.settings",
        );
        const sim = s.sim as Simulator & { request?: (verb: string, params: unknown) => Promise<unknown> };
        if (sim.request) await expectSimError(sim.request("fly", {}), "unknown_verb");
        assert.equal((await s.sim.step("TURN_LEFT")).observation.stepCount, 1, "still usable");
      }),
    },
    {
      name: "absurd coordinates (1e15, 1e308) get invalid_params at once; the session stays usable",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        const t0 = performance.now();
        await expectSimError(
          s.sim.reset({ start: { position: [0, 0, 1e15], heading: 0 } }),
          "invalid_params",
          "params.start.position",
        );
        await expectSimError(s.sim.planPath({ goal: [1e308, 0, 1e308] }), "invalid_params", "params.goal");
        await expectSimError(s.sim.planPath({ goal: [-1e15, 0, 0] }), "invalid_params", "params.goal");
        await expectSimError(
          s.sim.reset({ start: startAt(s), objects: [{ id: "far", category: "mug", position: [1e15, 0, 0] }] }),
          "invalid_params",
          "params.objects.0.position",
        );
        const ms = performance.now() - t0;
        assert.ok(ms < 5000, `refusing four requests took ${Math.round(ms)} ms`);
        const obs = await s.sim.reset({ start: startAt(s) });
        assert.equal(obs.stepCount, 0, "still usable");
        const plan = await s.sim.planPath({ goal: s.info.regions[0].waypoint });
        assert.equal(plan.reachable, true);
      }),
    },
    {
      name: "scene paths outside the scene folders (/etc/passwd, /dev/zero) are refused unread",
      run: suite(async (s) => {
        for (const path of ["/etc/passwd", "/dev/zero", "../../../../../../etc/passwd", "/proc/self/environ"]) {
          const t0 = performance.now();
          let err: unknown;
          try {
            await s.sim.loadScene({ scene: path, settings: SUITE_SETTINGS });
          } catch (e) {
            err = e;
          }
          assert.ok(err instanceof SimError, `load_scene ${path} must fail, got ${err ?? "success"}`);
          assert.ok(["not_found", "invalid_params"].includes(err.code), `${path}: ${err.code}: ${err.message}`);
          const quoted = /root:|PATH=/.test(err.message) || err.message.includes(String.fromCharCode(0));
          assert.ok(!quoted, `${path}: the error quotes the file: ${err.message}`);
          assert.ok(performance.now() - t0 < 5000, `${path}: refused at once`);
        }
        // a good scene still loads
        await s.sim.loadScene({ scene, settings: SUITE_SETTINGS });
        await s.sim.reset({ start: startAt(s) });
        assert.equal((await s.sim.step("TURN_LEFT")).observation.stepCount, 1, "still usable");
      }),
    },
    {
      name: "sessions are independent",
      run: async () => {
        const a = await makeSim();
        const b = await makeSim();
        try {
          await a.loadScene({ scene, settings: SUITE_SETTINGS });
          await expectSimError(b.reset({ start: { position: [0, 0, 0], heading: 0 } }), "out_of_order");
          await b.loadScene({ scene, settings: { ...SUITE_SETTINGS, stepLength: 0.25 } });
          const info = await a.sceneInfo();
          const start = { position: info.regions[0].waypoint, heading: 0 };
          await Promise.all([a.reset({ start }), b.reset({ start })]);
          const [sa, sb] = await Promise.all([a.step("TURN_LEFT"), b.step("TURN_RIGHT")]);
          assert.ok(angleDiff(sa.observation.pose.heading, sb.observation.pose.heading) > 0, "each turned its own way");
          assert.equal((await b.loadScene({ scene })).settings.stepLength !== undefined, true);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      },
    },
  ];
}
