import type { Role } from "./role.js"

/**
 * The roles × actions matrix (PRODUCT.md, "Users and roles"), kept as data. The server enforces
 * it on every endpoint; the console and CLI only read it to hide what a role cannot do.
 * "own" means the action applies to the caller's own objects only (their drafts, their company).
 */
export type Grant = "all" | "own" | "none"

const row = (admin: Grant, editor: Grant, analyst: Grant, developer: Grant, reader: Grant) =>
  ({ admin, editor, analyst, developer, reader }) satisfies Record<Role, Grant>

//                                   admin   editor  analyst developer reader
export const policy = {
  "health.read": /*               */ row("all", "all", "all", "all", "all"),
  "dashboard.view": /*            */ row("all", "all", "all", "all", "all"),
  "profile.manage": /*            */ row("own", "own", "own", "own", "own"),
  "reports.read": /*              */ row("all", "all", "all", "own", "own"),
  "reports.create": /*            */ row("all", "all", "all", "none", "none"),
  "reports.edit": /*              */ row("all", "all", "own", "none", "none"),
  "reports.submit": /*            */ row("all", "all", "own", "none", "none"),
  "reports.review": /*            */ row("all", "all", "none", "none", "none"),
  "reports.publish": /*           */ row("all", "all", "none", "none", "none"),
  "reports.schedule": /*          */ row("all", "all", "none", "none", "none"),
  "reports.archive": /*           */ row("all", "all", "none", "none", "none"),
  "reports.import": /*            */ row("all", "all", "all", "none", "none"),
  "reports.export": /*            */ row("all", "all", "all", "own", "own"),
  "favorites.manage": /*          */ row("own", "own", "own", "own", "own"),
  "search.use": /*                */ row("all", "all", "all", "own", "own"),
  "tickers.read": /*              */ row("all", "all", "all", "all", "all"),
  "tickers.manage": /*            */ row("all", "all", "all", "none", "none"),
  "coverage.read": /*             */ row("all", "all", "all", "all", "all"),
  "coverage.manage": /*           */ row("all", "all", "own", "none", "none"),
  "kpis.read": /*                 */ row("all", "all", "all", "all", "all"),
  "kpis.manage": /*               */ row("all", "all", "own", "none", "none"),
  "companies.read": /*            */ row("all", "all", "all", "own", "own"),
  "companies.manage": /*          */ row("all", "none", "none", "none", "none"),
  "teams.manage": /*              */ row("all", "none", "none", "none", "none"),
  "users.read": /*                */ row("all", "all", "all", "own", "own"),
  "users.manage": /*              */ row("all", "none", "none", "none", "none"),
  "analytics.view": /*            */ row("all", "all", "own", "none", "none"),
  "readership.erase": /*          */ row("all", "none", "none", "none", "none"),
  "channels.manage": /*           */ row("all", "all", "none", "none", "none"),
  "releases.manage": /*           */ row("all", "all", "none", "none", "none"),
  "podcasts.listen": /*           */ row("all", "all", "all", "all", "all"),
  "podcasts.manage": /*           */ row("all", "all", "none", "none", "none"),
  "ai.use": /*                    */ row("all", "all", "all", "none", "none"),
  "developer.tokens": /*          */ row("all", "none", "none", "all", "none"),
  "developer.errorReports": /*    */ row("all", "none", "none", "all", "none"),
  "config.manage": /*             */ row("all", "none", "none", "none", "none"),
  "controlPanel.view": /*         */ row("all", "none", "none", "none", "none"),
  "audit.read": /*                */ row("all", "none", "none", "none", "none"),
} as const satisfies Record<string, Record<Role, Grant>>

export type Action = keyof typeof policy
export const actions = Object.keys(policy) as ReadonlyArray<Action>

export const grantFor = (role: Role, action: Action): Grant => policy[action][role]

/** True when the role may perform the action on at least its own objects. */
export const can = (role: Role, action: Action): boolean => grantFor(role, action) !== "none"
