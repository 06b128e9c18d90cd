import { SqlClient } from "@effect/sql"
import { periodOrder } from "@folio/core"
import { Effect } from "effect"

/**
 * Coverage and KPIs for the demo: each analyst covers a dozen tickers with a call and a little
 * history (initiated months ago, a change since), the published demo reports that carry a rating
 * are their tickers' last reports, two tickers are flagged as paid relationships, and six tickers
 * have quarterly revenue, EPS and gross margin, estimates and actuals, over three years.
 */

type Rating = "buy" | "hold" | "sell" | "not_rated"

/** [symbol, analyst email, rating, target, earlier rating, earlier target] */
const calls: ReadonlyArray<readonly [string, string, Rating, number | null, Rating | null, number | null]> = [
  ["NVDA", "omar.haddad@folio.local", "buy", 210, "buy", 165],
  ["TSM", "omar.haddad@folio.local", "buy", 240, null, null],
  ["AVGO", "omar.haddad@folio.local", "buy", 210, "hold", 180],
  ["ASML", "omar.haddad@folio.local", "hold", 780, null, null],
  ["NEE", "omar.haddad@folio.local", "hold", 78, "buy", 85],
  ["DUK", "omar.haddad@folio.local", "sell", 98, "hold", 110],
  ["XOM", "omar.haddad@folio.local", "hold", 118, null, null],
  ["CVX", "omar.haddad@folio.local", "sell", 140, "hold", 155],
  ["GOOGL", "omar.haddad@folio.local", "buy", 230, null, null],
  ["META", "omar.haddad@folio.local", "buy", 760, "hold", 640],
  ["CAT", "omar.haddad@folio.local", "hold", 390, null, null],
  ["GE", "omar.haddad@folio.local", "buy", 260, null, null],
  ["AAPL", "priya.natarajan@folio.local", "hold", 245, "buy", 250],
  ["MSFT", "priya.natarajan@folio.local", "buy", 540, null, null],
  ["LLY", "priya.natarajan@folio.local", "buy", 1050, null, null],
  ["NVO", "priya.natarajan@folio.local", "hold", 72, "buy", 110],
  ["JPM", "priya.natarajan@folio.local", "buy", 310, null, null],
  ["BAC", "priya.natarajan@folio.local", "hold", 50, null, null],
  ["V", "priya.natarajan@folio.local", "buy", 390, null, null],
  ["MA", "priya.natarajan@folio.local", "buy", 640, null, null],
  ["UNH", "priya.natarajan@folio.local", "sell", 290, "hold", 520],
  ["MRK", "priya.natarajan@folio.local", "not_rated", null, null, null],
  ["AMZN", "priya.natarajan@folio.local", "buy", 265, null, null],
  ["WMT", "priya.natarajan@folio.local", "hold", 98, null, null],
]

const paidRelationships = ["JPM", "GE"]

/** [symbol, revenue per quarter at the start (USD m), quarterly growth, EPS at the start, gross margin %] */
const kpiTickers: ReadonlyArray<readonly [string, number, number, number, number]> = [
  ["NVDA", 22_100, 0.09, 0.52, 74.5],
  ["AAPL", 90_800, 0.015, 1.53, 45.9],
  ["MSFT", 61_900, 0.035, 2.94, 69.6],
  ["LLY", 8_800, 0.07, 2.58, 80.8],
  ["JPM", 41_900, 0.012, 4.44, 0],
  ["XOM", 83_100, -0.004, 2.06, 0],
]

const quarters = Array.from({ length: 12 }, (_, i) => `${2024 + Math.floor(i / 4)}Q${(i % 4) + 1}`)

/** A repeatable wobble in [-1, 1] (no randomness: the demo looks the same every time). */
const wobble = (n: number) => Math.sin(n * 12.9898) * 0.999

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

export const seedDemoCoverage = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`update tickers set paid_relationship = true where symbol = any(${paidRelationships}::text[])`
  for (const [index, [symbol, email, rating, target, earlierRating, earlierTarget]] of calls.entries()) {
    const [analyst] = yield* sql<{ id: string }>`select id from users where email = ${email}`
    if (analyst === undefined) continue
    const currency = target === null ? null : sql`(select currency from tickers where symbol = ${symbol})`
    const initiatedDaysAgo = 400 - index * 9
    const first =
      earlierRating === null ? { rating, target } : { rating: earlierRating, target: earlierTarget }
    yield* sql`
      insert into coverage (symbol, analyst_id, rating, target_price, target_currency, since, updated_at)
      values (${symbol}, ${analyst.id}, ${rating}, ${target}, ${currency},
              now() - make_interval(days => ${initiatedDaysAgo}),
              now() - make_interval(days => ${earlierRating === null ? initiatedDaysAgo : 30 + index}))`
    yield* sql`
      insert into coverage_changes (symbol, analyst_id, kind, at, changed_by, to_rating, to_target, to_currency, note)
      values (${symbol}, ${analyst.id}, 'initiate', now() - make_interval(days => ${initiatedDaysAgo}), ${analyst.id},
              ${first.rating}, ${first.target}, ${first.target === null ? null : currency}, 'Initiation')`
    if (earlierRating !== null) {
      yield* sql`
        insert into coverage_changes (symbol, analyst_id, kind, at, changed_by, from_rating, to_rating, from_target,
                                      to_target, from_currency, to_currency, report_id, note)
        values (${symbol}, ${analyst.id}, 'change', now() - make_interval(days => ${30 + index}), ${analyst.id},
                ${earlierRating}, ${rating}, ${earlierTarget}, ${target}, ${currency}, ${currency},
                (select r.id from reports r where r.status = 'published' and r.tickers[1] = ${symbol}
                   and r.author_ids[1] = ${analyst.id} and r.rating is not null order by r.published_at desc limit 1),
                ${rating === earlierRating ? "Target revised after results" : "Rating changed after results"})`
    }
  }
  // The published demo reports on a covered ticker by its analyst are that row's last report.
  yield* sql`
    update coverage c set last_report_id = r.id
    from (select distinct on (r.tickers[1], r.author_ids[1]) r.id, r.tickers[1] as symbol, r.author_ids[1] as analyst_id
          from reports r where r.status = 'published' and cardinality(r.tickers) > 0
          order by r.tickers[1], r.author_ids[1], r.published_at desc) r
    where c.symbol = r.symbol and c.analyst_id = r.analyst_id`

  for (const [t, [symbol, revenue, growth, eps, margin]] of kpiTickers.entries()) {
    const metrics: Array<readonly [string, string, (q: number) => number, number]> = [
      ["Revenue", "USD m", (q) => round(revenue * (1 + growth) ** q, 0), 0.02],
      ["EPS", "USD", (q) => round(eps * (1 + growth * 1.2) ** q, 2), 0.05],
    ]
    if (margin > 0) metrics.push(["Gross margin", "%", (q) => round(margin + wobble(q + t) * 1.5, 1), 0.01])
    for (const [name, unit, base, spread] of metrics) {
      const [metric] = yield* sql<{ id: string }>`
        insert into kpi_metrics (symbol, name, unit, frequency) values (${symbol}, ${name}, ${unit}, 'quarterly')
        returning id`
      for (const [q, period] of quarters.entries()) {
        const estimate = base(q)
        const digits = unit === "USD m" ? 0 : unit === "USD" ? 2 : 1
        const actual = round(estimate * (1 + wobble(q * 7 + t * 3 + name.length) * spread), digits)
        yield* sql`
          insert into kpi_values (metric_id, period, period_order, kind, value, source)
          values (${metric!.id}, ${period}, ${periodOrder(period)}, 'estimate', ${estimate}, 'Folio model')`
        // The newest two quarters have not reported yet.
        if (q < quarters.length - 2) {
          yield* sql`
            insert into kpi_values (metric_id, period, period_order, kind, value, source)
            values (${metric!.id}, ${period}, ${periodOrder(period)}, 'actual', ${actual}, 'Company filing')`
        }
      }
    }
  }
  yield* Effect.logInfo(
    `Seeded ${calls.length} coverage rows and KPIs for ${kpiTickers.length} tickers for the demo.`,
  )
})
