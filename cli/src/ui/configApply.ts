import { plural } from "@folio/core"
import type { ConfigApply } from "../services/configApply.js"
import { changesCount, renderChanges } from "./configChanges.js"
import { issueLine } from "./issues.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderLines, renderProblem } from "./render.js"

/** Exit code of `diff`, or `apply --dry-run`, whose plan is not empty: something would change. */
export const pendingChangesExitCode = 3

/**
 * The plan (or the file's problems), then what happened. Returns the exit code: 0 applied or
 * nothing to do, 1 problems, 3 a diff or dry run that would change something. (A stale digest is
 * a failure of its own, exit 4, before anything is printed.)
 */
export const renderConfigApply = (result: ConfigApply, mode: "diff" | "apply", out: Output): number => {
  const failed = result.issues.length > 0
  const changes = result.plan?.changes ?? []
  const pending = result.dryRun && changes.length > 0
  const code = failed ? 1 : pending ? pendingChangesExitCode : 0
  if (out.json) {
    renderJson({
      ok: !failed,
      url: result.url,
      file: result.file,
      dryRun: result.dryRun,
      version: result.plan?.version ?? null,
      digest: result.plan?.digest ?? null,
      changes,
      applied: result.applied,
      issues: result.issues,
    })
    return code
  }
  if (failed) {
    for (const issue of result.issues)
      renderProblem(issue.line > 0 ? issueLine(issue) : `${issue.file}: ${issue.message}`, out)
    renderProblem(
      `${plural(result.issues.length, "problem")} in ${result.file}; nothing was applied (a configuration file is applied whole or not at all).`,
      out,
    )
    return code
  }
  const plan = result.plan
  if (plan === null || changes.length === 0) {
    renderDone(
      `Nothing to change: the configuration already matches ${result.file} (version ${plan?.version ?? "?"}).`,
      out,
    )
    return code
  }
  renderLines([
    `Plan for ${result.file} against version ${plan.version} (${plan.digest}): ${changesCount(changes.length)}.`,
  ])
  renderChanges(changes, out)
  if (result.dryRun) {
    renderLines([
      mode === "diff"
        ? `${changesCount(changes.length)} to apply (\`folio config apply ${result.file}\`).`
        : `Dry run: ${changesCount(changes.length)} would be made; nothing was applied.`,
    ])
    return code
  }
  const applied = result.applied
  renderDone(
    `Applied ${changesCount(changes.length)}: version ${applied?.version ?? "?"}, digest ${applied?.digest ?? "?"}.`,
    out,
  )
  return code
}
