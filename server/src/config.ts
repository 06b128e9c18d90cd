import { join } from "node:path"
import { parseSentryDsn, passwordProblem, type SentryDsn } from "@folio/core"
import { Config, ConfigError, Context, Either, Layer, LogLevel, Option, Redacted } from "effect"
import { buildId } from "./build-info.js"
import { parseTrustedProxies } from "./http/clientAddress.js"

/**
 * Configuration from the environment, validated once at start. A bad variable stops the server
 * with one line that names it (see `describeConfigError`).
 */
export interface AppConfigShape {
  readonly port: number
  readonly host: string
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  readonly dataDir: string
  readonly publicUrl: Option.Option<URL>
  readonly adminEmail: Option.Option<string>
  readonly adminPassword: Option.Option<Redacted.Redacted<string>>
  readonly deploymentId: Option.Option<string>
  readonly logLevel: LogLevel.LogLevel
  readonly logFormat: "json" | "pretty"
  readonly sessionIdleMinutes: number
  readonly sessionAbsoluteHours: number
  readonly webDist: Option.Option<string>
  readonly smtpUrl: Option.Option<Redacted.Redacted<string>>
  readonly mailFrom: string
  /**
   * Development only (`FOLIO_DEV_MAIL_LOG`): print every email, its sign-in link or code
   * included, to the log. Off, no link or code is ever logged. Unset: on only for the embedded
   * database without `SMTP_URL` (a local try-out), announced at start.
   */
  readonly devMailLog: boolean
  /** `demo` fills an empty database with a sample organisation on first start. */
  readonly seed: "demo" | "none"
  /** Audit entries older than this many days are deleted by the hourly housekeeping. */
  readonly auditRetentionDays: number
  /** Reverse proxies whose `X-Forwarded-For` names the client (`FOLIO_TRUSTED_PROXIES`). */
  readonly trustedProxies: ReadonlyArray<string>
  /** Where the console's Sentry SDK posts envelopes (docs/error-reports.md). */
  readonly tunnelPath: `/${string}`
  /** Tunnel requests per client address and minute, per instance (`FOLIO_TUNNEL_RATE_LIMIT`). */
  readonly tunnelRateLimit: number
  /** The console's DSN (`SENTRY_DSN`); unset, the console reports to the built-in local DSN. */
  readonly sentryDsn: Option.Option<SentryDsn>
  /** More DSNs the tunnel accepts and forwards for (`SENTRY_ALLOWED_DSNS`). */
  readonly sentryAllowedDsns: ReadonlyArray<SentryDsn>
  /** Replaces the ingest origin envelopes are forwarded to: a relay, or a test receiver. */
  readonly sentryIngestUrl: Option.Option<string>
  /** The server's own Sentry SDK reports here when set. */
  readonly sentryServerDsn: Option.Option<SentryDsn>
  readonly sentryEnvironment: string
  /**
   * Networks webhook deliveries may reach although they are loopback, private, link-local or
   * metadata addresses (`FOLIO_WEBHOOK_ALLOW_NETWORKS`, CIDR ranges). An environment variable on
   * purpose: an admin account alone must not be able to open the internal network.
   */
  readonly webhookAllowNetworks: ReadonlyArray<string>
  /**
   * How often, in milliseconds, an idle instance looks for jobs that became due
   * (`FOLIO_JOB_POLL_MS`): the bound on how late a scheduled release can start.
   */
  readonly jobPollMs: number
  /**
   * The configuration store's safety poll, in milliseconds (`FOLIO_CONFIG_POLL_MS`): how often an
   * instance reloads the store although no notification came (one can be lost when a connection drops).
   */
  readonly configPollMs: number
  /**
   * The key secrets in the configuration store are encrypted with (`FOLIO_SECRET_KEY`, 32 bytes
   * as base64 or hex). Unset: the embedded database keeps one per data folder; an external
   * database cannot hold secrets until it is set.
   */
  readonly secretKey: Option.Option<Redacted.Redacted<Uint8Array>>
  /** OpenID Connect single sign-on; present only when issuer, client id and secret are all set. */
  /**
   * Where podcast audio and artwork are kept: a local folder (`FOLIO_MEDIA_DIR`, by default
   * `media` in the data folder, beside the embedded database), or S3-compatible object storage
   * when `S3_BUCKET` is set, so several instances serve the same files.
   */
  readonly media: MediaStorage
  readonly oidc: Option.Option<{
    readonly issuer: URL
    readonly clientId: string
    readonly clientSecret: Redacted.Redacted<string>
    readonly label: string
  }>
}

export type MediaStorage =
  | { readonly kind: "local"; readonly dir: string }
  | {
      readonly kind: "s3"
      readonly bucket: string
      /** An S3-compatible service's address (MinIO, R2…); AWS's own when unset. */
      readonly endpoint: Option.Option<string>
      readonly region: string
      /** Both set, or neither (then the AWS SDK's default chain: environment, profile, instance role). */
      readonly credentials: Option.Option<{
        readonly accessKeyId: string
        readonly secretAccessKey: Redacted.Redacted<string>
      }>
      /** `bucket` in the path rather than the host name, as MinIO and most local services want. */
      readonly forcePathStyle: boolean
    }

export class AppConfig extends Context.Tag("@folio/server/AppConfig")<AppConfig, AppConfigShape>() {}

const port = Config.string("PORT").pipe(
  Config.withDefault("3000"),
  Config.mapOrFail((raw) => {
    const n = Number(raw)
    return /^\d+$/.test(raw.trim()) && n >= 1 && n <= 65535
      ? Either.right(n)
      : Either.left(ConfigError.InvalidData(["PORT"], `expected a port number 1–65535, got "${raw}"`))
  }),
)

const positiveInt = (name: string, fallback: number) =>
  Config.string(name).pipe(
    Config.withDefault(String(fallback)),
    Config.mapOrFail((raw) => {
      const n = Number(raw)
      return Number.isInteger(n) && n > 0
        ? Either.right(n)
        : Either.left(ConfigError.InvalidData([name], `expected a positive whole number, got "${raw}"`))
    }),
  )

const url = (name: string, protocols: ReadonlyArray<string>) =>
  Config.string(name).pipe(
    Config.mapOrFail((raw) => {
      try {
        const parsed = new URL(raw)
        return protocols.includes(parsed.protocol)
          ? Either.right(parsed)
          : Either.left(
              ConfigError.InvalidData(
                [name],
                `expected an ${protocols.map((p) => p.replace(":", "")).join(" or ")} URL, got "${raw}"`,
              ),
            )
      } catch {
        return Either.left(ConfigError.InvalidData([name], `expected a URL, got "${raw}"`))
      }
    }),
    Config.option,
  )

const logLevels: Record<string, LogLevel.LogLevel> = {
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  warning: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None,
}

const logLevel = Config.string("LOG_LEVEL").pipe(
  Config.withDefault("info"),
  Config.mapOrFail((raw) => {
    const level = logLevels[raw.trim().toLowerCase()]
    return level
      ? Either.right(level)
      : Either.left(
          ConfigError.InvalidData(
            ["LOG_LEVEL"],
            `expected one of ${Object.keys(logLevels).join(", ")}, got "${raw}"`,
          ),
        )
  }),
)

const adminEmail = Config.string("FOLIO_ADMIN_EMAIL").pipe(
  Config.mapOrFail((raw) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.trim())
      ? Either.right(raw.trim().toLowerCase())
      : Either.left(
          ConfigError.InvalidData(["FOLIO_ADMIN_EMAIL"], `expected an email address, got "${raw}"`),
        ),
  ),
  Config.option,
)

const adminPassword = Config.redacted("FOLIO_ADMIN_PASSWORD").pipe(Config.option)

const nonEmpty = (name: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((raw) =>
      raw.trim() === ""
        ? Either.left(ConfigError.InvalidData([name], "must not be empty"))
        : Either.right(raw.trim()),
    ),
  )

const deploymentId = Config.string("FOLIO_DEPLOYMENT_ID").pipe(
  Config.mapOrFail((raw) =>
    /^[A-Za-z0-9._-]{1,64}$/.test(raw)
      ? Either.right(raw)
      : Either.left(
          ConfigError.InvalidData(
            ["FOLIO_DEPLOYMENT_ID"],
            `expected 1–64 of A-Z a-z 0-9 . _ -, got "${raw}"`,
          ),
        ),
  ),
  Config.option,
)

const isAbsolutePath = (path: string): path is `/${string}` => path.startsWith("/")

const tunnelPath = Config.string("FOLIO_TUNNEL_PATH").pipe(
  Config.withDefault("/monitoring"),
  Config.mapOrFail((raw) => {
    const path = raw.trim()
    const problem = !/^\/[A-Za-z0-9._~/-]*[A-Za-z0-9._~-]$/.test(path)
      ? `expected a path like /monitoring (a leading /, no trailing /, no query), got "${raw}"`
      : /^\/(?:api|assets)(?:\/|$)/.test(path)
        ? `must not be under /api or /assets, got "${raw}"`
        : undefined
    return problem === undefined && isAbsolutePath(path)
      ? Either.right(path)
      : Either.left(ConfigError.InvalidData(["FOLIO_TUNNEL_PATH"], problem ?? "must start with /"))
  }),
)

const dsnProblem = (raw: string) =>
  `expected a Sentry DSN like https://<key>@o<org>.ingest.sentry.io/<project>, got "${raw}"`

const sentryDsn = (name: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((raw) => {
      const dsn = parseSentryDsn(raw)
      return dsn ? Either.right(dsn) : Either.left(ConfigError.InvalidData([name], dsnProblem(raw)))
    }),
    Config.option,
  )

const sentryAllowedDsns = Config.string("SENTRY_ALLOWED_DSNS").pipe(
  Config.withDefault(""),
  Config.mapOrFail((raw) => {
    const entries = raw
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "")
    const dsns: Array<SentryDsn> = []
    for (const entry of entries) {
      const dsn = parseSentryDsn(entry)
      if (!dsn) return Either.left(ConfigError.InvalidData(["SENTRY_ALLOWED_DSNS"], dsnProblem(entry)))
      dsns.push(dsn)
    }
    return Either.right(dsns)
  }),
)

const sentryIngestUrl = url("SENTRY_INGEST_URL", ["http:", "https:"]).pipe(
  Config.mapOrFail(
    Option.match({
      onNone: () => Either.right(Option.none<string>()),
      onSome: (u) =>
        u.search !== "" || u.hash !== "" || u.username !== ""
          ? Either.left(
              ConfigError.InvalidData(
                ["SENTRY_INGEST_URL"],
                `expected an origin like https://relay.example.com (an optional path, no query or credentials), got "${u.toString()}"`,
              ),
            )
          : Either.right(Option.some(u.toString().replace(/\/+$/, ""))),
    }),
  ),
)

const trustedProxies = Config.string("FOLIO_TRUSTED_PROXIES").pipe(
  Config.withDefault(""),
  Config.mapOrFail((raw) =>
    Either.mapLeft(parseTrustedProxies(raw), (problem) =>
      ConfigError.InvalidData(["FOLIO_TRUSTED_PROXIES"], problem),
    ),
  ),
)

const webhookAllowNetworks = Config.string("FOLIO_WEBHOOK_ALLOW_NETWORKS").pipe(
  Config.withDefault(""),
  Config.mapOrFail((raw) =>
    Either.mapLeft(parseTrustedProxies(raw), (problem) =>
      ConfigError.InvalidData(["FOLIO_WEBHOOK_ALLOW_NETWORKS"], problem),
    ),
  ),
)

/** 32 bytes, as 64 hex digits or base64 (standard or URL-safe, padding optional). */
export const parseSecretKey = (raw: string): Uint8Array | undefined => {
  const text = raw.trim()
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Uint8Array.from(Buffer.from(text, "hex"))
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined
  const bytes = Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64")
  return bytes.length === 32 ? Uint8Array.from(bytes) : undefined
}

const secretKey = Config.redacted("FOLIO_SECRET_KEY").pipe(
  Config.mapOrFail((raw) => {
    const key = parseSecretKey(Redacted.value(raw))
    return key
      ? Either.right(Redacted.make(key))
      : Either.left(
          ConfigError.InvalidData(
            ["FOLIO_SECRET_KEY"],
            "expected 32 bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`)",
          ),
        )
  }),
  Config.option,
)

const s3Endpoint = url("S3_ENDPOINT", ["http:", "https:"]).pipe(
  Config.map(Option.map((u) => u.toString().replace(/\/+$/, ""))),
)

const mediaFields = Config.all({
  mediaDir: nonEmpty("FOLIO_MEDIA_DIR").pipe(Config.option),
  s3Bucket: nonEmpty("S3_BUCKET").pipe(Config.option),
  s3Endpoint,
  s3Region: nonEmpty("S3_REGION").pipe(Config.withDefault("us-east-1")),
  s3AccessKeyId: nonEmpty("S3_ACCESS_KEY_ID").pipe(Config.option),
  s3SecretAccessKey: Config.redacted("S3_SECRET_ACCESS_KEY").pipe(Config.option),
  s3ForcePathStyle: Config.boolean("S3_FORCE_PATH_STYLE").pipe(Config.withDefault(false)),
})

const mediaStorageOf = (
  m: Config.Config.Success<typeof mediaFields>,
  dataDir: string,
): Either.Either<MediaStorage, ConfigError.ConfigError> => {
  if (Option.isNone(m.s3Bucket)) {
    return Either.right({ kind: "local", dir: Option.getOrElse(m.mediaDir, () => join(dataDir, "media")) })
  }
  if (Option.isSome(m.s3AccessKeyId) !== Option.isSome(m.s3SecretAccessKey)) {
    const missing = Option.isSome(m.s3AccessKeyId) ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"
    return Either.left(
      ConfigError.InvalidData([missing], "is required when the other S3 access key variable is set"),
    )
  }
  return Either.right({
    kind: "s3",
    bucket: m.s3Bucket.value,
    endpoint: m.s3Endpoint,
    region: m.s3Region,
    credentials:
      Option.isSome(m.s3AccessKeyId) && Option.isSome(m.s3SecretAccessKey)
        ? Option.some({ accessKeyId: m.s3AccessKeyId.value, secretAccessKey: m.s3SecretAccessKey.value })
        : Option.none(),
    forcePathStyle: m.s3ForcePathStyle,
  })
}

const logFormat = Config.literal("json", "pretty")("LOG_FORMAT").pipe(Config.option)

const fields = Config.all({
  port,
  host: nonEmpty("HOST").pipe(Config.withDefault("127.0.0.1")),
  databaseUrl: url("DATABASE_URL", ["postgres:", "postgresql:"]).pipe(
    Config.map(Option.map((u) => Redacted.make(u.toString()))),
  ),
  dataDir: nonEmpty("FOLIO_DATA_DIR").pipe(Config.withDefault("./.folio")),
  publicUrl: url("PUBLIC_URL", ["http:", "https:"]),
  adminEmail,
  adminPassword,
  deploymentId,
  logLevel,
  logFormat: logFormat.pipe(
    Config.map(Option.getOrElse((): "json" | "pretty" => (process.stdout.isTTY ? "pretty" : "json"))),
  ),
  sessionIdleMinutes: positiveInt("FOLIO_SESSION_IDLE_MINUTES", 60 * 24 * 7),
  sessionAbsoluteHours: positiveInt("FOLIO_SESSION_ABSOLUTE_HOURS", 24 * 30),
  webDist: nonEmpty("FOLIO_WEB_DIST").pipe(Config.option),
  smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"]).pipe(
    Config.map(Option.map((u) => Redacted.make(u.toString()))),
  ),
  mailFrom: nonEmpty("MAIL_FROM").pipe(Config.withDefault("Folio <no-reply@folio.local>")),
  devMailLog: Config.boolean("FOLIO_DEV_MAIL_LOG").pipe(Config.option),
  seed: Config.literal("demo", "none")("FOLIO_SEED").pipe(Config.option),
  auditRetentionDays: positiveInt("FOLIO_AUDIT_RETENTION_DAYS", 365),
  trustedProxies,
  tunnelPath,
  tunnelRateLimit: positiveInt("FOLIO_TUNNEL_RATE_LIMIT", 300),
  webhookAllowNetworks,
  jobPollMs: positiveInt("FOLIO_JOB_POLL_MS", 250),
  configPollMs: positiveInt("FOLIO_CONFIG_POLL_MS", 30_000),
  secretKey,
  sentryDsn: sentryDsn("SENTRY_DSN"),
  sentryAllowedDsns,
  sentryIngestUrl,
  sentryServerDsn: sentryDsn("SENTRY_SERVER_DSN"),
  sentryEnvironment: nonEmpty("SENTRY_ENVIRONMENT").pipe(Config.withDefault("production")),
  oidcIssuer: url("OIDC_ISSUER", ["http:", "https:"]),
  oidcClientId: nonEmpty("OIDC_CLIENT_ID").pipe(Config.option),
  oidcClientSecret: Config.redacted("OIDC_CLIENT_SECRET").pipe(Config.option),
  oidcLabel: nonEmpty("OIDC_LABEL").pipe(Config.withDefault("Single sign-on")),
  mediaSettings: mediaFields,
})

const oidc = (c: Config.Config.Success<typeof fields>) => {
  const present: ReadonlyArray<readonly [string, boolean]> = [
    ["OIDC_ISSUER", Option.isSome(c.oidcIssuer)],
    ["OIDC_CLIENT_ID", Option.isSome(c.oidcClientId)],
    ["OIDC_CLIENT_SECRET", Option.isSome(c.oidcClientSecret)],
  ]
  const missing = present.filter(([, set]) => !set).map(([name]) => name)
  if (missing.length === 3) return Either.right(Option.none())
  if (Option.isSome(c.oidcIssuer) && Option.isSome(c.oidcClientId) && Option.isSome(c.oidcClientSecret)) {
    return Either.right(
      Option.some({
        issuer: c.oidcIssuer.value,
        clientId: c.oidcClientId.value,
        clientSecret: c.oidcClientSecret.value,
        label: c.oidcLabel,
      }),
    )
  }
  return Either.left(
    ConfigError.InvalidData(
      [missing[0] ?? "OIDC_ISSUER"],
      `is required when any OIDC_* variable is set (missing: ${missing.join(", ")})`,
    ),
  )
}

/** The demo seed is on by default only for the embedded database (a first local try-out). */
/** The first admin's password is checked against the admin's own email and name. */
const adminPasswordProblem = (c: Config.Config.Success<typeof fields>) =>
  Option.flatMap(c.adminPassword, (secret) =>
    Option.fromNullable(
      passwordProblem(Redacted.value(secret), {
        email: Option.getOrElse(c.adminEmail, () => "admin@folio.local"),
        name: "Administrator",
      }),
    ),
  )

export const appConfig = fields.pipe(
  Config.mapOrFail((c) => {
    const problem = adminPasswordProblem(c)
    if (Option.isSome(problem)) {
      return Either.left(ConfigError.InvalidData(["FOLIO_ADMIN_PASSWORD"], problem.value))
    }
    const media = mediaStorageOf(c.mediaSettings, c.dataDir)
    if (Either.isLeft(media)) return Either.left(media.left)
    return Either.map(oidc(c), (sso): AppConfigShape => {
      const {
        oidcIssuer: _i,
        oidcClientId: _c,
        oidcClientSecret: _s,
        oidcLabel: _l,
        mediaSettings: _m,
        ...rest
      } = c
      return {
        ...rest,
        media: media.right,
        seed: Option.getOrElse(c.seed, () => (Option.isNone(c.databaseUrl) ? "demo" : "none")),
        // A first local try-out (embedded database, no mail server) can only sign in by magic link
        // or finish an invitation if the log shows the mail; the server says so at start.
        devMailLog: Option.getOrElse(
          c.devMailLog,
          () => Option.isNone(c.databaseUrl) && Option.isNone(c.smtpUrl),
        ),
        oidc: sso,
      }
    })
  }),
)

/** One line naming the variable, e.g. `Invalid configuration: PORT: expected a port number …`. */
export const describeConfigError = (error: ConfigError.ConfigError): string => {
  const leaves: Array<string> = []
  const walk = (e: ConfigError.ConfigError): void => {
    switch (e._op) {
      case "And":
      case "Or":
        walk(e.left)
        walk(e.right)
        return
      case "InvalidData":
      case "MissingData":
      case "SourceUnavailable":
      case "Unsupported":
        // A check inside a named config is reported under the name twice (PUBLIC_URL.PUBLIC_URL).
        leaves.push(`${e.path.filter((p, i) => p !== e.path[i - 1]).join(".") || "?"}: ${e.message}`)
        return
    }
  }
  walk(error)
  return `Invalid configuration: ${[...new Set(leaves)].join("; ")}`
}

export const AppConfigLive = Layer.effect(AppConfig, appConfig)

/** `FOLIO_DEPLOYMENT_ID`, else the id the build stamped into the bundle. */
export const deploymentIdOf = (config: AppConfigShape): string =>
  Option.getOrElse(config.deploymentId, () => buildId)

/** The origin links in emails point at: `PUBLIC_URL`, else the address the server listens on. */
export const publicOriginOf = (config: AppConfigShape): string =>
  Option.match(config.publicUrl, {
    onSome: (url) => url.origin,
    onNone: () =>
      `http://${config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host}:${config.port}`,
  })
