/** An `?email=` prefill: a plausible address or nothing (it only ever fills a field). */
export const optionalEmailParam = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value.trim())
    ? value.trim()
    : undefined

/** A link's `?token=`: a non-empty string, or nothing (the server judges the rest). */
export const optionalTokenParam = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined
