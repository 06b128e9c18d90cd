import type { AiRun, AiRunId, AiStreamEvent, Me, ReportId } from "@folio/core"
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { formProblems, initialFormValues, providersOf } from "../src/routes/_app/-components/ai/form"
import {
  draftTitle,
  formatCost,
  formatLatency,
  plainPreview,
  runFigures,
} from "../src/routes/_app/-components/ai/format"
import {
  isLive,
  panelAfter,
  panelFailed,
  panelLatency,
  panelStopped,
  startPanel,
} from "../src/routes/_app/-components/ai/runState"
import { navItemsFor } from "../src/shell/navigation"

const runId = "0b6c1f9e-1f7d-4c1e-9d2f-1a2b3c4d5e6f" as AiRunId
const reportId = "1b6c1f9e-1f7d-4c1e-9d2f-1a2b3c4d5e6f" as ReportId

const savedRun = (output: string): AiRun => ({
  id: runId,
  provider: "openai",
  model: "llama3.1",
  template: "summarise",
  report: { id: reportId, title: "Chips outlook" },
  status: "completed",
  latencyMs: 2300,
  usage: { inputTokens: 812, outputTokens: 120, characters: output.length, cost: 0.00042 },
  preview: output.slice(0, 200),
  createdAt: new Date("2025-01-02T03:04:05Z"),
  input: "",
  prompt: "Summarise…",
  output,
  error: null,
})

describe("a panel as its stream arrives", () => {
  it("takes the run id at start, grows with each delta, and ends with the saved run", () => {
    let panel = startPanel("openai", 0)
    expect(panel.status).toBe("waiting")
    panel = panelAfter(panel, { type: "start", runId, provider: "openai", model: "llama3.1" }, 10)
    expect(panel).toMatchObject({ status: "streaming", runId, model: "llama3.1" })
    panel = panelAfter(panel, { type: "delta", text: "Margins " }, 20)
    panel = panelAfter(panel, { type: "delta", text: "widen." }, 30)
    expect(panel.text).toBe("Margins widen.")
    panel = panelAfter(panel, { type: "done", run: savedRun("Margins widen.") }, 40)
    expect(panel.status).toBe("done")
    expect(isLive(panel)).toBe(false)
    expect(panelLatency(panel)).toBe(2300)
    // Nothing changes a finished panel: a late event, a stop.
    expect(panelAfter(panel, { type: "delta", text: " More." }, 50)).toBe(panel)
    expect(panelStopped(panel, 60)).toBe(panel)
  })

  it("keeps what arrived when stopped, measuring the time itself", () => {
    let panel = startPanel("openai", 100)
    panel = panelAfter(panel, { type: "delta", text: "one two three" }, 150)
    panel = panelStopped(panel, 1100)
    expect(panel).toMatchObject({ status: "stopped", text: "one two three" })
    expect(panelLatency(panel)).toBe(1000)
  })

  it("keeps the provider's error and kind", () => {
    const failed = panelAfter(
      startPanel("openai", 0),
      { type: "error", kind: "rate_limit", message: "Rate limit reached for requests" } as AiStreamEvent,
      5,
    )
    expect(failed).toMatchObject({
      status: "failed",
      error: { kind: "rate_limit", message: "Rate limit reached for requests" },
    })
    expect(panelFailed(failed, { kind: "cut", message: "x" }, 9)).toBe(failed)
  })
})

describe("run figures", () => {
  it("shows tokens and cost when the provider counted them", () => {
    expect(runFigures(2300, savedRun("abc").usage)).toEqual([
      { label: "Latency", value: "2.3 s" },
      { label: "Tokens in", value: "812" },
      { label: "Tokens out", value: "120" },
      { label: "Cost", value: "$0.00042" },
    ])
  })

  it("shows characters for the offline provider", () => {
    expect(runFigures(840, { inputTokens: null, outputTokens: null, characters: 1234, cost: null })).toEqual([
      { label: "Latency", value: "840 ms" },
      { label: "Characters", value: "1,234" },
    ])
  })

  it("shows a saved answer's first words without Markdown's marks", () => {
    expect(plainPreview("**Margins** widen.\n\n- Revenue rose 18%\n- _Buy_ kept, net_income flat")).toBe(
      "Margins widen. Revenue rose 18% Buy kept, net_income flat",
    )
  })

  it("formats latency and cost", () => {
    expect(formatLatency(999)).toBe("999 ms")
    expect(formatLatency(12_345)).toBe("12.3 s")
    expect(formatCost(0.125)).toBe("$0.13")
    expect(formatCost(0.0012)).toBe("$0.0012")
  })
})

describe("the form", () => {
  it("asks for a report where the template needs one", () => {
    expect(formProblems(initialFormValues)).toEqual({ report: "Choose the report to work from" })
    expect(formProblems({ ...initialFormValues, reportId })).toEqual({})
  })

  it("asks for a prompt (free) or text to read (extract without a report)", () => {
    expect(formProblems({ ...initialFormValues, template: "free" }).prompt).toBe("Write your prompt")
    expect(formProblems({ ...initialFormValues, template: "extract" }).prompt).toMatch(/Paste the text/)
    expect(formProblems({ ...initialFormValues, template: "extract", prompt: "NVDA rose 5%" })).toEqual({})
    expect(formProblems({ ...initialFormValues, template: "extract", reportId })).toEqual({})
  })

  it("runs both providers to compare", () => {
    expect(providersOf("compare")).toEqual(["offline", "openai"])
    expect(providersOf("openai")).toEqual(["openai"])
  })

  it("titles a report draft after the run's report", () => {
    expect(draftTitle({ template: "summarise", report: { id: reportId, title: "Chips outlook" } })).toBe(
      "Chips outlook — summary",
    )
    expect(draftTitle({ template: "extract", report: null })).toBe("AI tickers and KPIs")
  })
})

describe("the navigation row", () => {
  const viewer = (role: Me["user"]["role"]) =>
    ({ user: { role }, company: { kind: "publisher" } }) as unknown as Pick<Me, "user" | "company">
  it("is shown to analysts, editors and admins only", () => {
    for (const role of ["analyst", "editor", "admin"] as const)
      expect(navItemsFor(viewer(role)).map((item) => item.label)).toContain("AI playground")
    for (const role of ["reader", "developer"] as const)
      expect(navItemsFor(viewer(role)).map((item) => item.label)).not.toContain("AI playground")
  })
})

describe("streamAiRun", () => {
  let api: typeof import("../src/api/ai")
  // The API modules read the page's deployment meta tag and CSRF cookie.
  const stubDocument = () => vi.stubGlobal("document", { querySelector: () => null, cookie: "" })
  beforeAll(async () => {
    stubDocument()
    api = await import("../src/api/ai")
  })
  beforeEach(stubDocument)
  afterEach(() => vi.unstubAllGlobals())

  const sse = (chunks: ReadonlyArray<string>) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
          controller.close()
        },
      }),
      { status: 200, headers: { "content-type": "text/event-stream" } },
    )

  it("posts the request and decodes each data line, even split across chunks", async () => {
    const done = savedRun("Hi there")
    const fetchMock = vi.fn(async () =>
      sse([
        `data: ${JSON.stringify({ type: "start", runId, provider: "openai", model: "m" })}\n\n`,
        'data: {"type":"delta","te',
        'xt":"Hi "}\n\ndata: {"type":"delta","text":"there"}\n\n',
        `data: ${JSON.stringify({ type: "done", run: { ...done, createdAt: done.createdAt.toISOString() } })}\n\n`,
      ]),
    )
    vi.stubGlobal("fetch", fetchMock)
    const events: Array<AiStreamEvent> = []
    await api.streamAiRun(
      { provider: "openai", template: "summarise", reportId, prompt: "" },
      { signal: new AbortController().signal, onEvent: (event) => events.push(event) },
    )
    expect(events.map((event) => event.type)).toEqual(["start", "delta", "delta", "done"])
    const last = events[3]
    expect(last?.type === "done" && last.run.createdAt).toEqual(done.createdAt)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe("/api/ai/run")
    expect(JSON.parse(String(init.body))).toMatchObject({ provider: "openai", template: "summarise" })
  })

  it("rejects with the server's words when it refuses to start", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ _tag: "Forbidden", message: "You may not read this report" }), {
            status: 403,
          }),
      ),
    )
    await expect(
      api.streamAiRun(
        { provider: "offline", template: "summarise", reportId, prompt: "" },
        { signal: new AbortController().signal, onEvent: () => undefined },
      ),
    ).rejects.toMatchObject({ name: "AiRunRefused", status: 403, message: "You may not read this report" })
  })

  it("says so when the stream ends without done or error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sse(['data: {"type":"delta","text":"Hi"}\n\n'])),
    )
    await expect(
      api.streamAiRun(
        { provider: "offline", template: "free", prompt: "Hi" },
        { signal: new AbortController().signal, onEvent: () => undefined },
      ),
    ).rejects.toBeInstanceOf(api.AiStreamCut)
  })
})
