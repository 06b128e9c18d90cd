/**
 * KPI figures for the offline provider: every number in a sentence that carries a unit (a
 * currency, %, basis points, a multiple, a scale word or a counted noun), with the period named in
 * the same sentence and the metric it belongs to. Values are the text exactly as written; nothing
 * is computed or invented. Pure and deterministic.
 */

/** A token of a sentence, its offsets relative to the sentence's text. */
export interface KpiToken {
  readonly start: number
  readonly end: number
  readonly text: string
  readonly pos: string
  readonly stop: boolean
}

export interface KpiSentence {
  readonly text: string
  readonly tokens: ReadonlyArray<KpiToken>
}

export interface KpiRow {
  readonly metric: string
  readonly value: string
  readonly unit: string
  readonly period: string
}

const currencyCodes = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CHF",
  "CNY",
  "RMB",
  "HKD",
  "CAD",
  "AUD",
  "NZD",
  "SGD",
  "INR",
  "KRW",
  "TWD",
  "SEK",
  "NOK",
  "DKK",
] as const

const currencySymbols: Record<string, string> = {
  US$: "USD",
  C$: "CAD",
  A$: "AUD",
  HK$: "HKD",
  S$: "SGD",
  NZ$: "NZD",
  $: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
}

const currencyWords: Record<string, string> = {
  dollar: "USD",
  dollars: "USD",
  euro: "EUR",
  euros: "EUR",
  pound: "GBP",
  pounds: "GBP",
  yen: "JPY",
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

const codes = currencyCodes.join("|")
const num = String.raw`[+\-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`
const scale = "(?:bn|billion|trn|tn|trillion|mln|mn|mm|million|m|k|thousand|b)"
const symbols = Object.keys(currencySymbols)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join("|")

const figurePattern = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,$€£¥])(?:(?<sym>${symbols})\s?|(?<code>${codes})\s?)?(?<num>${num})(?:\s?(?<scale>${scale})(?![\p{L}\p{N}]))?`,
  "gu",
)

const yearish = String.raw`(?:\d{4}|['’]\d{2})`
const periodPattern = new RegExp(
  String.raw`(?<![\p{L}\p{N}$€£¥.,])(?:${[
    String.raw`[1-4]Q(?:\d{2}|\s?\d{4}|\s?['’]\d{2})[EA]?`,
    String.raw`Q[1-4]\s?(?:FY|CY)\s?['’]?(?:\d{4}|\d{2})[EA]?`,
    String.raw`Q[1-4](?:\s?${yearish}|-\d{2,4})[EA]?`,
    String.raw`[12]H(?:\d{2}|\s?\d{4}|\s?['’]\d{2})[EA]?`,
    String.raw`H[12]\s?(?:FY|CY)\s?['’]?(?:\d{4}|\d{2})[EA]?`,
    String.raw`H[12](?:\s?${yearish}|-\d{2,4})[EA]?`,
    String.raw`(?:FY|CY)\s?['’]?(?:\d{4}|\d{2})[EA]?(?:\s?\/\s?['’]?(?:\d{4}|\d{2})[EA]?)?`,
    String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s(?:19|20)\d{2}`,
    String.raw`(?:19|20)\d{2}[EAF]?`,
    "Q[1-4]|H[12]",
    String.raw`(?:[Nn]ext|[Tt]his|[Ll]ast|[Pp]rior|[Pp]revious|[Cc]oming|[Cc]urrent)\s(?:fiscal\s|financial\s)?(?:year|quarter|half)`,
    "NTM|LTM|TTM|YTD|[Yy]ear[- ]to[- ]date",
  ].join("|")})(?![\p{L}\p{N}])`,
  "gu",
)

/** Metric words and phrases an equity report uses, as they are shown. */
const knownMetrics = [
  "revenue",
  "margin",
  "net revenue",
  "data centre revenue",
  "data center revenue",
  "revenue per user",
  "sales",
  "net sales",
  "organic growth",
  "growth",
  "gross margin",
  "gross profit",
  "operating margin",
  "operating income",
  "operating profit",
  "EBIT",
  "EBIT margin",
  "EBITDA",
  "EBITDA margin",
  "adjusted EBITDA",
  "net income",
  "net profit",
  "net margin",
  "profit",
  "earnings",
  "EPS",
  "diluted EPS",
  "adjusted EPS",
  "free cash flow",
  "FCF",
  "FCF yield",
  "operating cash flow",
  "cash flow",
  "capex",
  "capital expenditure",
  "opex",
  "R&D",
  "dividend",
  "dividend yield",
  "payout ratio",
  "yield",
  "target price",
  "price target",
  "fair value",
  "market share",
  "market cap",
  "valuation",
  "guidance",
  "backlog",
  "bookings",
  "order intake",
  "ARR",
  "ARPU",
  "ROE",
  "ROIC",
  "ROA",
  "net debt",
  "leverage",
  "buyback",
  "share buyback",
  "P/E",
  "EV/EBITDA",
  "EV/sales",
  "P/B",
  "spread",
  "subscribers",
  "users",
  "customers",
  "shipments",
  "volume",
  "utilisation",
  "utilization",
  "inventory",
  "headcount",
  "upside",
  "downside",
]

const metricByLower = new Map(knownMetrics.map((metric) => [metric.toLowerCase(), metric]))

const metricAlternation = [...knownMetrics]
  .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))
  .map(escapeRegExp)
  .join("|")

const metricPattern = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${metricAlternation})(?:es|s)?(?![\p{L}\p{N}])`,
  "giu",
)

const metricRightAfter = new RegExp(
  String.raw`^\s(?:(?:${periodPattern.source})\s)?(?<metric>(?:${metricAlternation})(?:es|s)?)(?![\p{L}\p{N}])`,
  "iu",
)

const canonicalMetric = (matched: string): string => {
  const lower = matched.toLowerCase()
  return (
    metricByLower.get(lower) ??
    metricByLower.get(lower.replace(/es$/, "")) ??
    metricByLower.get(lower.replace(/s$/, "")) ??
    matched
  )
}

/** Words that are a figure's unit or scale, a period, or a currency: never its metric. */
const notMetricWords = new Set([
  "bn",
  "billion",
  "tn",
  "trn",
  "trillion",
  "m",
  "mn",
  "mln",
  "mm",
  "million",
  "k",
  "thousand",
  "b",
  "x",
  "bp",
  "bps",
  "pp",
  "ppt",
  "ppts",
  "percent",
  "cent",
  "point",
  "points",
  "year",
  "years",
  "quarter",
  "quarters",
  "half",
  "month",
  "months",
  "week",
  "weeks",
  "day",
  "days",
  "times",
  "share",
  "shares",
  ...currencyCodes.map((code) => code.toLowerCase()),
  ...Object.keys(currencyWords),
])

/** Nouns counted after a number that are not units (`12 months`, `3 times`). */
const notCountUnits = new Set([
  "year",
  "years",
  "quarter",
  "quarters",
  "month",
  "months",
  "week",
  "weeks",
  "day",
  "days",
  "hour",
  "hours",
  "times",
  "point",
  "points",
  "percent",
  "cent",
])

const clauseBreak = /;|\s(?:while|whereas|but|although|though)\s/giu

/** Where the clause holding `before` starts, looking no further back than `from`. */
const clauseStart = (text: string, from: number, before: number): number => {
  let start = from
  for (const match of text.slice(from, before).matchAll(clauseBreak)) {
    start = from + (match.index ?? 0) + match[0].length
  }
  return start
}

const lastKnownMetric = (text: string): string | null => {
  let found: string | null = null
  for (const match of text.matchAll(metricPattern)) found = canonicalMetric(match[0])
  return found
}

const isUpperWord = (word: string) => /\p{L}/u.test(word) && word === word.toUpperCase()

const showWord = (word: string) => (isUpperWord(word) && word.length > 1 ? word : word.toLowerCase())

/** The index of the last token ending at or before `offset` (-1 when none). */
const lastTokenBefore = (tokens: ReadonlyArray<KpiToken>, offset: number): number => {
  let low = 0
  let high = tokens.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((tokens[middle] as KpiToken).end <= offset) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/** The noun phrase (up to three words) nearest before `before`, from `from` on. */
const nounPhraseBefore = (
  tokens: ReadonlyArray<KpiToken>,
  from: number,
  before: number,
  masked: ReadonlySet<KpiToken>,
): string | null => {
  const usable = (token: KpiToken) =>
    /^[\p{L}][\p{L}&'-]*$/u.test(token.text) &&
    !token.stop &&
    !notMetricWords.has(token.text.toLowerCase()) &&
    !masked.has(token)
  for (let i = lastTokenBefore(tokens, before); i >= 0; i--) {
    const token = tokens[i] as KpiToken
    if (token.start < from) break
    if (!((token.pos === "NOUN" || token.pos === "PROPN") && usable(token))) continue
    const words = [token.text]
    for (let j = i - 1; j >= 0 && words.length < 3; j--) {
      const previous = tokens[j] as KpiToken
      if (previous.start < from) break
      if (!["NOUN", "PROPN", "ADJ"].includes(previous.pos) || !usable(previous)) break
      words.unshift(previous.text)
    }
    return words.map(showWord).join(" ")
  }
  return null
}

const tokenAt = (tokens: ReadonlyArray<KpiToken>, offset: number): KpiToken | undefined => {
  const index = lastTokenBefore(tokens, offset) + 1
  const token = tokens[index]
  return token?.start === offset ? token : undefined
}

interface Figure extends Span {
  readonly value: string
  readonly unit: string
}

/** Whether a span overlaps one of `spans` (sorted by start, not overlapping each other). */
const overlaps = (spans: ReadonlyArray<Span>, start: number, end: number): boolean => {
  let low = 0
  let high = spans.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const span = spans[middle] as Span
    if (span.end <= start) low = middle + 1
    else if (span.start >= end) high = middle - 1
    else return true
  }
  return false
}

const sentenceFigures = (sentence: KpiSentence, periods: ReadonlyArray<Span>) => {
  const { text, tokens } = sentence
  const figures: Array<Figure> = []
  const inPeriod = (start: number, end: number) => overlaps(periods, start, end)
  for (const match of text.matchAll(figurePattern)) {
    const start = match.index ?? 0
    let end = start + match[0].length
    if (inPeriod(start, end)) continue
    const groups = match.groups ?? {}
    const rest = text.slice(end)
    let unit: string | null = null
    let valueEnd = end
    const currency =
      groups.sym !== undefined
        ? (currencySymbols[groups.sym] ?? null)
        : groups.code !== undefined
          ? groups.code
          : null
    if (currency !== null) {
      const perShare = /^\s?(?:per share|a share|\/share|per ADS|per ADR)(?![\p{L}])/iu.exec(rest)
      unit = perShare ? `${currency} per share` : currency
    } else {
      const suffixes: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
        [/^\s?(?:%|percent(?![\p{L}])|per cent(?![\p{L}]))/u, () => "%"],
        [/^\s?(?:percentage points?|ppts?|pp)(?![\p{L}])/u, () => "pp"],
        [/^\s?(?:basis points?|bps|bp)(?![\p{L}])/u, () => "bp"],
        [/^\s?[x×](?![\p{L}\p{N}])/u, () => "x"],
        [new RegExp(String.raw`^\s?(?:${codes})(?![\p{L}])`, "u"), (m) => m[0].trim()],
        [/^\s(?:dollars?|euros?|pounds?|yen)(?![\p{L}])/u, (m) => currencyWords[m[0].trim()] ?? m[0].trim()],
      ]
      for (const [pattern, unitOf] of suffixes) {
        const suffix = pattern.exec(rest)
        if (suffix) {
          unit = unitOf(suffix)
          valueEnd = end + suffix[0].length
          break
        }
      }
      if (unit === null) {
        const counted = /^\s([\p{Ll}][\p{L}-]*)/u.exec(rest)
        const word = counted?.[1]
        if (word !== undefined && !notCountUnits.has(word)) {
          const token = tokenAt(tokens, end + 1)
          if (token && token.pos === "NOUN" && !token.stop) unit = word
        }
      }
      if (unit === null && groups.scale !== undefined) unit = "—"
    }
    if (unit === null) continue
    end = valueEnd
    figures.push({ start, end, value: text.slice(start, end), unit, text: text.slice(start, end) })
  }
  return figures
}

interface Span {
  readonly start: number
  readonly end: number
  readonly text: string
}

const nearestPeriod = (figure: Figure, periods: ReadonlyArray<Span>): string => {
  // The first period starting at or after the figure's end, and the one before it.
  let low = 0
  let high = periods.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((periods[middle] as Span).start >= figure.end) high = middle
    else low = middle + 1
  }
  const after = periods[low]
  const before = periods[low - 1]
  const gapAfter = after ? after.start - figure.end : Number.POSITIVE_INFINITY
  const gapBefore =
    before && before.end <= figure.start ? figure.start - before.end : Number.POSITIVE_INFINITY
  if (gapAfter === Number.POSITIVE_INFINITY && gapBefore === Number.POSITIVE_INFINITY) return "—"
  // On an equal distance the period after ("$4.2bn in Q3 2026") wins.
  return gapAfter <= gapBefore ? (after as Span).text : (before as Span).text
}

/** How far back a figure's metric is looked for. */
const metricReach = 300

const metricOf = (
  sentence: KpiSentence,
  figure: Figure,
  previousEnd: number,
  masked: ReadonlySet<KpiToken>,
): string => {
  const { text, tokens } = sentence
  const right = metricRightAfter.exec(text.slice(figure.end, figure.end + metricReach))
  if (right?.groups?.metric !== undefined) return canonicalMetric(right.groups.metric)
  const reach = Math.max(0, figure.start - metricReach)
  const clause = clauseStart(text, reach, figure.start)
  // Since the figure before, then the rest of the clause, then the sentence before it.
  const since = Math.max(clause, previousEnd)
  return (
    lastKnownMetric(text.slice(since, figure.start)) ??
    nounPhraseBefore(tokens, since, figure.start, masked) ??
    lastKnownMetric(text.slice(clause, since)) ??
    nounPhraseBefore(tokens, clause, since, masked) ??
    lastKnownMetric(text.slice(reach, clause)) ??
    (figure.unit !== "—" && /^\p{Ll}/u.test(figure.unit) ? figure.unit : "—")
  )
}

/** The KPI rows of the sentences, in reading order, each distinct row once. */
export const extractKpis = (sentences: ReadonlyArray<KpiSentence>): ReadonlyArray<KpiRow> => {
  const rows: Array<KpiRow> = []
  const seen = new Set<string>()
  for (const sentence of sentences) {
    if (!/\d/.test(sentence.text)) continue
    const periods: Array<Span> = [...sentence.text.matchAll(periodPattern)].map((match) => ({
      start: match.index ?? 0,
      end: (match.index ?? 0) + match[0].length,
      text: match[0],
    }))
    const figures = sentenceFigures(sentence, periods)
    const masked = new Set<KpiToken>()
    for (const span of [...periods, ...figures]) {
      for (let i = lastTokenBefore(sentence.tokens, span.start) + 1; i < sentence.tokens.length; i++) {
        const token = sentence.tokens[i] as KpiToken
        if (token.start >= span.end) break
        masked.add(token)
      }
    }
    let previousEnd = 0
    for (const figure of figures) {
      const row: KpiRow = {
        metric: metricOf(sentence, figure, previousEnd, masked),
        value: figure.value,
        unit: figure.unit,
        period: nearestPeriod(figure, periods),
      }
      previousEnd = figure.end
      const key = `${row.metric}\u0000${row.value}\u0000${row.unit}\u0000${row.period}`
      if (seen.has(key)) continue
      seen.add(key)
      rows.push(row)
    }
  }
  return rows
}
