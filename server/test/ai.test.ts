import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { type AddressInfo, createServer as createTcpServer } from "node:net"
import { AiProvider, AiRun, AiRunPage, type AiStreamEvent, aiRunPath, Report } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { offlineModel } from "../src/ai/offline.js"
import { configClient } from "./support/configClient.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The AI playground against the real server, and, standing in for OpenAI, vLLM or Ollama, a
 * loopback OpenAI-compatible server written here: Chat Completions and Responses streaming as
 * server-sent events, a chunk at a time, checking the key and the model, recording each request
 * and whether its connection closed before the answer ended.
 */

const apiKey = "sk-test-loopback-0123456789abcdef"

// -- the loopback OpenAI-compatible server ----------------------------------------------------

interface Seen {
  readonly path: string
  readonly model: string
  readonly authorization: string | undefined
  readonly body: Record<string, unknown>
  /** The connection closed before the answer was complete (the caller went away). */
  closedEarly: boolean
  /** Chunks of the answer written so far. */
  sent: number
  ended: boolean
}

const seen: Array<Seen> = []
/** Held answers wait here until the test lets them finish. */
let release: () => void = () => {}
let gate: Promise<void> = Promise.resolve()
const holdAnswers = () => {
  gate = new Promise((resolve) => {
    release = resolve
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const openAiError = (response: ServerResponse, status: number, message: string, headers = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers })
  response.end(JSON.stringify({ error: { message, type: "invalid_request_error", param: null, code: null } }))
}

const answerPieces = ["Hel", "lo, ", "wor", "ld", "!"]

const loopbackHandler = async (request: IncomingMessage, response: ServerResponse) => {
  let text = ""
  for await (const chunk of request) text += chunk
  const body = JSON.parse(text || "{}") as Record<string, unknown>
  const model = String(body.model ?? "")
  const record: Seen = {
    path: request.url ?? "",
    model,
    authorization: request.headers.authorization,
    body,
    closedEarly: false,
    sent: 0,
    ended: false,
  }
  seen.push(record)
  response.on("close", () => {
    if (!response.writableEnded) record.closedEarly = true
  })
  if (request.headers.authorization !== `Bearer ${apiKey}`) {
    return openAiError(
      response,
      401,
      "Incorrect API key provided: wr***ey. You can find your API key at https://platform.openai.com/account/api-keys.",
    )
  }
  if (model === "busy-model") {
    return openAiError(
      response,
      429,
      "Rate limit reached for busy-model in organization org-test on requests per min (RPM): Limit 3, Used 3.",
      { "retry-after": "7" },
    )
  }
  if (!["good-model", "slow-model", "gated-model"].includes(model)) {
    return openAiError(
      response,
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
    )
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
  const send = (data: unknown) => {
    if (response.writableEnded || response.destroyed) return false
    response.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`)
    return true
  }
  const pieces = model === "slow-model" ? Array.from({ length: 200 }, (_, i) => `piece ${i}. `) : answerPieces
  const responses = request.url === "/v1/responses"
  for (const [index, piece] of pieces.entries()) {
    if (model === "gated-model" && index === 2) await gate
    else if (index > 0) await sleep(50)
    const ok = responses
      ? send({
          type: "response.output_text.delta",
          item_id: "msg_1",
          output_index: 0,
          content_index: 0,
          delta: piece,
          sequence_number: index + 1,
        })
      : send({
          id: "chatcmpl-1",
          object: "chat.completion.chunk",
          created: 1,
          model,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        })
    if (!ok) return
    record.sent++
  }
  if (responses) {
    send({
      type: "response.completed",
      sequence_number: pieces.length + 1,
      response: {
        id: "resp_1",
        object: "response",
        status: "completed",
        output: [],
        usage: { input_tokens: 21, output_tokens: 6, total_tokens: 27 },
      },
    })
  } else {
    send({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1,
      model,
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    })
    send({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1,
      model,
      choices: [],
      usage: { prompt_tokens: 17, completion_tokens: 5, total_tokens: 22, cost: 0.00042 },
    })
    send("[DONE]")
  }
  record.ended = true
  response.end()
}

// -- the server under test ------------------------------------------------------------------

let server: TestServer
let loopback: Server
let loopbackUrl: string
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

const configure = async (values: Record<string, unknown>) => {
  const admin = configClient(server, tokens.admin ?? null)
  await admin.change(
    Object.entries(values).map(([key, value]) =>
      value === undefined
        ? { operation: "delete" as const, key }
        : { operation: "upsert" as const, key, value },
    ),
  )
}

/** Starts a run; the response, for its status or its stream. */
const startRun = (who: string, body: Record<string, unknown>, signal?: AbortSignal) =>
  fetch(`${server.url}${aiRunPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens[who] ?? ""}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  })

/** The stream's events as they arrive (`data:` lines of JSON, a blank line after each). */
async function* eventsOf(response: Response): AsyncGenerator<AiStreamEvent> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let end = buffer.indexOf("\n\n")
    while (end !== -1) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      for (const line of frame.split("\n")) {
        if (line.startsWith("data: ")) yield JSON.parse(line.slice(6)) as AiStreamEvent
      }
      end = buffer.indexOf("\n\n")
    }
  }
}

const allEvents = async (response: Response) => {
  const events: Array<AiStreamEvent> = []
  for await (const event of eventsOf(response)) events.push(event)
  return events
}

const getRun = async (who: string, id: string) => {
  const response = await as(who)("GET", `/ai/runs/${id}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return decodeBody(AiRun, response)
}

const report = async (who: string, title: string) => {
  const created = await as(who)("POST", "/reports", {
    title,
    summary: "Margins widened as volumes recovered.",
    body: "Revenue rose 12% to $4.2bn in Q3 2024. EBITDA margin reached 31.5% in FY2024.",
    sector: "Technology",
  })
  expect(created.status, await created.clone().text()).toBe(201)
  return (await decodeBody(Report, created)).id
}

beforeAll(async () => {
  loopback = createServer((request, response) => {
    loopbackHandler(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve))
  loopbackUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/v1`
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const client = await db.company("acme-ai")
  for (const [name, companyId, role] of [
    ["editor", publisher, "editor"],
    ["analyst", publisher, "analyst"],
    ["other", publisher, "analyst"],
    ["developer", publisher, "developer"],
    ["reader", client, "reader"],
  ] as const) {
    ids[name] = await db.user({ email: `${name}@ai.test`, name: `The ${name}`, companyId, role })
    tokens[name] = await cliSignIn(server, `${name}@ai.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  ids.report = await report("analyst", "Acme quarterly update")
})

afterAll(async () => {
  await db?.close()
  await server?.stop()
  loopback?.closeAllConnections()
  await new Promise((resolve) => loopback?.close(resolve))
})

beforeEach(async () => {
  seen.length = 0
  holdAnswers()
  release()
  await configure({
    "ai.openai.baseUrl": loopbackUrl,
    "ai.openai.model": "good-model",
    "ai.openai.api": "chat",
    "ai.openai.apiKey": apiKey,
  })
})

describe("providers", () => {
  it("lists the offline provider and the configured endpoint, host only, never the key", async () => {
    const response = await as("analyst")("GET", "/ai/providers")
    expect(response.status).toBe(200)
    const text = await response.clone().text()
    expect(text).not.toContain(apiKey)
    expect(text).not.toContain(apiKey.slice(3, 20))
    const providers = await decodeBody(Schema.Array(AiProvider), response)
    expect(providers.map((p) => p.id)).toEqual(["offline", "openai"])
    expect(providers[0]).toMatchObject({ available: true, model: offlineModel, unavailableReason: null })
    expect(providers[1]).toMatchObject({
      label: "OpenAI-compatible",
      available: true,
      model: "good-model",
      detail: `good-model at ${new URL(loopbackUrl).host}, Chat Completions`,
    })
  })

  it("says why the endpoint is off until an admin configures it", async () => {
    await configure({ "ai.openai.baseUrl": "" })
    const providers = await decodeBody(Schema.Array(AiProvider), await as("editor")("GET", "/ai/providers"))
    expect(providers[1]).toMatchObject({ available: false })
    expect(providers[1]?.unavailableReason).toContain("ai.openai.baseUrl and ai.openai.model")
    const refused = await startRun("editor", { provider: "openai", template: "free", prompt: "Hi" })
    expect(refused.status).toBe(400)
    expect(seen).toHaveLength(0)
  })
})

describe("streaming from an OpenAI-compatible server", () => {
  it("streams deltas as the provider sends them, then the saved run with usage and cost", async () => {
    await configure({ "ai.openai.model": "gated-model" })
    holdAnswers()
    const response = await startRun("analyst", {
      provider: "openai",
      template: "summarise",
      reportId: ids.report,
      prompt: "Keep it short.",
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/event-stream")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("x-accel-buffering")).toBe("no")
    const events: Array<AiStreamEvent> = []
    let deltasBeforeRelease = 0
    for await (const event of eventsOf(response)) {
      events.push(event)
      if (event.type === "delta" && deltasBeforeRelease === 0) {
        // The first piece is here while the provider is still holding the rest of its answer.
        deltasBeforeRelease = events.filter((e) => e.type === "delta").length
        expect(seen[0]?.ended).toBe(false)
        expect(seen[0]?.sent).toBeLessThan(answerPieces.length)
        release()
      }
    }
    expect(deltasBeforeRelease).toBeGreaterThan(0)
    expect(events[0]).toMatchObject({ type: "start", provider: "openai", model: "gated-model" })
    const deltas = events.filter((e) => e.type === "delta")
    expect(deltas.length).toBeGreaterThan(1)
    const last = events.at(-1)
    expect(last?.type).toBe("done")
    if (last?.type !== "done") return
    expect(last.run).toMatchObject({
      status: "completed",
      output: "Hello, world!",
      error: null,
      usage: { inputTokens: 17, outputTokens: 5, characters: 13, cost: 0.00042 },
      report: { id: ids.report, title: "Acme quarterly update" },
      input: "Keep it short.",
    })
    expect(last.run.latencyMs).not.toBeNull()
    // What the provider was sent: the template filled from the report, the model, the key.
    expect(seen[0]).toMatchObject({
      path: "/v1/chat/completions",
      model: "gated-model",
      authorization: `Bearer ${apiKey}`,
    })
    const sentPrompt = JSON.stringify(seen[0]?.body.messages)
    expect(sentPrompt).toContain("Revenue rose 12% to $4.2bn in Q3 2024.")
    expect(sentPrompt).toContain("Keep it short.")
    // Saved, listed and audited.
    const saved = await getRun("analyst", last.run.id)
    expect(saved).toMatchObject({ status: "completed", output: "Hello, world!" })
    expect(saved.prompt).toContain("Title: Acme quarterly update")
    const page = await decodeBody(AiRunPage, await as("analyst")("GET", "/ai/runs"))
    expect(page.items[0]).toMatchObject({ id: last.run.id, preview: "Hello, world!" })
    const audit = await db.audit(last.run.id)
    expect(audit).toEqual([
      expect.objectContaining({
        action: "ai.run",
        actorEmail: "analyst@ai.test",
        after: { provider: "openai", model: "gated-model", template: "summarise", reportId: ids.report },
      }),
    ])
  })

  it("speaks the Responses API when configured so", async () => {
    await configure({ "ai.openai.api": "responses" })
    const events = await allEvents(
      await startRun("editor", { provider: "openai", template: "free", prompt: "Say hello" }),
    )
    expect(seen[0]).toMatchObject({ path: "/v1/responses", model: "good-model" })
    expect(events.filter((e) => e.type === "delta").length).toBeGreaterThan(1)
    expect(events.at(-1)).toMatchObject({
      type: "done",
      run: { status: "completed", output: "Hello, world!", usage: { inputTokens: 21, outputTokens: 6 } },
    })
  })

  it("cancelling the request closes the provider's request and saves what had arrived", async () => {
    await configure({ "ai.openai.model": "slow-model" })
    const controller = new AbortController()
    const response = await startRun(
      "analyst",
      { provider: "openai", template: "free", prompt: "Go on" },
      controller.signal,
    )
    expect(response.status).toBe(200)
    let runId = ""
    let received = ""
    try {
      for await (const event of eventsOf(response)) {
        if (event.type === "start") runId = event.runId
        if (event.type === "delta") {
          received += event.text
          controller.abort()
        }
      }
    } catch (error) {
      expect((error as Error).name).toBe("AbortError")
    }
    expect(runId).not.toBe("")
    expect(received).toBe("piece 0. ")
    // The provider sees its request closed, long before its 200 pieces (10 s) were sent.
    await expect.poll(() => seen[0]?.closedEarly, { timeout: 5_000 }).toBe(true)
    expect(seen[0]?.ended).toBe(false)
    await expect
      .poll(async () => (await getRun("analyst", runId)).status, { timeout: 5_000 })
      .toBe("cancelled")
    const run = await getRun("analyst", runId)
    expect(run.output.startsWith("piece 0. ")).toBe(true)
    expect(run.error).toBeNull()
  })
})

describe("the run's deadline", () => {
  it("stops the run when ai.openai.timeoutSeconds passes: a timeout error, the provider's request closed", async () => {
    await configure({ "ai.openai.model": "slow-model", "ai.openai.timeoutSeconds": 5 })
    try {
      const events = await allEvents(
        await startRun("analyst", { provider: "openai", template: "free", prompt: "Go on" }),
      )
      const last = events.at(-1)
      expect(last).toMatchObject({ type: "error", kind: "timeout" })
      expect(events.filter((e) => e.type === "delta").length).toBeGreaterThan(0)
      await expect.poll(() => seen[0]?.closedEarly, { timeout: 5_000 }).toBe(true)
      const start = events[0]
      if (start?.type !== "start") throw new Error("no start")
      const run = await getRun("analyst", start.runId)
      expect(run.status).toBe("failed")
      expect(run.output.startsWith("piece 0. piece 1. ")).toBe(true)
      expect(run.error).toContain("did not finish within 5 s")
    } finally {
      await configure({ "ai.openai.timeoutSeconds": 120 })
    }
  }, 20_000)
})

describe("provider errors, as the provider said them", () => {
  const errorOf = async (
    body: Record<string, unknown> = { provider: "openai", template: "free", prompt: "Hi" },
  ) => {
    const events = await allEvents(await startRun("analyst", body))
    expect(events[0]?.type).toBe("start")
    const last = events.at(-1)
    expect(last?.type).toBe("error")
    if (last?.type !== "error") throw new Error("no error event")
    expect(last.message).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
    const start = events[0]
    if (start?.type === "start") {
      const run = await getRun("analyst", start.runId)
      expect(run).toMatchObject({ status: "failed", error: last.message })
    }
    return last
  }

  it("a wrong key is auth", async () => {
    await configure({ "ai.openai.apiKey": "sk-wrong-key" })
    const error = await errorOf()
    expect(error.kind).toBe("auth")
    expect(error.message).toContain("Incorrect API key provided")
  })

  it("an unknown model is model_not_found", async () => {
    await configure({ "ai.openai.model": "nope-model" })
    const error = await errorOf()
    expect(error.kind).toBe("model_not_found")
    expect(error.message).toContain('The provider has no model "nope-model"')
    expect(error.message).toContain("does not exist")
  })

  it("a rate limit is rate_limit, with its Retry-After", async () => {
    await configure({ "ai.openai.model": "busy-model" })
    const error = await errorOf()
    expect(error.kind).toBe("rate_limit")
    expect(error.message).toContain("Rate limit reached for busy-model")
    expect(error.message).toContain("retry after 7 s")
  })

  it("a closed port is unavailable", async () => {
    const closed = createTcpServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await configure({ "ai.openai.baseUrl": `http://127.0.0.1:${port}/v1` })
    const error = await errorOf()
    expect(error.kind).toBe("unavailable")
    expect(error.message).toContain(`Cannot reach 127.0.0.1:${port}`)
  })
})

describe("who may run what", () => {
  it("readers and developers may not use the playground", async () => {
    for (const who of ["reader", "developer"]) {
      expect((await as(who)("GET", "/ai/providers")).status).toBe(403)
      expect((await as(who)("GET", "/ai/runs")).status).toBe(403)
      const refused = await startRun(who, { provider: "offline", template: "free", prompt: "Hi" })
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ _tag: "Forbidden" })
    }
    const anonymous = await fetch(`${server.url}${aiRunPath}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "offline", template: "free", prompt: "Hi" }),
    })
    expect(anonymous.status).toBe(401)
    expect(seen).toHaveLength(0)
  })

  it("a console session needs its CSRF header to start a run", async () => {
    const signIn = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "editor@ai.test", password: seedPassword }),
    })
    expect(signIn.status).toBe(200)
    const cookies = signIn.headers.getSetCookie().map((line) => line.split(";")[0] ?? "")
    const csrf = cookies.find((c) => c.startsWith("folio_csrf="))?.slice("folio_csrf=".length) ?? ""
    const cookie = cookies.join("; ")
    const body = JSON.stringify({ provider: "offline", template: "free", prompt: "Hello there." })
    const forged = await fetch(`${server.url}${aiRunPath}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body,
    })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ _tag: "Forbidden" })
    const events = await allEvents(
      await fetch(`${server.url}${aiRunPath}`, {
        method: "POST",
        headers: { cookie, "x-folio-csrf": csrf, "content-type": "application/json" },
        body,
      }),
    )
    expect(events.at(-1)).toMatchObject({ type: "done", run: { status: "completed" } })
  })

  it("a report the caller cannot read is not found, and nothing reaches the provider", async () => {
    // Analysts read every report (policy `reports.read`: all), so the report here is one that is
    // not there for them: deleted, or never made.
    const response = await startRun("analyst", {
      provider: "openai",
      template: "summarise",
      reportId: "0b7c6f0e-2f7d-4a55-9a43-8c1f0c7e1d2a",
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ _tag: "NotFound" })
    expect(seen).toHaveLength(0)
    const page = await decodeBody(AiRunPage, await as("analyst")("GET", "/ai/runs?limit=200"))
    expect(page.items.some((run) => run.report?.id === "0b7c6f0e-2f7d-4a55-9a43-8c1f0c7e1d2a")).toBe(false)
  })

  it("a template that needs a report, without one, or a bad field, is a 400", async () => {
    const missing = await startRun("analyst", { provider: "openai", template: "summarise" })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ issues: [{ path: ["reportId"] }] })
    const bad = await startRun("analyst", { provider: "elsewhere", template: "free" })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain("provider")
    expect(seen).toHaveLength(0)
  })

  it("runs are their author's only", async () => {
    const events = await allEvents(
      await startRun("analyst", { provider: "openai", template: "free", prompt: "Mine" }),
    )
    const start = events[0]
    if (start?.type !== "start") throw new Error("no start")
    expect((await as("other")("GET", `/ai/runs/${start.runId}`)).status).toBe(404)
    expect((await as("other")("DELETE", `/ai/runs/${start.runId}`)).status).toBe(404)
    const others = await decodeBody(AiRunPage, await as("other")("GET", "/ai/runs"))
    expect(others.items.some((run) => run.id === start.runId)).toBe(false)
    expect((await as("admin")("GET", `/ai/runs/${start.runId}`)).status).toBe(404)
    // Its author deletes it, audited.
    expect((await as("analyst")("DELETE", `/ai/runs/${start.runId}`)).status).toBe(204)
    expect((await as("analyst")("GET", `/ai/runs/${start.runId}`)).status).toBe(404)
    expect((await db.audit(start.runId)).map((entry) => entry.action)).toEqual(["ai.run", "ai.run.delete"])
  })

  it("lists runs newest first, a page at a time", async () => {
    for (const prompt of ["one", "two", "three"]) {
      await allEvents(await startRun("editor", { provider: "openai", template: "free", prompt }))
    }
    const first = await decodeBody(AiRunPage, await as("editor")("GET", "/ai/runs?limit=2"))
    expect(first.items).toHaveLength(2)
    expect(first.nextCursor).not.toBeNull()
    const rest = await decodeBody(
      AiRunPage,
      await as("editor")("GET", `/ai/runs?limit=2&cursor=${first.nextCursor ?? ""}`),
    )
    const all = [...first.items, ...rest.items]
    expect(new Set(all.map((run) => run.id)).size).toBe(all.length)
    const times = all.map((run) => run.createdAt.getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect((await as("editor")("GET", "/ai/runs?cursor=nonsense")).status).toBe(400)
  })
})

describe("the offline provider", () => {
  it("streams its answer in pieces and gives the same answer to the same request", async () => {
    const body = { provider: "offline", template: "extract", reportId: ids.report, prompt: "" }
    const first = await allEvents(await startRun("analyst", body))
    const second = await allEvents(await startRun("analyst", body))
    for (const events of [first, second]) {
      expect(events[0]).toMatchObject({ type: "start", provider: "offline" })
      expect(events.at(-1)).toMatchObject({ type: "done", run: { status: "completed", provider: "offline" } })
    }
    const outputOf = (events: Array<AiStreamEvent>) => {
      const last = events.at(-1)
      return last?.type === "done" ? last.run : undefined
    }
    const one = outputOf(first)
    const two = outputOf(second)
    expect(one?.output.length).toBeGreaterThan(0)
    expect(one?.output).toBe(two?.output)
    expect(one?.usage).toMatchObject({ characters: one?.output.length, inputTokens: null, cost: null })
    expect(first.filter((e) => e.type === "delta").length).toBeGreaterThan(1)
    expect(
      first
        .filter((e) => e.type === "delta")
        .map((e) => (e.type === "delta" ? e.text : ""))
        .join(""),
    ).toBe(one?.output)
    expect(seen).toHaveLength(0)
  })
})
