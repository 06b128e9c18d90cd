import { cliSignIn, databaseOf } from "../../../server/test/support/directory.js"
import type { FolioRun } from "./folio.js"
import type { ReportsWorld } from "./reports.js"

/**
 * Publisher staff for the coverage and KPI tests, written straight into the test database (as
 * the server's tests arrange users) and signed in through the API: each gets a bearer token that
 * `folio` uses through FOLIO_URL and FOLIO_TOKEN, as CI would.
 */
export interface Staff {
  readonly email: string
  readonly name: string
  readonly id: string
  /** Runs `folio` as this user. */
  readonly folio: (args: ReadonlyArray<string>) => Promise<FolioRun>
}

interface Person {
  readonly email: string
  readonly name: string
  readonly role: "analyst" | "editor" | "reader"
}

/** One Staff per person given, in the same order. */
export const addStaff = async <const P extends ReadonlyArray<Person>>(
  world: ReportsWorld,
  people: P,
): Promise<{ readonly [K in keyof P]: Staff }> => {
  const db = databaseOf(world.server)
  try {
    const publisher = await db.publisherId()
    const staff: Array<Staff> = []
    for (const person of people) {
      const id = await db.user({ ...person, companyId: publisher })
      const token = await cliSignIn(world.server, person.email)
      staff.push({ ...person, id, folio: (args) => world.withToken(token, args) })
    }
    return staff as unknown as { readonly [K in keyof P]: Staff }
  } finally {
    await db.close()
  }
}
