import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serverRpcUrls } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { serverRpcUrl } from '../paymentLinksServices.js'
import { toPublicConfig } from '../publicConfig/toPublicConfig.js'
import { baseNetworkEntry } from '../testing/configFixtures.js'
import { useTempDir } from '../testing/tempDir.js'

const dir = useTempDir('paylink-rpcurls-')
// The entry without its one URL: each test names its own.
const { rpcUrl: _, ...base } = baseNetworkEntry
const paid = 'https://base-mainnet.example-provider.io/v2/SECRETKEY'
const load = (network: Record<string, unknown>) => {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(path, JSON.stringify({ networks: [network] }))
  return loadConfig({ PAYLINK_CONFIG: path }, dir).networks[0]!
}

describe('rpcUrls in PAYLINK_CONFIG', () => {
  it('takes a list of endpoints alone (rpcUrl is its first) or beside rpcUrl, and rpcUrl alone as before', () => {
    const listed = load({ ...base, rpcUrls: [paid, 'https://mainnet.base.org'] })
    expect(listed.rpcUrl).toBe(paid)
    expect(serverRpcUrls(listed)).toEqual([paid, 'https://mainnet.base.org'])
    const both = load({ ...base, rpcUrl: 'https://mainnet.base.org', rpcUrls: [paid, 'https://mainnet.base.org'] })
    expect(both.rpcUrl).toBe('https://mainnet.base.org')
    expect(serverRpcUrls(both)).toEqual([paid, 'https://mainnet.base.org'])
    expect(serverRpcUrls(load({ ...base, rpcUrl: 'https://mainnet.base.org' }))).toEqual(['https://mainnet.base.org'])
  })

  it("reads a network given both through the server's list, not the browser's rpcUrl (the devnet's own node first)", () => {
    const both = load({ ...base, rpcUrl: 'https://mainnet.base.org', rpcUrls: [paid, 'https://mainnet.base.org'] })
    expect(serverRpcUrl(both)).toBe(paid)
    expect(serverRpcUrl(load({ ...base, rpcUrl: 'https://mainnet.base.org' }))).toBe('https://mainnet.base.org')
    expect(serverRpcUrl(both, { 'eip155:8453': { rpcUrl: 'http://127.0.0.1:8545' } } as never)).toBe(
      'http://127.0.0.1:8545',
    )
  })

  it('refuses a network with neither, or an empty or malformed list, naming the field', () => {
    expect(() => load(base)).toThrow(/networks\[0\]\.rpcUrl/)
    expect(() => load({ ...base, rpcUrls: [] })).toThrow(/rpcUrl/)
    expect(() => load({ ...base, rpcUrls: ['not a url'] })).toThrow(/networks\[0\]\.rpcUrl/)
  })

  it('never hands the server-only endpoints to browsers', () => {
    const network = load({ ...base, rpcUrl: 'https://mainnet.base.org', rpcUrls: [paid] })
    const config = toPublicConfig({ projectId: null, demo: false, networks: [network], assets: [] })
    expect(JSON.stringify(config)).not.toContain('SECRETKEY')
    expect(config.networks[0]!.rpcUrl).toBe('https://mainnet.base.org')
  })
})
