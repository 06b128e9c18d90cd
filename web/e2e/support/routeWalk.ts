import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { type APIRequestContext, expect, type Page } from "@playwright/test"
import { createCompany, createTeam, unique } from "./directory"
import { createReport } from "./reports"

/** Not screens to look at: signing out would end the session every other spec shares. */
const skipped = new Set(["/sign-out"])
/** The console the server serves: E2E_WEB_DIST when the run builds it elsewhere, else web/dist. */
const dist = process.env.E2E_WEB_DIST
  ? pathToFileURL(`${resolve(process.env.E2E_WEB_DIST)}/`)
  : new URL("../../dist/", import.meta.url)
/** Every route of the built console (its routes.json, the list the server answers 404 from). */
export const consoleRoutes: ReadonlyArray<string> = (
  JSON.parse(readFileSync(new URL("routes.json", dist), "utf8")) as ReadonlyArray<string>
).filter((route) => !skipped.has(route))
/** Screens that are a loader themselves. */
const loaders = new Set(["/loading"])

export interface Screen {
  /** The route as the router names it (`/reports/$reportId`). */
  readonly route: string
  /** A path that opens it, with real ids. */
  readonly path: string
}

/**
 * Every screen of the console with a path that opens it: a company, a team and a report made for
 * the walk (with a title long enough to wrap), and the admin's own user page.
 */
export const everyScreen = async (admin: APIRequestContext): Promise<ReadonlyArray<Screen>> => {
  const company = await createCompany(admin)
  const team = await createTeam(admin, company.id, unique("Desk"))
  const report = await createReport(admin, {
    title: unique("A report title long enough to wrap twice on a phone, as real research titles do"),
    sector: "Information Technology",
  })
  const me = (await (await admin.get("/api/session")).json()) as { user: { id: string } }
  const params: Record<string, string> = {
    $reportId: report.id,
    $companyId: company.id,
    $teamId: team.id,
    $userId: me.user.id,
    $issueId: "00000000-0000-4000-8000-000000000000",
  }
  return consoleRoutes.map((route) => ({
    route,
    path: route
      .split("/")
      .map((segment) => params[segment] ?? segment)
      .join("/"),
  }))
}

/** Opens a screen and waits for what the user sees: its heading or status, then no loader left. */
export const openScreen = async (page: Page, { route, path }: Screen): Promise<void> => {
  await page.goto(path)
  await expect(page.locator("h1, [role=status]").first(), path).toBeVisible()
  if (!loaders.has(route))
    await expect(page.locator(".mantine-Skeleton-root, .mantine-Loader-root"), path).toHaveCount(0)
}
