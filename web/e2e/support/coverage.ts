import type { Coverage } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { addPerson } from "./accounts"
import { write } from "./directory"
import { createTicker } from "./reports"

/** Sets a call through the API as whoever `request` is (the caller covers it without `analystId`). */
export const setCoverage = (
  request: APIRequestContext,
  call: {
    readonly symbol: string
    readonly analystId?: string
    readonly rating: "buy" | "hold" | "sell" | "not_rated"
    readonly targetPrice?: number
  },
): Promise<Coverage> => write<Coverage>(request, "POST", "/api/coverage", call, 200)

/** A ticker no other spec uses, and two analysts of the publisher named to sort apart (A before Z). */
export const coverageFixture = async (admin: APIRequestContext, label: string) => {
  const suffix = Math.random().toString(36).slice(2, 7)
  const symbol = await createTicker(admin, `${label} ${suffix} Corp`)
  const [first, second] = await Promise.all([
    addPerson(admin, "analyst", { label: `cov-a-${suffix}`, name: `Aaron Abbott ${suffix}` }),
    addPerson(admin, "analyst", { label: `cov-z-${suffix}`, name: `Zora Zimmer ${suffix}` }),
  ])
  return { symbol, first, second }
}
