import { Cause, Effect, Exit, Option } from "effect"
import type { CliError } from "./cliError.js"

/**
 * Runs a service effect for a command. Expected failures are rethrown as the CliError itself (not
 * Effect's FiberFailure wrapper) so the entry point can print one line; defects stay errors.
 */
export const runCli = async <A>(effect: Effect.Effect<A, CliError>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.failureOption(exit.cause)
  if (Option.isSome(failure)) throw failure.value
  throw Cause.squash(exit.cause)
}
