import { HttpClient, HttpClientError, HttpClientRequest } from "@effect/platform"
import { Effect, FiberRef } from "effect"

const isJson = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)

/**
 * A 5xx answer that is not JSON did not come from Folio (every error Folio sends is JSON) but
 * from something in front of it: a proxy's "502 Bad Gateway" page, a load balancer's 503. The
 * contract declares 503s of its own (maintenance, missing configuration), so without this such a
 * page would fail to decode and read as "not a Folio server"; with it, the page is an HTTP status
 * failure that callers can retry like any other 5xx.
 */
export const refuseForeignServerErrors = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  client.pipe(
    HttpClient.filterOrFail(
      (response) => response.status < 500 || isJson(response.headers["content-type"]),
      (response) =>
        new HttpClientError.ResponseError({
          request: response.request,
          response,
          reason: "StatusCode",
          description: `HTTP ${response.status} that is not Folio's (no JSON body)`,
        }),
    ),
  )

/** Rows already encoded as JSON array items, for the request made inside `withEncodedRows`. */
const encodedRows = FiberRef.unsafeMake<string | null>(null)

const decoder = new TextDecoder()

/**
 * Runs one typed request whose payload ends with `rows: []`, sending `rowsJson` as its rows. An
 * import's rows are checked and encoded once, as they are read (core's import workflow); encoding
 * them again through the contract's schema for the body would double the client's work and
 * memory. The client still encodes and checks every other field of the payload.
 */
export const withEncodedRows =
  (rowsJson: string) =>
  <A, E, R>(request: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.locally(request, encodedRows, rowsJson)

/** The body of a payload encoded with `rows: []`, with `rowsJson` as its rows. */
export const spliceRows = (body: string, rowsJson: string): string => {
  const empty = '"rows":[]}'
  if (!body.endsWith(empty))
    throw new Error("withEncodedRows: the payload's last field must be an empty rows")
  return `${body.slice(0, -2)}${rowsJson}]}`
}

/** Puts the rows of `withEncodedRows` into the request's body; other requests pass unchanged. */
export const sendEncodedRows = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.mapRequestEffect(client, (request) =>
    Effect.map(FiberRef.get(encodedRows), (rowsJson) => {
      if (rowsJson === null || request.body._tag !== "Uint8Array") return request
      const body = spliceRows(decoder.decode(request.body.body), rowsJson)
      return HttpClientRequest.bodyText(request, body, "application/json")
    }),
  )
