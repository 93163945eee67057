import type { Command } from "commander";
import { embeddedScenes, placementProblems } from "../../../sim-bridge/embedded/dataset-scenes.ts";
import {
  buildAuthoredSet,
  checkScenarioSet,
  datasetStats,
  formatStats,
  generateScenarioSet,
  importPinned,
  loadScenarioSet,
  readAuthoredSet,
  scenarioSetJsonSchema,
  writeScenarioSet,
} from "../../datasets/index.ts";
import { ensureDir } from "../../util/index.ts";
import { intFlag, nonEmptyFlag, shareFlag, UserError } from "../options.ts";

const int = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UserError(`${name} must be an integer, got "${v}"`);
  return n;
};

/** `polar dataset generate|import-pinned|build-authored|stats|check|schema`. */
export function registerDatasetCommands(program: Command): void {
  const dataset = program
    .command("dataset")
    .description("scenario sets: generate them, count PInNED or Polar episodes");
  registerGenerate(dataset);
  registerImportPinned(dataset);
  registerBuildAuthored(dataset);
  registerStats(dataset);
  registerCheck(dataset);
  registerSchema(dataset);
}

/** `polar dataset generate`: a procedural set for the embedded simulator. */
function registerGenerate(dataset: Command): void {
  dataset
    .command("generate")
    .description("write a scenario set for the embedded simulator (deterministic for a seed)")
    .requiredOption(
      "--out <dir>",
      "output folder (its scenario-set.json and images/ are replaced)",
      nonEmptyFlag("--out"),
    )
    // bounds a set can be generated and loaded within (each house takes about a second)
    .option("--scenes <n>", "procedural houses, 1–200", intFlag("--scenes", 1, 200), 2)
    .option("--seed <n>", "random seed", int("--seed"), 1)
    .option(
      "--users <n>",
      "users, each living in one scene (default: one per scene), at most 1000",
      intFlag("--users", 1, 1000),
    )
    .option(
      "--episodes-per-scene <n>",
      "evaluation episodes per scene, 1–1000",
      intFlag("--episodes-per-scene", 1, 1000),
      40,
    )
    .option("--image-size <px>", "reference image size, 16–1024", intFlag("--image-size", 16, 1024), 96)
    .option("--name <name>", "the set's name")
    .option(
      "--habitual <p>",
      "habitual placement: each object has a home receptacle and stands there in this share (0–1) " +
        "of its episodes, elsewhere otherwise (default: every placement drawn at random)",
      shareFlag("--habitual"),
    )
    .action(async (o) => {
      let generated: ReturnType<typeof generateScenarioSet>;
      try {
        generated = generateScenarioSet(
          {
            scenes: o.scenes,
            seed: o.seed,
            users: o.users,
            episodesPerScene: o.episodesPerScene,
            name: o.name,
            habitual: o.habitual,
          },
          embeddedScenes,
        );
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      const { set, report } = generated;
      ensureDir(o.out, "--out");
      const written = await writeScenarioSet(o.out, set, embeddedScenes, { imageSize: o.imageSize });
      await loadScenarioSet(o.out); // what we wrote must load
      console.log(
        `wrote ${o.out}: ${set.acquisition.length} acquisition + ${set.evaluation.length} evaluation episodes, ` +
          `${written.images} images (${Math.round((written.jsonBytes + written.imageBytes) / 1024)} KiB); ` +
          `${report.rejected} drafts rejected by the checks`,
      );
      for (const s of report.shortfall) console.warn(`warning: fewer episodes than asked: ${s}`);
    });
}

/** `polar dataset import-pinned`: PInNED episodes as a scenario set for the Habitat bridge. */
function registerImportPinned(dataset: Command): void {
  dataset
    .command("import-pinned")
    .description("write a scenario set of PInNED episodes, whose scenes run on the Habitat bridge")
    .argument("<path>", "a PInNED .json/.json.gz episode file, or a folder of them")
    .requiredOption("--out <dir>", "output folder (must be empty or absent, unless --force)")
    .option("--descriptions <file>", "objects_descriptions.json (default: found next to or above the episodes)")
    .option("--name <name>", "the set's name (default: pinned-<file or folder name>)")
    .option("--force", "replace scenario-set.json in a folder that is not empty")
    .action(async (path: string, o) => {
      const { file, set, described } = await importPinned(path, o.out, {
        descriptionsFile: o.descriptions,
        name: o.name,
        force: o.force === true,
      });
      console.log(
        `wrote ${file}: ${set.evaluation.length} evaluation episodes in ${set.scenes.length} Habitat scene(s), ` +
          `${set.objects.length} objects (${described} with PInNED descriptions); ` +
          `run it with polar eval --dataset ${o.out} --sim-url ws://<habitat bridge>`,
      );
    });
}

/** `polar dataset build-authored`: a scenario set from a hand-written file. */
function registerBuildAuthored(dataset: Command): void {
  dataset
    .command("build-authored")
    .description(
      "build a scenario set from a hand-written file (houses, what each user said and asked, the gold answers): placements, starts, reference images",
    )
    .argument("<file>", "the hand-written JSON file (schema: AuthoredSet in src/datasets/generate/authored.ts)")
    .requiredOption(
      "--out <dir>",
      "output folder (its scenario-set.json and images/ are replaced)",
      nonEmptyFlag("--out"),
    )
    .option("--split <name>", "only the houses of this split (e.g. dev, test)")
    .action(async (file: string, o: { out: string; split?: string }) => {
      const authored = readAuthoredSet(file);
      const set = buildAuthoredSet(authored, embeddedScenes, o.split);
      const problems = checkScenarioSet(set);
      for (const p of problems) console.error(p);
      if (problems.length)
        throw new UserError(`${file}: ${problems.length} evaluation episode problem(s); nothing written`);
      ensureDir(o.out, "--out");
      await writeScenarioSet(o.out, set, embeddedScenes);
      console.log(
        `${o.out}: ${set.users.length} houses, ${set.acquisition.length} acquisition and ${set.evaluation.length} evaluation episodes`,
      );
    });
}

/** `polar dataset stats`: counts of a scenario set or of PInNED episodes. */
function registerStats(dataset: Command): void {
  dataset
    .command("stats")
    .description("counts per scenario, category and scene (scenario set), or per scene and category (PInNED)")
    .argument("<path>", "a scenario-set folder, or a PInNED .json/.json.gz file or folder")
    .option("--json", "print JSON")
    .action(async (path: string, o) => {
      const s = await datasetStats(path);
      console.log(o.json ? JSON.stringify(s, null, 2) : formatStats(s));
    });
}

/** `polar dataset check`: the generator's checks, and every placement, on a stored set. */
function registerCheck(dataset: Command): void {
  dataset
    .command("check")
    .description("load a scenario set and re-run the generator's validity checks on every evaluation episode")
    .argument("<path>", "a scenario-set folder")
    .action(async (path: string) => {
      const set = await loadScenarioSet(path);
      const problems = checkScenarioSet(set);
      // every episode must set up exactly as recorded: an object the simulator cannot put at its
      // spot would otherwise be moved, or its episode lost, at run time
      const unplaceable = placementProblems(set.scenes, [...set.acquisition, ...set.evaluation]);
      for (const p of problems) console.error(p);
      for (const u of unplaceable)
        console.error(`${u.episodeId}: ${u.objectId ? `object "${u.objectId}" cannot be placed: ` : ""}${u.reason}`);
      if (problems.length || unplaceable.length)
        throw new UserError(
          `${path}: ${problems.length} evaluation episode problem(s), ${unplaceable.length} episode(s) with an unplaceable object`,
        );
      console.log(
        `${path}: ${set.evaluation.length} evaluation episodes pass the checks; all ${set.acquisition.length + set.evaluation.length} episodes place every object at its recorded spot`,
      );
    });
}

/** `polar dataset schema`: the JSON Schema of scenario-set.json. */
function registerSchema(dataset: Command): void {
  dataset
    .command("schema")
    .description("print the JSON Schema of scenario-set.json")
    .action(() => {
      process.stdout.write(scenarioSetJsonSchema());
    });
}
