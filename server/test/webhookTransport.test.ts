import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  newWebhookSecret,
  postWebhook,
  signWebhook,
  webhookMaxAttempts,
  webhookRetryDelayMs,
} from "../src/channels/webhook.js"
import { webhookTargetProblem } from "../src/channels/webhookTarget.js"

/** The webhook transport of release deliveries (channels/webhook.ts) against a real receiver. */

type Received = { readonly path: string; readonly headers: IncomingMessage["headers"]; readonly body: string }

/** Listens on a free loopback port and says which. */
const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("expected a TCP address")
  return address.port
}

const received: Array<Received> = []
let receiver: Server
let base: string

const routes: Record<string, (response: ServerResponse) => void> = {
  "/ok": (response) => response.writeHead(204).end(),
  "/fail": (response) => response.writeHead(500).end(`database is down\n${"x".repeat(10_000)}`),
  "/gone": (response) => response.writeHead(410).end("endpoint removed"),
  "/moved": (response) => response.writeHead(302, { location: "/ok" }).end(),
  "/silent": () => {}, // takes the request and never answers
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = request.url ?? ""
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") })
      ;(routes[path] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response)
    })
  })
  base = `http://127.0.0.1:${await listen(receiver)}`
})

afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

const loopback = ["127.0.0.0/8"]
const body = JSON.stringify({ type: "report.released", title: "Zürich rates — Q3" })
const post = (
  path: string,
  extra: { secrets?: Array<string>; allow?: Array<string>; timeoutMs?: number } = {},
) =>
  postWebhook({
    url: `${base}${path}`,
    id: `msg_${Math.random().toString(36).slice(2)}`,
    timestamp: new Date(),
    body,
    secrets: extra.secrets ?? [newWebhookSecret()],
    allow: extra.allow ?? loopback,
    ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
  })

const signatureHeaders = (headers: IncomingMessage["headers"]) => ({
  "webhook-id": String(headers["webhook-id"]),
  "webhook-timestamp": String(headers["webhook-timestamp"]),
  "webhook-signature": String(headers["webhook-signature"]),
})

describe("webhook signatures", () => {
  it("are new random whsec_ secrets of 32 bytes", () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32)
    expect(newWebhookSecret()).not.toBe(secret)
  })

  it("verify with the standardwebhooks library as the receiver gets them, and a tampered body does not", async () => {
    const secret = newWebhookSecret()
    expect(await post("/ok", { secrets: [secret] })).toEqual({ kind: "delivered", status: 204 })
    const got = received.at(-1)
    expect(got?.headers["content-type"]).toBe("application/json")
    expect(got?.headers["user-agent"]).toBe("Folio-Webhooks/1")
    expect(got?.body).toBe(body)
    const headers = signatureHeaders(got?.headers ?? {})
    expect(new Webhook(secret).verify(got?.body ?? "", headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(secret).verify(body.replace("Q3", "Q4"), headers)).toThrow()
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
  })

  it("carry one signature per secret during a rotation, each verifying on its own", () => {
    const [fresh, old] = [newWebhookSecret(), newWebhookSecret()]
    const timestamp = new Date()
    const headers = signWebhook({ id: "msg_1", timestamp, body, secrets: [fresh, old] })
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(timestamp.getTime() / 1000)))
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2)
    const signed = signatureHeaders(headers)
    expect(new Webhook(fresh).verify(body, signed)).toEqual(JSON.parse(body))
    expect(new Webhook(old).verify(body, signed)).toEqual(JSON.parse(body))
    expect(() => new Webhook(old).verify(`${body} `, signed)).toThrow()
  })
})

describe("posting a webhook", () => {
  it("is delivered on 2xx, gone on 410, failed with the status and the receiver's words otherwise", async () => {
    expect(await post("/ok")).toEqual({ kind: "delivered", status: 204 })
    expect(await post("/gone")).toEqual({ kind: "gone", status: 410 })
    const failed = await post("/fail")
    expect(failed).toEqual({
      kind: "failed",
      status: 500,
      message: `HTTP 500 from the receiver: database is down ${"x".repeat(183)}`,
    })
  })

  it("does not follow a redirect", async () => {
    const before = received.length
    const outcome = await post("/moved")
    expect(outcome).toMatchObject({ kind: "failed", status: 302 })
    expect(outcome.kind === "failed" && outcome.message).toMatch(
      /^HTTP 302 from the receiver, a redirect to \/ok;/,
    )
    expect(received.slice(before).map((r) => r.path)).toEqual(["/moved"])
  })

  it("fails with the timeout when the receiver never answers", async () => {
    expect(await post("/silent", { timeoutMs: 300 })).toEqual({
      kind: "failed",
      status: null,
      message: "No answer within 0.3 seconds",
    })
  })

  it("fails with the reason when nothing listens", async () => {
    const closed = createServer()
    const port = await listen(closed)
    await new Promise((resolve) => closed.close(resolve))
    expect(
      await postWebhook({
        url: `http://127.0.0.1:${port}/`,
        id: "msg_1",
        timestamp: new Date(),
        body,
        secrets: [newWebhookSecret()],
        allow: loopback,
      }),
    ).toEqual({ kind: "failed", status: null, message: "Could not connect: ECONNREFUSED" })
  })

  it("refuses a loopback receiver unless its network is allowed, checking before any request", async () => {
    const before = received.length
    const refused = await post("/ok", { allow: [] })
    expect(refused).toEqual({
      kind: "refused",
      message:
        "The webhook URL's host 127.0.0.1 is a loopback address; Folio does not post to loopback, private, link-local or metadata addresses unless the operator allows that network (FOLIO_WEBHOOK_ALLOW_NETWORKS).",
    })
    expect(received.length).toBe(before)
    expect(await post("/ok", { allow: ["127.0.0.1"] })).toEqual({ kind: "delivered", status: 204 })
  })

  it("posts to a host name through the address it resolved and checked", async () => {
    const url = `${base.replace("127.0.0.1", "localhost")}/ok`
    const input = { url, id: "msg_2", timestamp: new Date(), body, secrets: [newWebhookSecret()] }
    const refused = await postWebhook({ ...input, allow: [] })
    expect(refused.kind === "refused" && refused.message).toMatch(
      /^The webhook URL's host localhost resolves to (127\.0\.0\.1|::1), a loopback address; Folio does not post/,
    )
    expect(await postWebhook({ ...input, allow: [...loopback, "::1"] })).toEqual({
      kind: "delivered",
      status: 204,
    })
  })
})

describe("where a webhook may post", () => {
  const refusedAs = async (url: string, kind: string) =>
    expect(await webhookTargetProblem(url, [])).toMatch(
      new RegExp(`^The webhook URL's host \\S+ is ${kind}; Folio does not post to loopback`),
    )

  it("not to loopback, metadata, private or IPv4-mapped internal addresses", async () => {
    await refusedAs("http://169.254.169.254/latest/meta-data/", "the cloud metadata address \\(link-local\\)")
    await refusedAs("http://169.254.10.1/", "a link-local address")
    await refusedAs("http://[::1]/", "a loopback address")
    await refusedAs("http://10.1.2.3/", "a private address")
    await refusedAs("http://[fd12::1]/", "a private address")
    await refusedAs("http://100.64.0.1/", "a shared \\(carrier-grade NAT\\) address")
    await refusedAs("http://0.0.0.0/", "an unspecified address")
    await refusedAs("http://224.0.0.1/", "a multicast address")
    await refusedAs("http://[::ffff:127.0.0.1]/", "127\\.0\\.0\\.1 in IPv6 form, a loopback address")
    await refusedAs("http://[::ffff:10.0.0.1]/", "10\\.0\\.0\\.1 in IPv6 form, a private address")
    // Decimal and hex spellings of 127.0.0.1 are the same address to the URL parser.
    await refusedAs("http://2130706433/", "a loopback address")
  })

  it("to a public address, and to an internal one inside an allowed network", async () => {
    expect(await webhookTargetProblem("http://93.184.216.34/hooks", [])).toBeUndefined()
    expect(await webhookTargetProblem("https://[2606:2800:220:1::1]/", [])).toBeUndefined()
    expect(await webhookTargetProblem("http://10.1.2.3/", ["10.0.0.0/8"])).toBeUndefined()
    expect(await webhookTargetProblem("http://[::ffff:10.0.0.1]/", ["10.0.0.0/8"])).toBeUndefined()
    expect(await webhookTargetProblem("http://10.1.2.3/", ["192.168.0.0/16"])).toMatch(/a private address/)
  })

  it("names a host that does not resolve and a URL that is not one", async () => {
    expect(await webhookTargetProblem("https://nosuch.invalid/hook", [])).toMatch(
      /^The webhook URL's host nosuch\.invalid could not be resolved \((ENOTFOUND|EAI_AGAIN)\)$/,
    )
    expect(await webhookTargetProblem("ftp://example.com/", [])).toBe(
      "A webhook URL starts with https:// or http://",
    )
    expect(await webhookTargetProblem("example.com/hook", [])).toMatch(/is not a full URL/)
  })
})

describe("webhook retries", () => {
  const day = 24 * 60 * 60_000
  const delays = (random: () => number) =>
    Array.from({ length: webhookMaxAttempts - 1 }, (_, i) => webhookRetryDelayMs(i + 1, random))

  it("span at least a day before the last attempt even at the shortest jitter", () => {
    const shortest = delays(() => 0)
    expect(shortest).toHaveLength(webhookMaxAttempts - 1)
    expect(shortest.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(day)
    expect(shortest[0]).toBe(24_000) // the first retry comes within a minute
  })

  it("grow and stay within ±20% of their base pause", () => {
    const mid = delays(() => 0.5)
    for (let i = 1; i < mid.length; i++) expect(mid[i]).toBeGreaterThanOrEqual(mid[i - 1] ?? 0)
    const low = delays(() => 0)
    const high = delays(() => 0.999999)
    mid.forEach((base, i) => {
      expect(low[i]).toBe(Math.round(base * 0.8))
      expect(high[i]).toBeLessThanOrEqual(Math.round(base * 1.2))
      expect(high[i]).toBeGreaterThan(Math.round(base * 1.19))
      for (let n = 0; n < 20; n++) {
        const jittered = webhookRetryDelayMs(i + 1)
        expect(jittered).toBeGreaterThanOrEqual(base * 0.8)
        expect(jittered).toBeLessThanOrEqual(base * 1.2)
      }
    })
  })
})
