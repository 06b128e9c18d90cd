import { Report } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Issue 20: text PostgreSQL cannot store (NUL, an unpaired surrogate) and numbers past its
 * integer range used to reach the database and come back as 500s; control characters in names
 * reached terminals. Each is now a 400 naming the field, decided by core's schemas.
 */

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

const nul = "Bad\u0000name"
const loneSurrogate = "Bad\ud800name"
const escapes = "Q3 \u001b]0;pwned\u0007 \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007"
const carriageReturn = "Q3 results\rAll clear"

const DecodeFailure = Schema.Struct({
  issues: Schema.NonEmptyArray(
    Schema.Struct({ path: Schema.Array(Schema.Union(Schema.String, Schema.Number)), message: Schema.String }),
  ),
  message: Schema.String,
})

const as = (who: string | null) => (method: string, path: string, body?: unknown) =>
  apiCall(server, who === null ? null : (tokens[who] ?? null), method, path, body)

/** A 400 whose first issue is at `path`, and whose body does not carry the bad text back. */
const expectRefused = async (
  response: Response,
  path: ReadonlyArray<string | number>,
  bad?: string,
): Promise<void> => {
  const text = await response.text()
  expect(response.status, text).toBe(400)
  const body = Schema.decodeUnknownSync(DecodeFailure)(JSON.parse(text))
  expect(body.issues[0].path).toEqual(path)
  if (bad !== undefined) expect(text).not.toContain(JSON.stringify(bad).slice(1, -1))
}

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  ids.acme = await db.company("acme")
  ids.analyst = await db.user({
    email: "analyst@folio.test",
    name: "Analyst",
    companyId: publisher,
    role: "analyst",
  })
  ids.reader = await db.user({
    email: "reader@folio.test",
    name: "Reader",
    companyId: ids.acme,
    role: "reader",
  })
  tokens.analyst = await cliSignIn(server, "analyst@folio.test")
  tokens.reader = await cliSignIn(server, "reader@folio.test")
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const created = await as("analyst")("POST", "/reports", {
    title: "Quarterly results",
    sector: "Technology",
  })
  expect(created.status).toBe(201)
  ids.report = (await decodeBody(Report, created)).id
})

afterAll(async () => {
  await db?.close()
  await server?.stop()
})

describe("NUL and lone surrogates are a 400 naming the field, never a 500", () => {
  for (const [what, bad] of [
    ["NUL", nul],
    ["a lone surrogate", loneSurrogate],
  ] as const) {
    describe(what, () => {
      it("in each field of a new report", async () => {
        const report = { title: "Quarterly results", sector: "Technology" }
        for (const [field, value, path] of [
          ["title", bad, ["title"]],
          ["summary", bad, ["summary"]],
          ["body", bad, ["body"]],
          ["sector", bad, ["sector"]],
          ["externalId", bad, ["externalId"]],
          ["tags", ["fine", bad], ["tags", 1]],
          ["channels", [bad], ["channels", 0]],
        ] as const) {
          await expectRefused(
            await as("analyst")("POST", "/reports", { ...report, [field]: value }),
            path,
            bad,
          )
        }
      })

      it("in a report update", async () => {
        await expectRefused(
          await as("analyst")("PATCH", `/reports/${ids.report}`, { version: 1, title: bad }),
          ["title"],
          bad,
        )
        await expectRefused(
          await as("analyst")("PATCH", `/reports/${ids.report}`, { version: 1, body: `# Notes\n${bad}` }),
          ["body"],
        )
      })

      it("in my profile's name and time zone", async () => {
        await expectRefused(await as("reader")("PATCH", "/profile", { name: bad }), ["name"], bad)
        await expectRefused(await as("reader")("PATCH", "/profile", { timezone: `Europe/${bad}` }), [
          "timezone",
        ])
      })

      it("in a new company, team and API token", async () => {
        await expectRefused(
          await as("admin")("POST", "/companies", { name: bad, slug: "badco" }),
          ["name"],
          bad,
        )
        await expectRefused(await as("admin")("POST", `/companies/${ids.acme}/teams`, { name: bad }), [
          "name",
        ])
        await expectRefused(
          await as("admin")("POST", `/companies/${ids.acme}/teams`, { name: "Desk", description: bad }),
          ["description"],
        )
        await expectRefused(
          await as("admin")("POST", "/tokens", { name: bad, scopes: ["read"], expiresInDays: null }),
          ["name"],
          bad,
        )
      })

      it("in the email of an anonymous sign-in, magic link or password reset", async () => {
        const email = `ada${bad}@example.com`
        await expectRefused(await as(null)("POST", "/session", { email, password: "whatever it is" }), [
          "email",
        ])
        await expectRefused(await as(null)("POST", "/auth/magic-link", { email }), ["email"])
        await expectRefused(await as(null)("POST", "/auth/forgot-password", { email }), ["email"])
      })
    })
  }

  // A URL cannot carry a lone surrogate (it is not UTF-8), so query strings are tried with NUL.
  it("in the search words and list filters of a query string", async () => {
    await expectRefused(await as("reader")("GET", "/search?q=nvidia%00"), ["q"])
    await expectRefused(await as("reader")("GET", "/search?q=nvidia&sector=Tech%00"), ["sector"])
    await expectRefused(await as("analyst")("GET", "/reports?sector=Tech%00"), ["sector"])
    await expectRefused(await as("analyst")("GET", "/reports?ticker=AAPL%00"), ["ticker"])
    await expectRefused(await as("analyst")("GET", "/reports?externalId=x%00"), ["externalId"])
    await expectRefused(await as("admin")("GET", "/users?q=ada%00"), ["q"])
    await expectRefused(await as("admin")("GET", "/companies?q=ac%00"), ["q"])
    await expectRefused(await as("reader")("GET", "/tickers?q=AA%00"), ["q"])
  })

  it("in a cursor whose JSON holds NUL", async () => {
    const cursor = btoa(JSON.stringify(["a\u0000", "00000000-0000-0000-0000-000000000000"]))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "")
    for (const path of ["/reports?sort=title&cursor=", "/users?cursor=", "/tickers?cursor="]) {
      const response = await as("admin")("GET", `${path}${cursor}`)
      expect(response.status, path).toBe(400)
    }
  })
})

describe("control characters in names and titles are refused", () => {
  for (const bad of [escapes, carriageReturn]) {
    it(`${JSON.stringify(bad).slice(0, 12)}…`, async () => {
      await expectRefused(
        await as("analyst")("POST", "/reports", { title: bad, sector: "Technology" }),
        ["title"],
        bad,
      )
      await expectRefused(await as("reader")("PATCH", "/profile", { name: bad }), ["name"], bad)
      await expectRefused(await as("admin")("POST", "/companies", { name: bad, slug: "badco" }), ["name"])
      await expectRefused(await as("admin")("POST", `/companies/${ids.acme}/teams`, { name: bad }), ["name"])
    })
  }

  it("while a report's body keeps its line breaks and tabs", async () => {
    const response = await as("analyst")("POST", "/reports", {
      title: "Line breaks",
      sector: "Technology",
      summary: "One.\nTwo.",
      body: "# Heading\r\n\n\tcode",
    })
    expect(response.status).toBe(201)
    expect((await decodeBody(Report, response)).body).toBe("# Heading\r\n\n\tcode")
  })
})

describe("numbers past PostgreSQL's integer range are a 400", () => {
  it("a revision number of 3,000,000,000 in the path", async () => {
    await expectRefused(await as("analyst")("GET", `/reports/${ids.report}/revisions/3000000000`), [
      "version",
    ])
    await expectRefused(
      await as("analyst")("POST", `/reports/${ids.report}/revisions/3000000000/restore`, { version: 1 }),
      ["version"],
    )
    const fine = await as("analyst")("GET", `/reports/${ids.report}/revisions/1`)
    expect(fine.status).toBe(200)
  })

  it("a version of 3,000,000,000 in a body", async () => {
    await expectRefused(
      await as("analyst")("PATCH", `/reports/${ids.report}`, { version: 3_000_000_000, title: "New title" }),
      ["version"],
    )
    await expectRefused(
      await as("analyst")("POST", `/reports/${ids.report}/actions/submit`, { version: 3_000_000_000 }),
      ["version"],
    )
  })

  it("a date PostgreSQL cannot store in a list filter", async () => {
    await expectRefused(await as("analyst")("GET", "/reports?from=-010000-01-01"), ["from"])
    await expectRefused(await as("reader")("GET", "/search?q=x&to=%2B275760-01-01"), ["to"])
  })
})
