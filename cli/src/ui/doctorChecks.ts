import { plural } from "@folio/core"
import type { DoctorReport } from "../services/doctor.js"
import { formatMs, formatUptime } from "./format.js"
import { visible } from "./terminalText.js"

export type CheckStatus = "ok" | "fail" | "skip"

/** One row of the doctor's verdict, shared by the Ink and plain renderers. */
export interface Check {
  readonly name: string
  readonly status: CheckStatus
  readonly detail: string
}

const sourceLabel = (source: DoctorReport["auth"]["source"]): string =>
  source === "env" ? "from FOLIO_TOKEN" : "stored credential"

export const doctorChecks = (report: DoctorReport): ReadonlyArray<Check> => {
  const { server, database, migration, auth } = report
  const checks: Array<Check> = []

  if (report.error !== null) {
    checks.push({ name: "Server", status: "fail", detail: report.error.message })
  } else {
    const parts = [
      server.version === null ? "answers" : `Folio ${server.version}`,
      server.deploymentId === null ? null : `deployment ${server.deploymentId}`,
      server.uptimeSeconds === null ? null : `up ${formatUptime(server.uptimeSeconds)}`,
      server.responseMs === null ? null : `answered in ${formatMs(server.responseMs)}`,
    ]
    checks.push({ name: "Server", status: "ok", detail: parts.filter((part) => part !== null).join(" · ") })
  }

  if (database !== null)
    checks.push(
      database.ok
        ? {
            name: "Database",
            status: "ok",
            detail: [
              database.engine,
              database.embedded === true ? "embedded" : database.embedded === false ? "external" : null,
              database.latencyMs === null ? null : `ping ${formatMs(database.latencyMs)}`,
            ]
              .filter((part) => part !== null)
              .join(" · "),
          }
        : { name: "Database", status: "fail", detail: database.message ?? "did not answer" },
    )

  if (migration !== null)
    checks.push(
      migration.upToDate
        ? { name: "Migrations", status: "ok", detail: `up to date (${migration.latest})` }
        : {
            name: "Migrations",
            status: "fail",
            detail: `at ${migration.current ?? "none"}, server expects ${migration.latest}`,
          },
    )

  if (!auth.configured)
    checks.push({ name: "Credential", status: "skip", detail: "none configured (run `folio login`)" })
  else if (auth.accepted === true && auth.user !== null)
    checks.push({
      name: "Credential",
      status: "ok",
      detail: `${auth.user.name} <${auth.user.email}> · ${auth.user.role}${auth.company === null ? "" : ` at ${auth.company.name}`} · ${sourceLabel(auth.source)}`,
    })
  else
    checks.push({
      name: "Credential",
      status: auth.accepted === null && report.problems.length > 0 && auth.message !== null ? "skip" : "fail",
      detail: `${sourceLabel(auth.source)}: ${auth.message ?? "not accepted"}`,
    })

  // Details carry the server's words (its version, the user's name, an error message).
  return checks.map((check) => ({ ...check, detail: visible(check.detail) }))
}

export const doctorSummary = (report: DoctorReport): string =>
  report.ok ? "All checks passed." : `${plural(report.problems.length, "problem")} found.`
