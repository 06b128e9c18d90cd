import type { Command } from "commander"
import { stringFlag } from "../command.js"

/** What `folio config …` and `folio maintenance …` share: their lazy modules and the write flags. */

// Kept here rather than imported from @folio/core, so that `--help` loads no Effect.
export const configFileFormats = ["yaml", "json"] as const

export const loadConfig = async () => {
  const [{ runCli }, service, versions, apply, maintenance, ui, applyUi, maintenanceUi, { withProgress }] =
    await Promise.all([
      import("../runtime.js"),
      import("../services/config.js"),
      import("../services/configHistory.js"),
      import("../services/configApply.js"),
      import("../services/configMaintenance.js"),
      import("../ui/config.js"),
      import("../ui/configApply.js"),
      import("../ui/configMaintenance.js"),
      import("../ui/progress.js"),
    ])
  return { runCli, service, versions, apply, maintenance, ui, applyUi, maintenanceUi, withProgress }
}

export const ifDigestHelp =
  "only if the store is still at this digest (from `folio config list`); else exit 4, nothing changed"

/** `--comment` and `--if-digest`, for the commands that write a version. */
export const addWriteFlags = (command: Command): Command =>
  command
    .option("--comment <text>", "why, recorded with the new version (one line, up to 500 characters)")
    .option("--if-digest <digest>", ifDigestHelp)

export const writeFlags = (command: Command) => ({
  url: stringFlag(command, "url"),
  comment: stringFlag(command, "comment"),
  ifDigest: stringFlag(command, "ifDigest")?.trim(),
})
