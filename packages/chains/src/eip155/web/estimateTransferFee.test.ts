import { unreachableEvmNetwork } from '../testing/unreachableEvmNetwork.js'
import { describe, expect, it } from 'vitest'
import { estimateTransferFee, type FeeClient } from './estimateTransferFee.js'

const network = unreachableEvmNetwork(31337, 'Paylink Devnet')
const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function fakeClient() {
  const calls: Array<[string, unknown]> = []
  const client = {
    estimateGas: async (args: unknown) => (calls.push(['estimateGas', args]), 21_000n),
    estimateContractGas: async (args: unknown) => (calls.push(['estimateContractGas', args]), 50_000n),
    getGasPrice: async () => 2n,
  } as unknown as FeeClient
  return { client, calls }
}

describe('estimateTransferFee', () => {
  it('prices a coin transfer as gas of a plain value transfer times the gas price', async () => {
    const { client, calls } = fakeClient()
    expect(await estimateTransferFee(client, { network, from, to, amount: 5n })).toBe(42_000n)
    expect(calls).toEqual([['estimateGas', { account: from, to, value: 5n }]])
  })
  it('prices a token transfer as gas of the ERC-20 transfer call', async () => {
    const { client, calls } = fakeClient()
    expect(await estimateTransferFee(client, { network, from, to, amount: 7n, token })).toBe(100_000n)
    expect(calls[0]).toMatchObject([
      'estimateContractGas',
      { account: from, address: token, functionName: 'transfer', args: [to, 7n] },
    ])
  })
})
