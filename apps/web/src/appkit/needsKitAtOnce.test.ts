import { describe, expect, it } from 'vitest'
import { needsKitAtOnce, restoresWalletConnection } from './needsKitAtOnce.js'

describe('needsKitAtOnce', () => {
  it('is true on the dashboard and toolkit pages', () => {
    for (const path of ['/dashboard', '/dashboard/links/new', '/toolkit']) expect(needsKitAtOnce(path)).toBe(true)
  })
  it('is false on the home page, the checkout and the wallet page, which paint first', () => {
    for (const path of ['/', '/pay/lnk_abc', '/wallet']) expect(needsKitAtOnce(path)).toBe(false)
  })
})

function storageOf(entries: Record<string, string>): Pick<Storage, 'getItem' | 'key' | 'length'> {
  const keys = Object.keys(entries)
  return { getItem: (k) => entries[k] ?? null, key: (i) => keys[i] ?? null, length: keys.length }
}

describe('restoresWalletConnection', () => {
  it('is true when AppKit left a wallet connected', () => {
    expect(restoresWalletConnection(storageOf({ '@appkit/connection_status': 'connected' }))).toBe(true)
    expect(restoresWalletConnection(storageOf({ '@appkit/solana:connected_connector_id': 'phantom' }))).toBe(true)
  })
  it('is false for a new visitor, after a disconnect, or without storage', () => {
    expect(restoresWalletConnection(storageOf({}))).toBe(false)
    expect(restoresWalletConnection(storageOf({ '@appkit/connection_status': 'disconnected' }))).toBe(false)
    expect(restoresWalletConnection(storageOf({ '@appkit/recent_wallets': '[]' }))).toBe(false)
    expect(restoresWalletConnection(null)).toBe(false)
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      key: () => null,
      length: 0,
    }
    expect(restoresWalletConnection(refusing)).toBe(false)
  })
})
