import { Effect, Layer, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { sendLinkMail } from "../auth/emailAuth.js"
import { deliverDueTask, deliverTask } from "../channels/deliver.js"
import { DeliveriesRepo } from "../channels/deliveriesRepo.js"
import { Mailer } from "../mail/mailer.js"
import { digestTask } from "../notifications/digest.js"
import { signInNoticeTask } from "../notifications/signInNotice.js"
import { podcastMediaDeleteTask } from "../podcasts/mediaJobs.js"
import { MediaStore } from "../podcasts/storage.js"
import { rollupReadership } from "../readership/rollup.js"
import { Releases } from "../releases/service.js"
import { UsersRepo } from "../users/repo.js"
import { housekeeping } from "./housekeeping.js"
import { enqueue, makeJobsLayer } from "./worker.js"

/**
 * Every background task of the server and when the clock starts them. graphile-worker runs a
 * cron line once per minute across all instances (it records the last run in the database).
 * - release: publishes due scheduled reports; queued for each report at its release time, and
 *   swept every minute so nothing due is ever left behind;
 * - deliver_due: first attempts of due deliveries in batches, queued for each tier's time when a
 *   report is published, and swept every minute;
 * - deliver: one attempt of one delivery: a retry, a test send, a retry asked for by hand;
 * - mail_send: the first attempt of a message, queued with it;
 * - link_request: looks up the account a sign-in or reset link was asked for and mails it;
 * - mail_retry: tries again mail whose first attempt failed;
 * - housekeeping: deletes what no one needs any more, hourly and shortly after start;
 * - digest: the weekly digest to those who turned it on, Mondays 07:00 UTC;
 * - sign_in_notice: the new sign-in notice, queued with the session it is about;
 * - readership_rollup: moves the readership events of the last minute into the raw table and the
 *   daily rollups (0022_readership), every minute;
 * - podcast_media_delete: removes stored podcast files (replaced audio and artwork, a deleted
 *   episode's audio) and abandoned tus uploads, queued with the change that orphaned them.
 */
const crontab = [
  "* * * * * release",
  "* * * * * deliver_due",
  "* * * * * mail_retry",
  "17 * * * * housekeeping",
  "0 7 * * 1 digest",
  "* * * * * readership_rollup",
].join("\n")

const tasks = Effect.gen(function* () {
  const releases = yield* Releases
  const mailer = yield* Mailer
  return {
    release: () => releases.releaseDue.pipe(Effect.asVoid),
    deliver: deliverTask,
    deliver_due: deliverDueTask,
    mail_send: (payload: unknown) =>
      Schema.decodeUnknown(Schema.Struct({ id: Schema.UUID }))(payload).pipe(
        Effect.flatMap(({ id }) => mailer.sendQueued(id)),
      ),
    link_request: sendLinkMail,
    mail_retry: () => mailer.retryDue.pipe(Effect.asVoid),
    housekeeping: () => housekeeping.pipe(Effect.asVoid),
    digest: (payload: unknown) => digestTask(payload).pipe(Effect.asVoid),
    sign_in_notice: signInNoticeTask,
    readership_rollup: () => rollupReadership,
    podcast_media_delete: podcastMediaDeleteTask,
  }
})

export const JobsLive = Layer.unwrapEffect(
  Effect.map(tasks, (list) =>
    Layer.merge(
      makeJobsLayer(list, crontab),
      // The first housekeeping of a start; one per start whichever instance runs it.
      Layer.effectDiscard(
        enqueue("housekeeping", {}, { runAt: new Date(Date.now() + 30_000), jobKey: "housekeeping:start" }),
      ),
    ),
  ),
).pipe(
  Layer.provide([
    Releases.Default,
    Audit.Default,
    UsersRepo.Default,
    DeliveriesRepo.Default,
    Mailer.Default,
    MediaStore.Default,
  ]),
)
