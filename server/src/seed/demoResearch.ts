import { SqlClient } from "@effect/sql"
import { standardDisclosures } from "@folio/core"
import { Effect } from "effect"

/** [symbol, name, exchange, GICS sector, currency, country] — about fifty real large caps. */
const tickers: ReadonlyArray<readonly [string, string, string, string, string, string]> = [
  ["AAPL", "Apple Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["MSFT", "Microsoft Corporation", "NASDAQ", "Information Technology", "USD", "US"],
  ["NVDA", "NVIDIA Corporation", "NASDAQ", "Information Technology", "USD", "US"],
  ["AVGO", "Broadcom Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["ORCL", "Oracle Corporation", "NYSE", "Information Technology", "USD", "US"],
  ["ASML", "ASML Holding N.V.", "NASDAQ", "Information Technology", "EUR", "NL"],
  ["TSM", "Taiwan Semiconductor Manufacturing", "NYSE", "Information Technology", "USD", "TW"],
  ["SAP", "SAP SE", "XETRA", "Information Technology", "EUR", "DE"],
  ["GOOGL", "Alphabet Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["META", "Meta Platforms, Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["NFLX", "Netflix, Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["DIS", "The Walt Disney Company", "NYSE", "Communication Services", "USD", "US"],
  ["TMUS", "T-Mobile US, Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["AMZN", "Amazon.com, Inc.", "NASDAQ", "Consumer Discretionary", "USD", "US"],
  ["TSLA", "Tesla, Inc.", "NASDAQ", "Consumer Discretionary", "USD", "US"],
  ["HD", "The Home Depot, Inc.", "NYSE", "Consumer Discretionary", "USD", "US"],
  ["MCD", "McDonald's Corporation", "NYSE", "Consumer Discretionary", "USD", "US"],
  ["7203.T", "Toyota Motor Corporation", "TSE", "Consumer Discretionary", "JPY", "JP"],
  ["MC.PA", "LVMH Moët Hennessy Louis Vuitton", "EPA", "Consumer Discretionary", "EUR", "FR"],
  ["WMT", "Walmart Inc.", "NYSE", "Consumer Staples", "USD", "US"],
  ["PG", "The Procter & Gamble Company", "NYSE", "Consumer Staples", "USD", "US"],
  ["KO", "The Coca-Cola Company", "NYSE", "Consumer Staples", "USD", "US"],
  ["COST", "Costco Wholesale Corporation", "NASDAQ", "Consumer Staples", "USD", "US"],
  ["NESN.SW", "Nestlé S.A.", "SIX", "Consumer Staples", "CHF", "CH"],
  ["JPM", "JPMorgan Chase & Co.", "NYSE", "Financials", "USD", "US"],
  ["V", "Visa Inc.", "NYSE", "Financials", "USD", "US"],
  ["MA", "Mastercard Incorporated", "NYSE", "Financials", "USD", "US"],
  ["BAC", "Bank of America Corporation", "NYSE", "Financials", "USD", "US"],
  ["BRK.B", "Berkshire Hathaway Inc.", "NYSE", "Financials", "USD", "US"],
  ["HSBA.L", "HSBC Holdings plc", "LSE", "Financials", "GBP", "GB"],
  ["LLY", "Eli Lilly and Company", "NYSE", "Health Care", "USD", "US"],
  ["UNH", "UnitedHealth Group Incorporated", "NYSE", "Health Care", "USD", "US"],
  ["JNJ", "Johnson & Johnson", "NYSE", "Health Care", "USD", "US"],
  ["NVO", "Novo Nordisk A/S", "NYSE", "Health Care", "USD", "DK"],
  ["MRK", "Merck & Co., Inc.", "NYSE", "Health Care", "USD", "US"],
  ["AZN.L", "AstraZeneca PLC", "LSE", "Health Care", "GBP", "GB"],
  ["XOM", "Exxon Mobil Corporation", "NYSE", "Energy", "USD", "US"],
  ["CVX", "Chevron Corporation", "NYSE", "Energy", "USD", "US"],
  ["SHEL.L", "Shell plc", "LSE", "Energy", "GBP", "GB"],
  ["TTE", "TotalEnergies SE", "NYSE", "Energy", "USD", "FR"],
  ["CAT", "Caterpillar Inc.", "NYSE", "Industrials", "USD", "US"],
  ["GE", "GE Aerospace", "NYSE", "Industrials", "USD", "US"],
  ["UNP", "Union Pacific Corporation", "NYSE", "Industrials", "USD", "US"],
  ["SIE.DE", "Siemens AG", "XETRA", "Industrials", "EUR", "DE"],
  ["LIN", "Linde plc", "NYSE", "Materials", "USD", "GB"],
  ["BHP", "BHP Group Limited", "NYSE", "Materials", "USD", "AU"],
  ["NEE", "NextEra Energy, Inc.", "NYSE", "Utilities", "USD", "US"],
  ["DUK", "Duke Energy Corporation", "NYSE", "Utilities", "USD", "US"],
  ["PLD", "Prologis, Inc.", "NYSE", "Real Estate", "USD", "US"],
  ["AMT", "American Tower Corporation", "NYSE", "Real Estate", "USD", "US"],
]

interface DemoReport {
  readonly title: string
  readonly summary: string
  readonly body: string
  readonly type: "note" | "update" | "initiation" | "sector" | "flash"
  readonly sector: string
  readonly tickers: ReadonlyArray<string>
  readonly author: string
  readonly status: "draft" | "in_review" | "published"
  readonly rating?: "buy" | "hold" | "sell"
  readonly targetPrice?: number
  /** Company slugs ("all" for every client), optionally with "+24h". */
  readonly audience: ReadonlyArray<string>
  readonly daysAgo: number
}

const reports: ReadonlyArray<DemoReport> = [
  {
    title: "NVIDIA: data-centre demand outruns supply again",
    summary:
      "Hyperscaler capex guidance rose for the third quarter running; we lift estimates and the target.",
    body: "## What changed\n\nThe four largest cloud providers raised 2027 capital expenditure guidance by a combined **18%**. Lead times for accelerators stretched to 36 weeks.\n\n## Estimates\n\n| | Old | New |\n|---|---|---|\n| FY27 revenue ($bn) | 212 | 231 |\n| FY27 EPS ($) | 4.10 | 4.52 |\n\n## Risks\n\n- Export controls tighten further\n- Customer concentration: the top four buyers are ~45% of revenue\n",
    type: "update",
    sector: "Information Technology",
    tickers: ["NVDA", "TSM"],
    author: "omar.haddad@folio.local",
    status: "published",
    rating: "buy",
    targetPrice: 210,
    audience: ["atlas-am", "northwind-capital+24h"],
    daysAgo: 2,
  },
  {
    title: "Apple and Microsoft: two ways to monetise on-device AI",
    summary: "Apple sells the hardware upgrade; Microsoft sells the seat. We compare unit economics.",
    body: "Apple's installed base of 2.4 billion active devices makes an upgrade cycle the obvious lever, while Microsoft prices Copilot per seat.\n\n> Our channel checks point to a modest upgrade cycle, not a super-cycle.\n\nWe stay **hold** on Apple and **buy** on Microsoft.\n",
    type: "note",
    sector: "Information Technology",
    tickers: ["AAPL", "MSFT"],
    author: "priya.natarajan@folio.local",
    status: "published",
    rating: "hold",
    targetPrice: 245,
    audience: ["all"],
    daysAgo: 5,
  },
  {
    title: "Utilities: rate cases turn supportive",
    summary: "Allowed returns on equity are rising in most large US jurisdictions; regulated names re-rate.",
    body: "Allowed ROEs averaged 9.8% in the last twelve months, up 40 bp. NextEra and Duke both have large cases pending.\n",
    type: "sector",
    sector: "Utilities",
    tickers: ["NEE", "DUK"],
    author: "omar.haddad@folio.local",
    status: "published",
    audience: ["harbor-pension", "northwind-capital/Risk"],
    daysAgo: 9,
  },
  {
    title: "Eli Lilly: initiating at buy on obesity franchise depth",
    summary: "Supply is catching up with demand; we see consensus too low for 2027–2028.",
    body: "We initiate coverage of Eli Lilly with a **buy** rating.\n\n1. Manufacturing capacity doubles by 2027\n2. Oral GLP-1 data due next quarter\n3. Pricing holds better than feared\n",
    type: "initiation",
    sector: "Health Care",
    tickers: ["LLY", "NVO"],
    author: "priya.natarajan@folio.local",
    status: "published",
    rating: "buy",
    targetPrice: 1050,
    audience: ["harbor-pension", "northwind-capital"],
    daysAgo: 14,
  },
  {
    title: "Flash: Exxon raises buyback after Permian volumes beat",
    summary: "Production 4% above guidance; buyback pace up to $20bn a year.",
    body: "Quick take: volumes beat, costs in line, capital return up. No change to our numbers until the call.\n",
    type: "flash",
    sector: "Energy",
    tickers: ["XOM"],
    author: "omar.haddad@folio.local",
    status: "published",
    audience: ["northwind-capital"],
    daysAgo: 1,
  },
  {
    title: "Banks: net interest income has peaked",
    summary:
      "Deposit costs keep rising while asset yields flatten; we trim estimates for the money-centre banks.",
    body: "Draft — waiting for the Fed's senior loan officer survey before sending for review.\n",
    type: "sector",
    sector: "Financials",
    tickers: ["JPM", "BAC"],
    author: "priya.natarajan@folio.local",
    status: "draft",
    audience: ["harbor-pension"],
    daysAgo: 0,
  },
  {
    title: "Alphabet: search share holds despite AI answers",
    summary: "Query volumes grew 6% year on year; ad load on AI answers is rising faster than we modelled.",
    body: "Submitted for review. Key point: monetisation of AI overviews is within 5% of classic search.\n",
    type: "update",
    sector: "Communication Services",
    tickers: ["GOOGL", "META"],
    author: "omar.haddad@folio.local",
    status: "in_review",
    rating: "buy",
    targetPrice: 230,
    audience: ["atlas-am"],
    daysAgo: 0,
  },
]

/** Tickers and a handful of reports in every state, for the demo organisation. */
export const seedDemoResearch = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const [symbol, name, exchange, sector, currency, country] of tickers) {
    yield* sql`
      insert into tickers (symbol, name, exchange, sector, currency, country)
      values (${symbol}, ${name}, ${exchange}, ${sector}, ${currency}, ${country}) on conflict do nothing`
  }
  for (const report of reports) {
    const author = (yield* sql<{ id: string }>`select id from users where email = ${report.author}`)[0]
    if (!author) continue
    const published = report.status === "published"
    const [row] = yield* sql<{ id: string }>`
      insert into reports (title, summary, body, type, sector, tickers, author_ids, rating, target_price, target_currency,
                           status, published_at, disclosures, created_by, created_at, updated_at)
      values (${report.title}, ${report.summary}, ${report.body}, ${report.type}, ${report.sector}, ${[...report.tickers]}::text[],
              ${[author.id]}::uuid[], ${report.rating ?? null}, ${report.targetPrice ?? null}, ${report.targetPrice ? "USD" : null},
              ${report.status}, ${published ? sql`now() - make_interval(days => ${report.daysAgo})` : null},
              ${published ? standardDisclosures : null}, ${author.id},
              now() - make_interval(days => ${report.daysAgo + 1}), now() - make_interval(days => ${report.daysAgo}))
      returning id`
    const id = row!.id
    yield* sql`
      insert into report_revisions (report_id, version, fields, note, saved_by)
      values (${id}, 1, ${JSON.stringify({
        title: report.title,
        summary: report.summary,
        body: report.body,
        type: report.type,
        sector: report.sector,
        tickers: report.tickers,
        tags: [],
        channels: [],
        rating: report.rating ?? null,
        targetPrice: report.targetPrice ?? null,
        targetCurrency: report.targetPrice ? "USD" : null,
      })}::jsonb, 'Created', ${author.id})`
    for (const ref of report.audience) {
      const [target, hours] = ref.split("+")
      const [slug, team] = (target ?? "").split("/")
      yield* sql`
        insert into report_audience (report_id, company_id, team_id, embargo_hours)
        select ${id}, c.id, t.id, ${Number.parseInt(hours ?? "0", 10)}
        from (select 1) one
        left join companies c on c.slug = ${slug ?? ""}
        left join teams t on t.company_id = c.id and t.name = ${team ?? ""}
        where ${slug === "all"} or c.id is not null`
    }
  }
  yield* Effect.logInfo(`Seeded ${tickers.length} tickers and ${reports.length} reports for the demo.`)
})
