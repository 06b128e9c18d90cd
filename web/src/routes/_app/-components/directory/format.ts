import { pluralIn } from "@folio/core"

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" })

export const formatDateTime = (date: Date): string => dateTime.format(date)
export const formatDate = (date: Date): string => dateOnly.format(date)

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
]

/** "3 hours ago", "yesterday", "just now". */
export const formatRelative = (date: Date, now: Date = new Date()): string => {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit)
  }
  return "just now"
}

/**
 * "1 row", "1,200 rows", "2 people": the count in the browser's number format, the noun by
 * `Intl.PluralRules("en")` (core's helper, shared with the CLI). Give the plural of a noun that does
 * not take a plain "s"; the types insist for the "-s/-x/-ch/-sh/-y" ones.
 */
export const plural = pluralIn()

/** A short form of a slug from a name: "Acme Capital Ltd." → "acme-capital-ltd". */
export const slugify = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "")
