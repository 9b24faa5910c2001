// Outgoing calls to addresses a user gave us (a SimpleFIN setup token decodes to any URL, a
// webhook target is typed in): refused when the host resolves to a private, loopback,
// link-local or otherwise internal address, so the server cannot be made to reach its own
// network (SSRF). KINWISE_ALLOW_LOCAL_PROVIDERS=true lifts it, for tests and for bridges on the
// user's own network.
//
// The check resolves the name and tests every address it gets; fetch resolves again when it
// connects, so a name whose answers change between the two (DNS rebinding) is not covered here.
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { AppError } from './errors'

const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4')
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
] as const) {
  blocked.addSubnet(net, bits, 'ipv6')
}

/** Whether an IP address (v4 or v6) is private, loopback, link-local or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return true
  const lower = address.toLowerCase()
  // IPv4-mapped (::ffff:10.0.0.1) and NAT64 (64:ff9b::10.0.0.1) addresses carry an IPv4 one
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4')
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hexMapped?.[1] && hexMapped[2]) {
    const hi = parseInt(hexMapped[1], 16)
    const lo = parseInt(hexMapped[2], 16)
    return blocked.check(`${String(hi >> 8)}.${String(hi & 255)}.${String(lo >> 8)}.${String(lo & 255)}`, 'ipv4')
  }
  return blocked.check(address, 'ipv6')
}

export type SafeUrlOptions = {
  /** KINWISE_ALLOW_LOCAL_PROVIDERS: private addresses (and plain http) allowed */
  allowLocal: boolean
  /** how a name is resolved (tests); default: the system resolver, every address */
  resolve?: (host: string) => Promise<string[]>
}

const systemResolve = async (host: string): Promise<string[]> =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

export class UnsafeUrlError extends AppError {
  constructor(message: string) {
    super(400, 'UNSAFE_PROVIDER_URL', message)
  }
}

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
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host)
    } catch {
      throw new UnsafeUrlError(`The address's host (${host}) could not be found`)
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new UnsafeUrlError(
      `The address's host (${host}) is on a private, loopback or link-local network; set KINWISE_ALLOW_LOCAL_PROVIDERS=true to allow one on your own network`,
    )
  }
  return url
}
