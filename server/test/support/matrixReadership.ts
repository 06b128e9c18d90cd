import type { Action } from "@folio/core"
import type { Need } from "../../src/auth/authorize.js"
import type { Ctx, Row } from "./matrix.js"

const get = (action: Action, path: (ctx: Ctx) => string, need: Need = "read", scoped = false): Row => ({
  access: "policy",
  action,
  need,
  scoped,
  request: async (ctx) => ({ method: "GET", path: path(ctx) }),
})

/**
 * Matrix rows for readership, analytics and the dashboard. An event is about the target
 * company's published report, which every caller of that company may read.
 */
export const readershipRows = (): Record<string, Row> => ({
  "readership.record": {
    access: "policy",
    action: "reports.read",
    need: "read",
    scoped: false,
    request: async ({ target }) => ({
      method: "POST",
      path: "/events",
      body: { events: [{ kind: "report_view", reportId: target.reportId, at: new Date().toISOString() }] },
    }),
  },
  "readership.mine": get("profile.manage", () => "/profile/readership"),
  "readership.export": get("profile.manage", () => "/profile/readership/export"),
  "readership.erase": {
    access: "policy",
    action: "readership.erase",
    need: "admin",
    scoped: false,
    request: async ({ target }) => ({ method: "DELETE", path: `/users/${target.userId}/readership` }),
  },
  "analytics.get": get("analytics.view", () => "/analytics?from=2026-01-01&to=2026-03-31"),
  "dashboard.sinceLastVisit": get("dashboard.view", () => "/dashboard/since-last-visit"),
  "dashboard.myReports": get("reports.create", () => "/dashboard/my-reports"),
  "dashboard.figures": get("controlPanel.view", () => "/dashboard/figures"),
  "teams.entitlements": get(
    "companies.read",
    ({ target }) => `/teams/${target.teamId}/entitlements`,
    "read",
    true,
  ),
})
