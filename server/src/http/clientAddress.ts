import { BlockList, isIP } from "node:net"
import { HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { Effect, Either } from "effect"

/**
 * `FOLIO_TRUSTED_PROXIES`: the addresses (`10.0.0.7`, `::1`) and networks (`10.0.0.0/8`,
 * `fd00::/8`) of the reverse proxies in front of Folio, comma-separated; "" trusts none.
 */
export const parseTrustedProxies = (raw: string): Either.Either<ReadonlyArray<string>, string> => {
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/")
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)
    if (family === 0 || !validPrefix || rest.length > 0)
      return Either.left(`expected IP addresses or networks like 10.0.0.0/8, comma-separated, got "${entry}"`)
  }
  return Either.right(entries)
}

/** The parsed entries of `FOLIO_TRUSTED_PROXIES` as a list to check addresses against. */
export const trustedProxyList = (entries: ReadonlyArray<string>): BlockList => {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/")
    const type = isIP(address) === 4 ? "ipv4" : "ipv6"
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

const isTrusted = (list: BlockList, address: string): boolean => {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6")
}

/**
 * One hop of `X-Forwarded-For` as an address: some proxies write the client's port too
 * (`203.0.113.9:51234`, `[2001:db8::1]:443`), which is dropped. Undefined when it is no address.
 */
export const hopAddress = (hop: string): string | undefined => {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(hop)
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(hop)
  const address = bracketed?.[1] ?? withPort?.[1] ?? hop
  return isIP(address) === 0 ? undefined : address
}

/**
 * Who sent the request: the connection's address, unless that is a trusted proxy; then the
 * `X-Forwarded-For` chain is read from the right (each proxy appends the address it saw), skipping
 * trusted proxies, and the first address that is not one is the client. Addresses left of it
 * were written by the client itself and are never believed.
 */
export const clientAddressOf = (
  trusted: BlockList,
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
): string | undefined => {
  if (socketAddress === undefined || !isTrusted(trusted, socketAddress) || forwardedFor === undefined)
    return socketAddress
  const chain = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "")
  const hops = chain.map(hopAddress)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]
    if (hop === undefined) return socketAddress // a hop that is no address: believe nothing further
    if (!isTrusted(trusted, hop)) return hop
  }
  return hops[0] ?? socketAddress
}

/**
 * Sets each request's remote address to its client's (`clientAddressOf`), so per-IP rate limits,
 * sessions and the audit log see people, not the proxy. Without trusted proxies it does nothing.
 */
export const forwardedClient = (trustedProxies: ReadonlyArray<string>) => {
  const trusted = trustedProxyList(trustedProxies)
  return HttpMiddleware.make((app) =>
    trustedProxies.length === 0
      ? app
      : Effect.updateService(app, HttpServerRequest.HttpServerRequest, (request) => {
          const socketAddress =
            request.remoteAddress._tag === "Some" ? request.remoteAddress.value : undefined
          const client = clientAddressOf(trusted, socketAddress, request.headers["x-forwarded-for"])
          return client === undefined || client === socketAddress
            ? request
            : request.modify({ remoteAddress: client })
        }),
  )
}
