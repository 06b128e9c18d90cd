import { HttpClient, HttpClientError } from "@effect/platform"

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
