import { Me, SsoConfig } from "@folio/core"
import { Option, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { databaseOf, decodeBody } from "./support/directory.js"
import { idpClient, startIdp } from "./support/idp.js"
import { freePort, startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let idp: Awaited<ReturnType<typeof startIdp>>
let db: ReturnType<typeof databaseOf>

/** A browser's cookie jar and redirect-following, small enough to read. */
const browser = () => {
  const jar = new Map<string, Map<string, string>>()
  const cookieHeader = (url: URL) =>
    [...(jar.get(url.host)?.entries() ?? [])].map(([name, value]) => `${name}=${value}`).join("; ")
  const remember = (url: URL, response: Response) => {
    const cookies = jar.get(url.host) ?? new Map<string, string>()
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const index = pair.indexOf("=")
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === "") cookies.delete(name)
      else cookies.set(name, value)
    }
    jar.set(url.host, cookies)
  }
  const go = async (start: string, init: { method?: string; body?: URLSearchParams } = {}) => {
    let url = new URL(start)
    let response = await fetch(url, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        cookie: cookieHeader(url),
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
    })
    remember(url, response)
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      url = new URL(response.headers.get("location") ?? "/", url)
      response = await fetch(url, { redirect: "manual", headers: { cookie: cookieHeader(url) } })
      remember(url, response)
    }
    return { url, response }
  }
  /** Submits the provider's dev login form, then its consent form when asked. */
  const signInAtIdp = async (login: string, redirect?: string) => {
    const started = await go(
      `${server.url}/api/auth/sso/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`,
    )
    let page = started
    for (let step = 0; step < 4 && page.url.host !== new URL(server.url).host; step++) {
      const html = await page.response.text()
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? ""
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? ""
      const body = new URLSearchParams({ prompt })
      if (prompt === "login") {
        body.set("login", login)
        body.set("password", "any")
      }
      page = await go(new URL(action, page.url).toString(), { method: "POST", body })
    }
    return page
  }
  return { go, signInAtIdp, cookieHeader }
}

beforeAll(async () => {
  const port = await freePort()
  idp = await startIdp(`http://127.0.0.1:${port}/api/auth/sso/callback`)
  server = await startTestServer({
    port,
    config: {
      publicUrl: Option.some(new URL(`http://127.0.0.1:${port}`)),
      oidc: Option.some({
        issuer: new URL(idp.issuer),
        clientId: idpClient.id,
        clientSecret: Redacted.make(idpClient.secret),
        label: "Sign in with Acme ID",
      }),
    },
  })
  db = databaseOf(server)
  const companyId = await db.company("sso-client")
  await db.query((sql) => sql`update companies set domain = 'sso-client.example' where id = ${companyId}`)
})
afterAll(async () => {
  await db.close()
  await server.stop()
  await idp.close()
})

const me = async (b: ReturnType<typeof browser>) =>
  decodeBody(
    Me,
    await fetch(`${server.url}/api/session`, { headers: { cookie: b.cookieHeader(new URL(server.url)) } }),
  )

describe("single sign-on", () => {
  it("is announced to the sign-in page with its label", async () => {
    expect(await decodeBody(SsoConfig, await fetch(`${server.url}/api/auth/sso`))).toEqual({
      enabled: true,
      label: "Sign in with Acme ID",
    })
  })

  it("links an existing user by verified email and lands on the requested page", async () => {
    const b = browser()
    const landed = await b.signInAtIdp(server.adminEmail, "/reports?tab=mine")
    expect(landed.url.pathname + landed.url.search).toBe("/reports?tab=mine")
    expect((await me(b)).user.email).toBe(server.adminEmail)
    const links = await db.query((sql) => sql<{ email: string }>`select email from user_identities`)
    expect(links.map((l) => l.email)).toContain(server.adminEmail)
  })

  it("creates a reader for an unknown email of a client company's domain", async () => {
    const b = browser()
    await b.signInAtIdp("new.person@sso-client.example")
    const { user, company } = await me(b)
    expect(user).toMatchObject({ email: "new.person@sso-client.example", role: "reader", status: "active" })
    expect(company.slug).toBe("sso-client")
  })

  it("refuses an unknown domain and an unverified email with a clear reason", async () => {
    const unknown = await browser().signInAtIdp("someone@elsewhere.example")
    expect(unknown.url.pathname).toBe("/login")
    expect(unknown.url.searchParams.get("sso_error")).toBe("unknown_account")
    const unverified = await browser().signInAtIdp(`unverified-${server.adminEmail}`)
    expect(unverified.url.searchParams.get("sso_error")).toBe("unverified_email")
  })

  it("never redirects off-site after signing in", async () => {
    const b = browser()
    const landed = await b.signInAtIdp(server.adminEmail, "//evil.example/steal")
    expect(landed.url.host).toBe(new URL(server.url).host)
    expect(landed.url.pathname).toBe("/dashboard")
  })

  it("refuses a callback that did not start in this browser", async () => {
    const response = await fetch(`${server.url}/api/auth/sso/callback?code=x&state=forged`, {
      redirect: "manual",
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("/login?sso_error=expired")
  })
})

describe("without single sign-on configured", () => {
  it("tells the sign-in page, and start redirects back with a reason", async () => {
    const plain = await startTestServer()
    try {
      expect(await decodeBody(SsoConfig, await fetch(`${plain.url}/api/auth/sso`))).toEqual({
        enabled: false,
        label: "",
      })
      const start = await fetch(`${plain.url}/api/auth/sso/start`, { redirect: "manual" })
      expect(start.headers.get("location")).toBe("/login?sso_error=not_configured")
    } finally {
      await plain.stop()
    }
  })
})
