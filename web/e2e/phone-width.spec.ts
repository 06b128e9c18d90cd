import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { everyScreen, openScreen } from "./support/routeWalk"
import { sidewaysScroll } from "./support/sideways"

// Every route of the built console opened at a phone's width: nothing may reach past the
// screen's right edge.
test.use({
  storageState: adminStorageState,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
})

test("no route reaches past the screen at 390 px", async ({ page, adminApi }) => {
  test.slow() // one page load per route, 30-odd of them
  const overflowing: Array<string> = []
  for (const screen of await everyScreen(adminApi)) {
    await openScreen(page, screen)
    const { overflow, culprit } = await page.evaluate(sidewaysScroll)
    if (overflow > 0) overflowing.push(`${screen.path}: ${overflow} px (${culprit})`)
  }
  expect(overflowing).toEqual([])

  // The measure itself sees something wider than the screen.
  await page.evaluate(() => {
    const wide = document.createElement("div")
    wide.style.width = "600px"
    wide.style.height = "1px"
    document.body.append(wide)
  })
  expect((await page.evaluate(sidewaysScroll)).overflow).toBeGreaterThan(0)
})
