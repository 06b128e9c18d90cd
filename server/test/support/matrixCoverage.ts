import type { databaseOf } from "./directory.js"
import type { Ctx, Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

/**
 * Matrix rows for coverage and KPIs. Reads are everyone's; a change of coverage addresses the
 * caller's own row (an analyst's "own"), on a fresh ticker each time. A KPI import by an analyst
 * who covers nothing answers 200 with its rows refused (kpis.test.ts checks the refusal).
 */
export const coverageRows = ({ db, next }: Deps): Record<string, Row> => {
  const ticker = async () => {
    const symbol = `C${next()}`
    await db().query(
      (sql) => sql`insert into tickers (symbol, name, exchange, sector, currency, country)
                   values (${symbol}, 'Matrix Coverage Corp', 'NYSE', 'Technology', 'USD', 'US')`,
    )
    return symbol
  }
  const coveredBy = async ({ caller }: Ctx) => {
    const symbol = await ticker()
    await db().query(
      (sql) =>
        sql`insert into coverage (symbol, analyst_id, rating) values (${symbol}, ${caller.userId}, 'hold')`,
    )
    return symbol
  }
  const read = (action: "coverage.read" | "kpis.read", path: (ctx: Ctx) => Promise<string>): Row => ({
    access: "policy",
    action,
    need: "read",
    scoped: false,
    request: async (ctx) => ({ method: "GET", path: await path(ctx) }),
  })
  return {
    "coverage.list": read("coverage.read", async () => "/coverage"),
    "coverage.distribution": read("coverage.read", async () => "/coverage/distribution"),
    "coverage.history": read(
      "coverage.read",
      async (ctx) => `/coverage/history?symbol=${await coveredBy(ctx)}`,
    ),
    "coverage.set": {
      access: "policy",
      action: "coverage.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/coverage",
        body: { symbol: await ticker(), rating: "buy" },
      }),
    },
    "coverage.drop": {
      access: "policy",
      action: "coverage.manage",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: "/coverage/drop",
        body: { symbol: await coveredBy(ctx) },
      }),
    },
    "kpis.list": read("kpis.read", async () => "/kpis"),
    "kpis.get": read("kpis.read", async () => `/kpis/${await ticker()}`),
    "kpis.import": {
      access: "policy",
      action: "kpis.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/kpis/import",
        body: {
          rows: [
            {
              line: 2,
              value: {
                ticker: await ticker(),
                metric: "Revenue",
                period: "2026Q3",
                kind: "actual",
                value: 1,
                unit: "USD m",
              },
            },
          ],
        },
      }),
    },
  }
}
