import { PgClient } from "@effect/sql-pg"
import { Company, CreatedChannel, type Delivery, DeliveryPage, Profile, Report, Team } from "@folio/core"
import { Layer, ManagedRuntime, Option, Redacted, type Schema, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConfigRepo } from "../src/config/repo.js"
import { SecretBox } from "../src/config/secrets.js"
import { ConfigStore } from "../src/config/store.js"
import { AppConfig } from "../src/config.js"
import { DatabaseInfo } from "../src/db/database.js"
import { Mailer } from "../src/mail/mailer.js"
import { digestTask } from "../src/notifications/digest.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import { type HeaderMail, startHeaderMailbox } from "./support/headerMailbox.js"
import { startTestServer, type TestServer, testConfig } from "./support/server.js"
import { until } from "./support/until.js"

/**
 * The email channel (issue 11) through the real server and a real SMTP server: who receives a
 * report email, one-click unsubscribe (RFC 8058), retries that mail nobody twice, the new sign-in
 * notice and the weekly digest.
 */

let server: TestServer
let db: ReturnType<typeof databaseOf>
let mailbox: Awaited<ReturnType<typeof startHeaderMailbox>>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
/** Jobs are waited for by polling, with a deadline well past what they take (under a second). */
const jobTimeout = 120_000
const emailOf = (who: string) => `${who.toLowerCase()}@folio.test`

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

const created = async <A, I>(schema: Schema.Schema<A, I>, response: Response) => {
  expect(response.status, await response.clone().text()).toBe(201)
  return decodeBody(schema, response)
}

const setPreferences = async (
  who: string,
  notifications: { reportPublished: boolean; weeklyDigest: boolean; newSignIn: boolean },
) => {
  const response = await as(who)("PATCH", "/profile", { notifications })
  expect(response.status).toBe(200)
}

const preferencesOf = async (who: string) =>
  (await decodeBody(Profile, await as(who)("GET", "/profile"))).notifications

/** Creates, submits, approves and publishes a report; returns its id. */
const publish = async (input: {
  title: string
  sector?: string
  channels: ReadonlyArray<string>
  audience: ReadonlyArray<{ companyId: string | null; teamId?: string | null }>
}) => {
  const report = await created(
    Report,
    await as("analyst")("POST", "/reports", {
      title: input.title,
      summary: "Margins **hold up** <script>alert(1)</script>",
      body: "# Thesis\n\nText.",
      sector: input.sector ?? "Technology",
      channels: input.channels,
      audience: input.audience,
    }),
  )
  for (const [who, action] of [
    ["analyst", "submit"],
    ["editor", "approve"],
    ["editor", "publish"],
  ] as const) {
    const response = await as(who)("POST", `/reports/${report.id}/actions/${action}`, {})
    expect(response.status, `${action}: ${await response.clone().text()}`).toBe(200)
  }
  return report.id
}

const deliveriesOf = async (reportId: string): Promise<ReadonlyArray<Delivery>> =>
  (await decodeBody(DeliveryPage, await as("admin")("GET", `/deliveries?report=${reportId}`))).items

/** Polls the report's one delivery until its status is one of `statuses` (60 s at most). */
const settled = (
  reportId: string,
  statuses: ReadonlyArray<Delivery["status"]> = ["delivered", "failed", "dead"],
): Promise<Delivery> =>
  until(
    `the delivery of ${reportId} to be ${statuses.join("/")}`,
    async () => {
      const [delivery] = await deliveriesOf(reportId)
      return delivery && statuses.includes(delivery.status) ? delivery : undefined
    },
    60,
  )

/** Whom the report's email went to, by address. */
const mailedFor = (title: string) =>
  mailbox.received
    .filter((m) => m.subject === title)
    .map((m) => m.to)
    .sort()

const unsubscribeUrlOf = (mail: HeaderMail) => {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")
  if (!match?.[1]) throw new Error(`no List-Unsubscribe in ${JSON.stringify(mail.headers)}`)
  const url = new URL(match[1])
  // The link names the public origin; the test server listens on its own port.
  return `${server.url}${url.pathname}`
}

beforeAll(async () => {
  mailbox = await startHeaderMailbox()
  server = await startTestServer({ config: { smtpUrl: Option.some(Redacted.make(mailbox.url)) } })
  db = databaseOf(server)
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const company = async (slug: string, entitlements: "all" | ReadonlyArray<string>) =>
    (
      await created(
        Company,
        await as("admin")("POST", "/companies", { name: `Company ${slug}`, slug, entitlements }),
      )
    ).id
  ids.acme = await company("acme", "all")
  ids.globex = await company("globex", "all")
  ids.initech = await company("initech", ["Energy"])
  const publisher = await db.publisherId()
  const people = [
    ["analyst", publisher, "analyst"],
    ["editor", publisher, "editor"],
    ["acmeOne", ids.acme, "reader"],
    ["acmeTwo", ids.acme, "reader"],
    ["acmeDesk", ids.acme, "reader"],
    ["acmeQuiet", ids.acme, "reader"],
    ["globexOne", ids.globex, "reader"],
    ["initechOne", ids.initech, "reader"],
  ] as const
  for (const [name, companyId, role] of people) {
    ids[name] = await db.user({ email: emailOf(name), name, companyId, role })
    tokens[name] = await cliSignIn(server, emailOf(name))
  }
  const team = async (companyId: string, name: string) =>
    (await created(Team, await as("admin")("POST", `/companies/${companyId}/teams`, { name }))).id
  ids.desk = await team(ids.acme, "Macro desk")
  ids.globexTeam = await team(ids.globex, "Rates")
  const added = await as("admin")("POST", `/teams/${ids.desk}/members`, { userId: ids.acmeDesk })
  expect(added.status).toBeLessThan(300)
  await setPreferences("acmeQuiet", { reportPublished: false, weeklyDigest: false, newSignIn: false })
  await created(
    CreatedChannel,
    await as("admin")("POST", "/channels", { name: "Client email", kind: "email" }),
  )
  const narrow = await as("admin")("POST", "/channels", {
    name: "Globex rates email",
    kind: "email",
    teamIds: [ids.globexTeam],
  })
  expect(narrow.status).toBe(201)
  const addedGlobex = await as("admin")("POST", `/teams/${ids.globexTeam}/members`, { userId: ids.globexOne })
  expect(addedGlobex.status).toBeLessThan(300)
})

afterAll(async () => {
  await db?.close()
  await server?.stop()
  await mailbox?.close()
})

describe("report emails", { timeout: jobTimeout }, () => {
  it("go to the entitled readers of the tier who keep them on, and nobody else", async () => {
    const title = "Cloud margins: the email test"
    const reportId = await publish({
      title,
      channels: ["Client email"],
      audience: [{ companyId: ids.acme! }, { companyId: ids.initech! }],
    })
    const delivery = await settled(reportId)
    expect(delivery).toMatchObject({ status: "delivered", recipients: 3, channelKind: "email" })
    // acmeQuiet turned report emails off; globex is not in the audience; initech is not entitled
    // to Technology; the publisher's people are not client readers.
    expect(mailedFor(title)).toEqual([emailOf("acmeDesk"), emailOf("acmeOne"), emailOf("acmeTwo")].sort())
    const recorded = await db.query(
      (sql) => sql<{ email: string; sent: boolean }>`
        select email, sent_at is not null as sent from delivery_recipients
        where delivery_id = ${delivery.id} order by email`,
    )
    expect(recorded).toEqual(mailedFor(title).map((email) => ({ email, sent: true })))

    const mail = await mailbox.next(emailOf("acmeOne"), title)
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click")
    expect(unsubscribeUrlOf(mail)).toMatch(/\/unsubscribe\/reports\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/)
    expect(mail.text).toContain(`/reports/${reportId}`)
    expect(mail.text).toContain("Unsubscribe from report emails:")
    // The summary is rendered by core's Markdown renderer, its raw HTML escaped.
    expect(mail.html).toContain("<strong>hold up</strong>")
    expect(mail.html).not.toContain("<script>")
    expect(mail.html).toContain(`/reports/${reportId}`)

    // Its open image counts one email open for that reader and report; a forged one counts nothing.
    const path = /<img src="https?:\/\/[^/"]+(\/email\/open\/[^"]+)"/.exec(mail.html)?.[1]
    expect(path).toBeDefined()
    const image = `${server.url}${path}`
    const opened = await fetch(image)
    expect(opened.status).toBe(200)
    expect(opened.headers.get("content-type")).toBe("image/gif")
    const forged = await fetch(image.replace(/[A-Za-z0-9_-]{4}$/, "AAAA"))
    expect(forged.status).toBe(200)
    const opens = await db.query(
      (sql) => sql<{ userEmail: string; channel: string }>`
        select u.email as user_email, e.channel from readership_pending e join users u on u.id = e.user_id
        where e.kind = 'email_open' and e.report_id = ${reportId}`,
    )
    expect(opens).toEqual([{ userEmail: emailOf("acmeOne"), channel: "email" }])
  })

  it("of a team entry go to that team's members only", async () => {
    const title = "Desk only: the team test"
    const reportId = await publish({
      title,
      channels: ["Client email"],
      audience: [{ companyId: ids.acme!, teamId: ids.desk! }],
    })
    expect(await settled(reportId)).toMatchObject({ status: "delivered", recipients: 1 })
    expect(mailedFor(title)).toEqual([emailOf("acmeDesk")])
  })

  it("of a channel narrowed to a team go to its members among the entitled readers", async () => {
    const title = "All clients, narrowed by the channel"
    const reportId = await publish({
      title,
      channels: ["Globex rates email"],
      audience: [{ companyId: null }],
    })
    expect(await settled(reportId)).toMatchObject({ status: "delivered", recipients: 1 })
    expect(mailedFor(title)).toEqual([emailOf("globexOne")])
  })

  it("are tried again only for the recipients the relay refused, so nobody gets one twice", async () => {
    const title = "Retry: the relay is busy"
    mailbox.refuse(emailOf("acmeTwo"), 1)
    const reportId = await publish({
      title,
      channels: ["Client email"],
      audience: [{ companyId: ids.acme! }],
    })
    const failed = await settled(reportId)
    expect(failed.status).toBe("failed")
    expect(failed.lastError).toContain("1 of 3 recipients not mailed yet")
    expect(failed.lastError).toContain("Try again later")
    expect(mailedFor(title)).toEqual([emailOf("acmeDesk"), emailOf("acmeOne")].sort())

    const retried = await as("admin")("POST", "/deliveries/retry", { ids: [failed.id] })
    expect(retried.status).toBe(200)
    expect(await settled(reportId, ["delivered", "dead"])).toMatchObject({
      status: "delivered",
      recipients: 3,
    })
    expect(mailedFor(title)).toEqual([emailOf("acmeDesk"), emailOf("acmeOne"), emailOf("acmeTwo")].sort())

    // A delivery retried once more (by hand, say) mails nobody again.
    await db.query((sql) => sql`update deliveries set status = 'failed' where id = ${failed.id}`)
    expect((await as("admin")("POST", "/deliveries/retry", { ids: [failed.id] })).status).toBe(200)
    expect(await settled(reportId, ["delivered", "dead"])).toMatchObject({
      status: "delivered",
      recipients: 3,
    })
    expect(mailedFor(title)).toHaveLength(3)
  })
})

describe("one-click unsubscribe", { timeout: jobTimeout }, () => {
  let url: string

  beforeAll(async () => {
    url = unsubscribeUrlOf(await mailbox.next(emailOf("acmeOne"), "Cloud margins: the email test"))
  })

  it("shows a page with one button on GET and unsubscribes nobody", async () => {
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    expect(response.headers.get("referrer-policy")).toBe("no-referrer")
    expect(response.headers.get("cache-control")).toBe("no-store")
    const page = await response.text()
    expect(page).toContain(`<form method="post" action="${new URL(url).pathname}">`)
    expect(page.match(/<button/g)).toHaveLength(1)
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200)
    expect((await preferencesOf("acmeOne")).reportPublished).toBe(true)
  })

  it("refuses a forged or altered token with 404, on GET and POST", async () => {
    const path = new URL(url).pathname
    const [topic, userId, signature] = path.replace("/unsubscribe/", "").split(".")
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`
    const forged = [
      `${topic}.${userId}.${flip(signature!, 0)}`,
      // Another spelling of the same bytes, or not: the last character has two spare bits.
      `${topic}.${userId}.${flip(signature!, 42)}`,
      `${topic}.${ids.acmeTwo}.${signature}`,
      `digest.${userId}.${signature}`,
      `${topic}.${userId}`,
      "not-a-token",
    ]
    for (const token of forged) {
      const shown = await fetch(`${server.url}/unsubscribe/${token}`)
      expect(shown.status, token).toBe(404)
      expect(await shown.text()).toContain("not valid")
      const posted = await fetch(`${server.url}/unsubscribe/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      })
      expect(posted.status, token).toBe(404)
    }
    expect((await preferencesOf("acmeOne")).reportPublished).toBe(true)
    expect((await preferencesOf("acmeTwo")).reportPublished).toBe(true)
  })

  it("turns report emails off with a cross-site POST that carries no cookie, and the next report skips them", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://mail.example.net",
        "sec-fetch-site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain("You will no longer get report emails")
    expect(page).toContain('href="/profile"')
    expect(await preferencesOf("acmeOne")).toMatchObject({ reportPublished: false, newSignIn: true })
    const audit = await db.audit(ids.acmeOne!)
    expect(audit.map((entry) => entry.action)).toContain("profile.unsubscribe")

    const title = "After the unsubscribe"
    const reportId = await publish({
      title,
      channels: ["Client email"],
      audience: [{ companyId: ids.acme! }],
    })
    expect(await settled(reportId)).toMatchObject({ status: "delivered", recipients: 2 })
    expect(mailedFor(title)).toEqual([emailOf("acmeDesk"), emailOf("acmeTwo")].sort())
  })
})

describe("new sign-in notice", { timeout: jobTimeout }, () => {
  const signIn = (who: string, userAgent: string) =>
    fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ email: emailOf(who), password: seedPassword, client: "cli" }),
    })

  it("is mailed to a user who keeps it on when they sign in from a new device, naming when, where and what", async () => {
    const device = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
    // acmeQuiet turned the notice off: their sign-in from a new device queues nothing.
    expect((await signIn("acmeQuiet", device)).status).toBe(200)
    expect((await signIn("acmeTwo", device)).status).toBe(200)
    const notice = await mailbox.next(emailOf("acmeTwo"), "New sign-in to your Folio account")
    expect(notice.text).toContain(`Device: ${device}`)
    expect(notice.text).toContain("Address: 127.0.0.1")
    expect(notice.text).toMatch(/Time: \w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} UTC/)
    expect(notice.text).toContain("/profile")
    const queued = await db.query(
      (sql) => sql<{ to: string }>`
        select to_address as to from outbox where template = 'sign_in_notice' order by to_address`,
    )
    expect(queued).toEqual([{ to: emailOf("acmeTwo") }])

    // The same device again is not new.
    expect((await signIn("acmeTwo", device)).status).toBe(200)
    expect((await signIn("acmeTwo", "Another/1.0")).status).toBe(200)
    await mailbox.next(emailOf("acmeTwo"), "New sign-in to your Folio account")
    const deadline = Date.now() + 60_000
    while (mailbox.count(emailOf("acmeTwo"), "New sign-in to your Folio account") < 2) {
      if (Date.now() > deadline) throw new Error("no second notice within 60 s")
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const notices = mailbox.received.filter(
      (m) => m.to === emailOf("acmeTwo") && m.subject === "New sign-in to your Folio account",
    )
    expect(notices.map((m) => /Device: (.*)/.exec(m.text)?.[1])).toEqual([device, "Another/1.0"])
  })
})

describe("weekly digest", { timeout: jobTimeout }, () => {
  it("mails each opted-in reader the reports they could read that week, once, and nothing when there is none", async () => {
    await setPreferences("acmeOne", { reportPublished: false, weeklyDigest: true, newSignIn: true })
    await setPreferences("initechOne", { reportPublished: true, weeklyDigest: true, newSignIn: true })
    const runtime = ManagedRuntime.make(
      Mailer.Default.pipe(
        // Link lifetimes come from the configuration store (its defaults, unloaded).
        Layer.provide(ConfigStore.Default),
        Layer.provide(Layer.mergeAll(ConfigRepo.Default, SecretBox.Default)),
        Layer.provide(Layer.succeed(DatabaseInfo, { embedded: false })),
        Layer.provideMerge(
          Layer.succeed(
            AppConfig,
            testConfig({
              databaseUrl: server.databaseUrl,
              port: Number(new URL(server.url).port),
              smtpUrl: Option.some(Redacted.make(mailbox.url)),
            }),
          ),
        ),
        Layer.provideMerge(
          PgClient.layer({ url: Redacted.make(server.databaseUrl), transformResultNames: Str.snakeToCamel }),
        ),
        Layer.orDie,
      ),
    )
    try {
      const first = await runtime.runPromise(digestTask({}))
      expect(first).toEqual({ sent: 1 })
      const digest = await mailbox.next(emailOf("acmeOne"), "Your Folio digest: 4 new reports")
      for (const title of [
        "Cloud margins: the email test",
        "Retry: the relay is busy",
        "After the unsubscribe",
        "All clients, narrowed by the channel",
      ])
        expect(digest.text).toContain(title)
      // A team's report is not theirs to read.
      expect(digest.text).not.toContain("Desk only")
      expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click")
      expect(unsubscribeUrlOf(digest)).toMatch(/\/unsubscribe\/digest\./)
      // initechOne could read nothing (Technology is not theirs): no empty digest.
      expect(mailbox.count(emailOf("initechOne"))).toBe(0)

      // Run again (a retry, a second instance): nobody gets a second digest.
      expect(await runtime.runPromise(digestTask({}))).toEqual({ sent: 0 })
      expect(mailbox.count(emailOf("acmeOne"), digest.subject)).toBe(1)
    } finally {
      await runtime.dispose()
    }
  })
})
