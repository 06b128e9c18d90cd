import type { LookupAddress } from "node:dns"
import { lookup } from "node:dns/promises"
import { type BlockList, isIP } from "node:net"
import { Either } from "effect"
import { parseTrustedProxies, trustedProxyList } from "../http/clientAddress.js"

/**
 * Where a webhook may post (issue 11): a webhook URL is someone else's input reaching out from
 * our server, so every address its host resolves to must be public — not loopback, private,
 * link-local, metadata, CGNAT, multicast or reserved, nor those in IPv4-mapped form — unless the
 * operator allows its network (`FOLIO_WEBHOOK_ALLOW_NETWORKS`). `postWebhook` (webhook.ts)
 * connects only to the addresses checked here.
 */

// --- Where a webhook may post ---------------------------------------------------------------------

/**
 * Addresses that are not the public internet, by the kind an editor is told. Order matters: the
 * first kind that holds an address names it (the metadata address before link-local).
 */
const nonPublic: ReadonlyArray<readonly [kind: string, networks: ReadonlyArray<string>]> = [
  ["an unspecified address", ["0.0.0.0/8", "::/128"]],
  ["a loopback address", ["127.0.0.0/8", "::1/128"]],
  ["the cloud metadata address (link-local)", ["169.254.169.254", "fd00:ec2::254"]],
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  ["a private address", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "fec0::/10"]],
  ["a shared (carrier-grade NAT) address", ["100.64.0.0/10"]],
  ["a multicast address", ["224.0.0.0/4", "ff00::/8"]],
  [
    // Protocol assignments, documentation, benchmarking, the old IPv4-compatible form, discard
    // and the reserved 240/4 (with broadcast): none of them is a receiver on the internet.
    "a reserved address",
    [
      "192.0.0.0/24",
      "192.0.2.0/24",
      "198.18.0.0/15",
      "198.51.100.0/24",
      "203.0.113.0/24",
      "240.0.0.0/4",
      "::/96",
      "100::/64",
      "2001:db8::/32",
    ],
  ],
]

const nonPublicLists: ReadonlyArray<readonly [kind: string, list: BlockList]> = nonPublic.map(
  ([kind, networks]) => [kind, trustedProxyList(networks)] as const,
)

const ipv6Groups = (address: string): Array<number> => {
  const groups = (part: string): Array<number> =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number)
          return [a * 256 + b, c * 256 + d]
        })
  const [head = "", tail] = address.split("::")
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
}

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (`::ffff:127.0.0.1`, which the URL parser
 * writes `::ffff:7f00:1`) or the NAT64 well-known prefix (`64:ff9b::/96`). Both reach the IPv4
 * address, so that is the one checked.
 */
const embeddedIPv4 = (address: string): string | undefined => {
  if (isIP(address) !== 6) return undefined
  const groups = ipv6Groups(address.split("%")[0] ?? address)
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:65535"
  const nat64 = groups.slice(0, 6).join(":") === "100:65435:0:0:0:0"
  if (!mapped && !nat64) return undefined
  const [high = 0, low = 0] = groups.slice(6)
  return [high >> 8, high & 255, low >> 8, low & 255].join(".")
}

const inList = (list: BlockList, address: string): boolean => {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6")
}

/** What kind of non-public address this is, for the editor; undefined when it is public. */
const nonPublicKind = (address: string): string | undefined => {
  const ipv4 = embeddedIPv4(address)
  const subject = ipv4 ?? address
  const kind = nonPublicLists.find(([, list]) => inList(list, subject))?.[0]
  return kind === undefined || ipv4 === undefined ? kind : `${ipv4} in IPv6 form, ${kind}`
}

const policy =
  "Folio does not post to loopback, private, link-local or metadata addresses unless the operator allows that network (FOLIO_WEBHOOK_ALLOW_NETWORKS)."

// One list per configured array: the delivery job passes the same config array every time.
const allowLists = new WeakMap<ReadonlyArray<string>, Either.Either<BlockList, string>>()

const allowListOf = (allow: ReadonlyArray<string>): Either.Either<BlockList, string> => {
  const cached = allowLists.get(allow)
  if (cached !== undefined) return cached
  const list = Either.map(parseTrustedProxies(allow.join(",")), trustedProxyList)
  allowLists.set(allow, list)
  return list
}

export type Target =
  | { readonly _tag: "Problem"; readonly message: string }
  | {
      readonly _tag: "Target"
      readonly url: URL
      readonly host: string
      readonly addresses: ReadonlyArray<LookupAddress>
    }

export const errorCode = (error: unknown): string => {
  if (typeof error !== "object" || error === null) return String(error)
  if ("code" in error && typeof error.code === "string") return error.code
  // Trying several addresses (happy eyeballs) fails with all their errors at once.
  if (error instanceof AggregateError && error.errors.length > 0) return errorCode(error.errors[0])
  return error instanceof Error ? error.message : String(error)
}

/**
 * Resolves the URL's host once and checks every address it resolves to: a host that resolves to
 * a public and a private address could be connected to either.
 */
export const resolveTarget = async (rawUrl: string, allow: ReadonlyArray<string>): Promise<Target> => {
  const problem = (message: string): Target => ({ _tag: "Problem", message })
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return problem("The webhook URL is not a full URL, like https://example.com/hooks/folio")
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return problem("A webhook URL starts with https:// or http://")
  const allowed = allowListOf(allow)
  if (Either.isLeft(allowed)) return problem(`FOLIO_WEBHOOK_ALLOW_NETWORKS: ${allowed.left}`)
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1")
  let addresses: ReadonlyArray<LookupAddress>
  try {
    addresses = await lookup(host, { all: true })
  } catch (error) {
    return problem(`The webhook URL's host ${host} could not be resolved (${errorCode(error)})`)
  }
  if (addresses.length === 0) return problem(`The webhook URL's host ${host} resolves to no address`)
  for (const { address } of addresses) {
    const ipv4 = embeddedIPv4(address)
    if (inList(allowed.right, address) || (ipv4 !== undefined && inList(allowed.right, ipv4))) continue
    const kind = nonPublicKind(address)
    if (kind === undefined) continue
    const where = isIP(host) === 0 ? `${host} resolves to ${address},` : `${host} is`
    return problem(`The webhook URL's host ${where} ${kind}; ${policy}`)
  }
  return { _tag: "Target", url, host, addresses }
}

/**
 * Where a webhook may post: a problem for the editor, or undefined. Checks the addresses the host
 * resolves to now; `postWebhook` checks again on every attempt, since DNS answers change.
 */
export const webhookTargetProblem = async (
  url: string,
  allow: ReadonlyArray<string>,
): Promise<string | undefined> => {
  try {
    const target = await resolveTarget(url, allow)
    return target._tag === "Problem" ? target.message : undefined
  } catch (error) {
    return `The webhook URL could not be checked (${errorCode(error)})`
  }
}
