import {
  AuditPage,
  CompanyId,
  ControlPanelHealth,
  FailedJobPage,
  FailedMailPage,
  RetriedCount,
  type ServerInstance,
} from "@folio/core"
import { Option, Redacted, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { latestMigration } from "../src/db/migrations.js"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startMailbox } from "./support/mailbox.js"
import { startTestServer, type TestServer } from "./support/server.js"
import { until } from "./support/until.js"

/**
 * The control panel's health figures and failed work, against the real server, its job runner
 * and a real SMTP peer: instances register and beat, a job that failed for good is listed and
 * run again, a refused message is listed and sent again.
 */
let server: TestServer
let db: ReturnType<typeof databaseOf>
let mailbox: Awaited<ReturnType<typeof startMailbox>>
let admin = ""

const get = async <A, I>(schema: Schema.Schema<A, I>, path: string): Promise<A> => {
  const response = await apiCall(server, admin, "GET", path)
  expect(response.status, await response.clone().text()).toBe(200)
  return decodeBody(schema, response)
}
const health = () => get(ControlPanelHealth, "/control-panel/health")

beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startTestServer({ config: { smtpUrl: Option.some(Redacted.make(mailbox.url)) } })
  db = databaseOf(server)
  admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
})

afterAll(async () => {
  await db.close()
  await server.stop()
  await mailbox.close()
})

describe("health", () => {
  it("reports the database, the applied migration and this instance, running", async () => {
    const figures = await health()
    expect(figures.database.latencyMs).toBeGreaterThanOrEqual(0)
    expect(figures.database.latencyMs).toBeLessThan(5000)
    expect(figures.database.engine).toMatch(/^PostgreSQL \d+/)
    expect(figures.migration).toEqual({ current: latestMigration, latest: latestMigration })
    const self = figures.instances.filter((instance) => instance.current)
    expect(self).toHaveLength(1)
    expect(self[0]).toMatchObject({
      state: "running",
      pid: process.pid,
      deploymentId: figures.deploymentId,
      version: figures.version,
      stoppedAt: null,
    })
    expect(Math.abs(self[0]!.lastHeartbeatAt.getTime() - Date.now())).toBeLessThan(60_000)
    expect(figures.mail.smtpConfigured).toBe(true)
  })

  it("shows an instance silent for over a minute as gone, and a stopped one as stopped", async () => {
    const [gone, stopped] = ["2f8a6c1e-0000-4000-8000-000000000001", "2f8a6c1e-0000-4000-8000-000000000002"]
    await db.query(
      (sql) => sql`
        insert into server_instances (id, deployment_id, version, hostname, pid, started_at, last_heartbeat_at, stopped_at)
        values (${gone}, 'old-build', '0.9.0', 'crashed-host', 11, now() - interval '1 hour', now() - interval '2 minutes', null),
               (${stopped}, 'old-build', '0.9.0', 'stopped-host', 12, now() - interval '1 hour', now() - interval '5 minutes', now() - interval '5 minutes')`,
    )
    const byId = new Map((await health()).instances.map((instance) => [instance.id, instance]))
    expect(byId.get(gone)?.state).toBe("gone")
    expect(byId.get(stopped)?.state).toBe("stopped")
  })

  it("lists a second instance on the same database while it runs, and as stopped once it stops", async () => {
    const second = await startTestServer({ databaseUrl: server.databaseUrl })
    const secondAdmin = await cliSignIn(second, second.adminEmail, second.adminPassword)
    const seen = await decodeBody(
      ControlPanelHealth,
      await apiCall(second, secondAdmin, "GET", "/control-panel/health"),
    )
    const other = seen.instances.find((instance) => instance.current)
    expect(other?.state).toBe("running")
    const fromFirst = (await health()).instances.find((instance) => instance.id === other?.id)
    expect(fromFirst).toMatchObject({ state: "running", current: false })
    await second.stop()
    const after = (await health()).instances.find((instance) => instance.id === other?.id)
    expect(after?.state satisfies ServerInstance["state"] | undefined).toBe("stopped")
  }, 60_000)

  it("counts a due job nobody can run as ready, and names the oldest", async () => {
    await db.query(
      (sql) =>
        sql`select graphile_worker.add_job('control_panel_probe', '{}'::json, run_at => now() - interval '1 hour')`,
    )
    const { jobs } = await health()
    expect(jobs.ready).toBeGreaterThanOrEqual(1)
    expect(jobs.oldestReady?.task).toBe("control_panel_probe")
    expect(Date.now() - (jobs.oldestReady?.runAt.getTime() ?? 0)).toBeGreaterThan(59 * 60_000)
  })
})

describe("failed jobs", () => {
  it("lists a job out of attempts with its last error, and a retry runs it again", async () => {
    // A real failure: the mail task refuses a payload without a message id.
    await db.query(
      (sql) =>
        sql`select graphile_worker.add_job('mail_send', '{"id":"not-a-uuid"}'::json, max_attempts => 1)`,
    )
    const failed = await until("the job to fail for good", async () => {
      const page = await get(FailedJobPage, "/control-panel/jobs/failed")
      return page.items.find((job) => job.task === "mail_send")
    })
    expect(failed).toMatchObject({ attempts: 1, maxAttempts: 1 })
    expect(failed.lastError).toMatch(/id/i)
    expect((await health()).jobs.failed).toBeGreaterThanOrEqual(1)

    const retried = await apiCall(server, admin, "POST", "/control-panel/jobs/retry", { ids: [failed.id] })
    expect(await decodeBody(RetriedCount, retried)).toEqual({ retried: 1 })
    // The worker ran it again at once (and it failed again, for the same reason).
    const again = await until("the retried job to run", async () => {
      const page = await get(FailedJobPage, "/control-panel/jobs/failed")
      const job = page.items.find((item) => item.id === failed.id)
      return job && job.failedAt > failed.failedAt ? job : undefined
    })
    expect(again.attempts).toBe(1)
    const audit = await get(AuditPage, "/audit?action=job.retry")
    expect(audit.items[0]).toMatchObject({
      actorEmail: server.adminEmail,
      targetType: "job",
      targetId: failed.id,
    })
  })

  it("leaves a job that is not out of attempts alone, and refuses a malformed id by its field", async () => {
    const rows = await db.query(
      (sql) =>
        sql<{
          id: string
        }>`select id::text from graphile_worker.add_job('control_panel_probe', '{}'::json, run_at => now() + interval '1 day')`,
    )
    const retried = await apiCall(server, admin, "POST", "/control-panel/jobs/retry", { ids: [rows[0]!.id] })
    expect(await decodeBody(RetriedCount, retried)).toEqual({ retried: 0 })
    const bad = await apiCall(server, admin, "POST", "/control-panel/jobs/retry", { ids: ["12x"] })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain("ids")
  })
})

describe("failed mail", () => {
  it("lists a message the relay refused for good, and a retry sends it", async () => {
    const company = await db.company("control-panel-mail")
    mailbox.refuse(1, 550)
    const invited = await apiCall(server, admin, "POST", "/users/invite", {
      email: "refused@control-panel.test",
      name: "Refused Reader",
      companyId: Schema.decodeSync(CompanyId)(company),
      role: "reader",
    })
    expect(invited.status).toBe(201)
    const failed = await until("the refusal to be recorded", async () => {
      const page = await get(FailedMailPage, "/control-panel/mail/failed")
      return page.items.find((mail) => mail.to === "refused@control-panel.test")
    })
    expect(failed.template).toBe("invite")
    expect(failed.lastError).toContain("Mailbox unavailable")
    expect((await health()).mail.failed).toBeGreaterThanOrEqual(1)

    const retried = await apiCall(server, admin, "POST", "/control-panel/mail/retry", { ids: [failed.id] })
    expect(await decodeBody(RetriedCount, retried)).toEqual({ retried: 1 })
    const delivered = await mailbox.next("refused@control-panel.test")
    expect(delivered.text).toContain("/set-password?token=")
    const page = await get(FailedMailPage, "/control-panel/mail/failed")
    expect(page.items.find((mail) => mail.id === failed.id)).toBeUndefined()
    // A second retry of a message that is no longer failed does nothing.
    const twice = await apiCall(server, admin, "POST", "/control-panel/mail/retry", { ids: [failed.id] })
    expect(await decodeBody(RetriedCount, twice)).toEqual({ retried: 0 })
    const audit = await get(AuditPage, "/audit?action=mail.retry")
    expect(audit.items).toHaveLength(1)
    expect(audit.items[0]).toMatchObject({ targetType: "mail", targetId: failed.id })
  })
})
