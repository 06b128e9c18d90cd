// Shared by the reports benchmarks (reports-import.mjs, reports-query.mjs, cli/bench/import-stream.mjs
// and the others on PostgreSQL): realistic research reports from a seeded generator, the reference
// data they point at (tickers, client companies with teams, analysts), and the plumbing to run a
// real server on a throwaway PostgreSQL database (scratchRun, startScratchServer).
import { spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { once } from "node:events"
import { createWriteStream, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freePort, startServerProcess, stopProcess } from "./processes.mjs"

// ---------------------------------------------------------------------------------------------
// Reference data

/** About 50 real large caps: [symbol, name, exchange, GICS sector, currency, country]. */
const tickerRows = [
  ["AAPL", "Apple Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["MSFT", "Microsoft Corp.", "NASDAQ", "Information Technology", "USD", "US"],
  ["NVDA", "NVIDIA Corp.", "NASDAQ", "Information Technology", "USD", "US"],
  ["AVGO", "Broadcom Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["ORCL", "Oracle Corp.", "NYSE", "Information Technology", "USD", "US"],
  ["CRM", "Salesforce Inc.", "NYSE", "Information Technology", "USD", "US"],
  ["ADBE", "Adobe Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["AMD", "Advanced Micro Devices", "NASDAQ", "Information Technology", "USD", "US"],
  ["CSCO", "Cisco Systems", "NASDAQ", "Information Technology", "USD", "US"],
  ["INTC", "Intel Corp.", "NASDAQ", "Information Technology", "USD", "US"],
  ["QCOM", "Qualcomm Inc.", "NASDAQ", "Information Technology", "USD", "US"],
  ["TXN", "Texas Instruments", "NASDAQ", "Information Technology", "USD", "US"],
  ["ASML", "ASML Holding", "NASDAQ", "Information Technology", "USD", "NL"],
  ["SAP", "SAP SE", "NYSE", "Information Technology", "USD", "DE"],
  ["GOOGL", "Alphabet Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["META", "Meta Platforms", "NASDAQ", "Communication Services", "USD", "US"],
  ["NFLX", "Netflix Inc.", "NASDAQ", "Communication Services", "USD", "US"],
  ["DIS", "Walt Disney Co.", "NYSE", "Communication Services", "USD", "US"],
  ["VZ", "Verizon Communications", "NYSE", "Communication Services", "USD", "US"],
  ["CMCSA", "Comcast Corp.", "NASDAQ", "Communication Services", "USD", "US"],
  ["AMZN", "Amazon.com Inc.", "NASDAQ", "Consumer Discretionary", "USD", "US"],
  ["TSLA", "Tesla Inc.", "NASDAQ", "Consumer Discretionary", "USD", "US"],
  ["HD", "Home Depot", "NYSE", "Consumer Discretionary", "USD", "US"],
  ["MCD", "McDonald's Corp.", "NYSE", "Consumer Discretionary", "USD", "US"],
  ["NKE", "Nike Inc.", "NYSE", "Consumer Discretionary", "USD", "US"],
  ["TM", "Toyota Motor", "NYSE", "Consumer Discretionary", "USD", "JP"],
  ["WMT", "Walmart Inc.", "NYSE", "Consumer Staples", "USD", "US"],
  ["PG", "Procter & Gamble", "NYSE", "Consumer Staples", "USD", "US"],
  ["KO", "Coca-Cola Co.", "NYSE", "Consumer Staples", "USD", "US"],
  ["PEP", "PepsiCo Inc.", "NASDAQ", "Consumer Staples", "USD", "US"],
  ["COST", "Costco Wholesale", "NASDAQ", "Consumer Staples", "USD", "US"],
  ["JPM", "JPMorgan Chase", "NYSE", "Financials", "USD", "US"],
  ["BAC", "Bank of America", "NYSE", "Financials", "USD", "US"],
  ["GS", "Goldman Sachs", "NYSE", "Financials", "USD", "US"],
  ["MS", "Morgan Stanley", "NYSE", "Financials", "USD", "US"],
  ["V", "Visa Inc.", "NYSE", "Financials", "USD", "US"],
  ["MA", "Mastercard Inc.", "NYSE", "Financials", "USD", "US"],
  ["BRK.B", "Berkshire Hathaway", "NYSE", "Financials", "USD", "US"],
  ["UNH", "UnitedHealth Group", "NYSE", "Health Care", "USD", "US"],
  ["JNJ", "Johnson & Johnson", "NYSE", "Health Care", "USD", "US"],
  ["LLY", "Eli Lilly", "NYSE", "Health Care", "USD", "US"],
  ["PFE", "Pfizer Inc.", "NYSE", "Health Care", "USD", "US"],
  ["ABBV", "AbbVie Inc.", "NYSE", "Health Care", "USD", "US"],
  ["MRK", "Merck & Co.", "NYSE", "Health Care", "USD", "US"],
  ["NVO", "Novo Nordisk", "NYSE", "Health Care", "USD", "DK"],
  ["XOM", "Exxon Mobil", "NYSE", "Energy", "USD", "US"],
  ["CVX", "Chevron Corp.", "NYSE", "Energy", "USD", "US"],
  ["SHEL", "Shell plc", "NYSE", "Energy", "USD", "GB"],
  ["CAT", "Caterpillar Inc.", "NYSE", "Industrials", "USD", "US"],
  ["BA", "Boeing Co.", "NYSE", "Industrials", "USD", "US"],
  ["HON", "Honeywell International", "NASDAQ", "Industrials", "USD", "US"],
  ["UPS", "United Parcel Service", "NYSE", "Industrials", "USD", "US"],
  ["NEE", "NextEra Energy", "NYSE", "Utilities", "USD", "US"],
  ["DUK", "Duke Energy", "NYSE", "Utilities", "USD", "US"],
  ["LIN", "Linde plc", "NASDAQ", "Materials", "USD", "US"],
  ["PLD", "Prologis Inc.", "NYSE", "Real Estate", "USD", "US"],
]
export const tickers = tickerRows.map(([symbol, name, exchange, sector, currency, country]) => ({
  symbol,
  name,
  exchange,
  sector,
  currency,
  country,
}))
export const sectors = [...new Set(tickers.map((t) => t.sector))]

/** The publisher's analysts, each covering a couple of sectors. */
export const analysts = [
  ["Omar Haddad", ["Information Technology"]],
  ["Priya Natarajan", ["Information Technology", "Communication Services"]],
  ["Daniel Reyes", ["Communication Services", "Consumer Discretionary"]],
  ["Mei Tanaka", ["Consumer Discretionary", "Consumer Staples"]],
  ["Lukas Brandt", ["Consumer Staples", "Real Estate"]],
  ["Amara Okafor", ["Financials"]],
  ["Charles Whitmore", ["Financials", "Utilities"]],
  ["Sofia Romano", ["Health Care"]],
  ["Ethan Cole", ["Health Care", "Materials"]],
  ["Nadia Petrova", ["Energy", "Utilities"]],
  ["Ben Adeyemi", ["Industrials", "Materials"]],
  ["Laura Jensen", ["Industrials", "Energy"]],
].map(([name, covers]) => ({
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@research.folio.example`,
  covers,
}))

/** Client companies with teams; `sectors` null means entitled to every sector. */
export const clients = [
  {
    name: "Northwind Capital",
    slug: "northwind-capital",
    sectors: null,
    teams: ["Global Equities", "Risk"],
  },
  {
    name: "Harbor Pension Fund",
    slug: "harbor-pension",
    sectors: ["Utilities", "Financials", "Health Care"],
    teams: ["Investment Committee"],
  },
  {
    name: "Atlas Asset Management",
    slug: "atlas-am",
    sectors: ["Information Technology", "Communication Services"],
    teams: ["Tech Fund", "Quant"],
  },
  {
    name: "Meridian Partners",
    slug: "meridian-partners",
    sectors: null,
    teams: ["Macro", "Long Short Equity"],
  },
  { name: "Cobalt Family Office", slug: "cobalt-fo", sectors: null, teams: [] },
]

// ---------------------------------------------------------------------------------------------
// Text

/** mulberry32: small, fast, seeded; the same seed gives the same reports. */
export const rngOf = (seed) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n) => Math.floor(next() * n)
  const pick = (xs) => xs[int(xs.length)]
  const chance = (p) => next() < p
  const between = (lo, hi) => lo + next() * (hi - lo)
  const some = (xs, n) => {
    const pool = [...xs]
    const out = []
    while (out.length < n && pool.length > 0) out.push(pool.splice(int(pool.length), 1)[0])
    return out
  }
  return { next, int, pick, chance, between, some }
}

export const drivers = {
  "Information Technology": [
    "AI accelerator demand",
    "hyperscaler capex",
    "data center networking",
    "HBM supply",
    "cloud consumption",
    "seat expansion",
    "the PC refresh cycle",
    "smartphone unit recovery",
    "enterprise software renewals",
    "inventory digestion at distributors",
    "wafer pricing",
    "advanced packaging capacity",
    "cybersecurity spending",
    "subscription migration",
    "edge inference workloads",
    "lithography tool orders",
    "analog pricing",
    "automotive semiconductor content",
  ],
  "Communication Services": [
    "advertising pricing",
    "engagement with short-form video",
    "subscriber growth",
    "churn in postpaid phones",
    "ARPU uplift from price increases",
    "content amortisation",
    "live sports rights",
    "broadband net additions",
    "fixed wireless access",
    "search monetisation",
    "ad-supported tiers",
    "theme park attendance",
  ],
  "Consumer Discretionary": [
    "same-store sales",
    "traffic versus ticket",
    "promotional intensity",
    "vehicle deliveries",
    "EV pricing",
    "e-commerce penetration",
    "fulfilment costs",
    "housing turnover",
    "wholesale order books",
    "value menu traction",
    "inventory clean-up",
    "loyalty programme engagement",
  ],
  "Consumer Staples": [
    "price/mix",
    "volume elasticity",
    "private label share gains",
    "commodity input costs",
    "membership fee income",
    "emerging market volumes",
    "grocery inflation",
    "shelf space resets",
    "marketing reinvestment",
    "bottler refranchising",
  ],
  Financials: [
    "net interest income",
    "deposit beta",
    "loan growth",
    "credit card charge-offs",
    "CET1 headroom",
    "investment banking fees",
    "trading revenue",
    "cross-border travel volumes",
    "wealth management flows",
    "buyback capacity",
    "commercial real estate exposure",
    "payments volume growth",
  ],
  "Health Care": [
    "GLP-1 demand",
    "obesity drug supply",
    "the Phase 3 readout",
    "FDA approval timing",
    "the patent cliff",
    "medical cost ratio",
    "Medicare Advantage rates",
    "biosimilar erosion",
    "oncology launches",
    "drug pricing negotiation",
    "hospital utilisation",
    "pipeline depth",
  ],
  Energy: [
    "refining margins",
    "crack spreads",
    "Permian production growth",
    "LNG contracting",
    "Brent pricing",
    "upstream capex discipline",
    "free cash flow yield",
    "dividend coverage",
    "chemicals margins",
    "low-carbon investment",
  ],
  Industrials: [
    "backlog conversion",
    "book-to-bill",
    "aftermarket pricing",
    "aircraft deliveries",
    "supply chain bottlenecks",
    "parcel volumes",
    "dealer inventories",
    "automation orders",
    "infrastructure spending",
    "mining equipment demand",
  ],
  Utilities: [
    "rate base growth",
    "load growth from data centers",
    "allowed returns",
    "renewables development",
    "regulatory outcomes",
    "storm cost recovery",
    "transmission capex",
  ],
  Materials: ["industrial gas pricing", "project backlog", "hydrogen investment", "volume recovery"],
  "Real Estate": ["logistics rent growth", "occupancy", "development starts", "cap rate expansion"],
}
export const headwinds = [
  "foreign exchange",
  "tariff uncertainty",
  "a softer consumer",
  "higher interest rates",
  "wage inflation",
  "elevated freight costs",
  "China demand",
  "regulatory scrutiny",
  "a tougher comparison base",
  "competitive pricing",
  "working capital build",
  "restructuring charges",
  "integration costs",
  "a weaker European economy",
  "energy costs",
  "labour availability",
]
export const channels = [
  "distributors",
  "channel partners",
  "suppliers in Taiwan",
  "industry contacts",
  "procurement managers",
  "store managers",
  "dealers",
  "hospital administrators",
  "brokers",
  "freight forwarders",
  "resellers",
]
const colour = [
  "The quarter was cleaner than the headline suggests once one-offs are stripped out.",
  "Cash conversion improved sequentially and working capital normalised.",
  "We think the market is underestimating the durability of the recurring revenue base.",
  "The balance sheet leaves room for further buybacks without stretching leverage.",
  "Capital allocation remains disciplined, with returns on invested capital well above the cost of capital.",
  "Consensus appears to extrapolate peak margins; we prefer to underwrite a more normalised level.",
  "Mix shift towards higher-margin services continues to support gross margin.",
  "Operating expenses grew slower than revenue, delivering positive operating leverage.",
  "Management sounded more cautious on the second half than on the first.",
  "We see limited read-across to peers given the idiosyncratic nature of the miss.",
  "The stock trades at a discount to its five-year average multiple despite better growth.",
  "Positioning looks crowded and sentiment is fragile into the print.",
  "Our scenario analysis points to an asymmetric risk/reward from here.",
  "We continue to prefer names with pricing power and net cash balance sheets.",
  "Seasonality makes the fourth quarter the key proof point for the full-year plan.",
  "The new disclosure on segment profitability is a welcome step for transparency.",
  "Procurement cycles are lengthening as customers scrutinise every large contract.",
  "Pricing actions taken last year are now annualising, so volume has to do more of the work.",
  "A lower tax rate flattered earnings per share by a few cents.",
  "The capital markets day should clarify medium-term targets and segment margins.",
  "Dividend growth remains well covered by free cash flow.",
  "We flag a modest increase in receivable days that bears watching.",
  "The order intake commentary was the most encouraging part of the call.",
  "Inventory levels across the channel look healthy for the first time in several quarters.",
  "Competitive intensity has eased as smaller players retrench.",
  "Management reiterated its commitment to the investment-grade rating.",
]
const subjects = [
  "The outlook for",
  "Investor focus on",
  "Our confidence in",
  "The bear case on",
  "Sell-side expectations for",
  "Management's framing of",
  "The sensitivity of earnings to",
  "Visibility on",
  "Near-term momentum in",
  "The long-run trajectory of",
]
const verbs = [
  "hinges on",
  "improved materially after",
  "looks too anchored to",
  "should benefit from",
  "is clouded by",
  "was reinforced by",
  "deteriorated following",
  "depends less than feared on",
  "will be tested by",
  "underpins our view of",
]
const objects = [
  "the upcoming product cycle",
  "a normalisation in channel inventories",
  "the cost-savings programme",
  "the pending acquisition",
  "the antitrust review",
  "the refinancing of near-term maturities",
  "the new segment reporting",
  "the pace of share repurchases",
  "contract renewals with the largest customers",
  "the ramp of the new facility",
  "the labour agreement negotiations",
  "the shift to usage-based pricing",
  "emerging-market currency moves",
  "the tax settlement",
  "the warranty provision release",
  "easing semiconductor lead times",
  "the divestiture of the non-core unit",
  "a recovery in replacement demand",
]
const qualifiers = [
  "in our view",
  "on our numbers",
  "at least through the next two quarters",
  "notwithstanding the noise in reported figures",
  "even in our bear scenario",
  "despite recent volatility",
  "relative to the sector",
  "assuming no further escalation",
]
// A long tail of places, programmes and technical terms, picked with a Zipf-like skew so a few
// are common and most are rare, as in real research.
export const places =
  "Austin Phoenix Osaka Hsinchu Dresden Monterrey Rotterdam Singapore Shenzhen Bangalore Krakow Leipzig Nagoya Penang Chennai Guadalajara Ohio Arizona Texas Bavaria Jutland Ontario Quebec Alberta Queensland Gujarat Jiangsu Guangdong Lombardy Catalonia Flanders Silesia Andalusia Saxony Hokkaido Kyushu Busan Incheon Taichung Kaohsiung Haifa Dublin Cork Limerick Lyon Grenoble Toulouse Seville Porto Gdansk Brno Timisoara Izmir Casablanca Nairobi Lagos Johannesburg Santiago Lima Bogota Manaus Recife Cordoba Tijuana Juarez Reno Boise Omaha Tulsa Midland Odessa Corpus Baton Mobile Savannah Charleston Raleigh Richmond Albany Buffalo Rochester Toledo Dayton Peoria Wichita Spokane Tacoma Fresno Bakersfield".split(
    " ",
  )
export const facilities = [
  "fab",
  "plant",
  "refinery",
  "terminal",
  "campus",
  "distribution center",
  "hub",
  "mine",
  "data center",
  "assembly line",
  "research site",
  "warehouse",
]
export const techTerms =
  "chiplet photonics lidar inverter electrolyser turbine gearbox firmware hypervisor middleware compiler tokenizer transformer diffusion lakehouse observability orchestration containerisation microservices telemetry biologic antibody peptide oligonucleotide gene-therapy radiopharmaceutical bispecific stent catheter dialysis insulin statin vaccine adjuvant biosimilar generic formulary rebate reinsurance annuity custody clearing settlement tokenisation stablecoin remittance underwriting securitisation leasing factoring drilling fracking sequestration ammonia methanol lithium cobalt nickel graphite copper aluminium polymer resin coating adhesive membrane catalyst semiconductor substrate epitaxy etch deposition metrology packaging interposer backplane optics transceiver switch router firewall antenna spectrum satellite fibre coax turbine locomotive railcar trailer forklift excavator tractor combine harvester sprayer drone avionics fuselage nacelle airframe thermostat heat-pump elevator escalator chiller compressor valve pump bearing actuator sensor robot gripper conveyor pallet container chassis battery cathode anode separator electrolyte charger grid transformer substation meter".split(
    " ",
  )
export const programmes =
  "Apollo Atlas Beacon Catalyst Compass Delta Eclipse Falcon Frontier Genesis Horizon Ignite Jupiter Keystone Lighthouse Meridian Neptune Orion Pinnacle Quantum Radiant Summit Titan Unity Vanguard Vertex Zenith Aurora Borealis Cascade Cobalt Everest Granite Harbor Ironwood Juniper Kestrel Lumen Mosaic Nimbus Onyx Polaris Redwood Sequoia Sierra Tundra Willow".split(
    " ",
  )
/** Index skewed towards the start of a list: the first items common, the last ones rare. */
const zipf = (r, xs) => xs[Math.min(xs.length - 1, Math.floor(xs.length * r.next() ** 2.5))]
const quarters = ["Q1", "Q2", "Q3", "Q4"]
export const risks = [
  "a sharper macro slowdown",
  "execution on the product roadmap",
  "key customer concentration",
  "adverse regulatory decisions",
  "litigation outcomes",
  "currency volatility",
  "supply disruptions",
  "management turnover",
  "a failed integration",
  "pricing pressure from new entrants",
  "cyber incidents",
  "geopolitical tensions",
]
const tagsPool = [
  "earnings",
  "guidance",
  "valuation",
  "ESG",
  "M&A",
  "dividend",
  "AI",
  "macro",
  "rates",
  "consumer",
  "supply chain",
  "pricing",
  "capital returns",
  "China",
]
const ratings = ["buy", "buy", "buy", "hold", "hold", "sell"]

const capital = (s) => `${s[0].toUpperCase()}${s.slice(1)}`
const pct = (r, lo, hi) => r.between(lo, hi).toFixed(1)
const money = (r, lo, hi) => r.between(lo, hi).toFixed(2)
const yearOf = (r) => 2024 + r.int(3)

const sentence = (r, co, sector) => {
  const d = drivers[sector] ?? drivers.Industrials
  const y = yearOf(r)
  switch (r.int(16)) {
    case 0:
      return `${co} reported ${r.pick(quarters)} revenue of $${money(r, 2, 120)}bn, ${r.pick(["ahead of", "in line with", "below"])} consensus by ${pct(r, 0.2, 6)}%, driven by ${r.pick(d)}.`
    case 1:
      return `We ${r.pick(["raise", "lower", "trim", "lift"])} our ${y} EPS estimate to $${money(r, 1, 30)} from $${money(r, 1, 30)} as ${r.pick(d)} ${r.pick(["offsets", "outweighs", "only partly offsets"])} ${r.pick(headwinds)}.`
    case 2:
      return `Management ${r.pick(["reiterated", "raised", "narrowed", "cut"])} full-year guidance, citing ${r.pick(d)} and ${r.pick(headwinds)}.`
    case 3:
      return `${capital(r.pick(d))} remains the key debate for investors; we see ${r.pick(["upside", "downside"])} of ${pct(r, 3, 25)}% if ${r.pick(d)} ${r.pick(["accelerates", "holds up", "disappoints"])}.`
    case 4:
      return `Checks with ${r.pick(channels)} suggest ${r.pick(d)} ${r.pick(["accelerated", "stabilised", "slowed", "improved"])} through ${r.pick(["the quarter", "the summer", "year-end", "the holiday season"])}.`
    case 5:
      return `Gross margin ${r.pick(["expanded", "contracted"])} ${r.int(300) + 10}bp year over year to ${pct(r, 20, 75)}%, with ${r.pick(headwinds)} a ${r.pick(["modest", "meaningful", "one-off"])} drag.`
    case 6:
      return `Free cash flow of $${money(r, 0.5, 30)}bn funded $${money(r, 0.2, 15)}bn of buybacks and dividends in the period.`
    case 7:
      return `We expect ${r.pick(d)} to contribute roughly ${pct(r, 1, 9)} points of growth in ${y}, against ${pct(r, 1, 9)} points in ${y - 1}.`
    case 8:
      return `Versus peers, ${co} screens ${r.pick(["cheap", "expensive", "fairly valued"])} at ${pct(r, 8, 45)}x ${y} earnings and ${pct(r, 4, 30)}x EV/EBITDA.`
    case 9:
      return `The main risks to our view are ${r.pick(risks)}, ${r.pick(risks)} and ${r.pick(headwinds)}.`
    case 12:
      return `The ${zipf(r, places)} ${r.pick(facilities)} ${r.pick(["ramps", "comes online", "reaches full output", "is delayed"])} in ${r.pick(quarters)} ${yearOf(r)}, adding ${zipf(r, techTerms)} and ${zipf(r, techTerms)} capacity under project ${zipf(r, programmes)}.`
    case 13:
      return `We model ${zipf(r, techTerms)} revenue of $${money(r, 0.1, 9)}bn by ${yearOf(r) + 2}, with ${zipf(r, techTerms)} attach rates ${r.pick(["rising", "stable", "falling"])} in ${zipf(r, places)} and ${zipf(r, places)}.`
    case 10:
    case 11:
      return `${r.pick(subjects)} ${r.pick(drivers[r.pick(sectors)] ?? d)} ${r.pick(verbs)} ${r.pick(objects)}, ${r.pick(qualifiers)}.`
    default:
      return r.pick(colour)
  }
}

const paragraph = (r, co, sector, n) => Array.from({ length: n }, () => sentence(r, co, sector)).join(" ")

const estimatesTable = (r) => {
  const y = yearOf(r)
  const row = (label, lo, hi) =>
    `| ${label} | ${money(r, lo, hi)} | ${money(r, lo, hi)} | ${money(r, lo, hi)} |`
  return [
    `| $m unless stated | ${y - 1}A | ${y}E | ${y + 1}E |`,
    "| --- | ---: | ---: | ---: |",
    row("Revenue", 5000, 400000),
    row("EBITDA", 1000, 120000),
    row("EPS ($)", 1, 30),
    row("Free cash flow", 500, 90000),
  ].join("\n")
}

const headlines = (r, sector) => {
  const d = drivers[sector] ?? drivers.Industrials
  const driver = r.pick(d)
  return r.pick([
    `${r.pick(quarters)} beat on ${driver}; raising estimates`,
    `${r.pick(quarters)} miss as ${r.pick(headwinds)} bites`,
    `${capital(driver)} is the story to watch`,
    `Guidance reset looks conservative`,
    `Downgrade to Hold on valuation`,
    `Upgrade to Buy: ${driver} inflects`,
    `Initiating coverage: a compounder at a fair price`,
    `What the market is missing on ${driver}`,
    `Takeaways from the capital markets day`,
    `Estimates cut on ${r.pick(headwinds)}`,
    `Checks point to better ${driver}`,
    `Flash: first read on ${r.pick(quarters)} results`,
  ])
}

/**
 * One report as an import record (the fields of docs/import.md). Bodies are Markdown of about
 * 2–4 KB: sections, bullet lists and an estimates table, from a vocabulary of a few thousand words.
 */
export const makeReport = (r, externalId, now = Date.now()) => {
  const primary = r.pick(tickers)
  const sameSector = tickers.filter((t) => t.sector === primary.sector && t.symbol !== primary.symbol)
  const extra = r.some(r.chance(0.75) ? sameSector : tickers, r.pick([0, 0, 1, 1, 2]))
  const reportTickers = [primary, ...extra.filter((t) => t.symbol !== primary.symbol)]
  const sector = primary.sector
  const type = r.pick([
    "note",
    "note",
    "note",
    "note",
    "update",
    "update",
    "update",
    "flash",
    "initiation",
    "sector",
  ])
  const co = primary.name
  const title =
    type === "sector"
      ? `${sector}: ${headlines(r, sector)}`
      : `${co} (${primary.symbol}): ${headlines(r, sector)}`
  const summary = paragraph(r, co, sector, 2 + r.int(2))
  const sections = [
    `## Investment view\n\n${paragraph(r, co, sector, 4 + r.int(3))}\n\n${paragraph(r, co, sector, 3 + r.int(3))}`,
    `## Key points\n\n${Array.from({ length: 3 + r.int(3) }, () => `- ${sentence(r, co, sector)}`).join("\n")}`,
    `## Results and estimates\n\n${paragraph(r, co, sector, 3 + r.int(3))}\n\n${estimatesTable(r)}`,
    `## Valuation\n\n${paragraph(r, co, sector, 2 + r.int(3))}`,
    `## Risks\n\n${paragraph(r, co, sector, 2 + r.int(2))}`,
  ]
  if (reportTickers.length > 1)
    sections.splice(
      2,
      0,
      `## Read-across\n\n${reportTickers
        .slice(1)
        .map((t) => `**${t.name} (${t.symbol})**: ${paragraph(r, t.name, t.sector, 2)}`)
        .join("\n\n")}`,
    )
  const body = `# ${title}\n\n${sections.join("\n\n")}\n`
  const coverers = analysts.filter((a) => a.covers.includes(sector))
  const authors = r.some(coverers.length > 0 ? coverers : analysts, r.chance(0.3) ? 2 : 1).map((a) => a.email)
  const status = r.pick([
    "published",
    "published",
    "published",
    "published",
    "published",
    "published",
    "published",
    "archived",
    "draft",
    "draft",
    "in_review",
    "approved",
  ])
  const audience = audienceOf(r)
  const rated = type !== "sector" && type !== "flash"
  const rating = rated ? r.pick(ratings) : null
  const record = {
    externalId,
    title,
    summary,
    body,
    type,
    sector,
    tickers: reportTickers.map((t) => t.symbol),
    authors,
    tags: r.some(tagsPool, r.int(4)),
    audience,
    status,
    rating,
    targetPrice: rated ? Number(money(r, 20, 900)) : null,
    targetCurrency: rated ? "USD" : null,
  }
  if (status === "published" || status === "archived")
    record.publishedAt = new Date(now - Math.floor(r.next() * 3 * 365 * 86400_000)).toISOString()
  return record
}

/** `all` for a third, else one or two companies (sometimes a team), some held back 24 h. */
const audienceOf = (r) => {
  if (r.chance(0.35)) return ["all"]
  const picked = r.some(clients, r.chance(0.6) ? 1 : 2)
  return picked.map((c) => {
    const team = c.teams.length > 0 && r.chance(0.25) ? `/${r.pick(c.teams)}` : ""
    const embargo = r.chance(0.2) ? "+24h" : ""
    return `${c.slug}${team}${embargo}`
  })
}

export const importFields = [
  "externalId",
  "title",
  "summary",
  "body",
  "type",
  "sector",
  "tickers",
  "authors",
  "tags",
  "audience",
  "status",
  "rating",
  "targetPrice",
  "targetCurrency",
  "publishedAt",
]

const csvCell = (value) => {
  if (value === null || value === undefined) return ""
  const text = Array.isArray(value) ? value.join(";") : String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
export const csvHeader = `${importFields.join(",")}\n`
export const csvLine = (record) => `${importFields.map((f) => csvCell(record[f])).join(",")}\n`

// ---------------------------------------------------------------------------------------------
// PostgreSQL and the server

export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
export const databaseUrl = (name) => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export const connect = async (url) => {
  const client = new pg.Client({ connectionString: url })
  // A forced drop of the database ends its connections; that is expected at the end of a run.
  client.on("error", () => {})
  await client.connect()
  return client
}

/** Runs `sql` on the admin database (create/drop database cannot run in a transaction). */
export const adminQuery = async (sql, params) => {
  const client = await connect(adminUrl).catch((error) => {
    throw new Error(
      `The reports benchmarks need a PostgreSQL server they may create databases on: ${adminUrl} (${error.message}). Set BENCH_DATABASE_URL.`,
    )
  })
  try {
    return await client.query(sql, params)
  } finally {
    await client.end()
  }
}

export const dropDatabase = (name) => adminQuery(`drop database if exists "${name}" with (force)`)

/** `COPY … FROM STDIN` through psql, streaming `file`; resolves with psql's output. */
export const psqlCopy = (url, target, file) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      "psql",
      [url, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", `\\copy ${target} from '${file}' with (format csv)`],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
    })
    child.stderr.on("data", (d) => {
      out += d
    })
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`psql exited ${code}: ${out}`))))
  })

export const adminEmail = "bench-admin@folio.example"
export const adminPassword = "bench password for the reports benchmarks"

const serverMain = new URL("../dist/main.js", import.meta.url).pathname

/**
 * Starts a build of the server (`main`: dist/main.js unless said) on `dbUrl`: `node <nodeOptions>
 * main`, behind `prefix` (e.g. taskset) if any, on `port` (a free one unless said), with the bench
 * admin, no seed and warnings only in its log, `env` on top. Resolves once /api/health answers: by
 * default within 20 minutes (on a kept database, a new migration may first rebuild an index of 1M
 * rows). The other options are startServerProcess's (processes.mjs).
 */
export const startServer = async (
  dbUrl,
  dataDir,
  { main = serverMain, nodeOptions = [], prefix = [], env = {}, port, ...options } = {},
) => {
  const listen = port ?? (await freePort())
  const [command, ...args] = [...prefix, process.execPath, ...nodeOptions, main]
  return startServerProcess({
    command,
    args,
    port: listen,
    tries: 12_000,
    env: {
      ...process.env,
      PORT: String(listen),
      DATABASE_URL: dbUrl,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_ADMIN_EMAIL: adminEmail,
      FOLIO_ADMIN_PASSWORD: adminPassword,
      FOLIO_SEED: "none",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      ...env,
    },
    ...options,
  })
}

/** JSON over fetch; throws with the body on a non-2xx answer. */
export const api = async (base, token, method, path, body) => {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`)
  return text === "" ? null : JSON.parse(text)
}

export const signIn = async (base, email, password) =>
  (await api(base, null, "POST", "/session", { email, password, client: "cli" })).token

/**
 * Tickers, client companies with their teams, and analysts, through the API as the admin.
 * Analysts are invited (an invited writer may already be named as an author).
 */
export const seedReferenceData = async (base, token) => {
  await api(base, token, "POST", "/tickers/import", {
    rows: tickers.map((ticker, i) => ({ line: i + 2, ticker })),
  })
  const me = await api(base, token, "GET", "/session")
  const companies = []
  for (const client of clients) {
    const company = await api(base, token, "POST", "/companies", {
      name: client.name,
      slug: client.slug,
      entitlements: client.sectors ?? "all",
    })
    const teams = []
    for (const name of client.teams)
      teams.push(await api(base, token, "POST", `/companies/${company.id}/teams`, { name }))
    companies.push({ ...client, id: company.id, teams: teams.map((t) => ({ id: t.id, name: t.name })) })
  }
  const writers = []
  for (const analyst of analysts) {
    const user = await api(base, token, "POST", "/users/invite", {
      email: analyst.email,
      name: analyst.name,
      companyId: me.company.id,
      role: "analyst",
    })
    writers.push({ ...analyst, id: user.id })
  }
  return { companies, analysts: writers, publisherId: me.company.id, adminId: me.user.id }
}

/**
 * The bench's clean-up (stop the server, drop the database…), run once whichever comes first: the
 * end of the run, a failure, Ctrl-C or kill (SIGINT, SIGTERM, SIGHUP), after which the process
 * exits with 130. Returns the once-only clean-up for the bench's own `finally`.
 */
export const onInterrupt = (cleanup) => {
  let done
  const once = () => {
    done ??= Promise.resolve()
      .then(cleanup)
      .catch((error) => console.error(`clean-up failed: ${error.message}`))
    return done
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`)
      once().finally(() => process.exit(130))
    })
  return once
}

/** A bench's own database name, `${prefix}_<pid>_<time>`: the form dropStaleDatabases looks for. */
export const scratchDatabaseName = (prefix) => `${prefix}_${process.pid}_${Date.now().toString(36)}`

/** dropDatabase for a clean-up: a failure is printed, not thrown, so the rest of the clean-up runs. */
export const dropDatabaseOrWarn = (name) =>
  dropDatabase(name).catch((error) => console.error(`could not drop ${name}: ${error.message}`))

/**
 * Drops databases `${prefix}_<pid>_…` left by a run that was killed outright (SIGKILL, power
 * loss), when no process has that pid any more.
 */
export const dropStaleDatabases = async (prefix) => {
  const { rows } = await adminQuery("select datname from pg_database where datname like $1", [
    `${prefix}\\_%`,
  ])
  for (const { datname } of rows) {
    const pid = Number(/^.*_(\d+)_[a-z0-9]+$/.exec(datname)?.[1])
    if (!Number.isInteger(pid) || pid === process.pid) continue
    let alive = true
    try {
      process.kill(pid, 0)
    } catch (error) {
      alive = error.code === "EPERM"
    }
    if (!alive) {
      await dropDatabase(datname)
      console.log(`  dropped ${datname}, left by an earlier run that was killed`)
    }
  }
}

/**
 * A bench's scratch run: a temp folder (`dirPrefix…`) and a database of its own (scratchDatabaseName),
 * both removed by `cleanUp` with the bench's `files` elsewhere (e.g. builds beside dist/main.js);
 * `cleanUp` runs once: at the end of the run, on failure, Ctrl-C or kill (onInterrupt). Before that
 * it runs the bench's own `before` (what it holds besides), ends the clients opened with `connect`
 * and stops the processes pushed to `children`, in that order.
 */
export const scratchRun = (dirPrefix, dbPrefix, { files = [], before = async () => {} } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix))
  const dbName = scratchDatabaseName(dbPrefix)
  const dbUrl = databaseUrl(dbName)
  const children = []
  const clients = []
  const cleanUp = onInterrupt(async () => {
    await before()
    for (const client of clients) await client.end().catch(() => {})
    for (const child of children) await stopProcess(child)
    await dropDatabaseOrWarn(dbName)
    rmSync(dir, { recursive: true, force: true })
    for (const file of files) rmSync(file, { force: true })
  })
  return {
    dir,
    dbName,
    dbUrl,
    children,
    cleanUp,
    /** Drops the databases of earlier runs of this bench that were killed outright. */
    dropStale: () => dropStaleDatabases(dbPrefix),
    createDatabase: () => adminQuery(`create database "${dbName}"`),
    connect: async () => {
      const client = await connect(dbUrl)
      clients.push(client)
      return client
    },
  }
}

/** Signs the admin in on `base` and creates an API token for a day: the session and the token's secret. */
export const adminToken = async (base, name, scopes) => {
  const session = await signIn(base, adminEmail, adminPassword)
  const { secret: token } = await api(base, session, "POST", "/tokens", { name, scopes, expiresInDays: 1 })
  return { session, token }
}

/**
 * Creates the run's database and starts the server on it (one of the run's children), with a
 * write token `tokenName` for the admin and the reference data seeded; then connects to the database.
 */
export const startScratchServer = async (run, tokenName) => {
  await run.createDatabase()
  const server = await startServer(run.dbUrl, run.dir)
  run.children.push(server.child)
  const { session, token } = await adminToken(server.url, tokenName, ["write"])
  const refs = await seedReferenceData(server.url, session)
  const db = await run.connect()
  return { server, session, token, refs, db }
}

/** Writes `lines` (any iterable of strings) to `file`, waiting whenever the stream asks to. */
export const writeLines = async (file, lines) => {
  const out = createWriteStream(file)
  for (const line of lines) if (!out.write(line)) await once(out, "drain")
  out.end()
  await once(out, "finish")
}

export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]

/** n, p50, p95 and max of a list of numbers. */
export const summary = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) }
}

export const uuid = randomUUID
