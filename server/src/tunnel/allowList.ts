import { localSentryDsn, normaliseSentryDsn, parseSentryDsn, type SentryDsn, tunnelQuery } from "@folio/core"
import { Either } from "effect"
import { forbidden, type TunnelRejection } from "./rejection.js"

/**
 * The DSNs the tunnel accepts: the built-in local one, `SENTRY_DSN` and `SENTRY_ALLOWED_DSNS`,
 * compared in normalised form. The envelope's DSN must be one of them and the tunnel query must
 * name the same organisation, project and region, or the envelope is refused with a 403: the
 * tunnel only ever talks to ingests the operator configured.
 */
export const makeAllowList = (configured: ReadonlyArray<SentryDsn>) => {
  const allowed = new Map<string, SentryDsn>()
  for (const dsn of [...configured, parseSentryDsn(localSentryDsn)]) {
    if (dsn) allowed.set(normaliseSentryDsn(dsn), dsn)
  }
  return (envelopeDsn: string, query: URLSearchParams): Either.Either<SentryDsn, TunnelRejection> => {
    const parsed = parseSentryDsn(envelopeDsn)
    const match = parsed && allowed.get(normaliseSentryDsn(parsed))
    if (!match) {
      return Either.left(
        forbidden("The envelope's DSN is not one this server accepts (SENTRY_DSN or SENTRY_ALLOWED_DSNS)."),
      )
    }
    const expected = tunnelQuery(match)
    if (
      query.get("o") !== expected.o ||
      query.get("p") !== expected.p ||
      (query.get("r") ?? undefined) !== expected.r
    ) {
      return Either.left(forbidden("The tunnel query (o, p, r) does not match the envelope's DSN."))
    }
    return Either.right(match)
  }
}
