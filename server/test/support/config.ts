import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { LogLevel, Option, Redacted } from "effect"
import type { AppConfigShape } from "../../src/config.js"

/** Test configuration, free of vitest imports so the e2e server (run by tsx) can use it too. */
export const adminEmail = "admin@folio.test"
export const adminPassword = "correct-horse-battery-staple"
/** FOLIO_SECRET_KEY of test servers (32 bytes, hex). */
export const testSecretKeyHex = "5f0c1e2d3b4a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"

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
  // Changes reach other instances by notification; a test that needs the poll sets its own.
  configPollMs: 3_600_000,
  // One key for every test server, so instances on one database read each other's secrets.
  secretKey: Option.some(Redacted.make(Uint8Array.from(Buffer.from(testSecretKeyHex, "hex")))),
  sentryDsn: Option.none(),
  sentryAllowedDsns: [],
  sentryIngestUrl: Option.none(),
  sentryServerDsn: Option.none(),
  sentryEnvironment: "test",
  // Podcast audio and artwork of every test server (keys are unique, so servers can share it):
  // the run's folder, which the global setup makes and removes (globalSetup.ts).
  media: { kind: "local", dir: process.env.FOLIO_TEST_MEDIA_DIR ?? join(tmpdir(), "folio-test-media") },
  ...overrides,
  databaseUrl: Option.some(Redacted.make(overrides.databaseUrl)),
})
