import { describe, expect, it } from 'vitest'
import { ConflictError, UpstreamError, ValidationError } from '../errors.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { FaucetEmptyError, maxFaucetUnits, requestFaucet, type DevnetFaucet } from './devnetFaucet.js'

const eth = offlineAssets[0]!
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function faucetWith(send: DevnetFaucet['send']): DevnetFaucet {
  return { namespace: 'eip155', assets: [eth], isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a), send }
}

describe('requestFaucet', () => {
  it('sends through the faucet of the asset, in atomic units, and answers null when the devnet made no transaction', async () => {
    const sends: bigint[] = []
    const answer = await requestFaucet([faucetWith(async ({ amount }) => (sends.push(amount), null))], {
      asset: eth.assetId,
      address,
      amount: '2.5',
    })
    expect(answer).toEqual({ transactionId: null, asset: eth.assetId, address, amount: '2.5' })
    expect(sends).toEqual([2_500_000_000_000_000_000n])
  })

  it(`sends up to ${maxFaucetUnits} units and refuses one atomic unit more`, async () => {
    const faucet = faucetWith(async () => '0xabc')
    await expect(
      requestFaucet([faucet], { asset: eth.assetId, address, amount: String(maxFaucetUnits) }),
    ).resolves.toMatchObject({ transactionId: '0xabc' })
    await expect(
      requestFaucet([faucet], { asset: eth.assetId, address, amount: `${maxFaucetUnits}.000000000000000001` }),
    ).rejects.toThrow(ValidationError)
  })

  it('reports a devnet that fails to send as upstream trouble, and an empty faucet as a conflict', async () => {
    const down = faucetWith(async () => {
      throw new Error('ECONNREFUSED')
    })
    await expect(requestFaucet([down], { asset: eth.assetId, address, amount: '1' })).rejects.toThrow(UpstreamError)
    const empty = faucetWith(async () => {
      throw new FaucetEmptyError('dry')
    })
    await expect(requestFaucet([empty], { asset: eth.assetId, address, amount: '1' })).rejects.toThrow(ConflictError)
  })
})
