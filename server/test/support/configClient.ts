import { type ConfigOperation, ConfigSnapshot } from "@folio/core"
import { Schema } from "effect"
import type { TestServer } from "./server.js"

/** The configuration store's endpoints over HTTP, as an admin's CLI session calls them. */
export const configClient = (server: TestServer, token: string | null) => {
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const decode = async <A, I>(schema: Schema.Schema<A, I>, response: Response): Promise<A> => {
    const text = await response.text()
    if (response.status >= 300) throw new Error(`${response.status}: ${text}`)
    return Schema.decodeUnknownSync(schema)(JSON.parse(text))
  }
  const snapshot = async () => decode(ConfigSnapshot, await call("GET", "/config"))
  const patch = (
    operations: ReadonlyArray<ConfigOperation>,
    options: { readonly ifMatch?: string; readonly comment?: string } = {},
  ) =>
    call(
      "PATCH",
      "/config",
      { operations, ...(options.comment === undefined ? {} : { comment: options.comment }) },
      options.ifMatch === undefined ? {} : { "if-match": options.ifMatch },
    )
  /** A PATCH that must succeed: the new snapshot. */
  const change = async (operations: ReadonlyArray<ConfigOperation>, comment?: string) =>
    decode(ConfigSnapshot, await patch(operations, comment === undefined ? {} : { comment }))
  return { call, decode, snapshot, patch, change }
}

/** The entry of `key` in a snapshot, if listed. */
export const entryOf = (snapshot: ConfigSnapshot, key: string) => snapshot.entries.find((e) => e.key === key)
