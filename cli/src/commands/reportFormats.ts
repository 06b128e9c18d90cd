// Kept out of @folio/core, so that `--help` loads no Effect.
export const formats = ["csv", "json", "ndjson", "markdown"] as const
export type Format = (typeof formats)[number]
