import { describe, expect, it } from 'vitest'
import { unreachableEvmNetwork } from '../testing/unreachableEvmNetwork.js'
import { ChainNotSupportedError, switchEvmChain, type Eip1193Provider } from './switchEvmChain.js'

const network = unreachableEvmNetwork(31338, 'Paylink Devnet L2')

function wallet(switchError: unknown, addError?: unknown) {
  const calls: string[] = []
  const provider: Eip1193Provider = {
    async request({ method }) {
      calls.push(method)
      if (method === 'wallet_switchEthereumChain' && switchError) throw switchError
      if (method === 'wallet_addEthereumChain' && addError) throw addError
      return null
    },
  }
  return { provider, calls }
}

describe('switchEvmChain', () => {
  it('switches with the hex chain id', async () => {
    const w = wallet(null)
    await switchEvmChain(w.provider, network)
    expect(w.calls).toEqual(['wallet_switchEthereumChain'])
  })
  it.each([4902, 32603, 5000])('adds the chain after code %i', async (code) => {
    const w = wallet({ code })
    await switchEvmChain(w.provider, network)
    expect(w.calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  })
  it('says "Chain is not supported" when the add fails', async () => {
    const w = wallet({ code: 4902 }, { code: 4001 })
    await expect(switchEvmChain(w.provider, network)).rejects.toThrow(ChainNotSupportedError)
    await expect(switchEvmChain(w.provider, network)).rejects.toThrow('Chain is not supported')
  })
  it('passes a refusal through without trying to add', async () => {
    const w = wallet({ code: 4001, message: 'User rejected the request.' })
    await expect(switchEvmChain(w.provider, network)).rejects.toMatchObject({ code: 4001 })
    expect(w.calls).toEqual(['wallet_switchEthereumChain'])
  })
})
