import { CompanyPage, grantFor, UserPage } from "@folio/core"
import { expect } from "vitest"
import { type databaseOf, decodeBody } from "./directory.js"
import { type Ctx, matrixUser, type Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

/**
 * Matrix rows for the directory: companies, teams and their members, users, invites and the audit
 * log. Nearly every row addresses the target company's objects (scoped), so an "own" grant reaches
 * only the caller's company; the two lists check that an "own" caller sees only their company's
 * rows. Deletions and role or status changes act on a fresh team or user, never the target's own.
 */
export const directoryRows = ({ db, next }: Deps): Record<string, Row> => {
  const freshUser = (companyId: string) => matrixUser(db(), next, companyId)
  const freshTeam = (companyId: string) => db().team(companyId, `Matrix team ${next()}`)

  /** An "own" list holds only the caller's company (the rows are filtered in SQL). */
  const onlyOwnCompanies = async (ctx: Ctx, response: Response) => {
    if (grantFor(ctx.caller.role, "companies.read") !== "own") return
    const page = await decodeBody(CompanyPage, response)
    expect(page.items.map((company) => company.id)).toEqual([ctx.caller.companyId])
  }
  const onlyOwnUsers = async (ctx: Ctx, response: Response) => {
    if (grantFor(ctx.caller.role, "users.read") !== "own") return
    const page = await decodeBody(UserPage, response)
    expect(page.items.length).toBeGreaterThan(1)
    for (const user of page.items) expect(user.company.id).toBe(ctx.caller.companyId)
  }

  return {
    "invites.invite": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => {
        const n = next()
        return {
          method: "POST",
          path: "/users/invite",
          body: {
            email: `invitee${n}@matrix.test`,
            name: `Invitee ${n}`,
            companyId: target.companyId,
            role: "reader",
          },
        }
      },
    },
    "audit.list": {
      access: "policy",
      action: "audit.read",
      need: "admin",
      scoped: false,
      request: async ({ target }) => ({ method: "GET", path: `/audit?userId=${target.userId}&limit=5` }),
    },
    "companies.list": {
      access: "policy",
      action: "companies.read",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/companies" }),
      check: onlyOwnCompanies,
    },
    "companies.get": {
      access: "policy",
      action: "companies.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/companies/${target.companyId}` }),
    },
    "companies.create": {
      access: "policy",
      action: "companies.manage",
      need: "admin",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/companies",
        body: { name: "Matrix Co", slug: `matrix-${next()}` },
      }),
    },
    "companies.update": {
      access: "policy",
      action: "companies.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "PATCH",
        path: `/companies/${target.companyId}`,
        body: { entitlements: "all" },
      }),
    },
    "teams.list": {
      access: "policy",
      action: "companies.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/companies/${target.companyId}/teams` }),
    },
    "teams.create": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "POST",
        path: `/companies/${target.companyId}/teams`,
        body: { name: `Created ${next()}` },
      }),
    },
    "teams.get": {
      access: "policy",
      action: "companies.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/teams/${target.teamId}` }),
    },
    "teams.update": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "PATCH",
        path: `/teams/${target.teamId}`,
        body: { description: `Updated ${next()}` },
      }),
    },
    "teams.delete": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "DELETE",
        path: `/teams/${await freshTeam(target.companyId)}`,
      }),
    },
    "teams.addMember": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "POST",
        path: `/teams/${await freshTeam(target.companyId)}/members`,
        body: { userId: target.userId },
      }),
    },
    "teams.setMemberRole": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => {
        const teamId = await freshTeam(target.companyId)
        await db().member(teamId, target.userId)
        return { method: "PATCH", path: `/teams/${teamId}/members/${target.userId}`, body: { role: "lead" } }
      },
    },
    "teams.removeMember": {
      access: "policy",
      action: "teams.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => {
        const teamId = await freshTeam(target.companyId)
        await db().member(teamId, target.userId)
        return { method: "DELETE", path: `/teams/${teamId}/members/${target.userId}` }
      },
    },
    "users.list": {
      access: "policy",
      action: "users.read",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/users" }),
      check: onlyOwnUsers,
    },
    "users.get": {
      access: "policy",
      action: "users.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/users/${target.userId}` }),
    },
    "users.setRole": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "PUT",
        path: `/users/${await freshUser(target.companyId)}/role`,
        body: { role: "reader" },
      }),
    },
    "users.setStatus": {
      access: "policy",
      action: "users.manage",
      need: "admin",
      scoped: true,
      request: async ({ target }) => ({
        method: "PUT",
        path: `/users/${await freshUser(target.companyId)}/status`,
        body: { status: "disabled" },
      }),
    },
  }
}
