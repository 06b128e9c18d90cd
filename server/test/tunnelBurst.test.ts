import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { parseSentryDsn } from "@folio/core"
import { Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn } from "./support/directory.js"
import { errorEvent, eventEnvelope, post, tunnelUrl } from "./support/envelopes.js"
import { type Ingest, startIngest } from "./support/ingest.js"
import { startTestServer, type TestServer } from "./support/server.js"

const consoleDsnText = "https://burst123@o42.ingest.us.sentry.io/7"
const consoleDsn = parseSentryDsn(consoleDsnText)!
const burst = 2_000

let server: TestServer
let ingest: Ingest
let admin: string

beforeAll(async () => {
  ingest = await startIngest()
  server = await startTestServer({
    config: {
      sentryDsn: Option.some(consoleDsn),
      sentryIngestUrl: Option.some(ingest.url),
      // One address sends the whole burst: the per-address limit is not what is tested here.
      tunnelRateLimit: 1_000_000,
    },
  })
  admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
})
afterAll(async () => {
  await server.stop()
  await ingest.close()
})

const eventCount = async (message: string): Promise<number> => {
  const response = await apiCall(
    server,
    admin,
    "GET",
    `/error-reports/issues?status=unresolved&q=${encodeURIComponent(message)}`,
  )
  const page = (await response.json()) as { items: ReadonlyArray<{ count: number }> }
  return page.items.reduce((sum, issue) => sum + issue.count, 0)
}

// The server runs in this process: a full collection before each reading, so what is measured is
// what the burst left reachable, not garbage not yet collected.
setFlagsFromString("--expose-gc")
const collectGarbage = runInNewContext("gc") as () => void

/** Heap in use after full collections (resident memory seldom shrinks, so it cannot show a leak). */
const heapKept = async (): Promise<number> => {
  for (let i = 0; i < 3; i++) {
    collectGarbage()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return process.memoryUsage().heapUsed
}

/** `count` requests from {@link senders} browsers at once, each sending its next as soon as one is answered. */
const senders = 32
const fromSenders = async <A>(count: number, request: (index: number) => Promise<A>): Promise<Array<A>> => {
  const results: Array<A> = []
  let next = 0
  const sender = async () => {
    for (let index = next++; index < count; index = next++) results[index] = await request(index)
  }
  await Promise.all(Array.from({ length: senders }, sender))
  return results
}

describe("an error storm", () => {
  it(`${burst} envelopes from 32 senders at once: each answered one is forwarded and filed, none is a 5xx, and memory comes back`, async () => {
    const message = `Burst ${Date.now()}`
    const send = (text: string, userId: string) =>
      post(
        tunnelUrl(server.url, consoleDsn),
        eventEnvelope(consoleDsnText, errorEvent({ message: text, userId })),
      ).then(async (response) => {
        await response.arrayBuffer()
        return response.status
      })
    // A warm-up storm first, so the comparison is not with a process that has not yet grown its pools.
    await fromSenders(200, (i) => send(`Warm-up ${Date.now()}`, `user-${i}`))
    ingest.received.length = 0
    const before = await heapKept()

    const statuses = await fromSenders(burst, (i) => send(message, `user-${i % 50}`))
    expect(
      statuses.filter((status) => status >= 500),
      "no 5xx in the burst",
    ).toEqual([])
    const answered = statuses.filter((status) => status === 200).length
    expect(answered).toBe(burst)
    // Forwarded: the ingest got every answered envelope's bytes. Filed: the issue counts each.
    const forwarded = ingest.received.filter((request) => request.body.includes(message)).length
    expect(forwarded).toBe(answered)
    expect(await eventCount(message)).toBe(answered)
    ingest.received.length = 0 // the stand-in's record of the bodies lives in this process too

    const after = await heapKept()
    const grownMiB = (after - before) / 1024 / 1024
    console.log(
      `heap kept: ${(before / 1024 / 1024).toFixed(1)} MiB before the burst, ${(after / 1024 / 1024).toFixed(1)} MiB after`,
    )
    // Held on to, the burst's 2,000 bodies (several MiB) and their requests would show here.
    expect(grownMiB, "heap kept after the burst, MiB more than before").toBeLessThan(8)
  })
})
