/**
 * Polar's layers, written down once (the README's "Architecture" section says the same in
 * words). A module may import its own part and any part below it, never one above; no cycles.
 * `npm test` runs this check first (npm run depcheck).
 *
 *   cli                 the `polar` command
 *   queue               distributed evaluation: BullMQ/Redis coordinator and workers (polar eval --queue, polar worker)
 *   dashboard           the local web app (polar dashboard): server, sessions, replay, results, memory views
 *   eval                composition root: harness, runner, wiring, registrations of sim-bridge parts
 *   agent | datasets    the episode loop | scenario sets (harness side: the agent never sees them)
 *   planning | rules    scene graph, planners, controller | the TellOnce rule layer
 *   memory              the memory graph, stores, embedders
 *   mllm                backbones, the policy interface and the types it speaks
 *   perception          what the robot makes of its views: appearance matching, floor geometry, the episode's ledger of instances
 *   config              the config loader and backbone files: every part's config.ts schema, composed
 *   sim                 the Simulator interface, protocol, bridge client
 *   util                shared helpers
 *
 *   sim-bridge/embedded the embedded simulator: imports src/sim (the protocol) and src/util only
 *
 * Each part's config.ts is a leaf schema (zod, and other parts' config.ts), so the config
 * layer can compose them without importing the parts themselves.
 */
const LAYERS = [
  "cli",
  "dashboard|queue",
  "eval",
  "agent|datasets",
  "planning|rules",
  "memory",
  "mllm",
  "perception",
  "config",
  "sim",
  "util",
];

const part = (names) => `^src/(${names})/`;
const below = (i) => LAYERS.slice(i + 1).join("|");
const above = (i) => LAYERS.slice(0, i).join("|");

const layerRules = LAYERS.slice(1).map((layer, k) => {
  const i = k + 1;
  return {
    name: `layer-${layer.replaceAll("|", "-")}`,
    comment: `src/${layer} imports only parts below it (${below(i) || "none"})`,
    severity: "error",
    from: { path: part(layer) },
    // sim-bridge sits beside src: only the composition root (eval, and the dashboard and cli above it) wires it in
    to: {
      path: i <= LAYERS.indexOf("eval") ? part(above(i)) : `${part(above(i))}|^sim-bridge/`,
      pathNot: "^src/[^/]+/config\\.ts$",
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "agent-not-datasets",
      comment: "the agent boundary: the agent never reads the scenario set (test/boundary.test.ts checks more)",
      severity: "error",
      from: { path: part("agent|planning|memory|mllm|perception") },
      to: { path: part("datasets") },
    },
    {
      name: "config-schemas-are-leaves",
      comment: "a part's config.ts holds its zod schema only: other config.ts files and libraries",
      severity: "error",
      from: { path: "^src/[^/]+/config\\.ts$" },
      to: { path: "^src/", pathNot: "^src/[^/]+/config\\.ts$" },
    },
    {
      name: "embedded-speaks-protocol",
      comment: "the embedded simulator depends on src/sim (protocol, interface) and src/util only",
      severity: "error",
      from: { path: "^sim-bridge/" },
      to: { path: "^src/", pathNot: "^src/(sim|util)/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // dist/ is the build of src/ (scripts/build.mjs): its chunks are checked as their sources
    exclude: { path: "^(node_modules|test/fixtures|dist)" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
