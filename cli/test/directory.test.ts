import { Option, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, startMailbox } from "../../server/test/support/mailbox.js"
import { startTestServer, type TestServer } from "../../server/test/support/server.js"
import { assertFreshBuild, runFolio, tempConfigDir } from "./support/folio.js"

let mailbox: Awaited<ReturnType<typeof startMailbox>>
let server: TestServer
let config: Awaited<ReturnType<typeof tempConfigDir>>

beforeAll(async () => {
  await assertFreshBuild()
  mailbox = await startMailbox()
  server = await startTestServer({ config: { smtpUrl: Option.some(Redacted.make(mailbox.url)) } })
  config = await tempConfigDir()
  const login = await runFolio(
    ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
    { configDir: config.path, stdin: server.adminPassword },
  )
  expect(login.code, login.stderr).toBe(0)
})
afterAll(async () => {
  await config.remove()
  await server.stop()
  await mailbox.close()
})

const folio = (args: ReadonlyArray<string>) => runFolio(args, { configDir: config.path })

/** Runs with --json and returns the parsed document, failing the test on a non-zero exit. */
const json = async <A>(args: ReadonlyArray<string>): Promise<A> => {
  const run = await folio([...args, "--json"])
  expect(run.code, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as A
}

interface UserDoc {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly role: string
  readonly status: string
}

const invite = (email: string, name: string, company: string, role: string) =>
  json<{ user: UserDoc }>([
    "users",
    "invite",
    "--email",
    email,
    "--name",
    name,
    "--company",
    company,
    "--role",
    role,
  ])

/** Accepts an invitation the way the console does, from the link in the email. */
const acceptInvite = async (email: string) => {
  const link = linkIn(await mailbox.next(email), "/set-password")
  const response = await fetch(`${server.url}/api/auth/accept-invite`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: link.searchParams.get("token"), password: "a long enough password 1" }),
  })
  expect(response.status).toBe(204)
}

describe("folio companies", () => {
  it("creates a company and lists it, as a table when piped and as JSON", async () => {
    const created = await json<{ company: Record<string, unknown> }>([
      "companies",
      "create",
      "--name",
      "Acme Capital",
      "--slug",
      "acme",
      "--domain",
      "Acme.com",
      "--entitlements",
      "Energy, Technology",
    ])
    expect(created).toMatchObject({
      ok: true,
      company: {
        name: "Acme Capital",
        slug: "acme",
        domain: "acme.com",
        kind: "client",
        entitlements: ["Energy", "Technology"],
      },
    })

    const plain = await folio(["companies", "list"])
    expect(plain.code).toBe(0)
    expect(plain.stdout).toMatch(/^NAME\s+SLUG\s+KIND\s+STATUS\s+DOMAIN\s+USERS\s+TEAMS\s+ENTITLEMENTS$/m)
    expect(plain.stdout).toMatch(
      /^Acme Capital\s+acme\s+client\s+active\s+acme\.com\s+0\s+0\s+Energy, Technology$/m,
    )
    expect(plain.stdout).toMatch(/^Folio Research\s+\S+\s+publisher\s+active\s+-\s+/m)

    const clients = await json<{ companies: ReadonlyArray<{ slug: string }> }>([
      "companies",
      "list",
      "--kind",
      "client",
    ])
    expect(clients.companies.map((company) => company.slug)).toEqual(["acme"])
  })

  it("shows the server's 409 message for a slug that is taken", async () => {
    await json(["companies", "create", "--name", "Taken", "--slug", "taken"])
    const run = await folio(["companies", "create", "--name", "Taken Again", "--slug", "taken"])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe('The slug "taken" is already used by another company.\n')
  })

  it("rejects a malformed slug before any request, naming the flag", async () => {
    const run = await folio(["companies", "create", "--name", "Bad", "--slug", "Bad Slug", "--json"])
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      error: { code: "ValidationError", message: expect.stringMatching(/^--slug: Slug may contain only/) },
    })
  })
})

describe("folio users invite", () => {
  it("creates an invited user and the server emails them a link to set a password", async () => {
    await json(["companies", "create", "--name", "Invite Co", "--slug", "invite-co"])
    const result = await invite("grace@invite.example", "Grace Hopper", "invite-co", "reader")
    expect(result).toMatchObject({
      ok: true,
      user: { email: "grace@invite.example", name: "Grace Hopper", role: "reader", status: "invited" },
      company: { slug: "invite-co", name: "Invite Co" },
    })

    const mail = await mailbox.next("grace@invite.example")
    expect(mail.subject).toBe("Administrator invited you to Folio")
    expect(mail.text).toContain("as a member of Invite Co")
    expect(linkIn(mail, "/set-password").searchParams.get("token")).toBeTruthy()

    const invited = await json<{ users: ReadonlyArray<UserDoc> }>([
      "users",
      "list",
      "--company",
      "invite-co",
      "--status",
      "invited",
    ])
    expect(invited.users.map((user) => user.email)).toEqual(["grace@invite.example"])
  })

  it("prints what it did as plain text when piped", async () => {
    const run = await folio([
      "users",
      "invite",
      "--email",
      "plain@invite.example",
      "--name",
      "Plain Text",
      "--company",
      "invite-co",
      "--role",
      "developer",
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Invited Plain Text <plain@invite\.example> to Invite Co as developer\.\n/)
    expect(run.stdout).toMatch(/^status\s+invited$/m)
    expect(run.stderr).toContain("Folio emails them a link")
  })

  it("fails clearly when the company does not exist, and names near misses", async () => {
    const run = await folio([
      "users",
      "invite",
      "--email",
      "x@invite.example",
      "--name",
      "X",
      "--company",
      "invite",
      "--role",
      "reader",
    ])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      'No company has the slug or name "invite". Did you mean invite-co? List companies with `folio companies list --search …`.\n',
    )
  })

  it("shows the server's message for an email that already has an account", async () => {
    const run = await folio([
      "users",
      "invite",
      "--email",
      server.adminEmail,
      "--name",
      "Again",
      "--company",
      "invite-co",
      "--role",
      "reader",
    ])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`${server.adminEmail} already has an account.\n`)
  })

  it("rejects a role that is not one (exit 2)", async () => {
    const run = await folio([
      "users",
      "invite",
      "--email",
      "a@b.co",
      "--name",
      "A",
      "--company",
      "x",
      "--role",
      "boss",
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Allowed choices are admin, editor, analyst, developer, reader")
  })
})

describe("folio teams", () => {
  it("creates a team, adds and removes a member", async () => {
    await json(["companies", "create", "--name", "Team Co", "--slug", "team-co"])
    await invite("ada@team.example", "Ada Lovelace", "team-co", "reader")

    const created = await json<{ team: { id: string; name: string } }>([
      "teams",
      "create",
      "--company",
      "team-co",
      "--name",
      "Research",
      "--description",
      "Reads research",
    ])
    expect(created).toMatchObject({ ok: true, team: { name: "Research", description: "Reads research" } })
    const teamId = created.team.id

    const duplicate = await folio(["teams", "create", "--company", "team-co", "--name", "research"])
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr).toMatch(/already has a team/)

    const add = await folio(["teams", "add-member", "--team", teamId, "--user", "ada@team.example", "--lead"])
    expect(add.code, add.stderr).toBe(0)
    expect(add.stdout).toBe('Added Ada Lovelace <ada@team.example> to "Research" as a lead.\n')

    const again = await folio(["teams", "add-member", "--team", teamId, "--user", "Ada Lovelace"])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe('Ada Lovelace (ada@team.example) is already a member of the team "Research".\n')

    const list = await folio(["teams", "list", "--company", "team-co"])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^NAME\s+MEMBERS\s+ID\s+DESCRIPTION$/m)
    expect(list.stdout).toMatch(new RegExp(`^Research\\s+1\\s+${teamId}\\s+Reads research$`, "m"))

    const remove = await folio(["teams", "remove-member", "--team", teamId, "--user", "ada@team.example"])
    expect(remove.code, remove.stderr).toBe(0)
    expect(remove.stdout).toBe('Removed Ada Lovelace <ada@team.example> from "Research".\n')

    const gone = await folio(["teams", "remove-member", "--team", teamId, "--user", "ada@team.example"])
    expect(gone.code).toBe(1)
    expect(gone.stderr).toBe("That user is not a member of this team.\n")
  })

  it("refuses a team id that is not one (exit 2), and an unknown user (exit 1)", async () => {
    const bad = await folio(["teams", "add-member", "--team", "research", "--user", "a@b.co"])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--team takes a team id (a UUID), not "research".')

    const team = await json<{ team: { id: string } }>([
      "teams",
      "create",
      "--company",
      "team-co",
      "--name",
      "Other",
    ])
    const unknown = await folio([
      "teams",
      "add-member",
      "--team",
      team.team.id,
      "--user",
      "nobody@team.example",
    ])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe("No user has the email nobody@team.example.\n")
  })
})

describe("folio users set-role, disable and enable", () => {
  it("changes a role, disables and re-enables an active user", async () => {
    await json(["companies", "create", "--name", "Role Co", "--slug", "role-co"])
    await invite("lin@role.example", "Lin Chen", "role-co", "reader")
    await acceptInvite("lin@role.example")

    const role = await folio(["users", "set-role", "lin@role.example", "developer"])
    expect(role.code, role.stderr).toBe(0)
    expect(role.stdout).toBe("Lin Chen <lin@role.example> is now developer (was reader).\n")

    const same = await json<{ changed: boolean }>(["users", "set-role", "lin@role.example", "developer"])
    expect(same.changed).toBe(false)

    const publisherRole = await folio(["users", "set-role", "lin@role.example", "editor"])
    expect(publisherRole.code).toBe(1)
    expect(publisherRole.stderr).toContain("is a publisher role")

    const disable = await json<{ user: UserDoc; before: UserDoc }>(["users", "disable", "lin@role.example"])
    expect(disable).toMatchObject({
      ok: true,
      changed: true,
      before: { status: "active" },
      user: { status: "disabled" },
    })

    const enable = await folio(["users", "enable", disable.user.id])
    expect(enable.code, enable.stderr).toBe(0)
    expect(enable.stdout).toBe("Enabled Lin Chen <lin@role.example>.\n")
  })

  it("shows the server's 409 message for the last admin", async () => {
    const demote = await folio(["users", "set-role", server.adminEmail, "editor"])
    expect(demote.code).toBe(1)
    expect(demote.stdout).toBe("")
    expect(demote.stderr).toBe(
      "You are the last active admin, so you cannot demote yourself. Make someone else an admin first.\n",
    )

    const disable = await folio(["users", "disable", server.adminEmail, "--json"])
    expect(disable.code).toBe(1)
    expect(JSON.parse(disable.stdout)).toEqual({
      ok: false,
      error: {
        code: "Conflict",
        message:
          "You are the last active admin, so you cannot disable yourself. Make someone else an admin first.",
      },
    })
  })

  it("refuses a name that several users share, and names their emails", async () => {
    await json(["companies", "create", "--name", "Twins", "--slug", "twins"])
    await invite("sam1@twins.example", "Sam Lee", "twins", "reader")
    await invite("sam2@twins.example", "Sam Lee", "twins", "reader")
    const run = await folio(["users", "disable", "sam lee"])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      '2 users are named "sam lee": sam1@twins.example, sam2@twins.example. Pass the email (or the id) of the one you mean.\n',
    )
  })
})

describe("folio users list", () => {
  it("prints one page with a note on stderr, follows cursors with --all, and resumes from --cursor", async () => {
    await json(["companies", "create", "--name", "Paging Co", "--slug", "paging"])
    for (const name of ["Ann", "Ben", "Cat"])
      await invite(`${name.toLowerCase()}@paging.example`, name, "paging", "reader")

    const first = await folio(["users", "list", "--company", "paging", "--limit", "2"])
    expect(first.code).toBe(0)
    expect(first.stdout.trim().split("\n")).toHaveLength(3)
    expect(first.stderr).toMatch(
      /^More users follow: pass --all for every one, or --cursor \S+ for the next page\.\n$/,
    )

    const page = await json<{ users: ReadonlyArray<UserDoc>; nextCursor: string }>([
      "users",
      "list",
      "--company",
      "paging",
      "--limit",
      "2",
    ])
    expect(page.users.map((user) => user.name)).toEqual(["Ann", "Ben"])
    const rest = await json<{ users: ReadonlyArray<UserDoc>; nextCursor: null }>([
      "users",
      "list",
      "--company",
      "paging",
      "--limit",
      "2",
      "--cursor",
      page.nextCursor,
    ])
    expect(rest).toMatchObject({ users: [{ name: "Cat" }], nextCursor: null })

    const all = await json<{ users: ReadonlyArray<UserDoc>; nextCursor: null }>([
      "users",
      "list",
      "--company",
      "paging",
      "--limit",
      "1",
      "--all",
    ])
    expect(all.users.map((user) => user.name)).toEqual(["Ann", "Ben", "Cat"])
    expect(all.nextCursor).toBeNull()

    const search = await json<{ users: ReadonlyArray<UserDoc> }>(["users", "list", "--search", "BEN@PAGING"])
    expect(search.users.map((user) => user.email)).toEqual(["ben@paging.example"])
  })

  it("rejects a limit out of range as a usage error", async () => {
    const run = await folio(["users", "list", "--limit", "500"])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("from 1 to 200")
  })
})
