import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Why a webhook must not be sent to this IP address ("a loopback address", …), or null for an
 * ordinary public address. The ranges are ipaddr.js's named special-purpose ranges: every name
 * but 'unicast' is refused, a name this table does not know included (a newer ipaddr.js may add
 * one). IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-translated, IPv4-compatible,
 * NAT64 `64:ff9b::/96`, 6to4, Teredo) are judged by that IPv4 address, which a client would
 * otherwise use to reach the same private host.
 */
export function classifyAddress(address: string): string | null {
  // node:net is strict (dotted quads only); ipaddr.js alone would also read "127.1" or "0x7f.1".
  const family = isIP(address)
  if (family === 0) return 'not an IP address'
  // A zone ("%eth0") does not change the range, and ipaddr.js reads fewer zone spellings than node.
  const parsed = ipaddr.parse(address.split('%')[0]!)
  return parsed instanceof ipaddr.IPv4 ? classifyIpv4(parsed) : classifyIpv6(parsed)
}

const ipv4Reasons: Record<string, string> = {
  unspecified: 'an unspecified ("this network") address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (cloud metadata lives here)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (CGNAT) address',
  private: 'a private address',
  reserved: 'a reserved, documentation, benchmarking or IETF protocol address',
  as112: 'an AS112 DNS sink address',
  amt: 'an AMT relay address',
}

const ipv6Reasons: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique local (private) address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  rfc6052: 'a local-use NAT64 address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT relay address',
  as112v6: 'an AS112 DNS sink address',
  deprecatedOrchid: 'an ORCHID identifier (not routable)',
  orchid2: 'an ORCHID identifier (not routable)',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID tag (not routable)',
  segmentRouting: 'a segment routing (SRv6) address',
  reserved: 'a reserved or documentation address',
}

function reasonFor(reasons: Record<string, string>, range: string): string | null {
  if (range === 'unicast') return null
  return reasons[range] ?? `a special-purpose address (${range})`
}

function classifyIpv4(address: ipaddr.IPv4): string | null {
  return reasonFor(ipv4Reasons, address.range())
}

const nat64 = ipaddr.parseCIDR('64:ff9b::/96')
const globalUnicast = ipaddr.parseCIDR('2000::/3')

function classifyIpv6(address: ipaddr.IPv6): string | null {
  const range = address.range()
  const p = address.parts
  const v4At = (i: number, mask = 0) =>
    new ipaddr.IPv4([(p[i]! ^ mask) >> 8, (p[i]! ^ mask) & 0xff, (p[i + 1]! ^ mask) >> 8, (p[i + 1]! ^ mask) & 0xff])
  let embedded: ipaddr.IPv4[] | null = null
  if (range === 'ipv4Mapped' || range === 'rfc6145') embedded = [v4At(6)]
  else if (range === 'rfc6052' && address.match(nat64)) embedded = [v4At(6)]
  else if (range === '6to4') embedded = [v4At(1)]
  else if (range === 'teredo')
    embedded = [v4At(2), v4At(6, 0xffff)] // server, then the client (bits inverted)
  else if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) embedded = [v4At(6)] // IPv4-compatible, ::/96
  if (embedded) {
    const reason = embedded.map(classifyIpv4).find((r) => r !== null)
    return reason ? `${reason} (IPv4 inside IPv6)` : null
  }
  const reason = reasonFor(ipv6Reasons, range)
  if (reason) return reason
  // IANA reserves everything outside 2000::/3 that ipaddr.js does not name: nothing public lives there.
  return address.match(globalUnicast) ? null : 'a reserved address (outside global unicast 2000::/3)'
}
