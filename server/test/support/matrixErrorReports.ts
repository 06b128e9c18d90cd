import { randomBytes } from "node:crypto"
import type { databaseOf } from "./directory.js"
import type { Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
}

/**
 * Matrix rows for the error-report inbox. Issues belong to the publisher as a whole (no company
 * owns one), so no row is scoped; instead every row is publisher-only: a client company's
 * developer, whose role has the grant, still gets a 403.
 */
export const errorReportRows = ({ db }: Deps): Record<string, Row> => {
  const issue = async () => {
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into error_issues (fingerprint, type, message)
        values (${randomBytes(16).toString("hex")}, 'TypeError', 'Matrix failure') returning id`,
    )
    return rows[0]!.id
  }
  const row = (need: "read" | "write" | "admin", request: Row["request"]): Row => ({
    access: "policy",
    action: "developer.errorReports",
    need,
    scoped: false,
    publisherOnly: true,
    request,
  })
  return {
    "errorReports.listIssues": row("read", async () => ({ method: "GET", path: "/error-reports/issues" })),
    "errorReports.getIssue": row("read", async () => ({
      method: "GET",
      path: `/error-reports/issues/${await issue()}`,
    })),
    "errorReports.setIssueStatus": row("write", async () => ({
      method: "POST",
      path: `/error-reports/issues/${await issue()}/status`,
      body: { status: "resolved" },
    })),
    "errorReports.listTraceRoutes": row("read", async () => ({
      method: "GET",
      path: "/error-reports/routes",
    })),
    "errorReports.listTraces": row("read", async () => ({ method: "GET", path: "/error-reports/traces" })),
    "errorReports.getSettings": row("read", async () => ({ method: "GET", path: "/error-reports/settings" })),
    "errorReports.updateSettings": row("admin", async () => ({
      method: "PUT",
      path: "/error-reports/settings",
      body: { retentionDays: 30 },
    })),
  }
}
