import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { hashPassword } from "../auth/passwords.js"
import { seedDemoCoverage } from "./demoCoverage.js"
import { seedDemoPodcasts } from "./demoPodcasts.js"
import { seedDemoReadership } from "./demoReadership.js"
import { seedDemoResearch } from "./demoResearch.js"

/** Every demo account signs in with this password (printed once when the seed runs). */
export const demoPassword = "folio-demo-2026"

interface DemoCompany {
  readonly name: string
  readonly slug: string
  readonly domain: string
  readonly sectors: ReadonlyArray<string> | null
  readonly teams: ReadonlyArray<{ readonly name: string; readonly description: string }>
  readonly people: ReadonlyArray<{
    readonly name: string
    readonly email: string
    readonly role: "reader" | "developer"
    readonly team?: string
    readonly lead?: boolean
  }>
}

const staff = [
  { name: "Elena Marsh", email: "elena.marsh@folio.local", role: "editor" },
  { name: "Omar Haddad", email: "omar.haddad@folio.local", role: "analyst" },
  { name: "Priya Natarajan", email: "priya.natarajan@folio.local", role: "analyst" },
  { name: "Jonas Berg", email: "jonas.berg@folio.local", role: "developer" },
] as const

const clients: ReadonlyArray<DemoCompany> = [
  {
    name: "Northwind Capital",
    slug: "northwind-capital",
    domain: "northwind.example",
    sectors: null,
    teams: [
      { name: "Global Equities", description: "Long-only equity portfolio managers" },
      { name: "Risk", description: "Portfolio risk and compliance" },
    ],
    people: [
      {
        name: "Grace Liu",
        email: "grace.liu@northwind.example",
        role: "reader",
        team: "Global Equities",
        lead: true,
      },
      { name: "Tom Okafor", email: "tom.okafor@northwind.example", role: "reader", team: "Global Equities" },
      {
        name: "Sara Lindqvist",
        email: "sara.lindqvist@northwind.example",
        role: "reader",
        team: "Risk",
        lead: true,
      },
      { name: "Dev Patel", email: "dev.patel@northwind.example", role: "developer" },
    ],
  },
  {
    name: "Harbor Pension Fund",
    slug: "harbor-pension",
    domain: "harborpension.example",
    sectors: ["Utilities", "Financials", "Health Care"],
    teams: [{ name: "Investment Committee", description: "Quarterly allocation decisions" }],
    people: [
      {
        name: "Miguel Santos",
        email: "miguel.santos@harborpension.example",
        role: "reader",
        team: "Investment Committee",
        lead: true,
      },
      {
        name: "Alice Moreau",
        email: "alice.moreau@harborpension.example",
        role: "reader",
        team: "Investment Committee",
      },
    ],
  },
  {
    name: "Atlas Asset Management",
    slug: "atlas-am",
    domain: "atlas-am.example",
    sectors: ["Information Technology", "Communication Services"],
    teams: [
      { name: "Tech Fund", description: "Technology sector fund" },
      { name: "Quant", description: "Systematic strategies" },
    ],
    people: [
      {
        name: "Hannah Kim",
        email: "hannah.kim@atlas-am.example",
        role: "reader",
        team: "Tech Fund",
        lead: true,
      },
      { name: "Ravi Shah", email: "ravi.shah@atlas-am.example", role: "reader", team: "Quant" },
      { name: "Lena Fischer", email: "lena.fischer@atlas-am.example", role: "developer", team: "Quant" },
    ],
  },
]

/**
 * A small, realistic organisation for trying Folio out: the publisher's staff in every role and
 * three client companies with teams, about fifty tickers and reports in every state. Runs once, on the first start of an empty database.
 */
export const seedDemo = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const hash = yield* hashPassword(demoPassword)
  const [publisher] = yield* sql<{ id: string }>`select id from companies where kind = 'publisher'`
  if (!publisher) return
  for (const person of staff) {
    yield* sql`
      insert into users (email, name, company_id, role, status, password_hash)
      values (${person.email}, ${person.name}, ${publisher.id}, ${person.role}, 'active', ${hash})
      on conflict do nothing`
  }
  for (const company of clients) {
    const [row] = yield* sql<{ id: string }>`
      insert into companies (name, slug, domain, kind, entitled_sectors)
      values (${company.name}, ${company.slug}, ${company.domain}, 'client',
              string_to_array(${company.sectors?.join("|") ?? null}, '|'))
      returning id`
    const companyId = row!.id
    const teamIds = new Map<string, string>()
    for (const team of company.teams) {
      const [t] = yield* sql<{ id: string }>`
        insert into teams (company_id, name, description) values (${companyId}, ${team.name}, ${team.description})
        returning id`
      teamIds.set(team.name, t!.id)
    }
    for (const person of company.people) {
      const [u] = yield* sql<{ id: string }>`
        insert into users (email, name, company_id, role, status, password_hash)
        values (${person.email}, ${person.name}, ${companyId}, ${person.role}, 'active', ${hash})
        returning id`
      const teamId = person.team ? teamIds.get(person.team) : undefined
      if (teamId) {
        yield* sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${u!.id}, ${person.lead ? "lead" : "member"})`
      }
    }
  }
  yield* seedDemoResearch
  yield* seedDemoCoverage
  yield* seedDemoReadership
  yield* seedDemoPodcasts
  const people = staff.length + clients.reduce((n, c) => n + c.people.length, 0)
  yield* Effect.logWarning(
    `Seeded demo data (FOLIO_SEED=demo): ${clients.length} client companies and ${people} people, e.g. ${staff[0].email} (editor) and ${clients[0]!.people[0]!.email} (reader). Every demo account's password is ${demoPassword}.`,
  )
}).pipe(Effect.withSpan("seedDemo"))
