// Addresses a user gave us (a SimpleFIN setup token decodes to any URL, a webhook target is
// typed in): which ones the server may call. Only public unicast addresses are allowed, never a
// private, loopback, link-local or otherwise internal one, so the server cannot be made to reach
// its own network (SSRF). KINWISE_ALLOW_LOCAL_PROVIDERS=true lifts it, for tests and for bridges
// on the user's own network.
//
// The address is judged after parsing (ipaddr.js), in whatever form the URL parser or the
// resolver wrote it, and an IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4) is
// judged as the IPv4 address it reaches (ADR 0051). checkSafeUrl answers early with a clear
// message; the call itself goes through safeFetch (safe-fetch.ts), which judges the addresses it
// actually connects to, so a name whose answers change in between (DNS rebinding) gains nothing.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { AppError } from './errors'

type IPv4 = ipaddr.IPv4
type IPv6 = ipaddr.IPv6

const cidr = (text: string) => ipaddr.parseCIDR(text) as [IPv6, number]
/** IANA's global unicast space: everything else of IPv6 is unassigned or internal */
const GLOBAL_UNICAST = cidr('2000::/3')
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached */
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96')

/** Only ipaddr.js's "unicast": not private, loopback, link-local, CGNAT, multicast, reserved, 0/8 or broadcast. */
function publicV4(address: IPv4): boolean {
  return address.range() === 'unicast'
}

const v4At = (address: IPv6, byte: number): IPv4 =>
  ipaddr.fromByteArray(address.toByteArray().slice(byte, byte + 4)) as IPv4

function publicV6(address: IPv6): boolean {
  switch (address.range()) {
    case 'unicast':
      // also leaves out IPv4-compatible addresses (::a.b.c.d, deprecated), which ipaddr.js calls unicast
      return address.match(GLOBAL_UNICAST)
    case 'ipv4Mapped':
      return publicV4(address.toIPv4Address())
    case 'rfc6052':
      // the well-known NAT64 prefix reaches the IPv4 address it carries; the local-use one
      // (64:ff9b:1::/48, RFC 8215) is a network's own translator: internal by definition
      return address.match(NAT64_WELL_KNOWN) && publicV4(v4At(address, 12))
    case '6to4':
      // 2002:AABB:CCDD::/48 is the 6to4 site behind the IPv4 address AA.BB.CC.DD
      return publicV4(v4At(address, 2))
    default:
      // Teredo, IPv4-translated, site-local, unique-local, link-local, loopback, unspecified,
      // multicast, documentation, benchmarking and the other special ranges: no webhook or bank
      // lives there
      return false
  }
}

/** Whether an IP address (v4 or v6, in any form) is a public unicast one the server may call. */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false
  const parsed = ipaddr.parse(address)
  return parsed.kind() === 'ipv4' ? publicV4(parsed as IPv4) : publicV6(parsed as IPv6)
}

export type SafeUrlOptions = {
  /** KINWISE_ALLOW_LOCAL_PROVIDERS: private addresses (and plain http) allowed */
  allowLocal: boolean
  /** how a name is resolved (tests); default: the system resolver, every address */
  resolve?: (host: string) => Promise<string[]>
}

export const systemResolve = async (host: string): Promise<string[]> =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

export class UnsafeUrlError extends AppError {
  constructor(message: string) {
    super(400, 'UNSAFE_PROVIDER_URL', message)
  }
}

export const privateHostError = (host: string) =>
  new UnsafeUrlError(
    `The address's host (${host}) is on a private, loopback or link-local network; set KINWISE_ALLOW_LOCAL_PROVIDERS=true to allow one on your own network`,
  )

/** The host of a URL as an address or a name: IPv6 without its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * The URL when it is safe to call: https (http too when local providers are allowed), no
 * private address behind its host. Throws UnsafeUrlError (400 UNSAFE_PROVIDER_URL) otherwise.
 */
export async function checkSafeUrl(raw: string, options: SafeUrlOptions): Promise<URL> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UnsafeUrlError('The address is not a valid URL')
  }
  if (url.protocol !== 'https:' && !(options.allowLocal && url.protocol === 'http:')) {
    throw new UnsafeUrlError('The address must start with https://')
  }
  if (options.allowLocal) return url
  const host = hostOf(url)
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host)
    } catch {
      throw new UnsafeUrlError(`The address's host (${host}) could not be found`)
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw privateHostError(host)
  return url
}
