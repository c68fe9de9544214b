import { isIP } from 'node:net'

/**
 * Why a webhook must not be sent to this IP address ("a loopback address", …), or null for an
 * ordinary public address. Covers IPv4 and IPv6, and IPv6 forms that carry an IPv4 address
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`),
 * which a client would otherwise use to reach the same private host.
 */
export function classifyAddress(address: string): string | null {
  const family = isIP(address)
  if (family === 4) return classifyIpv4(parseIpv4(address))
  if (family === 6) return classifyIpv6(address)
  return 'not an IP address'
}

const ipv4Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
]

function parseIpv4(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0)
}

function classifyIpv4(value: number): string | null {
  for (const [base, bits, reason] of ipv4Ranges) {
    const size = 2 ** (32 - bits)
    const start = parseIpv4(base)
    if (value >= start && value < start + size) return reason
  }
  return null
}

/** The eight 16-bit groups of an IPv6 address (already validated by isIP). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase()
  // A dotted IPv4 tail becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const v4 = parseIpv4(dotted[1]!)
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  return [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((g) => parseInt(g, 16))
}

function classifyIpv6(address: string): string | null {
  const g = ipv6Groups(address)
  const v4At = (i: number) => g[i]! * 65536 + g[i + 1]!
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeros(8)) return 'an unspecified address'
  if (zeros(7) && g[7] === 1) return 'a loopback address'
  const embedded =
    zeros(5) && g[5] === 0xffff
      ? v4At(6) // IPv4-mapped
      : zeros(6)
        ? v4At(6) // IPv4-compatible (deprecated)
        : g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
          ? v4At(6) // NAT64
          : g[0] === 0x2002
            ? v4At(1) // 6to4
            : null
  if (embedded !== null) {
    const reason = classifyIpv4(embedded)
    return reason ? `${reason} (IPv4 inside IPv6)` : null
  }
  if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address'
  if ((g[0]! & 0xffc0) === 0xfec0) return 'a site-local address'
  if ((g[0]! & 0xfe00) === 0xfc00) return 'a unique local (private) address'
  if ((g[0]! & 0xff00) === 0xff00) return 'a multicast address'
  return null
}
