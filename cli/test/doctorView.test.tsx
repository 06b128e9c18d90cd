import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import type { DoctorReport } from "../src/services/doctor.js"
import { DoctorView } from "../src/ui/DoctorView.js"

const healthy: DoctorReport = {
  ok: true,
  url: "http://127.0.0.1:3000",
  urlSource: "default",
  cli: { version: "0.1.0" },
  server: { reachable: true, responseMs: 12, version: "0.1.0", deploymentId: "dep-1", uptimeSeconds: 3_720 },
  database: { ok: true, latencyMs: 1.25, engine: "PostgreSQL 18.4", embedded: true, message: null },
  migration: { current: "0001_identity", latest: "0001_identity", upToDate: true },
  auth: {
    configured: true,
    source: "credential",
    accepted: true,
    user: { email: "ada@example.com", name: "Ada Lovelace", role: "admin" },
    company: { name: "Acme Research", slug: "acme" },
    message: null,
    hint: null,
  },
  problems: [],
  error: null,
}

describe("DoctorView", () => {
  it("shows one ticked row per check and the verdict", () => {
    const { lastFrame } = render(<DoctorView report={healthy} color={false} />)
    const frame = lastFrame() ?? ""
    expect(frame).toContain("Folio at http://127.0.0.1:3000")
    expect(frame).toMatch(/✓ Server\s+Folio 0\.1\.0 · deployment dep-1 · up 1 h 2 min · answered in 12 ms/)
    expect(frame).toMatch(/✓ Database\s+PostgreSQL 18\.4 · embedded · ping 1\.3 ms/)
    expect(frame).toMatch(/✓ Migrations\s+up to date \(0001_identity\)/)
    expect(frame).toMatch(
      /✓ Credential\s+Ada Lovelace <ada@example\.com> · admin at Acme Research · stored credential/,
    )
    expect(frame).toContain("All checks passed.")
  })

  it("marks a rejected token and a pending migration as failed and counts the problems", () => {
    const report: DoctorReport = {
      ...healthy,
      ok: false,
      migration: { current: null, latest: "0002_reports", upToDate: false },
      auth: {
        ...healthy.auth,
        source: "env",
        accepted: false,
        user: null,
        company: null,
        message: "The token is invalid.",
      },
      problems: ["schema behind", "token rejected"],
    }
    const frame = render(<DoctorView report={report} color={false} />).lastFrame() ?? ""
    expect(frame).toMatch(/✗ Migrations\s+at none, server expects 0002_reports/)
    expect(frame).toMatch(/✗ Credential\s+from FOLIO_TOKEN: The token is invalid\./)
    expect(frame).toContain("2 problems found.")
  })

  it("marks a missing credential as skipped, not failed", () => {
    const report: DoctorReport = {
      ...healthy,
      auth: { ...healthy.auth, configured: false, source: null, accepted: null, user: null, company: null },
    }
    const frame = render(<DoctorView report={report} color={false} />).lastFrame() ?? ""
    expect(frame).toMatch(/– Credential\s+none configured \(run `folio login`\)/)
    expect(frame).toContain("All checks passed.")
  })
})
