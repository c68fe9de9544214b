import { afterEach, describe, expect, it } from 'vitest'

import { announceDevWallet } from './announceDevWallet.js'
import { createDevWalletProvider } from '@paylink/chains/eip155/devnet/wallet'

const g = globalThis as { window?: unknown }

describe('announceDevWallet', () => {
  afterEach(() => {
    delete g.window
  })

  it('announces once at once and again on every eip6963:requestProvider until stopped', () => {
    const window = new EventTarget()
    g.window = window
    const details: Array<{ info: Record<string, string>; provider: unknown }> = []
    window.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail))
    const provider = createDevWalletProvider({
      chains: [{ chainId: 31337, name: 'Paylink Devnet', rpcUrl: 'http://127.0.0.1:1' }],
    })

    const stop = announceDevWallet(provider)
    expect(details).toHaveLength(1)
    const { info } = details[0]!
    expect(info.name).toBe('Paylink Dev Wallet')
    expect(info.rdns).toBe('dev.paylink.wallet')
    expect(info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(details[0]!.provider).toBe(provider)
    expect(Object.isFrozen(details[0])).toBe(true)

    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    stop()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
  })
})
