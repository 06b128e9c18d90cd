import type { HttpApi, HttpApiGroup } from "@effect/platform"
import {
  ConfigMissing,
  InternalServerError,
  MaintenanceMode,
  PayloadTooLarge,
  ServiceUnavailable,
  UnrecognizedAction,
} from "../errors.js"

export const apiPrefix = "/api"

/** What every endpoint may answer besides its own results, and the prefix every path has. */
export const answering = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>,
) =>
  api
    .addError(UnrecognizedAction)
    .addError(PayloadTooLarge)
    .addError(InternalServerError)
    .addError(MaintenanceMode)
    .addError(ConfigMissing)
    // What a server answers while it starts or stops (see the server's answerUntilServing).
    .addError(ServiceUnavailable)
    .prefix(apiPrefix)
