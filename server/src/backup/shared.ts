import { Effect } from "effect"

/** A promise as an Effect failing with an Error, whose message is what the user reads. */
export const attempt = <A>(run: () => Promise<A>) =>
  Effect.tryPromise({
    try: run,
    catch: (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
  })

/** A restore stages the backup's items beside the data folder's and moves the replaced ones aside. */
export const stagedSuffix = ".restoring"
export const asideSuffix = ".before-restore"

export const isRestoreLeftover = (name: string) => name.endsWith(stagedSuffix) || name.endsWith(asideSuffix)
