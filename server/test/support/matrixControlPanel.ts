import type { Row } from "./matrix.js"

/**
 * Matrix rows for the control panel and the audit export: admins only (`controlPanel.view`,
 * `audit.read`), and an API token needs the admin scope. Retries name work that does not exist,
 * which is answered with nothing retried.
 */
export const controlPanelRows = (): Record<string, Row> => {
  const row = (request: Row["request"]): Row => ({
    access: "policy",
    action: "controlPanel.view",
    need: "admin",
    scoped: false,
    request,
  })
  return {
    "controlPanel.health": row(async () => ({ method: "GET", path: "/control-panel/health" })),
    "controlPanel.failedJobs": row(async () => ({
      method: "GET",
      path: "/control-panel/jobs/failed?limit=5",
    })),
    "controlPanel.retryJobs": row(async () => ({
      method: "POST",
      path: "/control-panel/jobs/retry",
      body: { ids: ["999999999"] },
    })),
    "controlPanel.failedMail": row(async () => ({
      method: "GET",
      path: "/control-panel/mail/failed?limit=5",
    })),
    "controlPanel.retryMail": row(async () => ({
      method: "POST",
      path: "/control-panel/mail/retry",
      body: { ids: ["00000000-0000-4000-8000-000000000000"] },
    })),
    "controlPanel.sessions": row(async () => ({ method: "GET", path: "/control-panel/sessions?limit=5" })),
    "audit.export": {
      access: "policy",
      action: "audit.read",
      need: "admin",
      scoped: false,
      request: async () => ({ method: "GET", path: "/audit/export?action=auth." }),
    },
  }
}
