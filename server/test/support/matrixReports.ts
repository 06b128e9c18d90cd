import type { databaseOf } from "./directory.js"
import type { Ctx, Row } from "./matrix.js"

interface Deps {
  readonly db: () => ReturnType<typeof databaseOf>
  readonly next: () => number
}

/**
 * Matrix rows for tickers, reports and search. Reads address the target company's report (an
 * "own" reader reaches only reports for their company: another company's is a 404); writes use a
 * fresh draft written by the caller, since analysts edit only their own drafts. Favorites are
 * everyone's own; a reader favoriting an unreadable report gets a 404 (reports.test.ts).
 */
export const reportRows = ({ db, next }: Deps): Record<string, Row> => {
  const ticker = async () => {
    const symbol = `M${next()}`
    await db().query(
      (sql) => sql`insert into tickers (symbol, name, exchange, sector, currency, country)
                   values (${symbol}, 'Matrix Corp', 'NYSE', 'Technology', 'USD', 'US')`,
    )
    return symbol
  }
  const draftBy = async ({ caller }: Ctx, status = "draft") => {
    const rows = await db().query(
      (sql) => sql<{ id: string }>`
        insert into reports (title, sector, type, status, published_at, author_ids, created_by)
        values (${`Matrix draft ${next()}`}, 'Technology', 'note', ${status},
                ${status === "published" ? new Date() : null}, ${[caller.userId]}::uuid[], ${caller.userId})
        returning id`,
    )
    const id = rows[0]!.id
    await db().query(
      (sql) =>
        sql`insert into report_revisions (report_id, version, fields) values (${id}, 1, ${JSON.stringify({
          title: "Matrix draft",
          summary: "",
          body: "",
          type: "note",
          sector: "Technology",
          tickers: [],
          tags: [],
          channels: [],
          rating: null,
          targetPrice: null,
          targetCurrency: null,
        })}::jsonb)`,
    )
    return id
  }
  return {
    "tickers.list": {
      access: "policy",
      action: "tickers.read",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/tickers" }),
    },
    "tickers.get": {
      access: "policy",
      action: "tickers.read",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: `/tickers/${await ticker()}` }),
    },
    "tickers.create": {
      access: "policy",
      action: "tickers.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/tickers",
        body: {
          symbol: `N${next()}`,
          name: "New Corp",
          exchange: "NYSE",
          sector: "Energy",
          currency: "USD",
          country: "US",
        },
      }),
    },
    "tickers.update": {
      access: "policy",
      action: "tickers.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "PATCH",
        path: `/tickers/${await ticker()}`,
        body: { name: "Renamed Corp" },
      }),
    },
    "tickers.import": {
      access: "policy",
      action: "tickers.manage",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/tickers/import",
        body: {
          rows: [
            {
              line: 2,
              ticker: {
                symbol: `I${next()}`,
                name: "Imported",
                exchange: "LSE",
                sector: "Energy",
                currency: "GBP",
                country: "GB",
              },
            },
          ],
        },
      }),
    },
    "reports.list": {
      access: "policy",
      action: "reports.read",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/reports" }),
    },
    "reports.export": {
      access: "policy",
      action: "reports.export",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/reports/export" }),
    },
    "reports.get": {
      access: "policy",
      action: "reports.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/reports/${target.reportId}` }),
    },
    "reports.revisions": {
      access: "policy",
      action: "reports.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/reports/${target.reportId}/revisions` }),
    },
    "reports.revision": {
      access: "policy",
      action: "reports.read",
      need: "read",
      scoped: true,
      request: async ({ target }) => ({ method: "GET", path: `/reports/${target.reportId}/revisions/1` }),
    },
    "reports.favorite": {
      access: "policy",
      action: "favorites.manage",
      need: "write",
      scoped: false,
      request: async ({ target }) => ({ method: "PUT", path: `/reports/${target.reportId}/favorite` }),
    },
    "reports.unfavorite": {
      access: "policy",
      action: "favorites.manage",
      need: "write",
      scoped: false,
      request: async ({ target }) => ({ method: "DELETE", path: `/reports/${target.reportId}/favorite` }),
    },
    "reports.create": {
      access: "policy",
      action: "reports.create",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/reports",
        body: { title: `Matrix new ${next()}`, sector: "Energy" },
      }),
    },
    "reports.update": {
      access: "policy",
      action: "reports.edit",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "PATCH",
        path: `/reports/${await draftBy(ctx)}`,
        body: { version: 1, summary: "Edited" },
      }),
    },
    "reports.restore": {
      access: "policy",
      action: "reports.edit",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: `/reports/${await draftBy(ctx)}/revisions/1/restore`,
        body: { version: 1 },
      }),
    },
    "reports.transition": {
      access: "policy",
      action: "reports.submit",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: `/reports/${await draftBy(ctx)}/actions/submit`,
        body: {},
      }),
    },
    "reports.archiveMany": {
      access: "policy",
      action: "reports.archive",
      need: "write",
      scoped: false,
      request: async (ctx) => ({
        method: "POST",
        path: "/reports/archive",
        body: { ids: [await draftBy(ctx, "published")] },
      }),
    },
    "reports.import": {
      access: "policy",
      action: "reports.import",
      need: "write",
      scoped: false,
      request: async () => ({
        method: "POST",
        path: "/reports/import",
        body: {
          batchKey: `matrix-${next()}-${Date.now()}`,
          rows: [{ file: "m.csv", line: 2, record: { title: "Matrix import", sector: "Energy" } }],
        },
      }),
    },
    "search.search": {
      access: "policy",
      action: "search.use",
      need: "read",
      scoped: false,
      request: async () => ({ method: "GET", path: "/search?q=matrix" }),
    },
  }
}
