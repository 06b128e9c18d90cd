import {
  Company,
  CompanyPage,
  Team,
  TeamDetail,
  TeamMember,
  TeamPage,
  UserDetail,
  UserPage,
} from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
let admin: string
let publisherId: string

const api = (method: string, path: string, body?: unknown) => apiCall(server, admin, method, path, body)
const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  publisherId = await db.publisherId()
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("companies", () => {
  it("are created by admins with defaults, counted, listed and audited", async () => {
    const response = await api("POST", "/companies", { name: "  Acme Capital ", slug: "acme-capital" })
    expect(response.status).toBe(201)
    const created = await decodeBody(Company, response)
    expect(created).toMatchObject({
      name: "Acme Capital",
      slug: "acme-capital",
      domain: null,
      kind: "client",
      status: "active",
      entitlements: "all",
      userCount: 0,
      teamCount: 0,
    })
    const fetched = await decodeBody(Company, await api("GET", `/companies/${created.id}`))
    expect(fetched).toEqual(created)
    const page = await decodeBody(CompanyPage, await api("GET", "/companies?q=ACME"))
    expect(page.items.map((c) => c.slug)).toEqual(["acme-capital"])
    expect(await db.audit(created.id)).toEqual([
      expect.objectContaining({
        action: "company.create",
        actorEmail: server.adminEmail,
        before: null,
        after: expect.objectContaining({ slug: "acme-capital", entitlements: "all" }),
      }),
    ])
  })

  it("refuse a duplicate slug or domain with 409 naming the value", async () => {
    expect(
      (await api("POST", "/companies", { name: "Dup", slug: "dup-co", domain: "Dup.Example" })).status,
    ).toBe(201)
    const slug = await api("POST", "/companies", { name: "Dup again", slug: "dup-co" })
    expect(slug.status).toBe(409)
    expect(await decodeBody(ErrorBody, slug)).toEqual({
      _tag: "Conflict",
      message: 'The slug "dup-co" is already used by another company.',
    })
    const domain = await api("POST", "/companies", { name: "Dup 3", slug: "dup-3", domain: "dup.example" })
    expect(domain.status).toBe(409)
    expect((await decodeBody(ErrorBody, domain)).message).toContain('"dup.example"')
  })

  it("reject bad input with messages people understand", async () => {
    const slug = await api("POST", "/companies", { name: "Bad", slug: "Bad Slug" })
    expect(slug.status).toBe(400)
    expect(await slug.text()).toContain("Slug may contain only lower-case letters, digits and hyphens")
    const domain = await api("POST", "/companies", {
      name: "Bad",
      slug: "bad",
      domain: "https://bad.example/x",
    })
    expect(domain.status).toBe(400)
    expect(await domain.text()).toContain("Enter a domain like example.com")
    const name = await api("POST", "/companies", { name: "x".repeat(121), slug: "long" })
    expect(name.status).toBe(400)
    expect(await name.text()).toContain("Company name must be at most 120 characters")
  })

  it("are updated field by field, with before and after in the audit log", async () => {
    const created = await decodeBody(Company, await api("POST", "/companies", { name: "Beta", slug: "beta" }))
    const response = await api("PATCH", `/companies/${created.id}`, {
      name: "Beta Partners",
      entitlements: ["Energy", "Technology", "Energy"],
    })
    expect(response.status).toBe(200)
    const updated = await decodeBody(Company, response)
    expect(updated).toMatchObject({
      name: "Beta Partners",
      slug: "beta",
      entitlements: ["Energy", "Technology"],
    })
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime())
    const [, update] = await db.audit(created.id)
    expect(update).toMatchObject({
      action: "company.update",
      before: { name: "Beta", entitlements: "all" },
      after: { name: "Beta Partners", entitlements: ["Energy", "Technology"] },
    })
    const none = await decodeBody(
      Company,
      await api("PATCH", `/companies/${created.id}`, { entitlements: [] }),
    )
    expect(none.entitlements).toEqual([])
  })

  it("keep the publisher active and answer 404 for unknown ids", async () => {
    const suspend = await api("PATCH", `/companies/${publisherId}`, { status: "suspended" })
    expect(suspend.status).toBe(400)
    expect(await suspend.text()).toContain("The publisher company cannot be suspended")
    const missing = "00000000-0000-4000-8000-000000000000"
    expect((await api("GET", `/companies/${missing}`)).status).toBe(404)
    expect((await api("PATCH", `/companies/${missing}`, { name: "x" })).status).toBe(404)
    expect((await api("GET", "/companies/not-a-uuid")).status).toBe(400)
  })
})

describe("teams", () => {
  it("have unique names per company (any case), members from their own company only, and leads first", async () => {
    const company = await decodeBody(
      Company,
      await api("POST", "/companies", { name: "Gamma", slug: "gamma" }),
    )
    const other = await db.company("gamma-rival")
    const ann = await db.user({ email: "ann@gamma.test", name: "Ann", companyId: company.id, role: "reader" })
    const bob = await db.user({ email: "bob@gamma.test", name: "Bob", companyId: company.id, role: "reader" })
    const outsider = await db.user({
      email: "out@rival.test",
      name: "Olga",
      companyId: other,
      role: "reader",
    })

    const created = await api("POST", `/companies/${company.id}/teams`, {
      name: "Equities",
      description: "Buy side",
    })
    expect(created.status).toBe(201)
    const team = await decodeBody(Team, created)
    expect(team).toMatchObject({ companyId: company.id, name: "Equities", memberCount: 0 })
    const duplicate = await api("POST", `/companies/${company.id}/teams`, { name: "EQUITIES" })
    expect(duplicate.status).toBe(409)
    expect((await decodeBody(ErrorBody, duplicate)).message).toBe(
      'This company already has a team named "EQUITIES".',
    )
    // The same name in another company is fine.
    expect((await api("POST", `/companies/${other}/teams`, { name: "Equities" })).status).toBe(201)

    const added = await api("POST", `/teams/${team.id}/members`, { userId: bob })
    expect(added.status).toBe(201)
    expect(await decodeBody(TeamMember, added)).toEqual({
      userId: bob,
      name: "Bob",
      email: "bob@gamma.test",
      role: "member",
    })
    expect((await api("POST", `/teams/${team.id}/members`, { userId: ann, role: "member" })).status).toBe(201)
    const again = await api("POST", `/teams/${team.id}/members`, { userId: bob })
    expect(again.status).toBe(409)
    expect((await decodeBody(ErrorBody, again)).message).toBe(
      'Bob (bob@gamma.test) is already a member of the team "Equities".',
    )
    const foreign = await api("POST", `/teams/${team.id}/members`, { userId: outsider })
    expect(foreign.status).toBe(400)
    expect(await foreign.text()).toContain("only people of the team's own company can join it")

    const lead = await api("PATCH", `/teams/${team.id}/members/${bob}`, { role: "lead" })
    expect(await decodeBody(TeamMember, lead)).toMatchObject({ userId: bob, role: "lead" })
    const detail = await decodeBody(TeamDetail, await api("GET", `/teams/${team.id}`))
    expect(detail.memberCount).toBe(2)
    expect(detail.members.map((m) => [m.name, m.role])).toEqual([
      ["Bob", "lead"],
      ["Ann", "member"],
    ])
    const user = await decodeBody(UserDetail, await apiCall(server, admin, "GET", `/users/${bob}`))
    expect(user.teams).toEqual([{ teamId: team.id, name: "Equities", role: "lead" }])

    expect((await api("DELETE", `/teams/${team.id}/members/${ann}`)).status).toBe(204)
    expect((await api("DELETE", `/teams/${team.id}/members/${ann}`)).status).toBe(404)
    const counted = await decodeBody(Company, await api("GET", `/companies/${company.id}`))
    expect(counted).toMatchObject({ userCount: 2, teamCount: 1 })

    expect((await db.audit(team.id)).map((row) => row.action)).toEqual([
      "team.create",
      "team.add_member",
      "team.add_member",
      "team.set_member_role",
      "team.remove_member",
    ])
  })

  it("are renamed, listed in name order with pages, and deleted with their memberships", async () => {
    const companyId = await db.company("delta")
    const member = await db.user({ email: "m@delta.test", name: "Mia", companyId, role: "reader" })
    for (const name of ["Rates", "Credit", "Macro", "FX", "Commodities"]) {
      expect((await api("POST", `/companies/${companyId}/teams`, { name })).status).toBe(201)
    }
    const first = await decodeBody(TeamPage, await api("GET", `/companies/${companyId}/teams?limit=3`))
    expect(first.items.map((t) => t.name)).toEqual(["Commodities", "Credit", "FX"])
    const second = await decodeBody(
      TeamPage,
      await api("GET", `/companies/${companyId}/teams?limit=3&cursor=${first.nextCursor}`),
    )
    expect(second.items.map((t) => t.name)).toEqual(["Macro", "Rates"])
    expect(second.nextCursor).toBeNull()

    const rates = second.items[1]!
    const renamed = await api("PATCH", `/teams/${rates.id}`, { name: "Rates & Inflation" })
    expect(await decodeBody(Team, renamed)).toMatchObject({ name: "Rates & Inflation", description: "" })
    expect((await api("PATCH", `/teams/${rates.id}`, { name: "macro" })).status).toBe(409)

    await db.member(rates.id, member)
    expect((await api("DELETE", `/teams/${rates.id}`)).status).toBe(204)
    expect((await api("GET", `/teams/${rates.id}`)).status).toBe(404)
    expect((await api("DELETE", `/teams/${rates.id}`)).status).toBe(404)
    const [, , deleted] = await db.audit(rates.id)
    expect(deleted).toMatchObject({
      action: "team.delete",
      before: { name: "Rates & Inflation", members: [expect.objectContaining({ userId: member })] },
    })
    const user = await decodeBody(UserDetail, await api("GET", `/users/${member}`))
    expect(user.teams).toEqual([])
  })
})

describe("the user directory", () => {
  it("filters by company, role, status and text, and pages by name without duplicates or gaps", async () => {
    const companyId = await db.company("epsilon")
    const names = Array.from({ length: 23 }, (_, i) => `Epsilon Person ${String(i).padStart(2, "0")}`)
    // Two people share a name: the id breaks the tie, so paging never skips or repeats one of them.
    names.push("Epsilon Person 05")
    const ids: Array<string> = []
    for (const [i, name] of names.entries()) {
      ids.push(
        await db.user({
          email: `person${i}@epsilon.test`,
          name,
          companyId,
          role: i % 3 === 0 ? "developer" : "reader",
          status: i % 5 === 0 ? "disabled" : "active",
        }),
      )
    }

    const seen: Array<string> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `/users?companyId=${companyId}&limit=5${cursor ? `&cursor=${cursor}` : ""}`
      const page = await decodeBody(UserPage, await api("GET", query))
      expect(page.items.length).toBeLessThanOrEqual(5)
      seen.push(...page.items.map((u) => u.id))
      cursor = page.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(5)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...ids].sort())

    const developers = await decodeBody(
      UserPage,
      await api("GET", `/users?companyId=${companyId}&role=developer`),
    )
    expect(developers.items).toHaveLength(8)
    expect(developers.items.every((u) => u.role === "developer" && u.company.id === companyId)).toBe(true)
    const disabled = await decodeBody(
      UserPage,
      await api("GET", `/users?companyId=${companyId}&status=disabled&role=developer`),
    )
    expect(disabled.items.map((u) => u.email).sort()).toEqual([
      "person0@epsilon.test",
      "person15@epsilon.test",
    ])
    const byEmail = await decodeBody(UserPage, await api("GET", "/users?q=PERSON17@EPS"))
    expect(byEmail.items.map((u) => u.name)).toEqual(["Epsilon Person 17"])
    const byName = await decodeBody(UserPage, await api("GET", "/users?q=person%2005"))
    expect(byName.items).toHaveLength(2)
    // Wildcards typed by a user are literal characters.
    const wildcard = await decodeBody(UserPage, await api("GET", "/users?q=%25"))
    expect(wildcard.items).toEqual([])
  })

  it("rejects a forged cursor and bad filters with 400", async () => {
    const cursor = await api("GET", "/users?cursor=not-a-cursor")
    expect(cursor.status).toBe(400)
    expect(await cursor.text()).toContain("The page cursor is not valid")
    expect((await api("GET", "/users?role=overlord")).status).toBe(400)
    expect((await api("GET", "/users?limit=500")).status).toBe(400)
  })

  it("changes roles within what the user's company allows, with an audit row", async () => {
    const companyId = await db.company("zeta")
    const id = await db.user({ email: "z@zeta.test", name: "Zed", companyId, role: "reader" })
    const editor = await api("PUT", `/users/${id}/role`, { role: "editor" })
    expect(editor.status).toBe(400)
    expect(await editor.text()).toContain("Editor is a publisher role")
    const developer = await api("PUT", `/users/${id}/role`, { role: "developer" })
    expect(await decodeBody(UserDetail, developer)).toMatchObject({ id, role: "developer" })
    expect(await db.audit(id)).toEqual([
      expect.objectContaining({
        action: "user.set_role",
        before: { role: "reader" },
        after: { role: "developer" },
      }),
    ])
    expect(
      (await api("PUT", "/users/00000000-0000-4000-8000-000000000000/role", { role: "reader" })).status,
    ).toBe(404)
  })

  it("disables a user, ending their sessions, and enables them again", async () => {
    const companyId = await db.company("eta")
    const id = await db.user({ email: "e@eta.test", name: "Eta User", companyId, role: "reader" })
    const token = await cliSignIn(server, "e@eta.test")
    expect((await apiCall(server, token, "GET", "/session")).status).toBe(200)
    const disabled = await decodeBody(
      UserDetail,
      await api("PUT", `/users/${id}/status`, { status: "disabled" }),
    )
    expect(disabled.status).toBe("disabled")
    expect((await apiCall(server, token, "GET", "/session")).status).toBe(401)
    await api("PUT", `/users/${id}/status`, { status: "active" })
    // The old session stays ended; signing in again works.
    expect((await apiCall(server, token, "GET", "/session")).status).toBe(401)
    await cliSignIn(server, "e@eta.test")
    const actions = (await db.audit(id)).map((row) => row.action).filter((a) => a.startsWith("user."))
    expect(actions).toEqual(["user.disable", "user.enable"])
  })
})

describe("the last active admin", () => {
  it("cannot demote or disable themselves; once another admin exists, they can", async () => {
    const me = await decodeBody(
      Schema.Struct({ user: Schema.Struct({ id: Schema.String }) }),
      await api("GET", "/session"),
    )
    const demote = await api("PUT", `/users/${me.user.id}/role`, { role: "editor" })
    expect(demote.status).toBe(409)
    expect(await decodeBody(ErrorBody, demote)).toEqual({
      _tag: "Conflict",
      message:
        "You are the last active admin, so you cannot demote yourself. Make someone else an admin first.",
    })
    const disable = await api("PUT", `/users/${me.user.id}/status`, { status: "disabled" })
    expect(disable.status).toBe(409)
    expect((await decodeBody(ErrorBody, disable)).message).toContain("cannot disable yourself")
    // A disabled admin does not count.
    await db.user({
      email: "old-admin@folio.test",
      name: "Old Admin",
      companyId: publisherId,
      role: "admin",
      status: "disabled",
    })
    expect((await api("PUT", `/users/${me.user.id}/role`, { role: "editor" })).status).toBe(409)

    const second = await db.user({
      email: "second@folio.test",
      name: "Second Admin",
      companyId: publisherId,
      role: "admin",
    })
    const secondToken = await cliSignIn(server, "second@folio.test")
    // Both try to step down at once: the admins are locked in order, so exactly one succeeds.
    const [mine, theirs] = await Promise.all([
      api("PUT", `/users/${me.user.id}/role`, { role: "editor" }),
      apiCall(server, secondToken, "PUT", `/users/${second}/role`, { role: "editor" }),
    ])
    expect([mine.status, theirs.status].sort()).toEqual([200, 409])
    const admins = await db.query(
      (sql) =>
        sql<{ n: number }>`select count(*)::int as n from users where role = 'admin' and status = 'active'`,
    )
    expect(admins[0]?.n).toBe(1)
  })
})
