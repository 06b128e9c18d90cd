import type { Episode } from "@folio/core"
import { addPerson, signInAs } from "./support/accounts"
import { adminStorageState } from "./support/admin"
import { createCompany, unique } from "./support/directory"
import { clientAddressOf, expect, test } from "./support/fixtures"
import { contentRangeStart, writeToneWav } from "./support/podcasts"

test.use({ storageState: adminStorageState })

test("an admin publishes an episode with uploaded audio; a reader plays it, and seeking asks for the bytes from the new place", async ({
  page,
  adminApi,
  browser,
  baseURL,
  playwright,
}, testInfo) => {
  // An upload, a publication and playback in a second browser.
  test.slow()
  const showTitle = unique("Morning Notes")
  const episodeTitle = unique("Chips outlook")
  // Twenty minutes (19.2 MB at 8 kHz): far more than a browser buffers ahead with preload="metadata",
  // so a seek near the end needs bytes it does not have, and asks for them with a range.
  const wav = await writeToneWav(testInfo.outputPath("tone.wav"), 1200)

  // The admin: a show, an episode, its audio, published.
  await page.goto("/podcasts/admin")
  await expect(page.getByRole("heading", { name: "Podcast admin", level: 1 })).toBeVisible()
  await page.getByRole("main").getByRole("button", { name: "New show" }).click()
  const showDialog = page.getByRole("dialog", { name: "New show" })
  await showDialog.getByLabel("Title").fill(showTitle)
  await showDialog.getByRole("textbox", { name: "Description" }).fill("The research desk’s morning call.")
  await showDialog.getByRole("button", { name: "Create show" }).click()
  await expect(showDialog).toBeHidden()
  await expect(
    page.getByRole("navigation", { name: "Shows" }).getByRole("button", { name: new RegExp(showTitle) }),
  ).toHaveAttribute("aria-current", "true")

  await page.getByRole("button", { name: "New episode" }).click()
  const episodeDialog = page.getByRole("dialog", { name: "New episode" })
  await episodeDialog.getByLabel("Title").fill(episodeTitle)
  await episodeDialog
    .getByLabel("Show notes")
    .fill("## Why it matters\n\nMargins widen into the *second half*.")
  await episodeDialog.getByRole("button", { name: "Create episode" }).click()
  await expect(episodeDialog).toBeHidden()
  const item = page.getByRole("article", { name: episodeTitle })
  await expect(item.getByText("Draft", { exact: true })).toBeVisible()
  await expect(item).toContainText("No audio yet")

  // Hold the upload's first request until the progress shows, so the test sees it whatever the speed.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route("**/api/podcasts/uploads", async (route) => {
    await held
    await route.continue()
  })
  await item.getByRole("button", { name: `Upload audio for ${episodeTitle}` }).click()
  const upload = page.getByRole("dialog", { name: `Audio of ${episodeTitle}` })
  await upload.getByLabel("Audio file").setInputFiles(wav)
  // (At 0% the bar's filled part has no width: the figures below it say where it is.)
  await expect(upload.getByRole("progressbar", { name: "Uploading tone.wav" })).toHaveAttribute(
    "aria-valuenow",
    "0",
  )
  await expect(upload.getByText("0% · 0 B of 19.2 MB")).toBeVisible()
  await expect(upload.getByRole("button", { name: "Cancel upload" })).toBeVisible()
  release()

  // What the server read from the file itself.
  const read = upload.getByRole("group", { name: "What the server read" })
  await expect(read.getByRole("group", { name: "Duration" })).toHaveText(/20:00/)
  await expect(read.getByRole("group", { name: "Format" })).toHaveText(/WAV/)
  await expect(read.getByRole("group", { name: "Bitrate" })).toHaveText(/128 kbit\/s/)
  await expect(read.getByRole("group", { name: "Size" })).toHaveText(/19.2 MB/)
  await expect(read).toContainText(/SHA-256 [0-9a-f]{64}/)
  await upload.getByRole("button", { name: "Close" }).click()
  await expect(item).toContainText("20:00 · WAV · 19.2 MB")

  await item.getByRole("button", { name: `Publish ${episodeTitle}` }).click()
  await page
    .getByRole("dialog", { name: `Publish ${episodeTitle}?` })
    .getByRole("button", { name: "Publish" })
    .click()
  await expect(item.getByText("Published", { exact: true })).toBeVisible()

  // A reader of a client company: every client hears it (the episode's default audience).
  const company = await createCompany(adminApi)
  const reader = await addPerson(adminApi, "reader", { companyId: company.id, name: unique("Listener") })
  const forwardedFor = clientAddressOf(`${testInfo.testId}:${reader.email}`)
  const readerApi = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  })
  await signInAs(readerApi, reader)
  const listener = await browser.newContext({
    baseURL: baseURL!,
    storageState: await readerApi.storageState(),
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  })
  await readerApi.dispose()
  try {
    const readerPage = await listener.newPage()
    const episodes = readerPage.waitForResponse(
      (response) => response.url().includes("/api/podcasts/episodes?") && response.ok(),
    )
    await readerPage.goto("/podcasts")
    await expect(readerPage.getByRole("heading", { name: "Podcasts", level: 1 })).toBeVisible()
    const page1 = (await (await episodes).json()) as { items: ReadonlyArray<Episode> }
    const episode = page1.items.find((candidate) => candidate.title === episodeTitle)
    expect(episode, "the reader's list has the episode").toBeDefined()

    const card = readerPage.getByRole("article", { name: episodeTitle })
    await expect(card.getByText(showTitle)).toBeVisible()
    await expect(card.getByRole("heading", { name: "Why it matters" })).toBeVisible()
    await expect(card.getByText("20:00", { exact: true })).toBeVisible()
    const audio = card.locator("audio")
    await expect(audio).toHaveAttribute("src", `/api/podcasts/episodes/${episode?.id}/audio`)
    await expect(audio).toHaveAttribute("preload", "metadata")

    const audioPath = `/api/podcasts/episodes/${episode?.id}/audio`
    const seeked = readerPage.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === audioPath &&
        response.request().headers().range !== undefined &&
        response.status() === 206 &&
        // 18 minutes in is byte 44 + 1,080 × 16,000 = 17,280,044 (the browser may start a little before).
        (contentRangeStart(response.headers()["content-range"]) ?? 0) >= 16_000_000,
    )
    await audio.evaluate((element: HTMLAudioElement) => {
      element.muted = true
      element.currentTime = 1080
      void element.play()
    })
    const ranged = await seeked
    expect(ranged.headers()["accept-ranges"]).toBe("bytes")
    // It plays on from the new place, not from the start.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1080.5)

    // A private feed address per show for a podcast app.
    await readerPage.getByRole("button", { name: "Make my feed address" }).click()
    const feed = readerPage.getByLabel(`Podcast feed address for ${showTitle}`)
    await expect(feed).toContainText(/\/feeds\/.+\/podcasts\//)
    await expect(
      readerPage.getByRole("button", { name: `Copy the feed address for ${showTitle}` }),
    ).toBeVisible()
  } finally {
    await listener.close()
  }
})

test("a reader is told podcast admin is for editors and admins", async ({
  browser,
  baseURL,
  adminApi,
  playwright,
}, testInfo) => {
  const reader = await addPerson(adminApi, "reader", { name: unique("Reader") })
  const forwardedFor = clientAddressOf(`${testInfo.testId}:${reader.email}`)
  const readerApi = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  })
  await signInAs(readerApi, reader)
  const context = await browser.newContext({
    baseURL: baseURL!,
    storageState: await readerApi.storageState(),
  })
  await readerApi.dispose()
  try {
    const page = await context.newPage()
    await page.goto("/podcasts/admin")
    await expect(
      page.getByRole("heading", { name: "Podcast admin is for editors and admins", level: 1 }),
    ).toBeVisible()
    const nav = page.getByRole("navigation", { name: "Main navigation" })
    await expect(nav.getByRole("link", { name: "Podcasts" })).toBeVisible()
    await expect(nav.getByRole("link", { name: "Podcast admin" })).toHaveCount(0)
  } finally {
    await context.close()
  }
})
