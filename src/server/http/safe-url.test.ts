// Which addresses the server may call on a user's behalf: every internal range, in every form
// the URL parser or a resolver writes it (IPv4 inside IPv6 included), refused; public ones pass.
import { describe, expect, it } from 'vitest'
import { checkSafeUrl, isPublicAddress, UnsafeUrlError } from './safe-url'

const strict = { allowLocal: false }
const refused = async (raw: string, options: Parameters<typeof checkSafeUrl>[1] = strict) => {
  const error: unknown = await checkSafeUrl(raw, options).then(() => null, (e: unknown) => e)
  return error instanceof UnsafeUrlError && error.statusCode === 400 && error.code === 'UNSAFE_PROVIDER_URL'
}

/** Internal addresses as URLs, each with what it reaches. */
const INTERNAL_URLS: [string, string][] = [
  // IPv4, and the spellings the URL parser turns into dotted form
  ['https://127.0.0.1/', 'loopback'],
  ['https://0x7f.1/', 'loopback in hex'],
  ['https://2130706433/', 'loopback as one number'],
  ['https://0177.0.0.1/', 'loopback in octal'],
  ['https://10.1.2.3/', 'private'],
  ['https://172.16.0.1/', 'private'],
  ['https://192.168.1.1/', 'private'],
  ['https://100.64.0.1/', 'carrier-grade NAT'],
  ['https://169.254.169.254/', 'link-local, cloud metadata'],
  ['https://224.0.0.1/', 'multicast'],
  ['https://0.0.0.0/', 'this network'],
  ['https://255.255.255.255/', 'broadcast'],
  ['https://240.0.0.1/', 'reserved'],
  ['https://192.0.2.1/', 'documentation'],
  ['https://198.18.0.1/', 'benchmarking'],
  // IPv6
  ['https://[::]/', 'unspecified'],
  ['https://[::1]/', 'loopback'],
  ['https://[fe80::1]/', 'link-local'],
  ['https://[fec0::1]/', 'site-local'],
  ['https://[fc00::1]/', 'unique-local'],
  ['https://[fd12:3456::1]/', 'unique-local'],
  ['https://[ff02::1]/', 'multicast'],
  ['https://[2001:db8::1]/', 'documentation'],
  ['https://[100::1]/', 'discard'],
  // IPv4 inside IPv6: the URL parser writes the IPv4 part in hex (::ffff:7f00:1)
  ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
  ['https://[::ffff:7f00:1]/', 'IPv4-mapped loopback, hex'],
  ['https://[::ffff:a9fe:a9fe]/', 'IPv4-mapped metadata address, hex'],
  ['https://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
  ['https://[::127.0.0.1]/', 'IPv4-compatible loopback'],
  ['https://[::7f00:1]/', 'IPv4-compatible loopback, hex'],
  ['https://[::8.8.8.8]/', 'IPv4-compatible (deprecated) even of a public address'],
  ['https://[::ffff:0:7f00:1]/', 'IPv4-translated loopback'],
  ['https://[64:ff9b::127.0.0.1]/', 'NAT64 of loopback'],
  ['https://[64:ff9b::a00:1]/', 'NAT64 of a private address, hex'],
  ['https://[64:ff9b:1::808:808]/', 'local-use NAT64'],
  ['https://[2002:7f00:1::]/', '6to4 of loopback'],
  ['https://[2002:a9fe:a9fe::1]/', '6to4 of the metadata address'],
  ['https://[2002:c0a8:101::1]/', '6to4 of a private address'],
  ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'Teredo'],
  ['https://[2001::7f00:1]/', 'Teredo'],
]

describe('checkSafeUrl', () => {
  it.each(INTERNAL_URLS)('refuses %s (%s)', async (url) => {
    expect(await refused(url)).toBe(true)
  })

  it('allows public addresses, and public IPv4 inside IPv6', async () => {
    for (const url of [
      'https://93.184.215.14/',
      'https://[2606:4700:4700::1111]/',
      'https://[::ffff:8.8.8.8]/',
      'https://[64:ff9b::8.8.8.8]/',
      'https://[2002:808:808::1]/',
    ]) {
      expect((await checkSafeUrl(url, strict)).href, url).toBe(new URL(url).href)
    }
  })

  it('judges every address a name resolves to', async () => {
    const resolving = (...answers: string[]) => ({ allowLocal: false, resolve: () => Promise.resolve(answers) })
    expect((await checkSafeUrl('https://bridge.example/x', resolving('93.184.215.14', '2606:4700::1'))).host).toBe('bridge.example')
    for (const answer of ['127.0.0.1', '::ffff:127.0.0.1', '64:ff9b::7f00:1', '::127.0.0.1', '2002:7f00:1::', 'fec0::1', 'fe80::1%eth0']) {
      expect(await refused('https://bridge.example/x', resolving(answer)), answer).toBe(true)
      // one internal answer among public ones is enough to refuse
      expect(await refused('https://bridge.example/x', resolving('93.184.215.14', answer)), answer).toBe(true)
    }
    expect(await refused('https://bridge.example/x', resolving())).toBe(true)
    expect(await refused('https://localhost/x')).toBe(true)
  })

  it('asks for https, unless local providers are allowed (which allows private addresses too)', async () => {
    expect(await refused('http://93.184.215.14/')).toBe(true)
    expect(await refused('ftp://93.184.215.14/')).toBe(true)
    expect(await refused('not a url')).toBe(true)
    const local = { allowLocal: true }
    expect((await checkSafeUrl('http://127.0.0.1:8080/x', local)).port).toBe('8080')
    expect((await checkSafeUrl('https://[64:ff9b::127.0.0.1]/', local)).hostname).toBe('[64:ff9b::7f00:1]')
    expect(await refused('ftp://127.0.0.1/', local)).toBe(true)
  })
})

describe('isPublicAddress', () => {
  it('refuses internal addresses in the forms resolvers write them, and anything not an address', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:0001::',
      'FEC0::1',
      'fd00::1',
      'fe80::1%eth0',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'localhost',
      '',
      '127.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('allows public unicast addresses', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })
})
