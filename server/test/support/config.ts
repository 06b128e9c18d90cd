import { fileURLToPath } from "node:url"
import { LogLevel, Option, Redacted } from "effect"
import type { AppConfigShape } from "../../src/config.js"

/** Test configuration, free of vitest imports so the e2e server (run by tsx) can use it too. */
export const adminEmail = "admin@folio.test"
export const adminPassword = "correct-horse-battery-staple"

export const testConfig = (
  overrides: Omit<Partial<AppConfigShape>, "databaseUrl"> & { databaseUrl: string },
): AppConfigShape => ({
  port: 0,
  host: "127.0.0.1",
  dataDir: "./.folio-test-unused",
  publicUrl: Option.none(),
  adminEmail: Option.some(adminEmail),
  adminPassword: Option.some(Redacted.make(adminPassword)),
  deploymentId: Option.some("test-deployment"),
  logLevel: LogLevel.Warning,
  logFormat: "json",
  sessionIdleMinutes: 60,
  sessionAbsoluteHours: 24,
  webDist: Option.some(fileURLToPath(new URL("../../../web/dist/", import.meta.url))),
  smtpUrl: Option.none(),
  mailFrom: "Folio <no-reply@folio.test>",
  devMailLog: false,
  seed: "none",
  auditRetentionDays: 365,
  oidc: Option.none(),
  trustedProxies: [],
  tunnelPath: "/monitoring",
  tunnelRateLimit: 300,
  // The webhook receivers of tests listen on loopback.
  webhookAllowNetworks: ["127.0.0.0/8"],
  jobPollMs: 250,
  sentryDsn: Option.none(),
  sentryAllowedDsns: [],
  sentryIngestUrl: Option.none(),
  sentryServerDsn: Option.none(),
  sentryEnvironment: "test",
  ...overrides,
  databaseUrl: Option.some(Redacted.make(overrides.databaseUrl)),
})
