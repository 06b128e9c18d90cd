import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { type OfflineInput, offlineModel, runOffline } from "../src/ai/offline.js"

const here = dirname(fileURLToPath(import.meta.url))
const serverDir = join(here, "..")

const body = `## Results

Nvidia delivered another strong quarter. Revenue rose 12% to $4.2bn in Q3 2026; gross margin reached 61.5%. Data centre revenue grew faster than gaming revenue, and data centre demand remains ahead of supply.

## Estimates

We raise FY2027 EPS to $5.10 and our target price to $250. The stock trades at 12.5x EV/EBITDA on our FY2027 estimates. Free cash flow was USD 310m in 3Q26 vs. €1.1 billion in H1 2026.

## Competition

- AMD gains share in data centre GPUs, while TSM remains the sole foundry for both; $XYZ and $NVDA were mentioned by clients.
- Spreads widened 120 bps.
- Subscribers reached 1.2m subscribers.

The risk is that hyperscaler capex slows next year.
`

const report: OfflineInput = {
  template: "summarise",
  title: "Nvidia: data centre demand still ahead of supply",
  summary: "We stay positive on Nvidia after a strong quarter and raise our target price.",
  body,
  tickers: ["NVDA"],
  prompt: "",
  knownTickers: ["AAPL", "AMD", "INTC", "NVDA", "TSM", "MSFT", "A", "IT"],
}

const noReport = (template: OfflineInput["template"], prompt: string): OfflineInput => ({
  template,
  title: "",
  summary: "",
  body: "",
  tickers: [],
  prompt,
  knownTickers: report.knownTickers,
})

describe("offline provider", () => {
  it("names the installed library and model", () => {
    const version = (name: string) =>
      (
        JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8")) as {
          dependencies: Record<string, string>
        }
      ).dependencies[name]
    expect(offlineModel).toBe(
      `wink-nlp ${version("wink-nlp")} · wink-eng-lite-web-model ${version("wink-eng-lite-web-model")}`,
    )
  })

  it("summarises a report: five whole sentences in their order, then keywords", () => {
    const out = runOffline(report)
    expect(out).toBe(
      [
        "- We stay positive on Nvidia after a strong quarter and raise our target price.",
        "- Revenue rose 12% to $4.2bn in Q3 2026; gross margin reached 61.5%.",
        "- Data centre revenue grew faster than gaming revenue, and data centre demand remains ahead of supply.",
        "- We raise FY2027 EPS to $5.10 and our target price to $250.",
        "- AMD gains share in data centre GPUs, while TSM remains the sole foundry for both; $XYZ and $NVDA were mentioned by clients.",
        "",
        "**Keywords:** data centre, revenue, estimates, Nvidia, strong quarter, subscribers, target price, AMD",
      ].join("\n"),
    )
    // Headings are never picked; figures stay as written.
    expect(out).not.toContain("- Results")
    // Instructions are not followed, and the answer says so.
    expect(runOffline({ ...report, prompt: "Focus on margins." })).toBe(
      `_The offline provider does not follow instructions; your note was not used._\n\n${out}`,
    )
  })

  it("summarises short pasted text with fewer points", () => {
    expect(
      runOffline(noReport("summarise", "Margins fell. Revenue rose 8% to $1.1bn. Costs rose too.")),
    ).toBe(
      ["- Revenue rose 8% to $1.1bn.", "- Costs rose too.", "", "**Keywords:** costs, margins, revenue"].join(
        "\n",
      ),
    )
  })

  it("drafts a podcast script from the top three sentences", () => {
    const out = runOffline({ ...report, template: "podcast_script", tickers: ["NVDA", "AMD", "TSM"] })
    expect(out).toBe(
      [
        "_Extractive draft from the offline provider: sentences picked from the report, not written for the ear. The analyst should rewrite it before recording._",
        "",
        "## Nvidia: data centre demand still ahead of supply",
        "",
        "**Intro**",
        "",
        'Welcome to Folio Research. Today we walk through "Nvidia: data centre demand still ahead of supply", covering NVDA, AMD and TSM.',
        "",
        "**Key points**",
        "",
        "We stay positive on Nvidia after a strong quarter and raise our target price.",
        "",
        "Data centre revenue grew faster than gaming revenue, and data centre demand remains ahead of supply.",
        "",
        "AMD gains share in data centre GPUs, while TSM remains the sole foundry for both; $XYZ and $NVDA were mentioned by clients.",
        "",
        "**Close**",
        "",
        'That was "Nvidia: data centre demand still ahead of supply". The full report is on Folio. This is not investment advice.',
      ].join("\n"),
    )
  })

  it("extracts tickers and every KPI figure with its unit and period", () => {
    const out = runOffline({ ...report, template: "extract" })
    expect(out).toBe(
      [
        "**Tickers:** AMD, NVDA, TSM",
        "",
        "**Not in Folio's list:** $XYZ",
        "",
        "**KPI figures**",
        "",
        "| Metric | Value | Unit | Period |",
        "| --- | --- | --- | --- |",
        "| revenue | 12% | % | Q3 2026 |",
        "| revenue | $4.2bn | USD | Q3 2026 |",
        "| gross margin | 61.5% | % | Q3 2026 |",
        "| EPS | $5.10 | USD | FY2027 |",
        "| target price | $250 | USD | FY2027 |",
        "| EV/EBITDA | 12.5x | x | FY2027 |",
        "| free cash flow | USD 310m | USD | 3Q26 |",
        "| free cash flow | €1.1 billion | EUR | H1 2026 |",
        "| spread | 120 bps | bp | — |",
        "| subscribers | 1.2m | subscribers | — |",
      ].join("\n"),
    )
  })

  it("extracts from pasted text: suffixed tickers, per-share figures, multiples after their number", () => {
    const text =
      "We like AAPL.O and $MSFT, not INTC. A quiet quarter: EPS of $1.32 per share in FY26, dividend yield 4.1% and 25% upside. The shares trade on 22x FY26E P/E. In 2Q25 operating margin rose 150bp, while headcount reached 3,400 employees. Capex of A$1.2bn next year."
    expect(runOffline(noReport("extract", text))).toBe(
      [
        "**Tickers:** AAPL, INTC, MSFT",
        "",
        "**KPI figures**",
        "",
        "| Metric | Value | Unit | Period |",
        "| --- | --- | --- | --- |",
        "| EPS | $1.32 | USD per share | FY26 |",
        "| dividend yield | 4.1% | % | FY26 |",
        "| upside | 25% | % | FY26 |",
        "| P/E | 22x | x | FY26E |",
        "| operating margin | 150bp | bp | 2Q25 |",
        "| headcount | 3,400 | employees | 2Q25 |",
        "| capex | A$1.2bn | AUD | next year |",
      ].join("\n"),
    )
    expect(runOffline(noReport("extract", "Nothing here to count, only words."))).toBe(
      "**Tickers:** none found\n\n**KPI figures**\n\nNo figures found.",
    )
  })

  it("answers a free prompt with a note and the summary of the prompt and the report's body", () => {
    const out = runOffline({ ...report, template: "free", prompt: "What matters for NVDA holders?" })
    expect(
      out.startsWith(
        "_The offline provider does not follow free prompts; here is an extractive summary and the keywords of your text._\n\n- ",
      ),
    ).toBe(true)
    expect(out).toContain("- Revenue rose 12% to $4.2bn in Q3 2026; gross margin reached 61.5%.")
    expect(out).toContain("**Keywords:** ")
  })

  it("says plainly when there is nothing to read", () => {
    for (const template of ["summarise", "podcast_script", "extract", "free"] as const) {
      expect(runOffline(noReport(template, "   \n "))).toBe(
        "_Nothing to read: choose a report or paste some text._",
      )
    }
  })

  it("is fast on 200,000 characters", () => {
    let long = ""
    for (let i = 0; long.length < 200_000; i++) {
      long += `${body}\nIn segment ${i} revenue grew ${i % 97}% to $${i}m in FY${2020 + (i % 9)}.\n\n`
    }
    long = long.slice(0, 200_000)
    for (const template of ["summarise", "podcast_script", "extract", "free"] as const) {
      const started = performance.now()
      const out = runOffline({ ...report, template, body: long, prompt: "" })
      const took = performance.now() - started
      console.log(`offline ${template} on 200,000 characters: ${took.toFixed(0)} ms`)
      expect(out.length).toBeGreaterThan(0)
    }
  })
})

describe("offline provider, determinism and no network", () => {
  const folder = mkdtempSync(join(tmpdir(), "folio-ai-offline-"))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  const inputs: ReadonlyArray<OfflineInput> = (
    ["summarise", "podcast_script", "extract", "free"] as const
  ).map((template) => ({ ...report, template, prompt: template === "free" ? "Anything new?" : "" }))

  it("gives the same answer twice, and the same in a fresh process without network", () => {
    const expected = inputs.map(runOffline)
    expect(inputs.map(runOffline)).toEqual(expected)

    const block = join(folder, "no-network.cjs")
    writeFileSync(
      block,
      `const net = require("node:net")
const refuse = () => { throw new Error("network disabled for this test") }
net.Socket.prototype.connect = refuse
globalThis.fetch = refuse
`,
    )
    const script = join(folder, "run.mts")
    writeFileSync(
      script,
      `import { readFileSync } from "node:fs"
import net from "node:net"
import { runOffline } from ${JSON.stringify(pathToFileURL(join(serverDir, "src/ai/offline.ts")).href)}
const refused = (attempt: () => unknown) => {
  try { attempt(); return false } catch (error) { return String(error).includes("network disabled") }
}
const blocked =
  refused(() => fetch("http://127.0.0.1:9/")) &&
  refused(() => net.connect(9, "127.0.0.1"))
const inputs = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"))
process.stdout.write(JSON.stringify({ blocked, outputs: inputs.map(runOffline) }))
`,
    )
    const inputFile = join(folder, "inputs.json")
    writeFileSync(inputFile, JSON.stringify(inputs))
    const answer = execFileSync(process.execPath, ["--import", "tsx", script, inputFile], {
      cwd: serverDir,
      env: { ...process.env, NODE_OPTIONS: `--require ${block}` },
      encoding: "utf8",
      timeout: 60_000,
    })
    const child = JSON.parse(answer) as { blocked: boolean; outputs: ReadonlyArray<string> }
    expect(child.blocked).toBe(true)
    expect(child.outputs).toEqual(expected)
  })
})
