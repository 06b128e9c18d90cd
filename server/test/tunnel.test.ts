import { randomBytes } from "node:crypto"
import { ErrorIssueDetail, ErrorIssuePage, localSentryDsn, parseSentryDsn, TraceRouteList } from "@folio/core"
import { createEnvelope, type Envelope } from "@sentry/core"
import { Duration, Option, Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, decodeBody } from "./support/directory.js"
import {
  envelopeOf,
  errorEvent,
  eventEnvelope,
  post,
  spanEnvelope,
  transactionEnvelope,
  tunnelUrl,
} from "./support/envelopes.js"
import { type Ingest, startIngest } from "./support/ingest.js"
import { startTestServer, type TestServer } from "./support/server.js"

const consoleDsnText = "https://abc123@o42.ingest.us.sentry.io/7"
const selfHostedDsnText = "http://def456@sentry.internal.example:9000/3"
const consoleDsn = parseSentryDsn(consoleDsnText)!
const selfHostedDsn = parseSentryDsn(selfHostedDsnText)!
const localDsn = parseSentryDsn(localSentryDsn)!

let server: TestServer
let ingest: Ingest
let admin: string

beforeAll(async () => {
  ingest = await startIngest()
  server = await startTestServer({
    config: {
      sentryDsn: Option.some(consoleDsn),
      sentryAllowedDsns: [selfHostedDsn],
      sentryIngestUrl: Option.some(ingest.url),
    },
    // Long enough for a loaded machine, short enough for the stalled-ingest test.
    forwardTimeout: Duration.seconds(3),
  })
  admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
})
afterAll(async () => {
  await server.stop()
  await ingest.close()
})
beforeEach(() => {
  ingest.received.length = 0
  ingest.answer = { status: 200, headers: { "content-type": "application/json" }, body: '{"id":"ok"}' }
})

const unique = (text: string) => `${text} ${randomBytes(4).toString("hex")}x`
const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

/** The issues whose message contains `q`, any status. */
const issuesMatching = async (q: string) => {
  const items = []
  for (const status of ["unresolved", "resolved", "ignored"]) {
    const response = await apiCall(
      server,
      admin,
      "GET",
      `/error-reports/issues?status=${status}&q=${encodeURIComponent(q)}`,
    )
    items.push(...(await decodeBody(ErrorIssuePage, response)).items)
  }
  return items
}

describe("forwarding", () => {
  it("sends the identical bytes to the DSN's ingest and files the event", async () => {
    const message = unique("Forwarded failure")
    const body = eventEnvelope(consoleDsnText, errorEvent({ message }))
    const response = await post(tunnelUrl(server.url, consoleDsn), body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: "ok" })
    expect(ingest.received).toHaveLength(1)
    const [forwarded] = ingest.received
    expect(forwarded?.method).toBe("POST")
    expect(forwarded?.url).toBe("/api/7/envelope/?hsts=0")
    expect(forwarded?.headers["content-type"]).toBe("application/x-sentry-envelope")
    expect(forwarded?.headers.cookie).toBeUndefined()
    expect(forwarded?.body.equals(Buffer.from(body))).toBe(true)
    expect((await issuesMatching(message)).map((i) => i.count)).toEqual([1])
  })

  it("forwards for an allow-listed self-hosted DSN to its own project path", async () => {
    const response = await post(tunnelUrl(server.url, selfHostedDsn), eventEnvelope(selfHostedDsnText))
    expect(response.status).toBe(200)
    expect(ingest.received.map((r) => r.url)).toEqual(["/api/3/envelope/?hsts=0"])
  })

  it("passes Sentry's 429 back with Retry-After and X-Sentry-Rate-Limits", async () => {
    ingest.answer = {
      status: 429,
      headers: { "retry-after": "60", "x-sentry-rate-limits": "60:error;transaction:organization" },
    }
    const response = await post(tunnelUrl(server.url, consoleDsn), eventEnvelope(consoleDsnText))
    expect(response.status).toBe(429)
    expect(response.headers.get("retry-after")).toBe("60")
    expect(response.headers.get("x-sentry-rate-limits")).toBe("60:error;transaction:organization")
  })

  it("files the event even when the ingest is unreachable, and answers 502", async () => {
    ingest.answer = "hang up"
    const message = unique("Filed while Sentry is down")
    const response = await post(
      tunnelUrl(server.url, consoleDsn),
      eventEnvelope(consoleDsnText, errorEvent({ message })),
    )
    expect(response.status).toBe(502)
    expect(await decodeBody(ErrorBody, response)).toMatchObject({ _tag: "UpstreamUnavailable" })
    expect(await issuesMatching(message)).toHaveLength(1)
  })

  it("answers 504 when the ingest does not answer in time, and files the event", async () => {
    ingest.answer = "no answer"
    const message = unique("Filed while Sentry stalls")
    const response = await post(
      tunnelUrl(server.url, consoleDsn),
      eventEnvelope(consoleDsnText, errorEvent({ message })),
    )
    expect(response.status).toBe(504)
    expect(await decodeBody(ErrorBody, response)).toMatchObject({ _tag: "UpstreamTimeout" })
    expect(ingest.received).toHaveLength(1)
    expect(await issuesMatching(message)).toHaveLength(1)
  })

  it("files the local DSN's events without forwarding them", async () => {
    const message = unique("Local only")
    // A browser's session cookie rides along on a same-origin POST; the tunnel neither needs it
    // nor asks for a CSRF token (it reads no cookie, so there is nothing to forge).
    const response = await post(
      tunnelUrl(server.url, localDsn),
      eventEnvelope(localSentryDsn, errorEvent({ message })),
      { cookie: "folio_session=not-a-session; folio_csrf=x" },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect(ingest.received).toHaveLength(0)
    expect(await issuesMatching(message)).toHaveLength(1)
  })
})

describe("refusals (nothing forwarded, nothing filed)", () => {
  const refused = async (response: Response, status: number, message?: string) => {
    expect(response.status).toBe(status)
    expect(response.headers.get("content-type")).toContain("application/json")
    await response.json()
    expect(ingest.received).toHaveLength(0)
    if (message) expect(await issuesMatching(message)).toHaveLength(0)
  }

  it("a foreign DSN → 403", async () => {
    const foreign = parseSentryDsn("https://zzz999@o42.ingest.us.sentry.io/8")!
    const message = unique("Foreign")
    const body = eventEnvelope("https://zzz999@o42.ingest.us.sentry.io/8", errorEvent({ message }))
    await refused(await post(tunnelUrl(server.url, foreign), body), 403, message)
  })

  it("a DSN whose host is outside the allow-list → 403, even with the allowed key and project", async () => {
    const lookalike = "https://abc123@sentry.attacker.example/7"
    await refused(
      await post(tunnelUrl(server.url, parseSentryDsn(lookalike)!), eventEnvelope(lookalike)),
      403,
    )
  })

  it("a query whose o, p or r disagree with the envelope's DSN → 403", async () => {
    const body = eventEnvelope(consoleDsnText)
    for (const query of ["o=43&p=7&r=us", "o=42&p=8&r=us", "o=42&p=7", "o=42&p=7&r=de", ""]) {
      await refused(await post(`${server.url}/monitoring?${query}`, body), 403)
    }
  })

  it("a malformed envelope → 400", async () => {
    const url = tunnelUrl(server.url, consoleDsn)
    const noDsn = envelopeOf(createEnvelope<Envelope>({}, []))
    for (const body of [
      "not an envelope",
      `{"dsn":"${consoleDsnText}"}\n{"type":"event"}\n{broken`,
      noDsn,
      "",
    ]) {
      await refused(await post(url, body), 400)
    }
    const badItem = `{"dsn":"${consoleDsnText}"}\n{"type":"attachment","length":500}\nshort`
    await refused(await post(url, badItem), 400)
  })

  it("an envelope over 20 MiB → 413, whether it declares its length or streams", async () => {
    const url = tunnelUrl(server.url, consoleDsn)
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x61)
    await refused(await post(url, big), 413)
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 21; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(0x61))
        controller.close()
      },
    })
    const response = await fetch(url, { method: "POST", body: streamed, duplex: "half" } as RequestInit)
    await refused(response, 413)
  })

  it("an item over 1 MiB → 413", async () => {
    const attachment = new Uint8Array(1024 * 1024 + 1).fill(0x62)
    const body = envelopeOf(
      createEnvelope<Envelope>({ dsn: consoleDsnText }, [
        [{ type: "attachment", length: attachment.length, filename: "big.bin" }, attachment],
      ]),
    )
    await refused(await post(tunnelUrl(server.url, consoleDsn), body), 413)
    const json = JSON.stringify({ ...errorEvent(), extra: { blob: "x".repeat(1024 * 1024) } })
    await refused(
      await post(tunnelUrl(server.url, consoleDsn), `{"dsn":"${consoleDsnText}"}\n{"type":"event"}\n${json}`),
      413,
    )
  })

  it("a compressed body → 415", async () => {
    const response = await post(tunnelUrl(server.url, consoleDsn), eventEnvelope(consoleDsnText), {
      "content-encoding": "gzip",
    })
    await refused(response, 415)
  })

  it("methods other than POST → 405 with Allow: POST", async () => {
    const response = await fetch(tunnelUrl(server.url, consoleDsn))
    expect(response.status).toBe(405)
    expect(response.headers.get("allow")).toBe("POST")
  })
})

describe("the inbox", () => {
  const send = (options: Parameters<typeof errorEvent>[0]) =>
    post(tunnelUrl(server.url, localDsn), eventEnvelope(localSentryDsn, errorEvent(options)))

  it("groups events by type, normalised message and top in-app frame, counting users", async () => {
    const tag = unique("Grouped")
    expect((await send({ message: `${tag}: report 1234 failed`, userId: "u1" })).status).toBe(200)
    expect((await send({ message: `${tag}: report 98 failed`, userId: "u2" })).status).toBe(200)
    expect((await send({ message: `${tag}: report 5 failed`, userId: "u2" })).status).toBe(200)
    // Another function is another issue, and so is another exception type.
    await send({ message: `${tag}: report 7 failed`, functionName: "OtherPage" })
    await send({ message: `${tag}: report 7 failed`, type: "RangeError" })
    const issues = await issuesMatching(tag)
    expect(issues.map((i) => [i.type, i.count, i.usersAffected]).sort()).toEqual([
      ["RangeError", 1, 1],
      ["TypeError", 1, 1],
      ["TypeError", 3, 2],
    ])
    const grouped = issues.find((i) => i.count === 3)!
    expect(grouped).toMatchObject({
      culprit: "ReportPage (http://127.0.0.1/assets/report-Qw8Lk2Pz.js:12)",
      browser: "Chrome 126",
      deploymentId: "console-1",
      url: "http://127.0.0.1/reports/42",
      status: "unresolved",
    })
  })

  it("files an event without an exception by its message, as a Message issue", async () => {
    const message = unique("hello from curl")
    const body = `{"dsn":"${localSentryDsn}"}\n{"type":"event"}\n${JSON.stringify({ message })}`
    expect((await post(tunnelUrl(server.url, localDsn), body)).status).toBe(200)
    expect((await issuesMatching(message)).map((i) => [i.type, i.message, i.culprit])).toEqual([
      ["Message", message, null],
    ])
  })

  it("counts every event of an error storm, however many arrive at once", async () => {
    const message = unique("Storm")
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send({ message, userId: `storm-user-${i % 7}` })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200))
    expect((await issuesMatching(message)).map((i) => [i.count, i.usersAffected])).toEqual([[40, 7]])
  })

  it("keeps an event sent twice once", async () => {
    const message = unique("Sent twice")
    const event = errorEvent({ message })
    await post(tunnelUrl(server.url, localDsn), eventEnvelope(localSentryDsn, event))
    await post(tunnelUrl(server.url, localDsn), eventEnvelope(localSentryDsn, event))
    expect((await issuesMatching(message)).map((i) => i.count)).toEqual([1])
  })

  it("reopens a resolved issue when it recurs; an ignored one stays ignored but counts", async () => {
    for (const [status, after] of [
      ["resolved", "unresolved"],
      ["ignored", "ignored"],
    ] as const) {
      const message = unique(`Recurring ${status}`)
      await send({ message })
      const [issue] = await issuesMatching(message)
      const changed = await apiCall(server, admin, "POST", `/error-reports/issues/${issue?.id}/status`, {
        status,
      })
      expect(changed.status).toBe(200)
      await send({ message })
      expect((await issuesMatching(message)).map((i) => [i.status, i.count])).toEqual([[after, 2]])
    }
  })

  it("keeps at most 50 frames per exception and the last 100 breadcrumbs", async () => {
    const message = unique("Deep stack")
    await send({ message, frames: 80, breadcrumbs: 130 })
    const [issue] = await issuesMatching(message)
    const detail = await decodeBody(
      ErrorIssueDetail,
      await apiCall(server, admin, "GET", `/error-reports/issues/${issue?.id}`),
    )
    expect(detail.latestEvent?.exceptions[0]?.frames).toHaveLength(50)
    expect(detail.latestEvent?.exceptions[0]?.frames.at(-1)?.function).toBe("ReportPage")
    expect(detail.latestEvent?.breadcrumbs).toHaveLength(100)
    expect(detail.latestEvent?.breadcrumbs.at(-1)?.message).toBe("button#save-129")
  })

  it("summarises transactions and streamed segment spans per route", async () => {
    const route = `/reports/$reportId-${randomBytes(3).toString("hex")}`
    for (const ms of [100, 200, 300]) {
      expect(
        (await post(tunnelUrl(server.url, localDsn), transactionEnvelope(localSentryDsn, route, ms))).status,
      ).toBe(200)
    }
    expect(
      (await post(tunnelUrl(server.url, consoleDsn), spanEnvelope(consoleDsnText, route, 400))).status,
    ).toBe(200)
    const routes = await decodeBody(
      TraceRouteList,
      await apiCall(server, admin, "GET", "/error-reports/routes"),
    )
    const summary = routes.items.find((r) => r.route === route)
    // The child span (an API fetch) is forwarded, not filed: four page visits, not five.
    expect(summary).toMatchObject({ count: 4, p50Ms: 250 })
    expect(summary?.p95Ms).toBeCloseTo(385, 0)
  })
})
