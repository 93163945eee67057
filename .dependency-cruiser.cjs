/**
 * Polar's layers, written down once (the README's "Architecture" section says the same in
 * words). A module may import its own part and any part below it, never one above; no cycles.
 * Across parts it imports only the other part's entry file, src/<part>/index.ts (part-interfaces
 * below). `npm test` runs this check first (npm run depcheck).
 *
 *   cli                 the `polar` command
 *   queue               distributed evaluation: BullMQ/Redis coordinator and workers (polar eval --queue, polar worker)
 *   dashboard           the local web app (polar dashboard): server, sessions, replay, results, memory views
 *   compose             composition root: a run composed from config (plan, wiring of simulators, backbones and memory, plug-ins, threads), registrations of sim-bridge parts and of the heuristic backbone
 *   eval                the evaluation: harness (the only holder of ground truth), run session and ledger, measures, statistics, reports, the rule phase
 *   config              the config loader, the backbone files, the eval's settings, and the composed schema of every part's config.ts
 *   agent | datasets    the episode loop | scenario sets (harness side: the agent never sees them)
 *   policies            the offline (heuristic) policy in one place: its grounding, memory extraction, room choice, steering, stop rule, view judging, replies and thresholds
 *   planning | rules    scene graph, planners, controller | the TellOnce rule layer
 *   memory              the memory graph, stores, embedders
 *   mllm                backbones, the policy interface and the types it speaks, the backbone registry
 *   perception          what the robot makes of its views: appearance matching, floor geometry, judging instances, the episode's ledger
 *   sim                 the Simulator interface, protocol, bridge client, simulator config
 *   language            reading English: tokens, sentences, times and hour windows, numbers, requests, concepts
 *   util                shared helpers
 *
 *   sim-bridge/embedded the embedded simulator: imports src/sim (the protocol) and src/util only
 *
 * A part's config.ts is a leaf schema (zod only) in its own part; src/config composes them and
 * sits above every part it composes, below the compose, eval, dashboard, queue and cli that load config.
 * A layer named "part/sub" would be a folder of a part placed at its own height; the rest of the
 * part would keep the part's place (none is, now).
 */
const LAYERS = [
  "cli",
  "dashboard|queue",
  "compose",
  "eval",
  "config",
  "agent|datasets",
  "policies",
  "planning|rules",
  "memory",
  "mllm",
  "perception",
  "sim",
  "language",
  "util",
];

const part = (names) => `^src/(${names})/`;
const below = (i) => LAYERS.slice(i + 1).join("|");
const above = (i) => LAYERS.slice(0, i).join("|");
const names = (layer) => layer.split("|");
/** Layers that are folders of this layer's parts (none now): their own rule covers them. */
const nested = (layer) =>
  LAYERS.filter((l) => l !== layer && names(l).some((n) => names(layer).some((m) => n.startsWith(`${m}/`))));

const layerRules = LAYERS.slice(1).map((layer, k) => {
  const i = k + 1;
  return {
    name: `layer-${layer.replaceAll("|", "-")}`,
    comment: `src/${layer} imports only parts below it (${below(i) || "none"})`,
    severity: "error",
    from: nested(layer).length ? { path: part(layer), pathNot: part(nested(layer).join("|")) } : { path: part(layer) },
    // sim-bridge sits beside src: only the composition root (compose, and the dashboard and cli above it) wires it in
    to: { path: i <= LAYERS.indexOf("compose") ? part(above(i)) : `${part(above(i))}|^sim-bridge/` },
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
      name: "part-interfaces",
      comment: "across parts, import the other part's entry file (src/<part>/index.ts)",
      severity: "error",
      from: { path: "^src/([^/]+)/" },
      to: {
        path: "^src/[^/]+/",
        pathNot: ["^src/$1/", "^src/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "agent-not-datasets",
      comment: "the agent boundary: the agent never reads the scenario set (test/boundary.test.ts checks more)",
      severity: "error",
      from: { path: part("agent|planning|memory|mllm|perception") },
      to: { path: part("datasets") },
    },
    {
      name: "config-schemas-are-leaves",
      comment:
        "a part's config.ts holds its zod schema only: other config.ts files, libraries, and src/util's checks (one rule for a name that becomes a path segment)",
      severity: "error",
      from: { path: "^src/[^/]+/config\\.ts$" },
      to: { path: "^src/", pathNot: ["^src/[^/]+/config\\.ts$", "^src/util/"] },
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
