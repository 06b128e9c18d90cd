import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  ActiveSessionPage,
  ActiveSessionParams,
  ControlPanelHealth,
  FailedJobPage,
  FailedListParams,
  FailedMailPage,
  RetriedCount,
  RetryJobs,
  RetryMail,
} from "../domain/controlPanel.js"
import { Forbidden, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/**
 * The control panel (admins): the installation's health, background work that failed for good
 * (with retry), and every signed-in session. Deliveries keep their own endpoints (`/deliveries`),
 * sessions are ended through `/users/{userId}/sessions`, and maintenance is a key of `/config`.
 */
export class ControlPanelGroup extends HttpApiGroup.make("controlPanel")
  .add(
    HttpApiEndpoint.get("health", "/control-panel/health")
      .addSuccess(ControlPanelHealth)
      .annotate(OpenApi.Summary, "Database, migrations, server instances, job queue, mail and deliveries")
      .annotate(
        OpenApi.Description,
        "Each server instance writes a heartbeat every 15 s; one silent for more than 60 s is `gone`. Instances that stopped more than a day ago are left out.",
      ),
  )
  .add(
    HttpApiEndpoint.get("failedJobs", "/control-panel/jobs/failed")
      .setUrlParams(FailedListParams)
      .addSuccess(FailedJobPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Background jobs out of attempts, newest first, with their last error"),
  )
  .add(
    HttpApiEndpoint.post("retryJobs", "/control-panel/jobs/retry")
      .setPayload(RetryJobs)
      .addSuccess(RetriedCount)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Run failed jobs again now, with their attempts reset")
      .annotate(
        OpenApi.Description,
        "Jobs that are not out of attempts (or no longer exist) are left alone and not counted.",
      ),
  )
  .add(
    HttpApiEndpoint.get("failedMail", "/control-panel/mail/failed")
      .setUrlParams(FailedListParams)
      .addSuccess(FailedMailPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Outbox messages that were never sent and will not be tried again"),
  )
  .add(
    HttpApiEndpoint.post("retryMail", "/control-panel/mail/retry")
      .setPayload(RetryMail)
      .addSuccess(RetriedCount)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Send failed messages again, as if newly written")
      .annotate(
        OpenApi.Description,
        "A sign-in, reset or invite message is sent with a newly issued link; the one it first carried is not reused.",
      ),
  )
  .add(
    HttpApiEndpoint.get("sessions", "/control-panel/sessions")
      .setUrlParams(ActiveSessionParams)
      .addSuccess(ActiveSessionPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Active sessions of every user, most recently active first"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Control panel") {}
