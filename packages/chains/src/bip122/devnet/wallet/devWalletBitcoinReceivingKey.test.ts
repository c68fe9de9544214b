import { describe, expect, it } from 'vitest'
import { bitcoinNetworks } from '../../server/bitcoinNetworks.js'
import { deriveBitcoinAddress } from '../../server/deriveBitcoinAddress.js'
import { parseWatchOnlyKey } from '../../server/parseWatchOnlyKey.js'
import { devWalletBitcoinAddresses, devWalletBitcoinReceivingKey } from './devWalletBitcoinKeys.js'

describe('devWalletBitcoinReceivingKey', () => {
  it('is a test-network watch-only key the server saves, whose addresses are never the paying account', () => {
    const key = parseWatchOnlyKey(devWalletBitcoinReceivingKey(), 'key')
    expect(key.mainnet).toBe(false)
    expect(key.script).toBe('wpkh')
    const regtest = bitcoinNetworks.get('0f9188f13cb7b2c71f2a335e3a4fc328')!
    const addresses = [0, 1, 2].map((index) => deriveBitcoinAddress(key, index, regtest))
    for (const address of addresses) expect(address).toMatch(/^bcrt1q/)
    expect(addresses.filter((address) => devWalletBitcoinAddresses().includes(address))).toEqual([])
  })
})
