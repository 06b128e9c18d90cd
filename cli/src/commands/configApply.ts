import { type Command, Option } from "commander"
import {
  action,
  addExamples,
  addJsonFlag,
  addUrlFlag,
  booleanFlag,
  choiceFlag,
  stringFlag,
} from "../command.js"
import { addWriteFlags, configFileFormats, loadConfig, writeFlags } from "./configFlags.js"

const fileHelp =
  "The file is YAML or JSON (by its extension, else its first character): one mapping of whole keys to values, " +
  "`null` to delete a key (a known key goes back to its default, a secret is unset). Keys it does not name are " +
  "left alone. It is checked here first — a bad key or a value its key's schema refuses is printed as " +
  "file:line: key: message and nothing is sent (exit 1) — then the server plans it: create, update or delete per " +
  "key, before → after (a secret's change without its value)."

/** config diff | apply: a desired-state file, planned by the server and applied all or nothing. */
export const registerConfigApply = (config: Command): void => {
  const formatOption = () =>
    new Option("--format <format>", "read the file as yaml or json (default: by its extension)").choices(
      configFileFormats,
    )

  const diff = config
    .command("diff")
    .summary("print what applying a file would change (exit 3 when something would)")
    .description(
      `${fileHelp} Changes nothing. Exit codes: 0 nothing to change, 1 a problem with the file, 3 changes to ` +
        "apply — the same as `apply --dry-run`.",
    )
    .argument("<file>", "the file (.yaml, .yml or .json; - for stdin, with --format)")
    .addOption(formatOption())
  addUrlFlag(diff)
  addJsonFlag(diff)
  addExamples(diff, [
    ["folio config diff config.yaml", "on a pull request: exit 3 shows that the server differs"],
    ["folio config diff config.yaml --json | jq '.changes[].key'", "the keys that would change"],
  ])
  diff.action(
    action(async (command, out) => {
      const { runCli, apply, applyUi, withProgress } = await loadConfig()
      const result = await withProgress(
        "Planning…",
        runCli(
          apply.applyConfigFile({
            url: stringFlag(command, "url"),
            file: command.args[0] ?? "",
            format: choiceFlag(command, "format", configFileFormats),
            dryRun: true,
          }),
        ),
        out,
      )
      return applyUi.renderConfigApply(result, "diff", out)
    }),
  )

  const applyCommand = config
    .command("apply")
    .summary("bring the keys a YAML or JSON file names to what it says, plan first")
    .description(
      `${fileHelp} The plan is printed, then applied as one new version, all or nothing, guarded by the digest ` +
        "it was made against (or --if-digest): if the store moved meanwhile nothing changes. The same file again " +
        "is an empty plan and writes nothing. Exit codes: 0 applied or nothing to change, 1 a problem (nothing " +
        "applied), 3 --dry-run with changes, 4 a stale --if-digest or a store that moved after the plan (nothing " +
        "changed). See docs/cli.md for the format.",
    )
    .argument("<file>", "the file (.yaml, .yml or .json; - for stdin, with --format)")
    .option("--dry-run", "print the plan and change nothing (exit 3 when it is not empty)")
    .addOption(formatOption())
  addWriteFlags(applyCommand)
  addUrlFlag(applyCommand)
  addJsonFlag(applyCommand)
  addExamples(applyCommand, [
    ["folio config apply config.yaml --dry-run", "the plan only; exit 3 when something would change"],
    ['folio config apply config.yaml --comment "$CI_COMMIT_SHA"', "apply it, with the commit as the comment"],
    [
      'folio config apply config.yaml --if-digest "$(folio config list --json | jq -r .digest)"',
      "only against the version read earlier",
    ],
  ])
  applyCommand.action(
    action(async (command, out) => {
      const { runCli, apply, applyUi, withProgress } = await loadConfig()
      const dryRun = booleanFlag(command, "dryRun")
      const result = await withProgress(
        dryRun ? "Planning…" : "Applying the configuration…",
        runCli(
          apply.applyConfigFile({
            ...writeFlags(command),
            file: command.args[0] ?? "",
            format: choiceFlag(command, "format", configFileFormats),
            dryRun,
          }),
        ),
        out,
      )
      return applyUi.renderConfigApply(result, "apply", out)
    }),
  )
}
