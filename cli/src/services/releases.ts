import { ValidationError } from "@folio/core"
import { Effect, Either } from "effect"
import { type FolioClient, send, type Target } from "../api.js"
import type { CliError } from "../cliError.js"
import { type ClientFailure, describeFailure } from "../failures.js"

/**
 * Like `call`, but a `ValidationError` is handed back (on the left) rather than failed: its
 * issues name entries of a schedule file, which the caller turns into file:line problems.
 * Every other failure (a `ReleaseBlocked` refusal with its reason, too) is described as usual.
 */
export const attemptValid = <A, E extends ClientFailure>(
  target: Pick<Target, "url" | "token" | "tokenSource">,
  request: (client: FolioClient) => Effect.Effect<A, E>,
  timeoutSeconds?: number,
): Effect.Effect<Either.Either<A, ValidationError>, CliError> =>
  send(target, request, timeoutSeconds).pipe(
    Effect.map((value) => Either.right(value)),
    Effect.catchAll((error) =>
      error instanceof ValidationError
        ? Effect.succeed(Either.left(error))
        : Effect.fail(describeFailure(target, timeoutSeconds)(error)),
    ),
  )
