import type { AudienceEntry } from "@folio/core"

const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" })

export const formatTime = (date: Date): string => time.format(date)

/** "All clients", "Acme Capital", "Acme Capital · Equities desk", with "+24 h" for an embargo. */
export const audienceLabel = (entry: {
  readonly companyName: string | null
  readonly teamName: string | null
  readonly embargoHours: number
}): string => {
  const who =
    entry.companyName === null
      ? "All clients"
      : entry.teamName === null
        ? entry.companyName
        : `${entry.companyName} · ${entry.teamName}`
  return entry.embargoHours > 0 ? `${who} (+${entry.embargoHours} h)` : who
}

export const audienceSummary = (audience: ReadonlyArray<AudienceEntry>): string =>
  audience.length === 0 ? "Nobody yet" : audience.map(audienceLabel).join(", ")

/** The sectors research is commonly filed under (GICS); any other name may be typed. */
export const commonSectors: ReadonlyArray<string> = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
]
