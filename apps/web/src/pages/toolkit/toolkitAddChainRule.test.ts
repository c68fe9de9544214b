import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

// Spec row 8.13. In AppKit 1.7.8 the rule "4902, 32603 or 5000 on a switch -> add the chain; a failed
// add -> 'Chain is not supported'" is written once, in its UniversalAdapter (the adapter of a
// namespace the site gives no adapter of its own; not exported, so read from the package's file).
// Paylink's EVM side is the wagmi adapter, which never runs it; Paylink's /wallet applies its own copy
// (switchEvmChain.ts). This runs the toolkit's switchNetwork against a wallet played by the test.

const adapterFile = resolve(
  import.meta.dirname,
  '../../../../../node_modules/@reown/appkit/dist/esm/src/universal-adapter/client.js',
)

interface Wallet {
  asked: string[]
  defaultChain: string | null
}

/** A wallet whose switch fails with `switchError` and whose add fails when `addFails`. */
function wallet(switchError: unknown, addFails: boolean) {
  const state: Wallet = { asked: [], defaultChain: null }
  const provider = {
    async request({ method }: { method: string }) {
      state.asked.push(method)
      if (method === 'wallet_switchEthereumChain') throw switchError
      if (method === 'wallet_addEthereumChain' && addFails) throw Object.assign(new Error('refused'), { code: 4001 })
      return null
    },
    setDefaultChain(caipNetworkId: string) {
      state.defaultChain = caipNetworkId
    },
  }
  return { state, connector: { provider } }
}

/** The fields of a CAIP network the toolkit's switch reads, for the demo's second EVM chain. */
const l2 = {
  chainNamespace: 'eip155',
  id: 31338,
  caipNetworkId: 'eip155:31338',
  name: 'Paylink Devnet L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { chainDefault: { http: ['http://127.0.0.1:9'] } },
  blockExplorers: { default: { url: 'http://127.0.0.1:9/explorer' } },
}

async function toolkitSwitch(switchError: unknown, addFails: boolean) {
  const { UniversalAdapter } = (await import(pathToFileURL(adapterFile).href)) as {
    UniversalAdapter: { prototype: { switchNetwork(params: unknown): Promise<void> } }
  }
  const { state, connector } = wallet(switchError, addFails)
  const result = UniversalAdapter.prototype.switchNetwork
    .call({ getWalletConnectConnector: () => connector }, { caipNetwork: l2 })
    .then(
      () => null,
      (error: Error) => error.message,
    )
  return { error: await result, ...state }
}

describe("the toolkit's add-chain rule on a switch (UniversalAdapter, 1.7.8)", () => {
  it.each([4902, 32603, 5000])(
    'code %i: asks to add the chain; a failed add is "Chain is not supported"',
    async (code) => {
      const failed = await toolkitSwitch(Object.assign(new Error('unknown chain'), { code }), true)
      expect(failed).toEqual({
        error: 'Chain is not supported',
        asked: ['wallet_switchEthereumChain', 'wallet_addEthereumChain'],
        defaultChain: null,
      })
      const added = await toolkitSwitch(Object.assign(new Error('unknown chain'), { code }), false)
      expect(added).toEqual({
        error: null,
        asked: ['wallet_switchEthereumChain', 'wallet_addEthereumChain'],
        defaultChain: 'eip155:31338',
      })
    },
  )

  it('also when the wallet wraps 4902 as originalError; another code adds nothing', async () => {
    const wrapped = await toolkitSwitch({ code: -32000, data: { originalError: { code: 4902 } } }, true)
    expect(wrapped.error).toBe('Chain is not supported')
    const declined = await toolkitSwitch(Object.assign(new Error('declined'), { code: 4001 }), true)
    expect(declined.asked).toEqual(['wallet_switchEthereumChain'])
    expect(declined.asked).not.toContain('wallet_addEthereumChain')
  })
})
