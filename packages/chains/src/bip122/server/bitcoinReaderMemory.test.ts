import { describe, expect, it } from 'vitest'
import type { PaymentWatch } from '../../serverFace/chainFamily.js'
import { BitcoinReaderMemory } from './bitcoinReaderMemory.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'

const regtest = bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')!
const address = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'
const watch = (optionId: string, minedOnly?: boolean): PaymentWatch => ({
  optionId,
  linkId: '',
  tokenAddress: null,
  recipient: address,
  depositAddress: address,
  reference: null,
  ...(minedOnly ? { minedOnly } : {}),
})

describe('BitcoinReaderMemory', () => {
  it('leaves minedOnly watches out of the mempool rotation, but finds their outputs in blocks', () => {
    const memory = new BitcoinReaderMemory(regtest)
    const watches = [watch('unm:a:0:0', true), watch('opt_1')]
    expect(memory.watchesInOrder(watches).map((w) => w.optionId)).toEqual(['opt_1'])
    expect(memory.watchedScripts([watch('unm:a:0:0', true)]).size).toBe(1)
  })
})
