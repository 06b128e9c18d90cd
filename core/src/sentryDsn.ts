/**
 * Sentry DSNs and the tunnel (PRODUCT.md, "Error tunnel"), shared by the console, which builds its
 * tunnel URL from its DSN, and the server, which checks every envelope against the same rules.
 * Browser-safe: no Node APIs.
 */

/** The built-in DSN the console reports to when no external one is configured: filed in the local inbox only, never forwarded. */
export const localSentryDsn = "http://folio@folio.invalid/0"

export interface SentryDsn {
  /** `https:` or `http:`. */
  readonly protocol: string
  readonly publicKey: string
  /** Host name and port as written, e.g. `o123.ingest.us.sentry.io` or `sentry.example.com:9000`. */
  readonly host: string
  /** Path before the project id, without a trailing slash ("" for sentry.io). */
  readonly pathPrefix: string
  readonly projectId: string
  /** The organisation id from a sentry.io host (`o123.ingest…` → `123`); "0" for other hosts. */
  readonly orgId: string
  /** The region from a sentry.io host (`o1.ingest.de.sentry.io` → `de`), if any. */
  readonly region: string | undefined
  /** True for the built-in local DSN. */
  readonly local: boolean
}

const sentryIoHost = /^o(\d+)\.ingest(?:\.([a-z0-9-]+))?\.sentry\.io$/

/** Parses `protocol://publicKey@host[:port][/path]/projectId`; undefined when it is not a DSN. */
export const parseSentryDsn = (dsn: string): SentryDsn | undefined => {
  let url: URL
  try {
    url = new URL(dsn.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined
  if (url.username === "" || url.search !== "" || url.hash !== "") return undefined
  const segments = url.pathname.split("/").filter((s) => s !== "")
  const projectId = segments.pop()
  if (projectId === undefined || !/^\d+$/.test(projectId)) return undefined
  const match = sentryIoHost.exec(url.hostname)
  return {
    protocol: url.protocol,
    publicKey: decodeURIComponent(url.username),
    host: url.host,
    pathPrefix: segments.length > 0 ? `/${segments.join("/")}` : "",
    projectId,
    orgId: match?.[1] ?? "0",
    region: match?.[2],
    local: dsn.trim() === localSentryDsn,
  }
}

/** The same DSN, as a comparable string (no trailing slash, no password, lower-case host). */
export const normaliseSentryDsn = (dsn: SentryDsn): string =>
  `${dsn.protocol}//${dsn.publicKey}@${dsn.host.toLowerCase()}${dsn.pathPrefix}/${dsn.projectId}`

/** The query the tunnel expects for a DSN: `o`, `p` and, when the DSN has a region, `r`. */
export const tunnelQuery = (dsn: SentryDsn): Record<string, string> => ({
  o: dsn.orgId,
  p: dsn.projectId,
  ...(dsn.region !== undefined ? { r: dsn.region } : {}),
})

/** The console's tunnel URL for a DSN: `{tunnelPath}?o=…&p=…[&r=…]` on the console's own origin. */
export const tunnelUrlFor = (tunnelPath: string, dsn: SentryDsn): string =>
  `${tunnelPath}?${new URLSearchParams(tunnelQuery(dsn)).toString()}`

/**
 * Where the tunnel forwards an envelope for this DSN: sentry.io's regional ingest, or the DSN's own
 * host for self-hosted Sentry. `ingestOrigin` (SENTRY_INGEST_URL) replaces the origin.
 */
export const ingestUrlFor = (dsn: SentryDsn, ingestOrigin?: string): string => {
  const origin =
    ingestOrigin !== undefined
      ? ingestOrigin.replace(/\/+$/, "")
      : dsn.orgId !== "0" && sentryIoHost.test(dsn.host)
        ? `https://o${dsn.orgId}.ingest${dsn.region !== undefined ? `.${dsn.region}` : ""}.sentry.io`
        : `${dsn.protocol}//${dsn.host}`
  return `${origin}${ingestOrigin !== undefined ? "" : dsn.pathPrefix}/api/${dsn.projectId}/envelope/?hsts=0`
}
