import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import { join } from "node:path"
import { Effect, Schema } from "effect"
import { CliError } from "./cliError.js"

/** What `folio login` remembers. The token is a bearer credential: the file is readable by its owner only. */
export const StoredCredential = Schema.Struct({
  url: Schema.String,
  token: Schema.String,
  email: Schema.String,
})
export type StoredCredential = typeof StoredCredential.Type

const decodeCredential = Schema.decodeUnknown(Schema.parseJson(StoredCredential))

/** `$FOLIO_CONFIG_DIR`, else `$XDG_CONFIG_HOME/folio`, else `~/.config/folio`. */
export const configDir = (): string => {
  const explicit = process.env.FOLIO_CONFIG_DIR
  if (explicit) return explicit
  const xdg = process.env.XDG_CONFIG_HOME
  return join(xdg ? xdg : join(homedir(), ".config"), "folio")
}

export const credentialPath = (): string => join(configDir(), "credentials.json")

const isMissingFile = (error: unknown): boolean =>
  error instanceof Error && "code" in error && error.code === "ENOENT"

const fileError = (path: string, action: string) => (error: unknown) =>
  new CliError({
    code: "CredentialFile",
    message: `Cannot ${action} ${path}: ${error instanceof Error ? error.message : String(error)}`,
  })

/** The stored credential, or null when there is none. A damaged file is an error, not "signed out". */
export const readCredential: Effect.Effect<StoredCredential | null, CliError> = Effect.suspend(() => {
  const path = credentialPath()
  return Effect.tryPromise({
    try: () =>
      readFile(path, "utf8").catch((error: unknown) => (isMissingFile(error) ? null : Promise.reject(error))),
    catch: fileError(path, "read"),
  }).pipe(
    Effect.flatMap((text) =>
      text === null
        ? Effect.succeed(null)
        : decodeCredential(text).pipe(
            Effect.mapError(
              () =>
                new CliError({
                  code: "CredentialFile",
                  message: `The credential file ${path} is damaged.`,
                  hint: "Run `folio login` again, or delete the file.",
                }),
            ),
          ),
    ),
  )
})

/** Writes through a temporary file and a rename, so a crash never leaves half a credential. */
export const writeCredential = (credential: StoredCredential): Effect.Effect<string, CliError> =>
  Effect.suspend(() => {
    const dir = configDir()
    const path = credentialPath()
    const tmp = `${path}.${process.pid}.tmp`
    return Effect.tryPromise({
      try: async () => {
        await mkdir(dir, { recursive: true, mode: 0o700 })
        await chmod(dir, 0o700)
        await writeFile(tmp, `${JSON.stringify(credential, null, 2)}\n`, { mode: 0o600 })
        await chmod(tmp, 0o600)
        await rename(tmp, path)
        return path
      },
      catch: fileError(path, "write"),
    }).pipe(Effect.tapError(() => Effect.promise(() => rm(tmp, { force: true }))))
  })

/** Forgets the credential; true when there was one. */
export const deleteCredential: Effect.Effect<boolean, CliError> = Effect.suspend(() => {
  const path = credentialPath()
  return Effect.tryPromise({
    try: () =>
      rm(path).then(
        () => true,
        (error: unknown) => (isMissingFile(error) ? false : Promise.reject(error)),
      ),
    catch: fileError(path, "delete"),
  })
})
