import type { AiRunPage } from "@folio/core"
import { signInThroughApi, storageStateOf } from "./support/admin"
import { startLoopbackModel } from "./support/ai"
import { setConfig } from "./support/config"
import { unique } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { type ServerWithDatabase, startOwnServer } from "./support/ownServer"
import { createReport } from "./support/reports"

test.describe("an analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("summarises a report with the offline provider, finds the run saved, and starts a report draft from it", async ({
    page,
  }) => {
    const title = unique("Chip margins widen")
    await createReport(page.request, {
      title,
      sector: "Information Technology",
      summary: "Data-center demand lifts margins through 2026.",
      body: [
        "Revenue rose 18% year on year to $4.2bn in Q3 2025, ahead of our $3.9bn estimate.",
        "Gross margin widened to 61.5% as the new packaging line ran at full capacity.",
        "Management raised full-year guidance to $16bn and kept capital spending flat.",
        "We keep our Buy rating and lift the target price to $240 from $210.",
        "Memory pricing is the main risk to the second half.",
      ].join(" "),
    })

    await page.goto("/ai-playground")
    await expect(page.getByRole("heading", { name: "AI playground", level: 1 })).toBeVisible()
    const template = page.getByRole("radio", { name: "Summarise a report" })
    await template.click()
    await expect(template).toBeChecked()
    await page.getByRole("combobox", { name: "Report", exact: true }).fill(title)
    await page.getByRole("option", { name: title }).click()

    // The prompt as it will be sent, filled from the report.
    await page.getByRole("button", { name: "Preview prompt" }).click()
    const preview = page.getByLabel("The filled prompt")
    await expect(preview).toContainText(`Title: ${title}`)
    await expect(preview).toContainText("Gross margin widened to 61.5%")

    const offline = page.getByRole("radio", { name: "Built-in (offline)", exact: true })
    await offline.click()
    await expect(offline).toBeChecked()
    await page.getByRole("button", { name: "Run", exact: true }).click()

    const panel = page.getByRole("region", { name: "Built-in (offline)" })
    await expect(panel.getByRole("status")).toHaveText("Done")
    // The answer as Markdown: the report's sentences as points, then its keywords.
    await expect(panel.getByRole("listitem").first()).toBeVisible()
    await expect(panel.getByText("Keywords:")).toBeVisible()
    const figures = panel.getByRole("group", { name: "Built-in (offline) figures" })
    await expect(figures.getByRole("group", { name: "Characters" })).toHaveText(/Characters\s*[1-9][\d,]*/)
    await expect(figures.getByRole("group", { name: "Latency" })).toHaveText(/Latency\s*\d[\d.]* m?s/)
    await expect(figures.getByRole("group", { name: "Tokens in" })).toHaveCount(0)

    // Saved with the others, newest first; opened by its link.
    const saved = page.getByRole("list", { name: "Saved runs" }).getByRole("button").first()
    await expect(saved).toHaveAccessibleName(
      new RegExp(`^Summarise a report of ${title}, Built-in \\(offline\\), Completed`),
    )
    await saved.click()
    await expect(page).toHaveURL(/[?&]run=[0-9a-f-]{36}/)
    const drawer = page.getByRole("dialog", { name: `Summarise a report: ${title}` })
    await expect(drawer.getByLabel("The prompt as it was sent")).toContainText(`Title: ${title}`)
    await expect(drawer.getByText("Keywords:")).toBeVisible()
    await drawer.getByRole("button", { name: "Close the run" }).click()
    await expect(drawer).toBeHidden()

    await panel.getByRole("link", { name: "Use as report draft" }).click()
    await expect(page).toHaveURL(/\/reports\/new\?fromRun=[0-9a-f-]{36}/)
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(`${title} — summary`)
    const body = page.getByRole("textbox", { name: "Body (Markdown)" })
    await expect(body).toHaveValue(/^- .+/)
    await expect(body).toHaveValue(/\*\*Keywords:\*\*/)
  })
})

test.describe("against a loopback OpenAI-compatible server", () => {
  // A server of its own: the provider's settings are for this test alone, never the suite's.
  test.describe.configure({ mode: "serial" })
  test.skip(process.env.DATABASE_URL === undefined, "needs an external PostgreSQL for a server of its own")

  let own: ServerWithDatabase | undefined
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    own = await startOwnServer("ai")
  })
  test.afterAll(async () => {
    await own?.stop()
  })

  test("the answer streams word by word, and Stop closes the provider's request and keeps the partial answer", async ({
    browser,
  }) => {
    if (own === undefined) throw new Error("the server of this file did not start")
    const model = await startLoopbackModel({ words: 100, everyMs: 200 })
    const context = await browser.newContext({ baseURL: own.server.url })
    try {
      await signInThroughApi(context.request)
      await setConfig(context.request, {
        "ai.openai.baseUrl": model.baseUrl,
        "ai.openai.model": "loopback-llm",
        "ai.openai.api": "chat",
      })
      const page = await context.newPage()
      await page.goto("/ai-playground")
      await page.getByRole("radio", { name: "Free prompt" }).click()
      await page.getByRole("textbox", { name: "Your prompt" }).fill("Count to a hundred in words.")
      const provider = page.getByRole("radio", { name: "OpenAI-compatible", exact: true })
      await expect(provider).toBeEnabled()
      await provider.click()
      await page.getByRole("textbox", { name: "Your prompt" }).press("ControlOrMeta+Enter")

      const upstream = await model.next()
      expect(upstream.body).toMatchObject({ model: "loopback-llm", stream: true })

      const panel = page.getByRole("region", { name: "OpenAI-compatible" })
      await expect(panel.getByText("loopback-llm")).toBeVisible()
      // Several words on screen while the provider is still sending: it streams.
      await expect(panel).toContainText("word1 word2 word3 word4 word5")
      await expect(panel.getByRole("status")).toHaveText("Streaming…")
      expect(upstream.sent()).toBeLessThan(100)

      await page.getByRole("button", { name: "Stop" }).click()
      const closed = await upstream.closed
      expect(closed.early, "the provider's request closed before its answer ended").toBe(true)
      expect(closed.sent).toBeLessThan(100)

      await expect(panel.getByRole("status")).toHaveText("Stopped — partial answer kept")
      await expect(panel).toContainText("word1 word2 word3 word4 word5")
      await expect(page.getByRole("button", { name: "Run", exact: true })).toBeVisible()

      // Saved as stopped, with what had arrived.
      await expect
        .poll(async () => {
          const runs = (await (await context.request.get("/api/ai/runs")).json()) as AiRunPage
          const [latest] = runs.items
          return latest === undefined ? null : { status: latest.status, preview: latest.preview.slice(0, 11) }
        })
        .toEqual({ status: "cancelled", preview: "word1 word2" })
    } finally {
      await context.close()
      await model.stop()
    }
  })
})

test.describe("a reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("cannot open the playground and has no menu row for it", async ({ page }) => {
    await page.goto("/ai-playground")
    await expect(
      page.getByRole("heading", { name: "The AI playground is for analysts, editors and admins" }),
    ).toBeVisible()
    const nav = page.getByRole("navigation", { name: "Main navigation" })
    await expect(nav.getByRole("link", { name: "Reports", exact: true })).toBeVisible()
    await expect(nav.getByRole("link", { name: "AI playground" })).toHaveCount(0)
    expect((await page.request.get("/api/ai/providers")).status()).toBe(403)
  })
})
