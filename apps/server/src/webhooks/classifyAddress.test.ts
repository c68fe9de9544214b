import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { classifyAddress } from './classifyAddress.js'

describe('classifyAddress', () => {
  it('refuses loopback, private, CGNAT, link-local, multicast, unspecified and reserved IPv4', () => {
    const refused: Array<[string, RegExp]> = [
      ['127.0.0.1', /loopback/],
      ['127.255.255.254', /loopback/],
      ['10.0.0.1', /private/],
      ['172.16.0.1', /private/],
      ['172.31.255.255', /private/],
      ['192.168.1.1', /private/],
      ['100.64.0.1', /CGNAT/],
      ['100.127.255.255', /CGNAT/],
      ['169.254.169.254', /link-local/],
      ['224.0.0.1', /multicast/],
      ['239.255.255.250', /multicast/],
      ['0.0.0.0', /unspecified/],
      ['255.255.255.255', /broadcast/],
    ]
    for (const [address, reason] of refused) expect(classifyAddress(address), address).toMatch(reason)
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '172.15.255.255', '1.1.1.1']) {
      expect(classifyAddress(address), address).toBeNull()
    }
  })

  it('refuses the IPv6 equivalents, and IPv4 hidden inside IPv6', () => {
    const refused: Array<[string, RegExp]> = [
      ['::1', /loopback/],
      ['::', /unspecified/],
      ['fe80::1', /link-local/],
      ['febf:ffff::1', /link-local/],
      ['fc00::1', /unique local/],
      ['fd12:3456::1', /unique local/],
      ['ff02::1', /multicast/],
      ['::ffff:127.0.0.1', /loopback address \(IPv4 inside IPv6\)/],
      ['::ffff:7f00:1', /loopback/],
      ['::ffff:169.254.169.254', /link-local/],
      ['::ffff:10.0.0.1', /private/],
      ['::127.0.0.1', /loopback/],
      ['64:ff9b::a9fe:a9fe', /link-local/],
      ['2002:c0a8:0101::1', /private/],
      ['0:0:0:0:0:0:0:1', /loopback/],
    ]
    for (const [address, reason] of refused) expect(classifyAddress(address), address).toMatch(reason)
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:0808:0808::1']) {
      expect(classifyAddress(address), address).toBeNull()
    }
    expect(classifyAddress('not-an-ip')).toBe('not an IP address')
  })
})

/** One address inside each range ipaddr.js names, and what it is refused as. */
const ipv4Ranges: Array<[range: string, address: string, reason: RegExp]> = [
  ['unspecified', '0.1.2.3', /^an unspecified \("this network"\) address$/],
  ['broadcast', '255.255.255.255', /^a broadcast address$/],
  ['multicast', '233.252.0.1', /^a multicast address$/],
  ['linkLocal', '169.254.0.1', /^a link-local address \(cloud metadata lives here\)$/],
  ['loopback', '127.0.0.53', /^a loopback address$/],
  ['carrierGradeNat', '100.100.100.100', /^a shared \(CGNAT\) address$/],
  ['private', '172.20.1.1', /^a private address$/],
  ['reserved', '198.18.0.1', /benchmarking/],
  ['as112', '192.175.48.1', /AS112/],
  ['amt', '192.52.193.1', /AMT/],
]

const ipv6Ranges: Array<[range: string, address: string, reason: RegExp]> = [
  ['unspecified', '::', /^an unspecified address$/],
  ['linkLocal', 'fe80::1%eth0', /^a link-local address$/],
  ['multicast', 'ff05::2', /^a multicast address$/],
  ['loopback', '::1', /^a loopback address$/],
  ['uniqueLocal', 'fd00::1', /^a unique local \(private\) address$/],
  ['ipv4Mapped', '::ffff:192.168.0.1', /^a private address \(IPv4 inside IPv6\)$/],
  ['deprecatedSiteLocal', 'fec0::1', /^a site-local address$/],
  ['discard', '100::1', /discard/],
  ['rfc6145', '::ffff:0:10.1.2.3', /^a private address \(IPv4 inside IPv6\)$/],
  ['rfc6052', '64:ff9b:1::1', /local-use NAT64/],
  ['6to4', '2002:a9fe:a9fe::1', /^a link-local address \(cloud metadata lives here\) \(IPv4 inside IPv6\)$/],
  ['teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe', /^a loopback address \(IPv4 inside IPv6\)$/],
  ['benchmarking', '2001:2::1', /benchmarking/],
  ['amt', '2001:3::1', /AMT/],
  ['as112v6', '2620:4f:8000::1', /AS112/],
  ['deprecatedOrchid', '2001:10::1', /ORCHID/],
  ['orchid2', '2001:20::1', /ORCHID/],
  ['droneRemoteIdProtocolEntityTags', '2001:30::1', /drone/],
  ['segmentRouting', '5f00::1', /segment routing/],
  ['reserved', '2001:db8::1', /documentation/],
]

describe('classifyAddress, every range ipaddr.js names', () => {
  it.each(ipv4Ranges)('IPv4 %s (%s) is refused', (range, address, reason) => {
    expect(ipaddr.parse(address).range(), `${address} is not in ${range}`).toBe(range)
    expect(classifyAddress(address)).toMatch(reason)
  })

  it.each(ipv6Ranges)('IPv6 %s (%s) is refused', (range, address, reason) => {
    expect(ipaddr.parse(address.split('%')[0]!).range(), `${address} is not in ${range}`).toBe(range)
    expect(classifyAddress(address)).toMatch(reason)
  })

  it('has a row for every range of the installed ipaddr.js', () => {
    const named = (prototype: object) => Object.keys((prototype as { SpecialRanges: object }).SpecialRanges).sort()
    expect(named(ipaddr.IPv4.prototype)).toEqual(ipv4Ranges.map(([range]) => range).sort())
    expect(named(ipaddr.IPv6.prototype)).toEqual(ipv6Ranges.map(([range]) => range).sort())
  })
})

describe('classifyAddress, range edges and IPv4 inside IPv6', () => {
  const rows: Array<[what: string, address: string, reason: RegExp | null]> = [
    ['0.0.0.0/8', '0.255.255.255', /unspecified/],
    ['100.64/10 upper edge', '100.127.255.254', /CGNAT/],
    ['198.18/15 upper half', '198.19.255.255', /benchmarking/],
    ['192.0.0/24 IETF protocol', '192.0.0.170', /IETF protocol/],
    ['TEST-NET-1', '192.0.2.1', /documentation/],
    ['TEST-NET-2', '198.51.100.7', /documentation/],
    ['TEST-NET-3', '203.0.113.9', /documentation/],
    ['240/4 reserved', '240.0.0.1', /reserved/],
    ['IPv6 documentation 3fff::/20', '3fff::1', /documentation/],
    ['NAT64 of a private v4', '64:ff9b::192.168.1.1', /^a private address \(IPv4 inside IPv6\)$/],
    ['NAT64 of a public v4', '64:ff9b::808:808', null],
    ['NAT64 of CGNAT', '64:ff9b::100.64.0.1', /CGNAT.*IPv4 inside IPv6/],
    ['6to4 of a public v4', '2002:0808:0808::1', null],
    ['6to4 of 0.0.0.0/8', '2002:0001:0203::1', /unspecified.*IPv4 inside IPv6/],
    ['Teredo, private server', '2001:0:a00:1::1', /^a private address \(IPv4 inside IPv6\)$/],
    ['Teredo, public server and client 8.8.8.8', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', null],
    [
      'Teredo, client in TEST-NET-1 (RFC 4380 example)',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      /documentation.*IPv4 inside IPv6/,
    ],
    ['IPv4-compatible in hex', '::a9fe:a9fe', /link-local.*IPv4 inside IPv6/],
    ['IPv4-mapped multicast', '::ffff:224.0.0.251', /multicast.*IPv4 inside IPv6/],
    ['outside 2000::/3', '1::1', /outside global unicast/],
    ['outside 2000::/3, high', 'e000::1', /outside global unicast/],
    ['plain global unicast', '2a00:1450:4001:81a::200e', null],
    ['not an address', '127.1', /^not an IP address$/],
    ['hex IPv4 is not an address', '0x7f.0.0.1', /^not an IP address$/],
  ]
  it.each(rows)('%s: %s', (_what, address, reason) => {
    if (reason === null) expect(classifyAddress(address)).toBeNull()
    else expect(classifyAddress(address)).toMatch(reason)
  })
})
