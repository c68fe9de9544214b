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
